"""Events: a stable code and parameters, said in English, Italian and Russian (SPEC 8)."""

from __future__ import annotations

import string

import pytest

from deduce.game.actions import Pending
from deduce.game.events import COUNTED, EVENT_CODES, Event, Words
from deduce.game.game import Game
from deduce.game.outcome import End
from deduce.game.setup import parse_setup
from deduce.game.view import end_json, pending_json
from deduce.shipped import load_rules
from deduce.text.catalog import plural
from deduce.text.events import EVENT_PHRASES
from tests.game_fixtures import ring_rules

SHIPPED = load_rules()
FORMS = {"en": ("one", "other"), "it": ("one", "other"), "ru": ("one", "few", "many")}


def keys(lang: str, code: str) -> list[str]:
    """The phrase keys an event code needs in a language: one per plural form when counted."""
    return [f"{code}.{form}" for form in FORMS[lang]] if code in COUNTED else [code]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_every_event_code_has_a_phrase_in_every_language(lang: str) -> None:
    table = EVENT_PHRASES[lang]
    needed = [k for code in EVENT_CODES for k in keys(lang, code)]
    assert set(table) == set(needed)
    for code in EVENT_CODES:  # the same fields to fill in every language
        assert {frozenset(fields(table[k])) for k in keys(lang, code)} == {
            frozenset(fields(EVENT_PHRASES["en"][k])) for k in keys("en", code)}


def test_russian_plural_forms() -> None:
    assert [plural("ru", n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101)] == [
        "one", "few", "few", "many", "many", "many", "many", "one", "few", "many", "one"]
    assert [plural("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]


def test_events_said_in_italian_and_russian() -> None:
    it, ru = Words(SHIPPED, "it"), Words(SHIPPED, "ru")
    move = Event("move", {"location": "globe"})
    assert it.text(move) == "Vai al luogo «Teatro Globe»."
    assert ru.text(move) == "Вы переходите: Театр «Глобус»."
    top = Event("top.landmark", {"slot": 3, "landmark": "bridge"})
    assert it.text(top) == "La prima carta mostra il simbolo Ponte."
    assert ru.text(top) == "На верхней карте — ориентир Мост."
    assert [ru.text(Event("flee", {"cards": n})).split()[-1] for n in (1, 2, 5)] == ["карту.", "карты.", "карт."]
    assert it.text(Event("flee", {"cards": 2})) == "Lei fugge di 2 carte lungo il suo percorso, senza essere vista."
    lady = SHIPPED.cards.ladies[0]
    won = Event("end.unmasked", {"state": "won", "reason": "unmasked"}, {"dark_lady": lady.id})
    assert it.text(won) == f"Smascheri la Dama Bruna: {lady.name.get('it')}. Hai vinto!"
    assert ru.text(won) == f"Вы разоблачили Смуглую даму: {lady.name.get('ru')}. Вы победили!"
    clue = Event("clue.found", {"card": lady.id}, {"location": "tower"})
    traits = ", ".join(SHIPPED.cards.trait(t).name.get("it") for t in lady.traits)
    assert it.text(clue) == f"È qui, nel luogo «Torre di Londra»! Indizio: {lady.name.get('it')} ({traits})."
    fog = Event("fog", {"card": "glimpse", "fog_action": "glimpse"})
    assert ru.text(fog).startswith("Карта тумана: Просвет в тумане. Туман на миг расходится.")


def test_a_game_speaks_its_language() -> None:
    setup = parse_setup(SHIPPED, {"seed": 5, "start": "globe"})
    en, it = Game.new(SHIPPED, setup), Game.new(SHIPPED, setup, lang="it")
    a, b = en.act({"action": "pass"}), it.act({"action": "pass"})
    assert [e["code"] for e in a] == [e["code"] for e in b] and a[0]["code"] == "pass"
    assert (a[0]["text"], b[0]["text"]) == ("You wait.", "Aspetti.")
    assert [{k: v for k, v in e.items() if k != "text"} for e in a] == [
        {k: v for k, v in e.items() if k != "text"} for e in b]
    unknown = Game.new(SHIPPED, setup, lang="xx")  # an unknown language falls back to English
    assert unknown.act({"action": "pass"})[0]["text"] == "You wait."


def test_event_json_keeps_the_first_fields_and_adds_code_and_params() -> None:
    words = Words(SHIPPED)
    key = words.to_json(Event("key", {"location": "the-rose"}, {"left": 9}))
    assert key == {"event": "key", "text": "You claim the key of The Rose; 9 to go.", "location": "the-rose",
                   "code": "key", "params": {"location": "the-rose", "left": 9}}


def test_game_state_is_typed_and_read_only() -> None:
    rules = ring_rules()
    game = Game.new(rules, parse_setup(rules, {"seed": 1, "start": "l0"}))
    assert (game.state, game.version, game.round, game.pending, game.end) == ("playing", 0, 1, None, None)
    game.act({"action": "pass"})
    assert (game.version, game.round) == (1, 2)
    for name in ("state", "version", "round", "pending", "end"):
        with pytest.raises(AttributeError):
            setattr(game, name, None)
    while not game.over:
        game.act({"action": "pass"})
    end = game.end
    assert isinstance(end, End) and game.state == "lost" and end.reason == "countdown"
    assert end.event.code == "end.countdown" and end.dark_lady == game.deal.dark_lady
    assert game.view()["end"] == end_json(end, game.words) and game.pending is None


def test_pending_is_typed() -> None:
    rules = ring_rules()
    game = Game.new(rules, parse_setup(rules, {"seed": 1, "start": "l0"}))
    game.table.fog_in_slot[game.slot] = "glimpse"
    game.table.fog_deck = ["keyhole", *[f for f in game.table.fog_deck if f != "keyhole"]]
    game.table.fog_in_slot[game.slot] = "keyhole"
    game.act({"action": "fog"})
    pending = game.pending
    assert isinstance(pending, Pending) and pending.card == "keyhole" and pending.asks == "location"
    assert game.view()["pending"] == pending_json(pending, game.words)
    shown = game.view()["pending"]
    assert shown is not None and shown["text"] == rules.fog_card("keyhole").text.get()
