"""Recorded games: the engine must play them exactly as it did when they were recorded.

``recorded_games.json.gz`` holds 52 seeded games over every mode, on the shipped material and on the
small ring world of :mod:`tests.game_fixtures`, in three languages. Each was played by a seeded
policy (:func:`record_game`): the bot of :mod:`deduce.game.bot` mixed with random legal moves, every
fog card used when it is on top, its ``resolve`` answered (sometimes wrongly), and malformed or
forbidden actions sent now and then. For every action sent the corpus keeps what the engine
answered: the events and the VIEW after it, or the refusal (its class, code, parameters, path
and words); for every game, the hints at its end and what the stored-game replay path
(:func:`deduce.game.game.replay`, under these rules and under the first ones) made of it.

The test sends the same actions again and compares every answer with the recorded one, byte for
byte (the JSON text, keys in order). The corpus was made from the engine before it was split by
job (issue 25); regenerate it only when the rules are meant to change, with::

    .venv/bin/python -m tests.game.test_recorded_games
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest

from deduce.errors import Illegal, InputError
from deduce.game.bot import Bot
from deduce.game.game import Game, replay
from deduce.game.hints import HintsJSON
from deduce.game.material import Rules
from deduce.game.refusals import REFUSAL_CODES
from deduce.game.setup import parse_setup
from deduce.game.trail import FogResult
from deduce.shipped import load_rules
from deduce.who.cards import MODES
from tests.game_fixtures import ring_rules

CORPUS = Path(__file__).with_name("recorded_games.json.gz")
#: Actions sent at most per game (a game that lasts longer is cut there).
MAX_ACTIONS = 120


@cache
def material(name: str) -> Rules:
    """The game material a recorded game names: ``shipped`` or ``ring``."""
    return load_rules() if name == "shipped" else ring_rules()


@dataclass(frozen=True)
class Spec:
    """One recorded game's choices: its material, setup document, language and how often it errs."""

    material: str
    setup: dict[str, Any]
    lang: str
    refusing: bool
    cut: int = MAX_ACTIONS
    stays: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"material": self.material, "setup": self.setup, "lang": self.lang, "refusing": self.refusing,
                "cut": self.cut, "stays": self.stays}


#: Games added to the forty for what the policy rarely meets: (material, mode, seed, stays). Those that
#: stay search once at the start, then never move and use every fog card (the seed puts ``crowd`` or
#: ``lost-key`` first in the fog deck, so its action comes up where it cannot be carried out).
RARE = (("ring", "normal", 3016, True), ("shipped", "normal", 3054, True), ("ring", "normal", 3003, True),
        ("ring", "expert", 2019, False), ("shipped", "training", 2330, False), ("ring", "training", 2125, False),
        ("ring", "normal", 2027, False), ("ring", "easy", 2011, False), ("ring", "normal", 2067, False),
        ("shipped", "advanced", 2068, False), ("ring", "training", 2005, False), ("ring", "expert", 2399, False))


