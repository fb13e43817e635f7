"""Persistence of games (deduce/gamestore.py): durable actions, versions, tokens, replay."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from deduce.errors import Conflict, GameNotFound, Illegal, InputError, Unauthorized
from deduce.game.game import RULES_VERSION, Game, ReplayRefused, replay
from deduce.game.setup import parse_setup
from deduce.game.store import GameStore
from tests.game.test_game import random_action
from tests.game_fixtures import ring_rules

RULES = ring_rules()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    s = GameStore(tmp_path / "var" / "games.sqlite3", RULES)
    yield s
    s.close()


def test_games_survive_a_new_store(store: GameStore, tmp_path: Path) -> None:
    game, token = store.create({"seed": 4, "start": "l0"})
    store.act(game.id, token, 0, {"action": "move", "to": "l1"})
    store.act(game.id, token, 1, {"action": "pass"})
    view = store.get(game.id, token).view()
    again = GameStore(store.path, RULES)
    assert again.get(game.id, token).view() == view and view["version"] == 2
    again.close()


def test_token_is_stored_only_as_a_hash(store: GameStore) -> None:
    _game, token = store.create({})
    rows = sqlite3.connect(store.path).execute("SELECT * FROM games").fetchall()
    assert token not in repr(rows) and len(rows) == 1


def test_wrong_or_missing_token(store: GameStore) -> None:
    game, token = store.create({})
    with pytest.raises(Unauthorized):
        store.get(game.id, None)
    with pytest.raises(GameNotFound):
        store.get(game.id, token + "x")
    with pytest.raises(GameNotFound):
        store.get("nope", token)
    with pytest.raises(GameNotFound):
        store.act(game.id, "forged", 0, {"action": "pass"})
    assert store.get(game.id, token).view()["version"] == 0


def test_stale_version_conflicts_and_changes_nothing(store: GameStore) -> None:
    game, token = store.create({"start": "l0"})
    store.act(game.id, token, 0, {"action": "pass"})
    with pytest.raises(Conflict):
        store.act(game.id, token, 0, {"action": "pass"})
    with pytest.raises(Conflict):
        store.act(game.id, token, 5, {"action": "pass"})
    with pytest.raises(InputError):
        store.act(game.id, token, "1", {"action": "pass"})
    assert store.get(game.id, token).view()["version"] == 1


def test_illegal_actions_are_not_stored(store: GameStore) -> None:
    game, token = store.create({"start": "l0"})
    before = store.get(game.id, token).view()
    with pytest.raises(Illegal):
        store.act(game.id, token, 0, {"action": "move", "to": "l5"})
    with pytest.raises(InputError):
        store.act(game.id, token, 0, {"action": "jump"})
    assert store.get(game.id, token).view() == before
    assert sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0


def test_concurrent_actions_on_one_version_one_wins(store: GameStore) -> None:
    game, token = store.create({"start": "l0"})
    results: list[str] = []

    def go() -> None:
        try:
            store.act(game.id, token, 0, {"action": "pass"})
            results.append("ok")
        except Conflict:
            results.append("conflict")

    threads = [threading.Thread(target=go) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["conflict"] * 7 + ["ok"]
    assert store.get(game.id, token).view()["version"] == 1


def test_two_stores_on_one_database_see_each_other(store: GameStore) -> None:
    game, token = store.create({"start": "l0"})
    other = GameStore(store.path, RULES)
    other.get(game.id, token)                      # cached there at version 0
    store.act(game.id, token, 0, {"action": "pass"})
    assert other.get(game.id, token).view()["version"] == 1
    with pytest.raises(Conflict):
        other.act(game.id, token, 0, {"action": "pass"})
    other.close()


def test_an_action_stored_first_elsewhere_while_the_rules_ran_wins(store: GameStore,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The version is checked, the rules play the action with no lock held, and meanwhile another
    process (another store on the file) stores its own action on that version: the compare-and-set
    refuses the first one, and nothing of it is written."""
    game, token = store.create({"start": "l0"})
    other = GameStore(store.path, RULES)
    plain_act = Game.act

    def act_while_another_process_acts(self: Game, doc: Mapping[str, Any]) -> Any:
        monkeypatch.setattr(Game, "act", plain_act)
        other.act(game.id, token, 0, {"action": "move", "to": "l1"})
        return plain_act(self, doc)

    monkeypatch.setattr(Game, "act", act_while_another_process_acts)
    with pytest.raises(Conflict, match="the game is at version 1; you acted on version 0"):
        store.act(game.id, token, 0, {"action": "pass"})
    rows = sqlite3.connect(store.path).execute("SELECT action FROM actions").fetchall()
    assert [json.loads(row[0]) for row in rows] == [{"action": "move", "to": "l1"}]
    assert store.get(game.id, token).view()["version"] == 1
    other.close()


