"""Every way a game ends (issue 6, "done when"): a win, and each kind of loss, played to
the end through both front ends — the HTTP API (api/games.py) and the terminal game
(deduce/gamecli.py ``play_session``).

The way to each ending is planned once on a local replica of the game (the API's rules and
the same seed, so the same deal): the planner reads the hidden state — where she is, which
fog card lies in which slot — to choose its moves, but changes the replica only through
``Game.act``, so its actions are a game any player could have played. A bounded search over
seeds picks the first one whose plan reaches the ending asked for. The plan is then sent
action by action to the API and typed command by command into the terminal, and both must
end exactly as planned, without the Dark Lady showing before the end.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from deduce.cli.play import play_session
from deduce.game.bot import step_towards
from deduce.game.game import Game, replay
from deduce.game.hand import who
from deduce.game.scoring import rank
from deduce.game.setup import parse_setup
from deduce.game.view import ViewJSON
from deduce.shipped import load_rules
from tests.game.test_game import end_of
from tests.game_fixtures import game_client, game_store, truthful_cards

CARDS = truthful_cards()
#: The rules the API plays with: the shipped board, stealth deck and fog cards, these cards.
RULES = load_rules(cards=CARDS)
#: Seeds tried when looking for a game that reaches an ending.
SEEDS = 40
PASS, SEARCH, FOG = {"action": "pass"}, {"action": "search"}, {"action": "fog"}


# -- planning on a replica (white-box: reads the hidden state, acts like a player) ---------

class Planner:
    """A replica of a game, and the actions taken on it so far."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.game = Game.new(RULES, parse_setup(RULES, setup))
        self.actions: list[dict[str, Any]] = []

    def act(self, action: dict[str, Any]) -> None:
        self.game.act(action)
        self.actions.append(action)

    def her_place(self, ahead: int = 0) -> str:
        """Where she is ``ahead`` rounds from now, if she does not flee meanwhile."""
        return self.game.deck.location(self.game.table.pos + ahead)

    def fog_on_top(self, ahead: int = 0) -> bool:
        return (self.game.table.pos + ahead) % self.game.length in self.game.table.fog_in_slot

    def she_is_here(self) -> bool:
        return self.her_place() == self.game.table.pawn

    def catch(self) -> bool:
        """Walk (or wait) to where she will be, on a turn her card can be searched; the
        fewest rounds, found breadth-first over (round, pawn). False if the game ends on
        the way or no such turn comes within two trips through the deck."""
        board = RULES.board
        routes: dict[str, list[dict[str, Any]]] = {self.game.table.pawn: []}
        for ahead in range(2 * self.game.length):
            route = routes.get(self.her_place(ahead))
            if route is not None and not self.fog_on_top(ahead):
                for action in route:
                    self.act(action)
                    if self.game.over:
                        return False
                return True
            later: dict[str, list[dict[str, Any]]] = {}
            for place, route in routes.items():
                later.setdefault(place, [*route, PASS])
                for to in sorted(board.neighbours(place)):
                    later.setdefault(to, [*route, {"action": "move", "to": to}])
            routes = later
        return False

    def claim_every_key(self) -> None:
        """Walk to the nearest location whose key is not claimed, until every key is."""
        board = RULES.board
        while not self.game.over and self.game.table.visited != set(board.location_ids):
            step = step_towards(board, self.game.table.pawn, set(board.location_ids) - self.game.table.visited)
            self.act({"action": "move", "to": step})

    def her_traits(self) -> list[str]:
        return list(CARDS.lady(self.game.deal.dark_lady).traits)


def win(p: Planner) -> None:
    """Claim every key and reveal the suit card (without it the clue deck alone proves her
    traits in none of the seeds tried), catch her for clues until the clues prove her
    traits, then catch her once more and confront her with them."""
    p.claim_every_key()
    if p.game.over:
        return
    p.act({"action": "reveal_suit_card"})
    while who(CARDS, p.game.player_view().hand).status != "solved":
        if not p.catch():
            return
        p.act(SEARCH)
        if p.game.over:
            return
    if p.catch():
        p.act({"action": "confront", "traits": p.her_traits()})


