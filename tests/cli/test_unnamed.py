"""A card set or a board whose file gives no ``name`` (SPEC 4 and 7 make it optional).

A person reads it as the word for the thing in their language ("Набор карт", "Mappa"), never as an
English name the reader made up; the documents and reports stay without a name (``name`` left out,
a report's ``card_set`` and ``board`` null), so that what was read is what is written back.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from deduce.cli import main
from deduce.errors import InputError
from deduce.render.svg import board_svg
from deduce.shipped import data_path, load_rules
from deduce.where import boardfile
from deduce.who import cardfile
from deduce.who.export import card_set_yaml

#: The word for a card set and for a board, in each language.
CARD_SET = {"en": "Card set", "it": "Set di carte", "ru": "Набор карт"}
BOARD = {"en": "Board", "it": "Mappa", "ru": "Поле"}


def unnamed(name: str) -> dict[str, Any]:
    """A shipped document without its ``name``."""
    doc: dict[str, Any] = yaml.safe_load(data_path(name).read_text(encoding="utf-8"))
    del doc["name"]
    return doc


def written(tmp_path: Path, name: str, doc: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", sorted(CARD_SET))
def test_an_unnamed_card_sets_audit_calls_it_a_card_set_in_the_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    path = written(tmp_path, "cards.json", unnamed("clues.yaml"))
    main(["audit", str(path), "--lang", lang])
    out = capsys.readouterr().out
    assert f"'{CARD_SET[lang]}'" in out.splitlines()[0], out
    assert all(CARD_SET[other] not in out for other in CARD_SET if other != lang)


@pytest.mark.parametrize("lang", sorted(BOARD))
def test_an_unnamed_board_is_headed_by_the_word_for_a_board_in_the_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    path = written(tmp_path, "board.json", unnamed("board.yaml"))
    assert main(["board", "--board", str(path), "--lang", lang]) == 0
    assert capsys.readouterr().out.startswith(f"{BOARD[lang]}: ")
    assert f"<title>{BOARD[lang]}</title>" in board_svg(boardfile.load(path), lang=lang)


def test_an_unnamed_card_set_stays_unnamed_in_its_json_and_its_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = cardfile.parse(unnamed("clues.yaml"))
    assert cards.name is None
    assert "name" not in cardfile.to_json(cards) and cardfile.parse(cardfile.to_json(cards)).name is None
    assert cardfile.loads(card_set_yaml(cards)).name is None and "\nname:" not in card_set_yaml(cards)
    path = written(tmp_path, "cards.json", unnamed("clues.yaml"))
    main(["audit", str(path), "--json", "--lang", "ru"])
    assert json.loads(capsys.readouterr().out)["card_set"] is None


def test_an_unnamed_board_stays_unnamed_in_its_json() -> None:
    board = boardfile.parse(unnamed("board.yaml"))
    assert board.name is None and "name" not in boardfile.to_json(board)
    assert boardfile.to_json(boardfile.parse(boardfile.to_json(board))) == boardfile.to_json(board)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the stealth deck does not fit the board: "),
    ("it", "il mazzo Discrezione non si adatta al tabellone: "),
    ("ru", "колода перемещений не подходит к полю: "),
])
def test_a_deck_that_does_not_fit_an_unnamed_board_names_no_board(lang: str, said: str) -> None:
    doc = unnamed("board.yaml")
    doc["locations"] = doc["locations"][:-1]
    doc["paths"] = [p for p in doc["paths"] if all(end in {loc["id"] for loc in doc["locations"]} for end in p)]
    with pytest.raises(InputError) as caught:
        load_rules(board=boardfile.parse(doc))
    assert caught.value.problems[0].said(lang).startswith(said)


def test_the_api_answers_an_unnamed_set_and_board_without_a_name() -> None:
    with TestClient(create_app(games_db=":memory:")) as client:
        assert "name" not in client.post("/v1/cards/check", json=unnamed("clues.yaml")).json()
        assert "name" not in client.post("/v1/board/check", json=unnamed("board.yaml")).json()
        assert client.post("/v1/audit?lang=it", json=unnamed("clues.yaml")).json()["card_set"] is None
        assert client.post("/v1/cards/export", json=unnamed("clues.yaml")).json()["filename"] == "cards.yaml"
