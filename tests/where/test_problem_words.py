"""The WHERE and game readers' problems in the person's language (issues 25 and 26): boards, stealth
decks and sequences, tracking queries, fog card documents, game setups, situations at the table and the
game store say each problem in Italian and Russian, from the catalog's ``boards`` words, with the same
code and path as in English, and English exactly as before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from deduce.errors import InputError, ProblemJSON
from deduce.game import fogfile
from deduce.game.setup import parse_setup
from deduce.game.situation import parse_situation, table_advice
from deduce.game.store import GameStore, open_store
from deduce.shipped import load_rules
from deduce.where import boardfile, stealthfile
from deduce.where.query import parse_track_query

RULES = load_rules()
BOARD = RULES.board


def refused(call: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def said(exc: InputError, lang: str) -> dict[str, str]:
    """Each problem's message in ``lang``, by its path, after checking that the problems are the
    same ones as in English (code, path and loc, in order) and none of them is left in English."""
    english, theirs = exc.to_json(), exc.to_json(lang)
    assert [where(p) for p in theirs] == [where(p) for p in english]
    for mine, their in zip(english, theirs, strict=True):
        assert mine["message"] != their["message"], (lang, their)
    return {p["path"]: p["message"] for p in theirs}


def where(problem: ProblemJSON) -> tuple[str, str, list[str | int]]:
    return problem["code"], problem["path"], problem["loc"]


def test_a_boards_problems_are_said_in_italian_and_russian() -> None:
    doc = {"schema": 1, "landmarks": [{"id": "tower"}],
           "locations": [{"id": "a", "landmark": "tower", "at": [0, 0]},
                         {"id": "b", "landmark": "church", "at": [1, "x"]},
                         {"id": "c", "landmark": "tower"}],
           "paths": [["a", "a"], ["a", "c"], ["c", "a"], ["a", "zz"], ["a"]]}
    exc = refused(lambda: boardfile.parse(doc))
    english = {p.path: p.message for p in exc.problems}
    assert english["locations[1].landmark"] == "unknown landmark 'church'; expected one of: tower"
    assert english["paths[2]"] == "duplicate path between 'c' and 'a' (also paths[1])"
    assert english["paths[4]"] == "expected a pair of location ids [a, b], got a list of 1"
    assert [p.code for p in exc.problems] == ["unknown-landmark", "schema", "schema", "self-loop", "duplicate-path",
                                              "unknown-location", "schema"]
    italian, russian = said(exc, "it"), said(exc, "ru")
    assert italian["locations[1].landmark"] == "simbolo inesistente: 'church'; atteso uno tra: tower"
    assert italian["locations[1].at[1]"] == "atteso un numero, trovato una stringa"
    assert italian["paths[0]"] == "un percorso da 'a' a se stesso"
    assert russian["locations[2].at"].startswith("отсутствует: задайте координаты")
    assert russian["paths[2]"] == "повтор пути между 'c' и 'a' (уже есть в paths[1])"
    assert russian["paths[3][1]"] == "неизвестно (место): 'zz'"
    assert russian["paths[4]"] == "ожидалась пара id мест [a, b], получено: список длины 1"
    assert said(refused(lambda: boardfile.parse([])), "ru")[""].startswith("поле должно быть соответствием")


def test_a_stealth_decks_and_its_sequences_problems_are_said_in_italian_and_russian() -> None:
    deck = {"schema": 1, "cards": [{"location": "a", "positions": "AB"}, {"location": "b", "positions": "--------"},
                                   {"location": "c", "positions": "ABCDEFGH", "id": "Z"}]}
    exc = refused(lambda: stealthfile.parse(deck))
    assert [p.code for p in exc.problems] == ["schema", "schema", "id-mismatch"]
    assert exc.problems[2].message == "is 'Z' but the positions give the id 'A'"
    italian, russian = said(exc, "it"), said(exc, "ru")
    assert russian["cards[0].positions"] == "ожидалось 8 символов, каждый — заглавная буква или '-'; получено: 'AB'"
    assert italian["cards[1].positions"] == "una carta ha bisogno di una lettera in almeno una posizione"
    assert italian["cards[2].id"] == "è 'Z', ma le posizioni danno l'id 'A'"
    sequences = {"sequences": [{"name": "s", "moves": "sometimes", "cards": ["A", "A"]}]}
    exc = refused(lambda: stealthfile.parse_sequences(sequences))
    russian = said(exc, "ru")
    assert russian["sequences[0].moves"] == "ожидалось одно из: always, may_stay; получено: 'sometimes'"
    assert russian["sequences[0].cards[1]"] == "карта 'A' уже есть в последовательности: cards[0]"


def test_a_tracking_querys_problems_are_said_in_italian_and_russian() -> None:
    query = {"length": 0, "moves": "x", "observations": [{"slot": -1, "fog": 1}, {"slot": 0}, {"slot": 1.5,
                                                                                            "landmark": "moon"}]}
    exc = refused(lambda: parse_track_query(BOARD, query))
    english = {p.path: p.message for p in exc.problems}
    assert english["observations[1]"] == "expected exactly one of: landmark, fog, searched; got none"
    assert english["observations[2].slot"] == "expected a whole number, got 1.5"
    italian, russian = said(exc, "it"), said(exc, "ru")
    assert italian["length"] == "atteso un numero intero di almeno 1, trovato 0"
    assert italian["now"] == "è obbligatorio: la posizione di cui dare le probabilità"
    assert italian["observations[1]"] == "atteso esattamente uno tra: landmark, fog, searched; trovato nessuno"
    assert russian["observations[0].fog"] == "ожидалось true (была открыта карта тумана), получено: число"
    assert russian["observations[2].slot"] == "ожидалось целое число, получено: 1.5"
    assert russian["observations[2].landmark"].startswith("неизвестно (ориентир): 'moon'; ожидалось одно из: ")


def test_a_fog_card_documents_problems_are_said_in_italian_and_russian() -> None:
    doc = {"schema": 1, "cards": [{"id": "a", "action": "gust"}, {"id": "b", "action": "glimpse", "discard": "no"}]}
    exc = refused(lambda: fogfile.parse(doc))
    assert exc.problems[0].message.startswith("unknown action 'gust'; expected one of: glimpse, wherry, ")
    italian, russian = said(exc, "it"), said(exc, "ru")
    assert russian["cards[0].action"].startswith("неизвестно (действие): 'gust'; ожидалось одно из: glimpse, wherry, ")
    assert italian["cards[1].discard"] == "atteso true o false, trovato una stringa"
    assert said(refused(lambda: fogfile.parse({"schema": 1, "cards": []})), "ru")["cards"] == \
        "нужна хотя бы одна карта тумана"
    assert said(refused(lambda: fogfile.parse(3)), "it")[""] == \
        "il documento delle carte Nebbia dev'essere una mappa con schema e cards; trovato un numero"


def test_a_fog_card_is_read_in_turn_its_action_first() -> None:
    """A wrong action leaves the rest of its card unread, a wrong discard the card's words."""
    doc = {"schema": 1, "cards": [{"id": "a", "action": "fly", "discard": "no", "name": 3},
                                  {"id": "b", "action": "glimpse", "discard": "no", "name": 3},
                                  {"id": "c", "action": "glimpse", "name": 3, "text": 4}]}
    assert [p.path for p in refused(lambda: fogfile.parse(doc)).problems] == [
        "cards[0].action", "cards[1].discard", "cards[2].name", "cards[2].text"]