def wrong_traits(p: Planner) -> None:
    """Catch her at once and confront her with traits that are not hers."""
    wrong = next(list(lady.traits) for lady in CARDS.ladies if list(lady.traits) != p.her_traits())
    if p.catch():
        p.act({"action": "confront", "traits": wrong})


def countdown(p: Planner) -> None:
    """Never do anything: the countdown card comes up a third time, showing 0."""
    while not p.game.over:
        p.act(PASS)


def search_without_fog(p: Planner) -> None:
    """Search wherever she is not, until a search finds no fog card to slide under."""
    while not p.game.over:
        p.act(SEARCH if "search" in p.game.legal_actions() and not p.she_is_here() else PASS)


def fog_with_empty_deck(p: Planner) -> None:
    """Search wherever she is not until the fog deck is empty, then use the first fog card
    that comes up."""
    while not p.game.over:
        if p.game.table.fog_deck:
            p.act(SEARCH if "search" in p.game.legal_actions() and not p.she_is_here() else PASS)
        else:
            p.act(FOG if p.game.top_is_fog else PASS)


def impossible_fog(p: Planner) -> None:
    """Never move (so no neighbouring location is ever visited) and search until the
    crowd card lies in the stealth deck; use it when it comes up: it must take the pawn
    to a visited neighbouring location, and there is none."""
    s = p.game.table
    while not p.game.over:
        if p.game.top_is_fog and s.fog_in_slot[p.game.slot] == "crowd":
            p.act(FOG)
        elif ("crowd" not in s.fog_in_slot.values() and "search" in p.game.legal_actions()
              and not p.she_is_here()):
            p.act(SEARCH)
        else:
            p.act(PASS)


@dataclass(frozen=True)
class Ending:
    """A way for a game to end: how to play towards it, and what the end must say."""

    name: str
    setup: dict[str, Any]
    play: Callable[[Planner], None]
    state: str
    reason: str
    last_action: str


ENDINGS = {e.name: e for e in (
    Ending("win", {}, win, "won", "unmasked", "confront"),
    Ending("countdown", {}, countdown, "lost", "countdown", "pass"),
    Ending("search-without-fog", {}, search_without_fog, "lost", "no-fog-card", "search"),
    Ending("fog-with-empty-deck", {}, fog_with_empty_deck, "lost", "no-fog-card", "fog"),
    Ending("impossible-fog", {"start": "globe"}, impossible_fog, "lost", "fog-impossible", "fog"),
    Ending("wrong-traits", {}, wrong_traits, "lost", "wrong-traits", "confront"),
)}


@dataclass(frozen=True)
class Plan:
    setup: dict[str, Any]
    actions: tuple[dict[str, Any], ...]
    final_view: ViewJSON


@cache
def plan(name: str) -> Plan:
    """The first seed's game (of :data:`SEEDS`) that the ending's planner brings to that ending."""
    ending = ENDINGS[name]
    for seed in range(SEEDS):
        setup = {**ending.setup, "seed": seed}
        p = Planner(setup)
        ending.play(p)
        end = p.game.end
        reached = (p.game.state, end.reason, p.actions[-1]["action"]) if end else None
        if reached == (ending.state, ending.reason, ending.last_action):
            return Plan(setup, tuple(p.actions), p.game.view())
    pytest.fail(f"no seed below {SEEDS} reaches the ending {name!r}")


