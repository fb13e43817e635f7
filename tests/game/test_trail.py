"""The player's trail (SPEC 8): every view holds it, it holds only what the player saw or
did, and the WHERE hints are exactly what the public tracker makes of it.

Games are played on the small ring world (tests/game_fixtures.py) and on the shipped data,
by random legal actions (fog cards included) and by the bot.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from deduce.game.bot import Bot
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.setup import parse_setup
from deduce.game.trail import TRAIL_FIELDS, TRAIL_KINDS, TrailEntryJSON, track_query_from_trail
from deduce.shipped import load_rules
from deduce.where.query import parse_track_query
from deduce.where.tracker import track
from tests.game.test_game import random_action
from tests.game_fixtures import ring_rules

RING = ring_rules()
SHIPPED = load_rules()
MODES = ["training", "easy", "normal", "advanced", "expert"]
#: Fields an entry may carry beyond those of its kind (SPEC 8: "other fields may be added").
OPTIONAL = {"search": {"fog_card"}, "fog_card": {"location"}}


def query_doc(view: dict[str, Any]) -> dict[str, Any]:
    """The tracking query JSON of SPEC 6, written from the VIEW JSON alone (the way a client
    would, without the engine's helpers): the trail's landmark, fog and search entries."""
    observations: list[dict[str, Any]] = []
    for e in view["trail"]:
        if e["kind"] == "landmark":
            observations.append({"slot": e["slot"], "landmark": e["landmark"]})
        elif e["kind"] == "fog":
            observations.append({"slot": e["slot"], "fog": True})
        elif e["kind"] == "search":
            observations.append({"slot": e["slot"], "searched": e["location"], "found": e["found"]})
    return {"length": view["length"], "moves": view["moves"], "now": view["slot"], "observations": observations}


def check_view(game: Game) -> None:
    """The view's trail is well formed, and the game's hints are what the tracker makes of it."""
    view = json.loads(json.dumps(game.view()))  # as a client receives it
    trail = view["trail"]
    for entry in trail:
        kind = entry["kind"]
        assert kind in TRAIL_KINDS and isinstance(entry["slot"], int) and entry["slot"] >= 0
        fields = set(entry) - {"slot", "kind"}
        assert set(TRAIL_FIELDS[kind]) <= fields <= set(TRAIL_FIELDS[kind]) | OPTIONAL.get(kind, set()), entry
    assert [e["slot"] for e in trail if e["kind"] in ("landmark", "fog")][-1:] == [view["slot"]] or game.over
    where = game.hints()["where"]
    rules = game.rules
    assert track(rules.board, parse_track_query(rules.board, query_doc(view))).to_json() == where
    query = track_query_from_trail(trail, view["length"], view["moves"], view["slot"])
    assert track(rules.board, query).to_json() == where


def play_checked(game: Game, choose: Callable[[Game], dict[str, Any]], limit: int = 300) -> None:
    check_view(game)
    while not game.over and game.version < limit:
        game.act(choose(game))
        check_view(game)


@pytest.mark.parametrize("rules", [RING, SHIPPED], ids=["ring", "shipped"])
def test_hints_are_the_trail_tracked_in_random_games(rules: Rules) -> None:
    for seed in range(10):
        rng = random.Random(seed)
        game = Game.new(rules, parse_setup(rules, {"mode": MODES[seed % 5], "seed": seed}))

        play_checked(game, partial(random_play, rules, rng=rng))


def random_play(rules: Rules, game: Game, rng: random.Random) -> dict[str, Any]:
    """A random legal action, confronting seldom (so that games last)."""
    action = random_action(game, rng) if rules is RING else shipped_random_action(game, rng)
    return {"action": "pass"} if action["action"] == "confront" and rng.random() < 0.8 else action


def shipped_random_action(game: Game, rng: random.Random) -> dict[str, Any]:
    name = rng.choice(game.legal_actions())
    board = game.board
    if name == "move":
        return {"action": "move", "to": rng.choice(sorted(board.neighbours(game.table.pawn)))}
    if name == "confront":
        return {"action": "confront", "traits": rng.sample(game.cards.trait_ids, 3)}
    if name == "resolve":
        pending = game.pending
        assert pending is not None
        if pending.asks == "path":
            return {"action": "resolve", "path": [rng.choice(sorted(board.neighbours(game.table.pawn)))]}
        return {"action": "resolve", pending.asks: rng.choice(pending.choices)}
    return {"action": name}


@pytest.mark.parametrize("rules", [RING, SHIPPED], ids=["ring", "shipped"])
def test_hints_are_the_trail_tracked_in_bot_games(rules: Rules) -> None:
    bot = Bot(rules)
    for seed in range(6):
        game = Game.new(rules, parse_setup(rules, {"mode": MODES[seed % 5], "seed": seed}))
        play_checked(game, lambda g: bot.choose(g.player_view(), g.legal_actions(), g.pending))


def test_the_first_card_is_on_the_trail_and_in_the_hints() -> None:
    """Issue 10's example: seed 11 at the Globe. Slot 0 was used by the hints but shown nowhere;
    now it is the trail's first landmark, and the hints rest on what was shown."""
    game = Game.new(SHIPPED, parse_setup(SHIPPED, {"seed": 11, "start": "globe"}))
    view = game.view()
    first = SHIPPED.board.landmark_of(game.deck.location(0))
    assert view["slot"] == 1 and view["trail"][:2] == [
        {"slot": 0, "kind": "key", "location": "globe"}, {"slot": 0, "kind": "landmark", "landmark": first}]
    check_view(game)
    now = game.hints()["where"]["now"]["locations"]
    assert {loc for loc, p in now.items() if p} == {"globe", "the-rose"}
    # without slot 0 (what the player was shown before), the odds were another game's
    unseen = [e for e in view["trail"] if e["slot"] != 0]
    other = track(SHIPPED.board, track_query_from_trail(unseen, view["length"], view["moves"], 1))
    assert other.to_json()["now"]["locations"]["the-curtain"] > 0.8


def test_the_trail_is_true_and_in_order() -> None:
    """Each landmark, fog and search entry says what the hidden deck holds; slots never go back
    except for what a fog card shows ahead; countdown and flee entries add up."""
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(RING, parse_setup(RING, {"mode": MODES[seed % 5], "seed": seed}))
        while not game.over:
            game.act(random_action(game, rng))
        trail = game.view()["trail"]
        for e in trail:
            where = game.deck.location(e["slot"])
            if e["kind"] == "landmark":
                assert RING.board.landmark_of(where) == e["landmark"]
            elif e["kind"] == "search":
                assert (where == e["location"]) == e["found"]
        tops = [e["slot"] for e in trail if e["kind"] in ("landmark", "fog") and "fog_card" not in e]
        assert tops[0] == 0
        countdowns = [e["value"] for e in trail if e["kind"] == "countdown"]
        start = 3 if game.setup.mode == "easy" else 2
        assert countdowns == list(range(start - 1, start - 1 - len(countdowns), -1))
        clues = [e["card"] for e in trail if e["kind"] == "clue" and not e["suit_card"]]
        assert clues == game.table.clues


def test_the_trail_holds_nothing_the_player_could_not_know() -> None:
    """No stealth card ids, no Dark Lady, no unrevealed clue or fog card, and her location
    only where a search (or a fog card) showed it; the trail grows and never changes its past."""
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(SHIPPED, parse_setup(SHIPPED, {"mode": MODES[seed % 5], "seed": seed}))
        card_ids = {c for c, _ in game.deck.cards}
        before: list[TrailEntryJSON] = []
        seen_fog: set[str] = set()
        while not game.over:
            trail = game.view()["trail"]
            assert trail[:len(before)] == before
            before = trail
            text = json.dumps(trail)
            assert not any(json.dumps(c) in text for c in card_ids)
            hidden = {game.deal.dark_lady, game.suit_card or "", *game.table.clue_deck}
            hidden -= set(game.table.clues) | ({game.suit_card} if game.table.suit_card_revealed else set())
            assert not any(json.dumps(c) in text for c in hidden if c)
            assert {e["card"] for e in trail if e["kind"] == "fog_card"} <= seen_fog  # only fog cards turned up
            assert not any(f'"{f}"' in text for f in {f.id for f in SHIPPED.fog} - seen_fog)
            for e in trail:
                if e["kind"] == "search" and e["found"]:
                    assert e["location"] == game.deck.location(e["slot"])
                assert "found" not in e or e["kind"] == "search"
            events = game.act(shipped_random_action(game, rng))
            seen_fog |= {e["params"]["card"] for e in events if e["code"] == "fog"}