def test_a_game_setups_problems_are_said_in_italian_and_russian() -> None:
    setup = {"reverse": "yes", "seed": -1, "sequence": [], "discard_fog": 2, "colour": "red", "start": "nowhere"}
    exc = refused(lambda: parse_setup(RULES, setup))
    english = {p.path: p.message for p in exc.problems}
    assert english["sequence"] == 'expected {"position": 1..8} or {"rulebook": "<name>"}'
    italian, russian = said(exc, "it"), said(exc, "ru")
    assert italian["discard_fog"] == "le carte Nebbia si scartano alla preparazione solo in modalità Esperto"
    assert italian["sequence"] == 'atteso {"position": 1..8} o {"rulebook": "<name>"}'
    assert italian["colour"].startswith("campo sconosciuto; attesi alcuni tra: mode, sequence")
    assert russian["reverse"] == "ожидалось true или false, получено: строка"
    assert russian["seed"] == "ожидалось целое число от 0 до 9223372036854775807, получено: -1"
    assert russian["start"].startswith("неизвестно (место): 'nowhere'")
    expert = said(refused(lambda: parse_setup(RULES, {"mode": "expert", "discard_fog": 99})), "ru")
    assert expert["discard_fog"] == f"на экспертном уровне при подготовке сбрасывают от 1 до {len(RULES.fog) - 1} " \
                                    "карт тумана; получено: 99"