def test_plans_are_games_a_player_could_play() -> None:
    """Replaying a plan from its setup rebuilds the planned game (so the planner changed
    nothing behind the rules' back), and each loss comes about the way its name says."""
    for name in ENDINGS:
        p = plan(name)
        game = replay(RULES, parse_setup(RULES, p.setup), list(p.actions))
        assert game.view() == p.final_view
        before = replay(RULES, parse_setup(RULES, p.setup), list(p.actions[:-1])).view()
        assert before["state"] == "playing" and p.actions[-1]["action"] in before["actions"]
        if name == "countdown":
            # 2 -> 1 -> 0, then it comes up showing 0: three trips through the deck
            assert before["countdown"] == 0 and len(p.actions) == 3 * before["length"] - 1
        if name in ("search-without-fog", "fog-with-empty-deck"):
            assert before["fog_deck"] == 0
        if name == "fog-with-empty-deck":
            assert before["top"] == {"fog": True}
        if name == "impossible-fog":
            assert not set(RULES.board.neighbours(before["pawn"])) & set(before["visited"])


# -- the dark lady must not show before the end ---------------------------------------

def dark_lady_pattern(dark_id: str) -> re.Pattern[str]:
    """Her card id (quoted, as JSON holds it) or her name (as text holds it; 'Lady 1' must
    not match 'Lady 10')."""
    lady = CARDS.lady(dark_id)
    return re.compile(rf'"{re.escape(lady.id)}"|{re.escape(lady.name.get())}(?![\w-])')


def trait_sets(doc: Any) -> Iterator[frozenset[str]]:
    """Every list of strings anywhere in a JSON document, as a set."""
    if isinstance(doc, dict):
        for value in doc.values():
            yield from trait_sets(value)
    elif isinstance(doc, list):
        if doc and all(isinstance(x, str) for x in doc):
            yield frozenset(doc)
        for value in doc:
            yield from trait_sets(value)


def assert_no_dark_lady(text: str, dark_id: str) -> None:
    assert not dark_lady_pattern(dark_id).search(text), text
    assert frozenset(CARDS.lady(dark_id).traits) not in set(trait_sets(json.loads(text))), text


# -- the API ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with game_client(tmp_path_factory.mktemp("endings"), CARDS) as c:
        yield c


class ApiGame:
    """A game created and played through HTTP only."""

    def __init__(self, client: TestClient, setup: dict[str, Any]) -> None:
        self.client = client
        r = client.post("/v1/games", json=setup)
        assert r.status_code == 201, r.text
        self.id, self.token, self.view = r.json()["id"], r.json()["token"], r.json()["view"]
        self.texts = [r.text]
        self.events: list[dict[str, Any]] = []

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def act(self, action: dict[str, Any]) -> None:
        r = self.client.post(f"/v1/games/{self.id}/actions", json={"version": self.view["version"], **action},
                             headers=self.headers)
        assert r.status_code == 200, (action, r.text)
        self.texts.append(r.text)
        self.view, self.events = r.json()["view"], r.json()["events"]

    def get(self) -> dict[str, Any]:
        r = self.client.get(f"/v1/games/{self.id}", headers=self.headers)
        assert r.status_code == 200, r.text
        self.texts.append(r.text)
        view: dict[str, Any] = r.json()
        return view


@pytest.mark.parametrize("name", ENDINGS)
def test_api_game_ends(client: TestClient, name: str) -> None:
    ending, p = ENDINGS[name], plan(name)
    game = ApiGame(client, p.setup)
    dark = game_store(client)._cache[game.id].deal.dark_lady
    for action in p.actions[:-1]:
        game.act(action)
        assert game.view["state"] == "playing"
    game.get()
    for text in game.texts:
        assert_no_dark_lady(text, dark)
    if name == "win":  # the player can see that the clues prove her traits (so they show here)
        hints = client.get(f"/v1/games/{game.id}/hints", headers=game.headers)
        assert not dark_lady_pattern(dark).search(hints.text)
        assert hints.json()["who"]["status"] == "solved"
        assert set(hints.json()["who"]["dark_lady"]) == set(CARDS.lady(dark).traits)
    game.act(p.actions[-1])
    view, end = game.view, game.view["end"]
    assert view == p.final_view | {"id": game.id}
    assert (view["state"], end["reason"]) == (ending.state, ending.reason)
    assert view["actions"] == [] and end["dark_lady"]["card"] == dark and dark_lady_pattern(dark).search(game.texts[-1])
    last = dict(game.events[-1])
    code, params = last.pop("code"), last.pop("params")
    assert last == {"event": "end", "text": end["message"], "state": ending.state, "reason": ending.reason}
    assert code.startswith(f"end.{ending.reason}")
    assert params == {"state": ending.state, "reason": ending.reason} | (
        {"dark_lady": dark} if ending.reason in ("unmasked", "wrong-traits") else {})
    assert game.get() == view
    after = client.post(f"/v1/games/{game.id}/actions", json={"version": view["version"], "action": "pass"},
                        headers=game.headers)
    assert after.status_code == 409 and game.get() == view
    check_end(name, end, game.events)


