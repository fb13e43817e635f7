"""Persistence of games (deduce/gamestore.py): durable actions, versions, tokens, replay."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from deduce.errors import Conflict, GameNotFound, Illegal, InputError, Unauthorized
from deduce.game.store import GameStore
from tests.game_fixtures import ring_rules

RULES = ring_rules()


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "var" / "games.sqlite3", RULES)
    yield s
    s.close()


def test_games_survive_a_new_store(store, tmp_path):
    game, token = store.create({"seed": 4, "start": "l0"})
    store.act(game.id, token, 0, {"action": "move", "to": "l1"})
    store.act(game.id, token, 1, {"action": "pass"})
    view = store.get(game.id, token).view()
    again = GameStore(store.path, RULES)
    assert again.get(game.id, token).view() == view and view["version"] == 2
    again.close()


def test_token_is_stored_only_as_a_hash(store):
    _game, token = store.create({})
    rows = sqlite3.connect(store.path).execute("SELECT * FROM games").fetchall()
    assert token not in repr(rows) and len(rows) == 1


def test_wrong_or_missing_token(store):
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


def test_stale_version_conflicts_and_changes_nothing(store):
    game, token = store.create({"start": "l0"})
    store.act(game.id, token, 0, {"action": "pass"})
    with pytest.raises(Conflict):
        store.act(game.id, token, 0, {"action": "pass"})
    with pytest.raises(Conflict):
        store.act(game.id, token, 5, {"action": "pass"})
    with pytest.raises(InputError):
        store.act(game.id, token, "1", {"action": "pass"})
    assert store.get(game.id, token).view()["version"] == 1


def test_illegal_actions_are_not_stored(store):
    game, token = store.create({"start": "l0"})
    before = store.get(game.id, token).view()
    with pytest.raises(Illegal):
        store.act(game.id, token, 0, {"action": "move", "to": "l5"})
    with pytest.raises(InputError):
        store.act(game.id, token, 0, {"action": "jump"})
    assert store.get(game.id, token).view() == before
    assert sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0


def test_concurrent_actions_on_one_version_one_wins(store):
    game, token = store.create({"start": "l0"})
    results = []

    def go():
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


def test_two_stores_on_one_database_see_each_other(store):
    game, token = store.create({"start": "l0"})
    other = GameStore(store.path, RULES)
    other.get(game.id, token)                      # cached there at version 0
    store.act(game.id, token, 0, {"action": "pass"})
    assert other.get(game.id, token).view()["version"] == 1
    with pytest.raises(Conflict):
        other.act(game.id, token, 0, {"action": "pass"})
    other.close()


def test_bad_setup_creates_nothing(store):
    with pytest.raises(InputError):
        store.create({"mode": "impossible"})
    assert sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
