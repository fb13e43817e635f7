"""WHO's problems in the person's language (issues 25 and 26): what is wrong with a card set, a query,
a hand or an audit is said in Italian and Russian from the ``cards`` words of the catalog, with the
same codes and paths as in English, whose words are unchanged."""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from deduce.errors import InputError
from deduce.shipped import data_path, load_cards, load_rules
from deduce.text.catalog import section
from deduce.where import boardfile
from deduce.who import cardfile
from deduce.who.audit import check_cost, check_limits
from deduce.who.cards import CardSet, ModeUnavailable, Trait
from deduce.who.progress import progress
from deduce.who.query import Query, parse_query

ROOT = Path(__file__).resolve().parents[2]
CARDS = load_cards()


def refusal(call: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def places(exc: InputError, lang: str) -> list[tuple[str, str]]:
    return [(p["code"], p["path"]) for p in exc.to_json(lang)]


def messages(exc: InputError, lang: str) -> list[str]:
    return [p["message"] for p in exc.to_json(lang)]


def said_alike(exc: InputError) -> dict[str, list[str]]:
    """Each language's messages, after checking that every language has the same codes and paths
    and that Italian and Russian say every problem in words other than English's."""
    english = messages(exc, "en")
    for lang in ("it", "ru"):
        assert places(exc, lang) == places(exc, "en")
        assert all(theirs != ours for theirs, ours in zip(messages(exc, lang), english, strict=True)), lang
    return {lang: messages(exc, lang) for lang in ("en", "it", "ru")}


def shipped_doc() -> dict[str, Any]:
    """The shipped card set as a document, to break."""
    doc: dict[str, Any] = json.loads(json.dumps(cardfile.to_json(CARDS)))
    return doc


def broken_card_set() -> dict[str, Any]:
    doc = shipped_doc()
    doc["traits_per_lady"] = 9
    doc["modes"] = {"hard": {}, "easy": {**doc["modes"]["easy"], "rose": "rose"}}
    return doc


def test_a_card_sets_problems_are_said_in_each_language() -> None:
    said = said_alike(refusal(lambda: cardfile.parse(broken_card_set())))
    assert said["en"] == ["expected a whole number in 1..7, got 9",
                          "unknown mode 'hard'; expected one of: easy, advanced",
                          "a mode cannot remove the Dark Lady's own suit"]
    assert said["it"][::2] == ["atteso un numero intero in 1..7, trovato 9",
                               "una modalità non può rimuovere il seme della Dama Bruna stessa"]
    assert said["ru"][2] == "уровень не может убирать масть самой Смуглой дамы"


def test_a_ladys_key_is_checked_in_each_language() -> None:
    doc = shipped_doc()
    key = doc["ladies"][0]["key"]
    key["rose"], key["oak"] = [0, 7], "two"
    del key["sage"]
    said = said_alike(refusal(lambda: cardfile.parse(doc)))
    assert said["en"] == ["7 is outside 0..3", "expected a whole number in 0..3, got a string",
                          "is missing: every suit needs a key entry"]
    assert said["ru"] == ["7 вне диапазона 0..3", "ожидалось целое число в 0..3, получено: строка",
                          "отсутствует: у каждой масти должна быть запись ключа"]


def test_a_querys_problems_are_said_in_each_language() -> None:
    traits = list(CARDS.ladies[0].traits)
    doc = {"clues": [{"traits": traits[:2], "counts": [1]}, {"card": "jacqueline-field", "role": "judge"},
                     {"traits": traits, "key": "all"}], "distinct": "yes"}
    exc = refusal(lambda: parse_query(CARDS, doc))
    said = said_alike(exc)
    assert said["en"][:2] == ["expected 3 traits, got 2", "needs the Dark Lady's suit: give suit, or the whole key"]
    assert said["it"][1] == "serve il seme della Dama Bruna: indica suit, o la chiave intera"
    assert said["ru"][2:] == ["ожидалось одно из: clue, suit_card; получено: 'judge'",
                              "ожидалось соответствие масть → числа, получено: строка",
                              "ожидалось true или false, получено: строка"]
    assert [p.path for p in exc.problems] == ["clues[0].traits", "clues[0].counts", "clues[1].role", "clues[2].key",
                                              "distinct"]


def test_a_typed_card_kept_from_an_earlier_line_keeps_its_words() -> None:
    """A typed card is read once and its problems kept, their sentences too (the batch's hot path):
    placed under each clue that repeats it, they are still said in the person's language."""
    traits = list(CARDS.ladies[0].traits)
    doc = {"clues": [{"traits": traits, "counts": [1, 1]}, {"traits": [*traits[:2], "witty"], "counts": [1]}]}
    for _ in range(2):
        exc = refusal(lambda: parse_query(CARDS, doc))
        assert places(exc, "ru") == [("schema", "clues[0].counts[1]"), ("schema", "clues[0].counts"),
                                     ("schema", "clues[1].traits[2]"), ("schema", "clues[1].counts")]
        said = said_alike(exc)
        assert said["en"][:2] == ["1 is already in this entry: each count once",
                                  "needs the Dark Lady's suit: give suit, or the whole key"]
        assert said["it"][0] == "1 è già in questa voce: ogni conteggio una volta sola"
        assert "'witty'" in said["ru"][2] and "черта" in said["ru"][2]
        assert exc.problems[1].said("de") == said["en"][1]


def test_a_hand_that_cannot_be_is_refused_in_each_language() -> None:
    exc = refusal(lambda: progress(CARDS, Query(None, ())))
    said = said_alike(exc)
    assert said["en"] == ["progress needs her suit (the back of her card), to know which cards the deck holds; "
                          "the cards revealed leave 6 suits"]
    assert said["ru"][0].endswith("; открытые карты оставляют 6 мастей")
    twice = parse_query(CARDS, {"suit": "rose", "clues": [{"card": "jacqueline-field"}] * 2})
    said = said_alike(refusal(lambda: progress(CARDS, twice)))
    assert said["en"] == ["Jacqueline Field was revealed already (card 1)"]
    assert said["it"] == ["Jacqueline Field è già stata scoperta (carta 1)"]


def test_a_mode_the_card_set_lacks_is_said_in_each_language() -> None:
    doc = shipped_doc()
    del doc["modes"]
    cards = cardfile.parse(doc)
    with pytest.raises(ModeUnavailable) as caught:
        cards.removed_suit("advanced", "rose")
    assert str(caught.value) == "this card set defines no 'advanced' mode"
    said = said_alike(refusal(lambda: progress(cards, Query("rose", ()), "advanced")))
    assert said["en"] == ["advanced cannot be played with this card set: this card set defines no 'advanced' mode"]
    assert said["ru"] == ["advanced: с этим набором карт играть нельзя: в этом наборе карт нет уровня 'advanced'"]


def test_an_audit_too_large_is_refused_in_each_language() -> None:
    many = CardSet("many", tuple(Trait(f"t{i}", CARDS.traits[0].name) for i in range(17)), CARDS.suits, ())
    exc = refusal(lambda: check_limits(many))
    assert said_alike(exc)["ru"] == ["содержит 17 черт; проверка поддерживает не больше 16"]
    assert places(exc, "it") == [("limit", "traits")]
    slow = refusal(lambda: check_cost(CARDS, 1e-9, advice=" (--max-seconds allows more)"))
    said = said_alike(slow)
    assert said["en"][0].startswith("auditing this card set would take about ")
    assert said["it"][0].startswith("la verifica di questo set di carte richiederebbe circa ")
    assert said["ru"][0].endswith("допускается не больше 1e-09 с (--max-seconds allows more)")


def test_a_stealth_deck_that_does_not_fit_the_board_is_refused_in_each_language() -> None:
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    doc["paths"] = doc["paths"][1:]  # Whitehall to St Paul's, which the walks use
    exc = refusal(lambda: load_rules(board=boardfile.parse(doc)))
    said = said_alike(exc)
    assert {code for code, _ in places(exc, "ru")} == {"misfit"}
    assert said["en"][0].startswith("the stealth deck does not fit the board 'London, around 1600': ")
    assert said["ru"][0].startswith("колода перемещений не подходит к полю 'London, around 1600': ")
    assert said["ru"][-1].startswith("... и ещё шагов, которые не соединяет ни один путь: ")


def card_words_keys() -> set[str]:
    """Every key the sources say with ``card_words("...")``."""
    keys = set()
    for path in ROOT.joinpath("deduce").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "card_words" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                keys.add(node.args[0].value)
    return keys


def test_every_key_the_sources_say_is_in_the_catalog() -> None:
    keys = card_words_keys()
    assert {"key.expected", "progress.suits-left", "audit.cost"} <= keys
    english = section("cards")["en"]
    missing = sorted(k for k in keys if k not in english and f"{k}.other" not in english)
    assert not missing, missing