def check_end(name: str, end: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """What the end summary and the last events must say for each ending."""
    if name == "win":
        assert end["confronted"]["verdict"] == "proven" and end["proven"] is True
        assert set(end["confronted"]["traits"]) == set(end["dark_lady"]["traits"])
        assert isinstance(end["score"], int) and (end["rank"], end["rank_name"]) == rank(end["score"])
    else:
        assert end["score"] is None and end["rank"] is None
    if name == "wrong-traits":
        assert end["confronted"]["verdict"] == "wrong"
        assert set(end["confronted"]["traits"]) != set(end["dark_lady"]["traits"])
    kinds = [e["event"] for e in events]
    if name == "impossible-fog":  # the crowd card is turned over, then cannot be carried out
        assert kinds == ["fog", "end"] and events[0]["card"] == "crowd"
    if name in ("search-without-fog", "fog-with-empty-deck"):  # nothing happens but the loss
        assert kinds == ["end"]
    if name == "countdown":
        assert kinds == ["pass", "end"]


# -- the terminal -------------------------------------------------------------------

def command(action: dict[str, Any]) -> str:
    """The line a player types for an action (ids, not numbers)."""
    name = action["action"]
    if name == "move":
        return f"m {action['to']}"
    if name == "confront":
        return "c " + " ".join(action["traits"])
    return {"pass": "p", "search": "s", "fog": "f", "reveal_suit_card": "u"}[name]


@pytest.mark.parametrize("name", ENDINGS)
def test_terminal_game_ends(name: str) -> None:
    ending, p = ENDINGS[name], plan(name)
    out = Console(record=True, width=120, color_system=None)
    shown_before_end: list[str] = []

    def typed() -> Iterator[str]:
        for action in p.actions[:-1]:
            yield command(action)
        if name == "win":
            yield from ("h", "h", "h")  # nudge, focus, then the hints (the next command stops them)
        shown_before_end.append(out.export_text(clear=False))
        yield command(p.actions[-1])
        if name == "wrong-traits":
            yield "y"  # the terminal asks before a confrontation the clues do not prove

    game = play_session(RULES, p.setup, typed(), out)
    text = out.export_text()
    end = end_of(game.view())
    assert "Not possible" not in text and game.version == len(p.actions)
    assert game.view() == p.final_view
    assert (game.state, end["reason"]) == (ending.state, ending.reason)
    dark = CARDS.lady(game.deal.dark_lady)
    assert shown_before_end and not dark_lady_pattern(dark.id).search(shown_before_end[0])
    after = text[len(shown_before_end[0]):]
    assert end["message"] in after and f"The Dark Lady was {dark.name.get()}" in after
    assert ("You win" if ending.state == "won" else "You lose") in after
    if name == "win":
        assert "Dark Lady: solved" in shown_before_end[0] and "She is: " in shown_before_end[0]
        assert "Your clues proved her traits." in after and "Score, as the rulebook counts it:" in after
        assert f"Total score {end['score']} (" in after
