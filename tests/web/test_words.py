"""The page's words: its parts of the catalog (``data/words/*.json``, served at ``/static/words``), each
merged into the page's table by ``static/js/shared/i18n.js``. tests/text/test_catalog.py checks that every part
has every word in every language with the same placeholders; here, that the page reads every part that
is not the engine's (which it reads through ``GET /v1/phrases``), and that no two parts say one key
differently (the later would silently win in the page's table).
"""

from __future__ import annotations

from importlib.resources import files

import pytest

from deduce.text.catalog import LANGS, section, sections
from deduce.who.cards import MODES

#: The engine's parts of the catalog: the page gets them from GET /v1/phrases/{lang} (the terminal's
#: ``play`` it does not need), the problems' words said in the API's error answers, and the command
#: line's own (``commands``, and ``arguments``: argparse's).
ENGINE = ("phrases", "events", "refusals", "play", "problems", "cards", "boards", "service", "commands", "arguments")
PAGE = tuple(name for name in sections() if name not in ENGINE)
I18N = files("api").joinpath("static", "js", "shared", "i18n.js").read_text(encoding="utf-8")


def test_the_page_has_its_own_parts() -> None:
    assert {"page", "workbench", "player"} <= set(PAGE)


@pytest.mark.parametrize("name", PAGE)
def test_the_page_reads_every_part_of_its_words(name: str) -> None:
    assert f'"../../words/{name}.json"' in I18N, f"static/js/shared/i18n.js does not import words/{name}.json"


def test_no_two_parts_of_the_page_say_a_key_differently() -> None:
    said: dict[tuple[str, str], tuple[str, str]] = {}
    for name in PAGE:
        for lang in LANGS:
            for key, text in section(name)[lang].items():
                first = said.setdefault((lang, key), (name, text))
                assert first[1] == text, f"{lang}.{key}: {first[1]!r} in {first[0]}, {text!r} in {name}"


@pytest.mark.parametrize("mode", MODES)
def test_the_page_names_the_modes_as_the_terminal_does(mode: str) -> None:
    """One name per mode and language (the editions' own: the Italian box says Standard), whichever
    front end says it: the page's and the terminal's parts of the catalog."""
    said = [section("page")[lang][f"mode.{mode}"] for lang in LANGS]
    assert said == [section("play")[lang][f"mode.{mode}"] for lang in LANGS]