def test_bad_setup_creates_nothing(store: GameStore) -> None:
    with pytest.raises(InputError):
        store.create({"mode": "impossible"})
    assert sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


# -- games recorded under older rules ------------------------------------------------------

def recorded(store: GameStore, setup: dict[str, Any], actions: list[dict[str, Any]],
             rules: int | None = None) -> tuple[str, str]:
    """A game written to the database as an older engine did: the setup without the rules
    version (or with ``rules``), and its actions, none of them checked now."""
    game, token = store.create(setup)
    db = sqlite3.connect(store.path)
    doc = {k: v for k, v in json.loads(db.execute("SELECT setup FROM games").fetchone()[0]).items() if k != "rules"}
    assert json.loads(db.execute("SELECT setup FROM games").fetchone()[0])["rules"] == RULES_VERSION
    if rules is not None:
        doc["rules"] = rules
    with db:
        db.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps(doc), game.id))
        db.executemany("INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, 0)",
                       [(game.id, i, json.dumps(a)) for i, a in enumerate(actions)])
    db.close()
    return game.id, token


def test_old_games_that_play_the_same_replay(store: GameStore) -> None:
    actions = [{"action": "move", "to": "l1"}, {"action": "pass"}, {"action": "search"}, {"action": "pass"}]
    gid, token = recorded(store, {"seed": 4, "start": "l0"}, actions)
    fresh = GameStore(store.path, RULES)
    game = fresh.get(gid, token)
    expected = Game.new(RULES, parse_setup(RULES, {"seed": 4, "start": "l0"}), id=gid)
    for a in actions:
        expected.act(a)
    assert game.view() == expected.view() and game.version == 4
    fresh.act(gid, token, 4, {"action": "pass"})
    fresh.close()


def test_an_old_game_resumed_is_recorded_under_the_current_rules(store: GameStore) -> None:
    """Move then search plays the same in Training under both rules; the next actions (a search
    before a move, new in Training) are played, and replayed, under the current rules."""
    gid, token = recorded(store, {"mode": "training", "seed": 4, "start": "l0"},
                          [{"action": "move", "to": "l1"}, {"action": "search"}])
    fresh = GameStore(store.path, RULES)
    game, _ = fresh.act(gid, token, 2, {"action": "search"})
    game, _ = fresh.act(gid, token, 3, {"action": "move", "to": "l2"})
    again = GameStore(store.path, RULES)
    assert again.get(gid, token).view() == game.view() and game.version == 4
    again.close()
    fresh.close()


@pytest.mark.parametrize("setup, actions, reason", [
    ({"mode": "training", "seed": 4, "start": "l0"}, [{"action": "search"}, {"action": "pass"}],
     "search no longer ends the turn"),
    ({"mode": "training", "seed": 4, "start": "l0"}, [{"action": "search"}, {"action": "search"}],
     "search no longer ends the turn"),
])
def test_old_games_played_differently_now_are_refused_clearly(store: GameStore, setup: dict[str, Any],
                                                              actions: list[dict[str, Any]], reason: str) -> None:
    gid, token = recorded(store, setup, actions)
    fresh = GameStore(store.path, RULES)
    for attempt in (lambda: fresh.get(gid, token), lambda: fresh.act(gid, token, len(actions), {"action": "pass"})):
        with pytest.raises(ReplayRefused, match="recorded under older rules and cannot be resumed") as exc:
            attempt()
        assert reason in str(exc.value)
    assert sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM actions").fetchone()[0] == len(actions)
    fresh.close()


def test_old_games_that_used_the_lantern_are_refused() -> None:
    """Under the first rules the lantern returned a discarded fog card: such a game cannot go on."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game.new(RULES, parse_setup(RULES, {"seed": seed, "start": "l0"}))
        actions: list[Mapping[str, Any]] = []
        while not game.over:
            action = random_action(game, rng)
            lantern = (action["action"] == "fog" and game.table.fog_in_slot[game.slot] == "lantern"
                       and bool(game.table.fog_deck))
            game.act(action)
            actions.append(action)
            if lantern:
                break
        else:
            continue
        replay(RULES, game.setup, actions)  # the current rules replay it
        with pytest.raises(ReplayRefused, match="lantern"):
            replay(RULES, game.setup, actions, recorded_under=1)
        return
    pytest.fail("no random game used the lantern")


def test_stored_actions_refused_now_are_a_clear_refusal(store: GameStore) -> None:
    gid, token = recorded(store, {"seed": 4, "start": "l0"}, [{"action": "pass"}, {"action": "fly"}],
                          rules=RULES_VERSION)
    fresh = GameStore(store.path, RULES)
    with pytest.raises(ReplayRefused, match="cannot be replayed: action 2 is refused now"):
        fresh.get(gid, token)
    fresh.close()