def test_a_situation_at_the_tables_problems_are_said_in_italian_and_russian() -> None:
    near = {"globe", *BOARD.neighbours("globe")}
    far = next(x for x in BOARD.location_ids if not any(x == y or BOARD.adjacent(x, y) for y in near))
    doc: dict[str, Any] = {"suit": "rose", "pawn": "globe", "length": 26, "moves": "always", "now": 0,
                           "clues": "jacqueline-field", "done": {"jumped": True},
                           "trail": [{"slot": 0, "kind": "search", "location": "globe", "found": "yes"}, 3],
                           "pending": {"card": "wherry", "choices": [far]}}
    exc = refused(lambda: parse_situation(RULES, doc))
    english = {p.path: p.message for p in exc.problems}
    assert english["trail[0].found"] == "a search entry's found must be true or false; got 'yes'"
    assert english["done"] == "expected an object of flags: moved, searched, clue (true or false)"
    italian, russian = said(exc, "it"), said(exc, "ru")
    assert italian["clues"] == "attesa una lista di id (dama), trovato una stringa"
    assert italian["trail[1]"] == "attesa una voce della traccia (un oggetto), trovato un numero"
    assert russian["trail[0].found"] == "в записи search поле found должно быть таким: true или false; " \
                                        "получено: 'yes'"
    assert russian["pending.choices[0]"] == f"лодка плывёт на один или два шага: {far} дальше"
    assert russian["done"] == "ожидался объект флагов: moved, searched, clue (true или false)"
    assert said(refused(lambda: parse_situation(RULES, {"pawn": "globe"})), "it")["suit"] == "suit è obbligatorio"


def test_the_problems_of_a_hand_that_cannot_be_keep_their_paths_in_every_language() -> None:
    """The plan's problems (the deduction query's, re-located to the situation's fields) are
    said in the language asked for, each at the same path."""
    other = next(lady.id for lady in RULES.cards.ladies if lady.suit != "rose")
    doc = {"suit": "rose", "pawn": "globe", "length": 26, "moves": "always", "now": 0, "clues": [other], "trail": [],
           "suit_card": other}
    english = table_advice(RULES, doc)["plan_problems"]
    for lang in ("it", "ru"):
        theirs = table_advice(RULES, doc, lang)["plan_problems"]
        assert [where(p) for p in theirs] == [where(p) for p in english] and english[0]["path"] == "suit_card"


def test_the_game_stores_problems_are_said_in_italian_and_russian(tmp_path: Path) -> None:
    exc = refused(lambda: open_store(tmp_path))
    assert exc.problems[0].code == "store"
    assert said(exc, "ru")[""] == (f"хранилище партий {str(tmp_path)!r} — каталог; укажите путь к файлу в нём, "
                                   f"например {str(tmp_path / 'games.sqlite3')!r}")
    store = GameStore(":memory:", RULES)
    exc = refused(lambda: store.act("game", "token", "one", {}))
    assert exc.problems[0].message == "expected the version of the view you acted on (a whole number), got 'one'"
    assert said(exc, "it")["version"] == "attesa la versione della vista su cui hai agito (un numero intero), " \
                                         "trovato 'one'"
