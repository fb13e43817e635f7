"""Refusals: every action the rules refuse carries a stable code and parameters, said in
English, Italian and Russian from one phrase table (deduce/game/refusals.py, deduce/text/refusals.py).

Each code is reached by a real position (white-box staging only where the rules need one),
so the table's keys are exactly the codes the rules can raise.
"""

from __future__ import annotations

import json
import pickle
import random
import string
from collections.abc import Callable, Mapping
from dataclasses import replace
from itertools import combinations
from typing import Any, cast

import pytest

from deduce.errors import Illegal, InputError, Problem, RefusalParam
from deduce.game import fogfile
from deduce.game.events import Words
from deduce.game.game import Game, ReplayRefused, replay
from deduce.game.material import Rules
from deduce.game.refusals import MALFORMED, REFUSAL_CODES, reason, refusal_text
from deduce.game.replay import REPLAY_REASONS, RULES_VERSION, replay_words
from deduce.game.setup import Setup, parse_setup
from deduce.shipped import data_path, load_rules
from deduce.text.refusals import REFUSAL_PHRASES
from deduce.who.cardfile import parse as parse_cards
from tests.game.test_game import RULES, at_lady, fog_on_top, new, traits_of_dark_lady
from tests.game_fixtures import RING, SUITS, TRAITS, ring_board, ring_order

LONDON = load_rules()


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_the_table_holds_exactly_the_codes_in_every_language_with_the_same_fields(lang: str) -> None:
    """Every code, and the words that say why a recorded game is refused (``replay-refused.<reason>``)."""
    replayed = tuple(f"replay-refused.{why}" for why in REPLAY_REASONS)
    assert set(REFUSAL_PHRASES[lang]) == {*REFUSAL_CODES, *replayed}
    for code in (*REFUSAL_CODES, *replayed):
        assert fields(REFUSAL_PHRASES[lang][code]) == fields(REFUSAL_PHRASES["en"][code]), (lang, code)
        text = REFUSAL_PHRASES[lang][code]
        assert text == text.strip() and not text.endswith(".") and text[0] == text[0].lower(), (lang, code)


# -- every code, reached by a position ---------------------------------------------------

def pending(card: str) -> Game:
    """The fog card ``card`` revealed and waiting for its answer."""
    game = fog_on_top(card)
    game.act({"action": "fog"})
    assert game.pending is not None and game.pending.card == card
    return game


def training() -> Game:
    return new({"mode": "training"})


def moved_in_training() -> Game:
    game = training()
    game.act({"action": "move", "to": "l1"})
    return game


def searched_in_training() -> Game:
    game = training()
    game.table.pawn = next(loc for loc in RING if loc != game.deck.location(game.slot))  # she is not here
    game.act({"action": "search"})
    return game


def fog_on_top_after_a_move() -> Game:
    game = training()
    game.table.fog_in_slot[game.slot] = "glimpse"
    game.act({"action": "move", "to": "l1"})
    return game


def every_key(revealed: bool = False) -> Game:
    game = new()
    game.table.visited = set(RING)
    if revealed:
        game.act({"action": "reveal_suit_card"})
    return game


def over() -> Game:
    game = new(cut=0)
    at_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    assert game.over
    return game