def specs() -> list[Spec]:
    """The games of the corpus: every mode on both materials, in turn in each language, with
    sequences, reversed decks, chosen starts and Expert discards among them."""
    out: list[Spec] = []
    langs = ("en", "it", "ru")
    for i in range(40):
        mode = MODES[i % len(MODES)]
        name = "ring" if i % 4 == 3 else "shipped"
        setup: dict[str, Any] = {"mode": mode, "seed": 1000 + i}
        if mode == "expert" and i % 2:
            setup["discard_fog"] = 1 + i % 3
        if name == "shipped" and i % 3 == 1:
            setup["sequence"] = {"rulebook": ("easy-2", "moderate-3", "hard-5")[i % 9 // 3]}
        if i % 7 == 2:
            setup["reverse"] = True
        if name == "ring" and i % 2:
            setup["start"] = f"l{i % 11}"
        out.append(Spec(name, setup, langs[i % 3], refusing=i % 3 != 0, cut=12 if i % 8 == 5 else MAX_ACTIONS))
    out += [Spec(name, {"mode": mode, "seed": seed}, langs[seed % 3], True, stays=stays)
            for name, mode, seed, stays in RARE]
    return out


def bad_action(game: Game, rng: random.Random) -> Any:
    """An action that is malformed, or likely forbidden now (the engine decides)."""
    board = game.board
    far = [x for x in board.location_ids if x != game.table.pawn and not board.adjacent(game.table.pawn, x)]
    pending = game.pending
    choices: list[Any] = [
        ["move"], {"move": 1}, {"action": "fly"}, {"action": 3}, {"action": "pass", "to": "x"},
        {"action": "move", "to": "nowhere"}, {"action": "move", "to": rng.choice(far)},
        {"action": "move", "to": board.location_ids[0], "path": []},
        {"action": "confront", "traits": ["x"]}, {"action": "confront", "traits": game.cards.trait_ids[:3] * 2},
        {"action": "resolve", "to": board.location_ids[0]}, {"action": "fog"}, {"action": "search"},
        {"action": "reveal_suit_card"}, {"action": "move", "to": board.location_ids[1], "version": 3},
    ]
    if pending is not None:
        choices += [{"action": "resolve"}, {"action": "resolve", "path": []}, {"action": "resolve", "path": [5]},
                    {"action": "resolve", "path": [rng.choice(far)]}, {"action": "resolve", "location": "x"},
                    {"action": "resolve", pending.asks: board.location_ids[2], "extra": 1},
                    {"action": "resolve", pending.asks: rng.choice(board.location_ids)}, {"action": "pass"}]
        others = [x for x in board.location_ids if x not in pending.choices]
        if pending.asks != "path" and others:
            choices.append({"action": "resolve", pending.asks: rng.choice(others)})
    return rng.choice(choices)


def resolve_action(game: Game, rng: random.Random) -> dict[str, Any]:
    """An answer to the fog card waiting: a random choice (a random walk for a path)."""
    pending = game.pending
    assert pending is not None
    if pending.asks == "path":
        first = rng.choice(sorted(game.board.neighbours(game.table.pawn)))
        path = [first] if rng.random() < 0.4 else [first, rng.choice(sorted(game.board.neighbours(first)))]
        return {"action": "resolve", "path": path}
    if pending.action == "keyhole" and rng.random() < 0.5:  # white-box: where she will be, now and then
        return {"action": "resolve", "location": game.deck.location(game.table.pos + 1)}
    return {"action": "resolve", pending.asks: rng.choice(pending.choices)}


def staying_action(game: Game, rng: random.Random) -> dict[str, Any]:
    """The staying policy's action: a search on the first turn, every fog card used, else a pass."""
    actions = game.legal_actions()
    if game.pending is not None:
        return resolve_action(game, rng)
    if "fog" in actions:
        return {"action": "fog"}
    return {"action": "search" if game.round == 1 and "search" in actions else "pass"}


def good_action(game: Game, bot: Bot, rng: random.Random) -> dict[str, Any]:
    """The policy's legal action: a waiting fog card answered, a fog card on top used, else the bot's
    choice or, now and then, a random legal action (a confrontation with random traits among them)."""
    actions = game.legal_actions()
    if game.pending is not None and "reveal_suit_card" not in actions:
        return resolve_action(game, rng)
    if "fog" in actions and (rng.random() < 0.85 or game.table.fog_in_slot[game.slot] in
                             game.fog_cards_impossible_now()):
        return {"action": "fog"}
    if game.table.pawn not in game.table.visited and "pass" in actions and rng.random() < 0.9:
        return {"action": "pass"}  # waits where a fog card took the key, for one that cannot take it again
    if rng.random() < 0.75:
        return bot.choose(game.player_view(), actions, game.pending)
    name = rng.choice([a for a in actions if a != "confront" or rng.random() < 0.15])
    if name == "move":
        return {"action": "move", "to": rng.choice(sorted(game.board.neighbours(game.table.pawn)))}
    if name == "confront":
        return {"action": "confront", "traits": rng.sample(game.cards.trait_ids, game.cards.traits_per_lady)}
    if name == "resolve":
        return resolve_action(game, rng)
    return {"action": name}


def answer(game: Game, doc: Any) -> dict[str, Any]:
    """What the engine answers to ``doc``: its events and the VIEW after, or the refusal."""
    try:
        events = game.act(doc)
    except (Illegal, InputError) as exc:
        return {"refused": refusal(exc), "view": game.view()}
    return {"events": events, "view": game.view()}


def refusal(exc: Illegal | InputError) -> dict[str, Any]:
    """A refusal as recorded: its class, message, and code, parameters and path."""
    if isinstance(exc, Illegal):
        return {"class": "Illegal", "message": str(exc), "code": exc.code, "params": exc.params}
    return {"class": "InputError", "message": str(exc),
            "problems": [p.to_json() for p in exc.problems]}


def replays(spec: Spec, accepted: list[Any]) -> dict[str, Any]:
    """What the stored-game replay path makes of the accepted actions, under these rules and the first."""
    rules = material(spec.material)
    setup = parse_setup(rules, spec.setup)
    out: dict[str, Any] = {}
    for under in (2, 1):
        try:
            game = replay(rules, setup, accepted, id=f"g{setup.seed}", lang=spec.lang, recorded_under=under)
        except Illegal as exc:
            out[str(under)] = {"refused": refusal(exc)}
        else:
            out[str(under)] = {"view": game.view()}
    return out


def new_game(spec: Spec) -> Game:
    rules = material(spec.material)
    setup = parse_setup(rules, spec.setup)
    return Game.new(rules, setup, id=f"g{setup.seed}", lang=spec.lang)


def record_game(spec: Spec) -> dict[str, Any]:
    """Play one game by the seeded policy, recording every action sent and every answer."""
    game = new_game(spec)
    rng = random.Random(spec.setup["seed"])
    bot = Bot(game.rules)
    steps: list[dict[str, Any]] = [{"action": None, "view": game.view()}]
    accepted: list[Any] = []
    while len(steps) <= spec.cut:
        if game.over:
            doc = bad_action(game, rng) if spec.refusing and len(steps) % 2 else None
            if doc is None:
                break
        elif spec.refusing and rng.random() < 0.12:
            doc = bad_action(game, rng)
        else:
            doc = staying_action(game, rng) if spec.stays else good_action(game, bot, rng)
        step = answer(game, doc)
        if "events" in step:
            accepted.append(doc)
        steps.append({"action": doc, **step})
    return {"spec": spec.to_json(), "steps": steps, "hints": game.hints(), "replay": replays(spec, accepted)}


def replayed(recorded: Mapping[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """Each recorded answer beside the engine's answer now, with where it stands in the game."""
    s = recorded["spec"]
    spec = Spec(s["material"], s["setup"], s["lang"], s["refusing"], s["cut"], s["stays"])
    game = new_game(spec)
    steps = recorded["steps"]
    yield "setup view", steps[0]["view"], game.view()
    accepted = []
    for number, step in enumerate(steps[1:], 1):
        now = answer(game, step["action"])
        if "events" in now:
            accepted.append(step["action"])
        yield f"action {number} {json.dumps(step['action'])}", {k: v for k, v in step.items() if k != "action"}, now
    yield "hints", recorded["hints"], answer_before_steps(game.hints())
    yield "replay", recorded["replay"], replays(spec, accepted)


def text(value: Any) -> str:
    """The JSON text compared byte for byte: keys in their order, words as they are."""
    return json.dumps(value, ensure_ascii=False)


def record_corpus() -> list[dict[str, Any]]:
    return [record_game(spec) for spec in specs()]


@cache
def corpus() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        games: list[dict[str, Any]] = json.load(f)
    return games


def trail_entries(games: list[dict[str, Any]]) -> Iterator[Mapping[str, Any]]:
    for game in games:
        yield from game["steps"][-1]["view"]["trail"]


def answer_before_steps(hints: HintsJSON) -> dict[str, Any]:
    """The hints as recorded before they came in steps (SPEC 10): the answer, step 3, now says its step."""
    assert hints["step"] == 3
    return {key: value for key, value in hints.items() if key != "step"}


def refusal_code(refused: Mapping[str, Any]) -> str:
    code: str = refused["code"] if refused["class"] == "Illegal" else refused["problems"][0]["refusal"]
    return code


def test_the_corpus_covers_every_mode_fog_result_and_refusal() -> None:
    """Every mode, ending and fog card result; every refusal but the suit card's absence (each lady of
    both card sets has a partner) and the stored game's, which the replays show."""
    games = corpus()
    assert {g["spec"]["setup"]["mode"] for g in games} == set(MODES)
    assert {e["result"] for e in trail_entries(games) if e["kind"] == "fog_card"} == set(get_args(FogResult))
    assert {g["steps"][-1]["view"]["state"] for g in games} == {"won", "lost", "playing"}
    refused = {refusal_code(s["refused"]) for g in games for s in g["steps"] if "refused" in s}
    refused |= {refusal_code(r["refused"]) for g in games for r in g["replay"].values() if "refused" in r}
    assert refused == set(REFUSAL_CODES) - {"no-suit-card"}


@pytest.mark.parametrize("number", range(len(specs())))
def test_recorded_games_play_the_same(number: int) -> None:
    for where, before, now in replayed(corpus()[number]):
        assert text(now) == text(before), f"game {number}, {where}"


if __name__ == "__main__":  # regenerate the corpus (see the module's docstring)
    with gzip.open(CORPUS, "wt", encoding="utf-8") as out:
        json.dump(record_corpus(), out, ensure_ascii=False)
