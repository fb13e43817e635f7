"""A small, fully known world for rules tests: a ring map, one stealth walk, and a
truthful card set generated from trait sets (so every key tells the truth by construction).

Independent of the shipped data, so the rules tests do not move when the data is redesigned.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from deduce.errors import InputError
from deduce.game import fogfile
from deduce.game.material import Rules, StealthOrder
from deduce.game.store import GameStore
from deduce.shipped import data_path
from deduce.text.names import Names
from deduce.where.board import Board, Landmark, Location
from deduce.where.stealth import Moves
from deduce.who import cardfile
from deduce.who.cardfile import parse as parse_cards
from deduce.who.cards import CardSet

if TYPE_CHECKING:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from api.quotas import ClientQuotas

RING = [f"l{i}" for i in range(11)]
MARKS = ("tower", "church", "tavern", "bridge")


def ring_board() -> Board:
    """Eleven locations in a ring (l0 - l1 - ... - l10 - l0), four landmarks in turn."""
    landmarks = tuple(Landmark(m, Names({"en": m.title()})) for m in MARKS)
    locations = tuple(Location(loc, Names({"en": loc.upper()}), MARKS[i % 4]) for i, loc in enumerate(RING))
    paths = tuple((RING[i], RING[(i + 1) % 11]) for i in range(11))
    return Board("Ring", landmarks, locations, paths)


#: A 26-card closed walk on the ring: twice round, then l0 l1 l0 l1.
WALK = RING + RING + ["l0", "l1", "l0", "l1"]
#: A may-stay walk: the same, with l5 twice in a row.
STAY_WALK = [*RING[:6], "l5", *RING[6:], *RING, "l0", "l1", "l0"]


def ring_order(choice: Mapping[str, Any], reverse: bool) -> StealthOrder:
    """Position 1 is WALK, position 5 STAY_WALK; rulebook 'short' is a 12-card walk."""
    kind, value = next(iter(choice.items()))
    moves: Moves
    if kind == "position" and value == 1:
        walk, moves = WALK, "always"
    elif kind == "position" and value == 5:
        walk, moves = STAY_WALK, "may_stay"
    elif kind == "rulebook" and value == "short":
        walk, moves = [*RING, "l0"], "may_stay"
    else:
        raise InputError.at(("sequence",), f"unknown sequence {choice!r}")
    if reverse:
        walk = list(reversed(walk))
    cards = tuple((f"c{i}", loc) for i, loc in enumerate(walk))
    return StealthOrder(f"{kind}-{value}", cards, moves)


TRAITS = ("literary", "married", "court", "musical", "children", "lover", "documented")
SUITS = ("rose", "acorn", "oak", "thistle", "bluebell", "sage")


def truthful_cards() -> CardSet:
    """Twelve ladies, two per suit, distinct trait sets, keys computed to be truthful."""
    triples = list(combinations(TRAITS, 3))[::3][:12]
    ladies: list[dict[str, Any]] = [
        {"id": f"lady-{i}", "name": f"Lady {i}", "suit": SUITS[i // 2], "traits": list(t)}
        for i, t in enumerate(triples)
    ]
    for c in ladies:
        key: dict[str, list[int]] = {}
        for s in SUITS:
            counts = sorted({len(set(c["traits"]) & set(d["traits"])) for d in ladies
                             if d["suit"] == s and d["id"] != c["id"]})
            key[s] = counts
        c["key"] = key
    doc = {
        "schema": 1, "name": "generated", "traits": [{"id": t} for t in TRAITS],
        "suits": [{"id": s} for s in SUITS], "ladies": ladies,
        "modes": {"easy": {s: SUITS[(i + 3) % 6] for i, s in enumerate(SUITS)},
                  "advanced": {s: SUITS[(i + 1) % 6] for i, s in enumerate(SUITS)}},
    }
    return parse_cards(doc)


def ring_rules() -> Rules:
    return Rules(truthful_cards(), ring_board(), fogfile.load(data_path("fog.yaml")), ring_order)


def lifted_quotas() -> ClientQuotas:
    """Per-client quotas for one address that stands for the many players of the tests (a test client,
    the browser tests' pages): past them it would be refused for the tests before it, not for what it
    sends. tests/api/test_quotas.py tests the quotas themselves."""
    from api.quotas import ClientQuotas

    return ClientQuotas(games=1_000_000, costly_in_flight=1_000, requests_per_second=1_000_000)


@contextmanager
def game_client(folder: Path, cards: CardSet) -> Iterator[TestClient]:
    """The HTTP API serving ``cards``, with a fresh games database in ``folder``. The test client is
    one address playing for the many players of a test module: its per-client quotas are lifted
    (tests/api/test_quotas.py tests them)."""
    from fastapi.testclient import TestClient  # only the API tests need the API

    from api.app import create_app
    path = folder / "cards.json"
    path.write_text(json.dumps(cardfile.to_json(cards)), encoding="utf-8")
    with TestClient(create_app(cards_path=path, games_db=folder / "games.sqlite3", quotas=lifted_quotas())) as client:
        yield client


def game_store(client: TestClient) -> GameStore:
    """The game store of the app a :func:`game_client` serves (white-box: tests read the hidden state there)."""
    games: GameStore = cast("FastAPI", client.app).state.games
    return games