def three_of_a_suit() -> Rules:
    """The ring world with a card set whose last suit has three ladies: none has a suit card."""
    triples = list(combinations(TRAITS, 3))[::2][:13]
    ladies: list[dict[str, Any]] = [
        {"id": f"lady-{i}", "name": f"Lady {i}", "suit": SUITS[min(i // 2, 5)], "traits": list(t)}
        for i, t in enumerate(triples)]
    for lady in ladies:
        lady["key"] = {s: sorted({len(set(lady["traits"]) & set(d["traits"])) for d in ladies
                                  if d["suit"] == s and d["id"] != lady["id"]}) for s in SUITS}
    cards = parse_cards({"schema": 1, "name": "three", "traits": [{"id": t} for t in TRAITS],
                         "suits": [{"id": s} for s in SUITS], "ladies": ladies})
    return Rules(cards, ring_board(), fogfile.load(data_path("fog.yaml")), ring_order)


def no_suit_card() -> Game:
    rules = three_of_a_suit()
    setup = parse_setup(rules, {"seed": 1, "start": "l0"})
    game = Game.new(rules, setup, dealt=replace(Game.new(rules, setup).deal, dark_lady="lady-12"))
    assert game.suit_card is None
    game.table.visited = set(RING)
    return game


#: A position, an action, the code the rules refuse it with, and its parameters.
CASES: list[tuple[Callable[[], Game], object, str, dict[str, RefusalParam]]] = [
    (new, [], "not-an-action", {"got": "a list"}),
    (new, {"action": "fly"}, "unknown-action",
     {"got": "'fly'", "actions": ["move", "search", "confront", "fog", "resolve", "pass", "reveal_suit_card"]}),
    (new, {"action": "move", "to": "l1", "x": 1}, "unexpected-field",
     {"action": "move", "field": "x", "fields": ["to"]}),
    (new, {"action": "search", "to": "l1"}, "takes-no-fields", {"action": "search", "field": "to"}),
    (lambda: pending("keyhole"), {"action": "resolve", "to": "l1"}, "resolve-field",
     {"asks": "location", "field": "to"}),
    (new, {"action": "move", "to": "atlantis"}, "bad-location", {"example": "l0", "got": "'atlantis'"}),
    (lambda: pending("wherry"), {"action": "resolve", "path": "l1"}, "bad-path", {}),
    (lambda: pending("wherry"), {"action": "resolve", "path": ["l6", 7]}, "bad-path-step", {"got": "7"}),
    (new, {"action": "confront", "traits": ["literary", "literary", "court"]}, "bad-traits",
     {"count": 3, "traits": list(TRAITS)}),
    (over, {"action": "pass"}, "game-over", {"state": "won"}),
    (lambda: pending("keyhole"), {"action": "pass"}, "fog-card-waiting", {"card": "keyhole", "asks": "location"}),
    (new, {"action": "resolve", "location": "l1"}, "no-fog-card-waiting", {}),
    (moved_in_training, {"action": "move", "to": "l2"}, "already-moved", {}),
    (searched_in_training, {"action": "search"}, "already-searched", {}),
    (searched_in_training, {"action": "confront", "traits": ["literary", "married", "court"]}, "already-searched", {}),
    (lambda: fog_on_top("glimpse"), {"action": "search"}, "fog-on-top", {}),
    (new, {"action": "fog"}, "not-fog-on-top", {}),
    (fog_on_top_after_a_move, {"action": "fog"}, "fog-after-action", {}),
    (lambda: every_key(revealed=True), {"action": "reveal_suit_card"}, "suit-card-revealed", {}),
    (new, {"action": "reveal_suit_card"}, "suit-card-keys", {}),
    (no_suit_card, {"action": "reveal_suit_card"}, "no-suit-card", {}),
    (new, {"action": "move", "to": "l5"}, "not-adjacent", {"to": "l5", "here": "l0", "choices": ["l1", "l10"]}),
    (lambda: pending("wherry"), {"action": "resolve", "path": ["l6", "l8"]}, "not-adjacent",
     {"to": "l8", "here": "l6", "choices": ["l5", "l7"]}),
    (lambda: pending("linkboy"), {"action": "resolve", "location": "l0"}, "not-a-choice",
     {"value": "l0", "choices": [x for x in RING if x not in ("l0", "l5")]}),
]


def refusal_of(game: Game, action: object) -> Illegal | InputError:
    """The refusal of ``action``; the game is unchanged by it."""
    before = json.dumps(game.view()), repr(game.table)
    with pytest.raises((Illegal, InputError)) as info:
        game.act(action)
    assert (json.dumps(game.view()), repr(game.table)) == before
    return cast(Illegal | InputError, info.value)  # pytest types a tuple of exceptions as their common base


def code_and_params(exc: Illegal | InputError) -> tuple[str, dict[str, RefusalParam]]:
    if isinstance(exc, Illegal):
        return exc.code, exc.params
    [problem] = exc.problems
    assert problem.refusal is not None and problem.code == "schema"
    return problem.refusal, dict(problem.params)


@pytest.mark.parametrize("position, action, code, params", CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_each_refusal_has_its_code_params_and_english_message(position: Callable[[], Game], action: object, code: str,
                                                               params: dict[str, RefusalParam]) -> None:
    game = position()
    exc = refusal_of(game, action)
    assert isinstance(exc, InputError if code in MALFORMED else Illegal)
    assert code_and_params(exc) == (code, params)
    english = refusal_text(Words(game.rules), code, params)
    assert (str(exc) if isinstance(exc, Illegal) else exc.problems[0].message) == english
    assert fields(REFUSAL_PHRASES["en"][code]) <= set(params)  # every word to say comes with it
    for lang in ("it", "ru"):
        said = reason(Words(game.rules, lang), exc)
        assert said == refusal_text(Words(game.rules, lang), code, params) and said != english


def test_the_positions_reach_every_code() -> None:
    """With the replay below, every code in the table is one the rules raise."""
    assert {c[2] for c in CASES} | {"replay-refused"} == set(REFUSAL_CODES)


def test_a_refused_replay_is_coded() -> None:
    setup = parse_setup(RULES, {"seed": 1, "start": "l0"})
    with pytest.raises(ReplayRefused, match="action 1 is refused now: the top card is not a fog card") as info:
        replay(RULES, setup, [{"action": "fog"}])
    assert (info.value.code, info.value.params) == ("replay-refused", {})


def replay_refusal(rules: Rules, setup: Setup, actions: list[Mapping[str, Any]],
                   recorded_under: int = RULES_VERSION) -> ReplayRefused:
    """The refusal of replaying ``actions``: always the one code, with no parameters."""
    with pytest.raises(ReplayRefused) as info:
        replay(rules, setup, actions, recorded_under=recorded_under)
    assert (info.value.code, info.value.params) == ("replay-refused", {})
    return info.value


def test_a_refused_replay_says_why_in_the_players_language_with_the_games_names() -> None:
    """The English is the sentence it always was; the other languages say the same, the refusal of
    the rules inside it with the edition's names, and keep it through a pickle."""
    setup = parse_setup(LONDON, {"seed": 11, "start": "tower"})
    exc = replay_refusal(LONDON, setup, [{"action": "pass"}, {"action": "move", "to": "globe"}])
    assert str(exc) == exc.said("en") == (
        "this game cannot be replayed: action 2 is refused now: The Globe is not next to The Tower; "
        "you can move to: The Boar's Head, Eastcheap, St Saviour's, Southwark")
    assert exc.said("it") == ("questa partita non si può rigiocare: l'azione 2 ora non è ammessa: il luogo «Teatro "
                              "Globe» non è collegato al luogo «Torre di Londra»; puoi andare a: Taverna della Testa "
                              "di Cinghiale, San Salvatore di Southwark")
    assert exc.said("ru").startswith("эту партию нельзя воспроизвести: действие 2 теперь не допускается: "
                                     "Театр «Глобус» и Тауэр не соединены путём")
    back = pickle.loads(pickle.dumps(exc))
    assert (str(back), back.said("ru"), back.code, back.params) == (str(exc), exc.said("ru"), exc.code, {})
    malformed = replay_refusal(LONDON, setup, [{"action": "move", "to": "atlantis"}])
    assert str(malformed) == ("this game cannot be replayed: action 1 is refused now: to: expected a location id "
                              "such as 'whitehall', got 'atlantis'")
    assert malformed.said("it").endswith("l'azione 1 ora non è ammessa: to: atteso l'id di un luogo, come 'whitehall'; "
                                         "ricevuto: 'atlantis'")


def test_a_game_of_older_rules_is_refused_in_the_players_language() -> None:
    setup = parse_setup(RULES, {"mode": "training", "seed": 4, "start": "l0"})
    exc = replay_refusal(RULES, setup, [{"action": "search"}, {"action": "pass"}], recorded_under=1)
    assert str(exc) == ("this game was recorded under older rules and cannot be resumed: "
                        "in Training a search no longer ends the turn before a move")
    assert exc.said("it") == ("questa partita è stata registrata con regole precedenti e non si può riprendere: in "
                              "modalità Allenamento cercare la Dama Bruna non chiude più il turno prima di muovere "
                              "la Pedina")
    assert exc.said("ru") == ("эта партия записана по прежним правилам, и её нельзя продолжить: в режиме обучения "
                              "поиск Смуглой дамы больше не завершает ход до перехода")


def test_a_setup_refused_now_is_said_in_the_players_language() -> None:
    setup = replace(parse_setup(LONDON, {"seed": 11}), sequence=("position", 99))
    exc = replay_refusal(LONDON, setup, [])
    english = str(exc.__cause__)
    assert str(exc) == f"this game cannot be replayed: its setup is refused now: {english}"
    assert exc.said("ru").startswith("эту партию нельзя воспроизвести: её подготовка теперь не допускается: ")
    assert english not in exc.said("ru")  # the setup's problem too is said in Russian


def test_a_stored_setup_that_cannot_be_read_is_said_in_every_language() -> None:
    exc = ReplayRefused(replay_words("stored-setup", reason="KeyError: 'mode'"))
    assert str(exc) == "this game's stored setup cannot be read (KeyError: 'mode'); it cannot be resumed"
    assert exc.said("it").startswith("la preparazione salvata di questa partita non si può leggere")
    assert (exc.code, exc.params) == ("replay-refused", {})


def test_random_actions_are_refused_with_a_code_and_its_english_message() -> None:
    """Random games and random actions, legal or not: every refusal is coded, its message the English phrase."""
    rng = random.Random(4)
    seen = set()
    words = Words(RULES)
    values = [*RING, "atlantis", 3, None, ["l1"], ["l1", "l2"], ["literary", "married", "court"]]
    for seed in range(30):
        game = new({"seed": seed, "mode": rng.choice(["training", "normal", "expert"])})
        for _ in range(200):
            if game.over and rng.random() < 0.8:
                break
            action: dict[str, Any] = {"action": rng.choice(["move", "search", "confront", "fog", "resolve", "pass",
                                                  "reveal_suit_card", "fly"])}
            for key in rng.sample(["to", "path", "location", "traits"], rng.randrange(3)):
                action[key] = rng.choice(values)
            try:
                game.act(action)
            except (Illegal, InputError) as exc:
                code, params = code_and_params(exc)
                assert code in REFUSAL_CODES
                message = str(exc) if isinstance(exc, Illegal) else exc.problems[0].message
                assert message == refusal_text(words, code, params)
                seen.add(code)
    assert len(seen) >= 12


# -- words -------------------------------------------------------------------------------

def test_refusals_name_places_and_cards_as_the_editions_do() -> None:
    setup = parse_setup(LONDON, {"seed": 11, "start": "tower"})
    it, ru = Game.new(LONDON, setup, lang="it"), Game.new(LONDON, setup, lang="ru")
    exc = refusal_of(it, {"action": "move", "to": "globe"})
    assert isinstance(exc, Illegal) and exc.code == "not-adjacent"
    assert str(exc) == ("The Globe is not next to The Tower; you can move to: "
                        "The Boar's Head, Eastcheap, St Saviour's, Southwark")
    assert reason(it.words, exc) == ("il luogo «Teatro Globe» non è collegato al luogo «Torre di Londra»; "
                                     "puoi andare a: Taverna della Testa di Cinghiale, San Salvatore di Southwark")
    assert reason(ru.words, exc).startswith("Театр «Глобус» и Тауэр не соединены путём; можно перейти: ")
    numbered = reason(it.words, exc, place=lambda loc: f"{LONDON.board.index(loc) + 1} {it.words.place(loc)}")
    assert "«9 Teatro Globe»" in numbered
    traits = refusal_of(ru, {"action": "confront", "traits": ["married", "married", "lover"]})
    assert "Замужем" in reason(ru.words, traits) and "married" not in reason(ru.words, traits)
    it.table.fog_in_slot[it.slot] = "keyhole"
    it.act({"action": "fog"})
    waiting = refusal_of(it, {"action": "pass"})
    assert reason(it.words, waiting) == "la carta Nebbia «Un occhio alla serratura» aspetta prima la sua azione"
    assert str(waiting) == "the fog card “An eye at the keyhole” waits for its action first"


def test_a_refusal_keeps_its_code_through_pickle_and_json() -> None:
    exc = Illegal("x is not next to y", "not-adjacent", {"to": "x", "here": "y", "choices": ["z"]})
    back = pickle.loads(pickle.dumps(exc))
    assert (type(back), str(back), back.code, back.params) == (Illegal, str(exc), exc.code, exc.params)
    replayed = pickle.loads(pickle.dumps(ReplayRefused(replay_words("lantern"))))
    assert (type(replayed), replayed.code) == (ReplayRefused, "replay-refused")
    problem = Problem(("to",), "m", "schema", "bad-location", {"example": "l0", "got": "7"})
    assert problem.to_json() == {"code": "schema", "path": "to", "loc": ["to"], "message": "m",
                                 "refusal": "bad-location", "params": {"example": "l0", "got": "7"}}
    assert set(Problem(("to",), "m").to_json()) == {"code", "path", "loc", "message"}
    assert hash(problem) == hash(Problem(("to",), "m", "schema", "bad-location"))  # params are not hashed
