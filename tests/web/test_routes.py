"""The web page's routes (deduce.api.web) through the test client: the page and its files are
served from the package, /docs works with no network, and the helper routes answer what the
library answers, with 422 and paths for bad documents."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
import yaml
from fastapi.testclient import TestClient

from deduce.api.app import create_app
from deduce.shipped import data_path, load_board, load_cards
from deduce.text.events import EVENT_PHRASES
from deduce.text.phrases import PHRASES
from deduce.where import boardfile, stealthfile
from deduce.where.advice import advise
from deduce.where.audit import audit_deck, report_json
from deduce.where.query import parse_track_query
from deduce.where.tracker import track

STATIC = files("deduce.web").joinpath("static")
QUERY = {"length": 26, "moves": "always", "now": 3,
         "observations": [{"slot": 0, "landmark": "playhouse"}, {"slot": 2, "searched": "globe", "found": False}]}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def static_files() -> list[str]:
    """Every file of the page but the vendored ones, by its path under static/."""
    return ["index.html", "css/style.css", *(f"js/{p.name}" for p in STATIC.joinpath("js").iterdir())]


def test_home_page_is_served_with_its_modules(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(ref).status_code == 200, ref
    for name in static_files():
        if name.startswith("js/"):
            text = STATIC.joinpath(name).read_text(encoding="utf-8")
            for module in re.findall(r'from "\./([^"]+)"', text):
                assert client.get(f"/static/js/{module}").status_code == 200, (name, module)


def test_nothing_loads_from_another_origin(client):
    """No URL with a host in the page's files or in /docs: every asset comes from this app."""
    texts = {name: STATIC.joinpath(name).read_text(encoding="utf-8") for name in static_files()}
    texts["/docs"] = client.get("/docs").text
    for name, text in texts.items():
        assert not re.search(r"(?:src|href|url)\s*[=(:]\s*[\"']?(?:https?:)?//", text), name


def test_docs_use_the_vendored_swagger_ui(client):
    docs = client.get("/docs").text
    for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', docs):
        assert client.get(ref).status_code == 200, ref
    assert "/static/vendor/swagger-ui/swagger-ui-bundle.js" in docs
    assert client.get("/redoc").status_code == 404  # ReDoc loads from a CDN: not offered


def test_the_page_holds_no_game_data():
    """The page gets names and ids from the API only: no lady, location or fog card id in its files."""
    cards, board = load_cards(), load_board()
    ids = [lady.id for lady in cards.ladies] + [loc.id for loc in board.locations if "-" in loc.id]
    for name in static_files():
        text = STATIC.joinpath(name).read_text(encoding="utf-8")
        assert not [i for i in ids if i in text], name


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_phrases_are_the_engines(client, lang):
    answer = client.get(f"/v1/phrases/{lang}").json()
    assert answer["phrases"]["heading.candidates"] == PHRASES[lang]["heading.candidates"]
    assert answer["events"]["move"] == EVENT_PHRASES[lang]["move"]
    assert client.get("/v1/phrases/de").status_code == 422


def test_material_lists_fog_cards_and_sequences(client):
    material = client.get("/v1/material").json()
    assert material["modes"][0] == "training"
    assert {"name": "position-1", "position": 1, "moves": "always", "length": 26} in material["sequences"]
    assert any(s["position"] is None and s["name"] == "easy-1" for s in material["sequences"])
    assert all(set(f["name"]) == {"en", "it", "ru"} for f in material["fog_cards"])


def test_advice_is_the_libraries(client):
    board = load_board()
    tracking = track(board, parse_track_query(board, QUERY))
    answer = client.post("/v1/advice", json={"query": QUERY, "pawn": "globe"}).json()
    assert answer == {"tracking": tracking.to_json(), "advice": advise(board, tracking, "globe").to_json()}


@pytest.mark.parametrize(("body", "path"), [
    ({"query": QUERY, "pawn": "atlantis"}, "pawn"),
    ({"query": QUERY}, "pawn"),
    ({"query": {**QUERY, "moves": "sometimes"}, "pawn": "globe"}, "query.moves"),
    ([1], ""),
])
def test_bad_advice_queries_name_the_place(client, body, path):
    answer = client.post("/v1/advice", json=body)
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["path"] == path


def test_deck_audit_is_the_libraries(client):
    board = boardfile.load(data_path("board.yaml"))
    deck = stealthfile.load(data_path("stealth.yaml"))
    seqs = stealthfile.load_sequences(data_path("sequences.json"))
    expected = report_json(board, deck, seqs, audit_deck(board, deck, seqs))
    assert client.post("/v1/audit-deck", json={}).json() == expected
    text = data_path("board.yaml").read_text(encoding="utf-8")
    assert client.post("/v1/audit-deck", json={"board": text}).json() == expected


def test_deck_audit_finds_a_broken_board(client):
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    doc["paths"] = doc["paths"][1:]  # one path fewer: some walks jump
    answer = client.post("/v1/audit-deck", json={"board": doc}).json()
    assert answer["ok"] is False and answer["errors"] > 0


def test_deck_audit_names_the_bad_document(client):
    answer = client.post("/v1/audit-deck", json={"board": "schema: 1\nlocations: 3\n"})
    assert answer.status_code == 422
    assert all(p["path"].startswith("board") for p in answer.json()["errors"])
    assert client.post("/v1/audit-deck", json={"stealth": 5}).json()["errors"][0]["path"] == "stealth"
