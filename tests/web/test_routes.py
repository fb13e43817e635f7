"""The web page's routes (api.page) through the test client: the page and its files are served from
the package, /docs works with no network, and the phrases are the engine's."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from importlib.resources import files

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.delivery import page_files
from deduce.shipped import load_board, load_cards
from deduce.text.events import EVENT_PHRASES
from deduce.text.phrases import PHRASES

STATIC = files("api").joinpath("static")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def static_files() -> list[str]:
    """Every file of the page but the vendored ones, by its path under static/."""
    return ["index.html", "css/style.css", *(name for name, _ in page_files(STATIC.joinpath("js"), "js"))]


def test_home_page_is_served_with_its_modules(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(ref).status_code == 200, ref
    for name in static_files():
        if name.startswith("js/"):
            text = STATIC.joinpath(name).read_text(encoding="utf-8")
            for module in re.findall(r'from "(\.\.?/[^"]+)"', text):
                url = posixpath.normpath(posixpath.join("/static", posixpath.dirname(name), module))
                assert client.get(url).status_code == 200, (name, module)


def test_nothing_loads_from_another_origin(client: TestClient) -> None:
    """No URL with a host in the page's files or in /docs: every asset comes from this app."""
    texts = {name: STATIC.joinpath(name).read_text(encoding="utf-8") for name in static_files()}
    texts["/docs"] = client.get("/docs").text
    for name, text in texts.items():
        assert not re.search(r"(?:src|href|url)\s*[=(:]\s*[\"']?(?:https?:)?//", text), name


def test_docs_use_the_vendored_swagger_ui(client: TestClient) -> None:
    docs = client.get("/docs").text
    for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', docs):
        assert client.get(ref).status_code == 200, ref
    assert "/static/vendor/swagger-ui/swagger-ui-bundle.js" in docs
    assert client.get("/redoc").status_code == 404  # ReDoc loads from a CDN: not offered


def test_the_page_holds_no_game_data() -> None:
    """The page gets names and ids from the API only: no lady, location or fog card id in its files."""
    cards, board = load_cards(), load_board()
    ids = [lady.id for lady in cards.ladies] + [loc.id for loc in board.locations if "-" in loc.id]
    for name in static_files():
        text = STATIC.joinpath(name).read_text(encoding="utf-8")
        assert not [i for i in ids if i in text], name


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_phrases_are_the_engines(client: TestClient, lang: str) -> None:
    answer = client.get(f"/v1/phrases/{lang}").json()
    assert answer["phrases"]["heading.candidates"] == PHRASES[lang]["heading.candidates"]
    assert answer["events"]["move"] == EVENT_PHRASES[lang]["move"]
    assert client.get("/v1/phrases/de").status_code == 422
