"""The game API (api/games.py): creation, tokens, actions, versions, hints, and that no
answer before the end gives away the hidden state. Played on the shipped board and
stealth deck with a generated truthful card set (tests/game_fixtures.py)."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from deduce.game.events import Words
from deduce.game.game import ACTION_FIELDS
from deduce.game.refusals import refusal_text
from deduce.shipped import load_cards
from deduce.text.refusals import REFUSAL_PHRASES
from tests.game_fixtures import game_client, game_store, truthful_cards

VIEW_FIELDS = {"id", "version", "state", "mode", "suit", "pawn", "visited", "top", "slot", "moves",
               "length", "countdown", "fog_deck", "clues", "suit_card", "pending", "actions", "end", "trail",
               "fog_warning"}
CARDS = truthful_cards()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with game_client(tmp_path_factory.mktemp("games"), CARDS) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(client: TestClient, **setup: Any) -> tuple[str, str, dict[str, Any]]:
    r = client.post("/v1/games", json=setup)
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == {"id", "token", "view"}
    return body["id"], body["token"], body["view"]


def test_create_and_read_a_game(client: TestClient) -> None:
    gid, token, view = new_game(client, mode="easy", start="globe", seed=11)
    assert set(view) == VIEW_FIELDS and view["id"] == gid
    assert view["pawn"] == "globe" and view["visited"] == ["globe"] and view["countdown"] == 3
    assert client.get(f"/v1/games/{gid}", headers=auth(token)).json() == view
    empty = client.post("/v1/games")
    assert empty.status_code == 201 and empty.json()["view"]["mode"] == "normal"


@pytest.mark.parametrize("setup, path", [
    ({"mode": "hard"}, "mode"), ({"sequence": {"rulebook": "nope"}}, "sequence.rulebook"),
    ({"sequence": {"position": 0}}, "sequence.position"), ({"start": "atlantis"}, "start"),
    ({"discard_fog": 2}, "discard_fog"), ({"seed": "abc"}, "seed")])
def test_bad_setups_get_422(client: TestClient, setup: dict[str, Any], path: str) -> None:
    r = client.post("/v1/games", json=setup)
    assert r.status_code == 422 and r.json()["errors"][0]["path"] == path


def test_bad_setup_bodies_get_422(client: TestClient) -> None:
    assert client.post("/v1/games", content=b"{nope", headers={"content-type": "application/json"}).status_code == 422
    assert client.post("/v1/games", json=[1, 2]).status_code == 422


def test_tokens(client: TestClient) -> None:
    gid, token, _ = new_game(client)
    for path in (f"/v1/games/{gid}", f"/v1/games/{gid}/hints"):
        missing = client.get(path)
        assert missing.status_code == 401 and missing.headers["www-authenticate"] == "Bearer"
        wrong = client.get(path, headers=auth(token[:-1] + ("x" if token[-1] != "x" else "y")))
        unknown = client.get(path.replace(gid, "0" * 16), headers=auth(token))
        assert wrong.status_code == unknown.status_code == 404 and wrong.json() == unknown.json()
        assert client.get(path, headers={"Authorization": token}).status_code == 401
    r = client.post(f"/v1/games/{gid}/actions", json={"version": 0, "action": "pass"}, headers=auth("forged"))
    assert r.status_code == 404
    assert client.post(f"/v1/games/{gid}/actions", json={"version": 0, "action": "pass"}).status_code == 401
    assert client.get(f"/v1/games/{gid}", headers=auth(token)).json()["version"] == 0


def test_no_endpoint_lists_games(client: TestClient) -> None:
    assert client.get("/v1/games").status_code in (404, 405)
    paths = client.get("/openapi.json").json()["paths"]
    assert not any(p.rstrip("/") == "/v1/games" and "get" in ops for p, ops in paths.items())


def test_actions_versions_and_refusals(client: TestClient) -> None:
    gid, token, view = new_game(client, start="globe", seed=5)
    board = client.get("/v1/board").json()
    near = [b if a == "globe" else a for a, b in board["paths"] if "globe" in (a, b)]
    far = next(loc["id"] for loc in board["locations"] if loc["id"] not in [*near, "globe"])
    url = f"/v1/games/{gid}/actions"
    cases = [
        ({"version": 0, "action": "move", "to": far}, 409),
        ({"version": 0, "action": "move", "to": "atlantis"}, 422),
        ({"version": 0, "action": "confront", "traits": ["literary", "married"]}, 422),
        ({"version": 0, "action": "teleport"}, 422),
        ({"version": 0, "action": "fog"}, 409),
        ({"version": 3, "action": "pass"}, 409),
        ({"action": "pass"}, 422),
        ({"version": "0", "action": "pass"}, 422),
    ]
    for body, status in cases:
        r = client.post(url, json=body, headers=auth(token))
        assert r.status_code == status, (body, r.text)
        assert r.json()["errors"][0]["message"]
    assert client.get(f"/v1/games/{gid}", headers=auth(token)).json() == view
    r = client.post(url, json={"version": 0, "action": "move", "to": near[0]}, headers=auth(token))
    assert r.status_code == 200
    body = r.json()
    assert body["view"]["version"] == 1 and body["view"]["pawn"] == near[0]
    assert [e["event"] for e in body["events"]][:1] == ["move"] and all(e["text"] for e in body["events"])
    stale = client.post(url, json={"version": 0, "action": "pass"}, headers=auth(token))
    assert stale.status_code == 409 and stale.json()["errors"][0]["code"] == "stale-version"


def test_hints_and_board(client: TestClient) -> None:
    gid, token, view = new_game(client, seed=9)
    hints = client.get(f"/v1/games/{gid}/hints", headers=auth(token)).json()
    assert set(hints) == {"step", "who", "where", "progress", "plan"} and hints["step"] == 3
    assert client.get(f"/v1/games/{gid}/hints?step=3", headers=auth(token)).json() == hints
    for step in (1, 2):   # SPEC 10: the nudge and the focus, and nothing more
        early = client.get(f"/v1/games/{gid}/hints?step={step}", headers=auth(token)).json()
        assert set(early) == {"step", "hint"} and set(early["hint"]) == {"code", "params", "text"}
    for wrong in ("0", "4", "x"):
        refused = client.get(f"/v1/games/{gid}/hints?step={wrong}", headers=auth(token))
        assert refused.status_code == 422 and refused.json()["errors"][0]["path"] == "step"
    assert 0 < hints["progress"]["guess"]["chance"] < 1 and hints["progress"]["suit_card"] == "needed"
    assert len(hints["progress"]["deck"]) == 10 and not hints["progress"]["proven"]
    assert {c["suit"] for c in hints["who"]["candidates"]} == {view["suit"]}
    assert hints["where"]["now"]["slot"] == view["slot"] and hints["where"]["status"] == "ok"
    top = view["top"]["landmark"]
    board = client.get("/v1/board").json()
    for loc in board["locations"]:
        if hints["where"]["now"]["locations"][loc["id"]] > 0:
            assert loc["landmark"] == top


# -- hidden information: many random games through the API ------------------------------

def random_action(view: Mapping[str, Any], board: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    neighbours: dict[str, set[str]] = {loc["id"]: set() for loc in board["locations"]}
    for a, b in board["paths"]:
        neighbours[a].add(b)
        neighbours[b].add(a)
    name = rng.choice(view["actions"])
    if name == "confront" and rng.random() < 0.8:
        name = "pass"
    action: dict[str, Any] = {"version": view["version"], "action": name}
    if name == "move":
        action["to"] = rng.choice(sorted(neighbours[view["pawn"]]))
    elif name == "confront":
        action["traits"] = rng.sample(CARDS.trait_ids, 3)
    elif name == "resolve":
        pending = view["pending"]
        if pending["asks"] == "path":
            first = rng.choice(sorted(neighbours[view["pawn"]]))
            action["path"] = [first]
        else:
            action[pending["asks"]] = rng.choice(pending["choices"])
    return action


def secret_words(client: TestClient, gid: str) -> tuple[set[str], set[str]]:
    """Strings no answer may hold before the end: unrevealed ladies' ids, quoted (the Dark
    Lady, her suit card until revealed, the clue deck), her name anywhere (event texts
    included) and her trait list as the API writes JSON (compact); and the fog card ids
    (allowed only once the player has seen them)."""
    game = game_store(client)._cache[gid]
    dark = CARDS.lady(game.deal.dark_lady)
    words = {json.dumps(list(dark.traits), separators=(",", ":")), dark.name.get()}
    words |= {json.dumps(x) for x in (dark.id, game.suit_card, *game.deal.clue_deck)}
    fog = {json.dumps(f.id) for f in game.rules.fog}
    return words, fog


def deck_left(client: TestClient, gid: str) -> set[str]:
    """The ids of the clue deck not yet drawn, quoted (white-box: from the game's hidden state)."""
    game = game_store(client)._cache[gid]
    return {json.dumps(x) for x in game.table.clue_deck}


def test_no_answer_before_the_end_gives_away_hidden_state(client: TestClient) -> None:
    board = client.get("/v1/board").json()
    modes = ["training", "easy", "normal", "advanced", "expert"]
    for seed in range(12):
        rng = random.Random(seed)
        setup = {"mode": modes[seed % 5], "seed": seed, "sequence": rng.choice(
            [{"position": rng.randint(1, 8)}, {"rulebook": rng.choice(["easy-1", "moderate-2", "hard-4"])}]),
            "reverse": rng.random() < 0.5}
        r = client.post("/v1/games", json=setup)
        gid, token, view = r.json()["id"], r.json()["token"], r.json()["view"]
        words, fog_ids = secret_words(client, gid)
        seen_fog: set[str] = set()
        revealed: set[str] = set()
        texts = [r.text]
        while view["state"] == "playing":
            r = client.post(f"/v1/games/{gid}/actions", json=random_action(view, board, rng), headers=auth(token))
            assert r.status_code == 200, r.text
            view = r.json()["view"]
            seen_fog |= {json.dumps(e["card"]) for e in r.json()["events"] if e["event"] == "fog"}
            if view["state"] == "playing":
                revealed |= {json.dumps(c["card"]) for c in view["clues"]}
                if view["suit_card"]:
                    revealed.add(json.dumps(view["suit_card"]["card"]))
                texts.append(r.text)
                texts.append(client.get(f"/v1/games/{gid}", headers=auth(token)).text)
                if rng.random() < 0.1:
                    hints = client.get(f"/v1/games/{gid}/hints", headers=auth(token))
                    # WHO progress lists the clue deck left as a set, in card-set order (the card
                    # set is public): its ids may show, never her card's or the suit card's
                    deck = [c["card"] for c in hints.json()["progress"]["deck"]]
                    assert deck == [c.id for c in CARDS.ladies if json.dumps(c.id) in deck_left(client, gid)]
                    hidden = words - revealed - {json.dumps(c) for c in deck}
                    assert not any(w in hints.text for w in hidden if not w.startswith("["))
            for text in texts:
                assert not any(w in text for w in words - revealed), text
                assert not any(f in text for f in fog_ids - seen_fog), text
                assert '"seed"' not in text and '"deck"' not in text and '"cut"' not in text
            texts = []
        assert view["end"]["dark_lady"]["card"] == game_store(client)._cache[gid].deal.dark_lady


# -- the trail, the revised rules, and games recorded under older rules (issue 10) ----------

def trail_query(view: dict[str, Any]) -> dict[str, Any]:
    """The tracking query of SPEC 6, written from a view's trail alone."""
    kinds: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
        "landmark": lambda e: {"landmark": e["landmark"]}, "fog": lambda e: {"fog": True},
        "search": lambda e: {"searched": e["location"], "found": e["found"]}}
    return {"length": view["length"], "moves": view["moves"], "now": view["slot"],
            "observations": [{"slot": e["slot"], **kinds[e["kind"]](e)} for e in view["trail"] if e["kind"] in kinds]}


def test_the_hints_are_the_trail_tracked_by_the_public_endpoint(client: TestClient) -> None:
    board = client.get("/v1/board").json()
    for seed in range(4):
        rng = random.Random(seed)
        gid, token, view = new_game(client, seed=11 if seed == 0 else seed, start="globe")
        assert view["trail"][:2] == [{"slot": 0, "kind": "key", "location": "globe"},
                                     {"slot": 0, "kind": "landmark", "landmark": view["trail"][1]["landmark"]}]
        for _ in range(12):
            hints = client.get(f"/v1/games/{gid}/hints", headers=auth(token)).json()
            assert client.post("/v1/track", json=trail_query(view)).json() == hints["where"]
            trail = {"length": view["length"], "moves": view["moves"], "now": view["slot"], "trail": view["trail"]}
            assert client.post("/v1/track", json=trail).json() == hints["where"]  # the trail itself, read there
            r = client.post(f"/v1/games/{gid}/actions", json=random_action(view, board, rng), headers=auth(token))
            view = r.json()["view"]
            if view["state"] != "playing":
                break


def test_actions_the_revised_rules_refuse_get_409_and_change_nothing(client: TestClient) -> None:
    gid, token, view = new_game(client, mode="training", start="globe", seed=3)
    board = client.get("/v1/board").json()
    near = sorted(b if a == "globe" else a for a, b in board["paths"] if "globe" in (a, b))
    url = f"/v1/games/{gid}/actions"
    refused = client.post(url, json={"version": 0, "action": "reveal_suit_card"}, headers=auth(token))
    assert refused.status_code == 409 and "every location key" in refused.json()["errors"][0]["message"]
    moved = client.post(url, json={"version": 0, "action": "move", "to": near[0]}, headers=auth(token))
    assert moved.status_code == 200
    view = client.get(f"/v1/games/{gid}", headers=auth(token)).json()
    back = client.post(url, json={"version": 1, "action": "move", "to": "globe"}, headers=auth(token))
    assert back.status_code == 409 and "already moved" in back.json()["errors"][0]["message"]
    assert client.get(f"/v1/games/{gid}", headers=auth(token)).json() == view and view["version"] == 1


def test_refusals_carry_their_code_and_params_and_the_phrases_say_them(client: TestClient) -> None:
    """409 and 422 problems keep their code (illegal-action, schema) and add the refusal code and
    its params; with the refusal phrases of /v1/phrases a front end says them in its language."""
    gid, token, _ = new_game(client, start="globe", seed=5)
    rules = game_store(client).rules
    near = [x for x in rules.board.location_ids if rules.board.adjacent("globe", x)]
    far = next(x for x in rules.board.location_ids if x not in [*near, "globe"])
    url = f"/v1/games/{gid}/actions"
    expected: list[tuple[dict[str, Any], int, str, str, dict[str, Any]]] = [
        ({"version": 0, "action": "move", "to": far}, 409, "illegal-action", "not-adjacent",
         {"to": far, "here": "globe", "choices": near}),
        ({"version": 0, "action": "fog"}, 409, "illegal-action", "not-fog-on-top", {}),
        ({"version": 0, "action": "teleport"}, 422, "schema", "unknown-action",
         {"got": "'teleport'", "actions": list(ACTION_FIELDS)}),
        ({"version": 0, "action": "move", "to": "atlantis"}, 422, "schema", "bad-location",
         {"example": rules.board.location_ids[0], "got": "'atlantis'"}),
    ]
    for body, status, code, refusal, params in expected:
        r = client.post(url, json=body, headers=auth(token))
        assert r.status_code == status, r.text
        [problem] = r.json()["errors"]
        assert (problem["code"], problem["refusal"], problem["params"]) == (code, refusal, params)
        assert problem["message"] == refusal_text(Words(rules), refusal, params)
        for lang in ("en", "it", "ru"):
            phrases = client.get(f"/v1/phrases/{lang}").json()["refusals"]
            assert phrases == REFUSAL_PHRASES[lang]
            named = {k: rules.board.location(v).name.get(lang) if k in ("to", "here") else
                     ", ".join(rules.board.location(x).name.get(lang) for x in v) if k == "choices" else
                     ", ".join(v) if isinstance(v, list) else v for k, v in params.items()}
            assert phrases[refusal].format(**named) == refusal_text(Words(rules, lang), refusal, params)
    stale = client.post(url, json={"version": 1, "action": "pass"}, headers=auth(token)).json()["errors"][0]
    assert stale["code"] == "stale-version" and "refusal" not in stale and "params" not in stale


def test_games_recorded_under_older_rules_get_a_clear_409(client: TestClient) -> None:
    gid, token, _ = new_game(client, mode="training", start="globe", seed=3)
    store = game_store(client)
    db = sqlite3.connect(store.path)
    stored = json.loads(db.execute("SELECT setup FROM games WHERE id = ?", (gid,)).fetchone()[0])
    setup = {k: v for k, v in stored.items() if k != "rules"}  # as the first engine stored it
    with db:
        db.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps(setup), gid))
        db.executemany("INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, 0)",
                       [(gid, 0, json.dumps({"action": "search"})), (gid, 1, json.dumps({"action": "pass"}))])
    db.close()
    for r in (client.get(f"/v1/games/{gid}", headers=auth(token)),
              client.get(f"/v1/games/{gid}/hints", headers=auth(token)),
              client.post(f"/v1/games/{gid}/actions", json={"version": 2, "action": "pass"}, headers=auth(token))):
        assert r.status_code == 409, r.text
        assert "recorded under older rules and cannot be resumed" in r.json()["errors"][0]["message"]
        assert r.json()["errors"][0]["refusal"] == "replay-refused"
    english = "in Training a search no longer ends the turn before a move"
    for lang, said in (("it", "in modalità Allenamento cercare la Dama Bruna non chiude più il turno"),
                       ("ru", "в режиме обучения поиск Смуглой дамы больше не завершает ход")):
        r = client.get(f"/v1/games/{gid}?lang={lang}", headers=auth(token))
        [problem] = r.json()["errors"]
        assert (r.status_code, r.headers["Content-Language"]) == (409, lang)
        assert said in problem["message"] and english not in problem["message"]  # the reason, said in the language
        assert (problem["code"], problem["refusal"], problem["params"]) == ("illegal-action", "replay-refused", {})


def test_the_game_store_is_open_while_the_app_runs(tmp_path: Path) -> None:
    """The store is checked when the app is made (a path that cannot be one is said before serving),
    opened in the app's lifespan (not on first use) and closed at shutdown."""
    db = tmp_path / "games.sqlite3"
    app = create_app(games_db=db)
    assert db.exists() and not hasattr(app.state, "games")
    with TestClient(app) as c:
        store = app.state.games
        gid = c.post("/v1/games", json={}).json()["id"]
    with pytest.raises(sqlite3.ProgrammingError):  # closed
        store.get(gid, "any token")


def test_material_lists_fog_cards_and_sequences(client: TestClient) -> None:
    material = client.get("/v1/material").json()
    assert material["modes"][0] == "training"
    cards = load_cards()
    for mode in material["modes"]:  # a mode reads the table it names: the suit it removes, as the engine says
        table = material["mode_tables"].get(mode)
        assert all(cards.removed_suit(mode, s) == (cards.modes[table][s] if table else None) for s in cards.suit_ids)
    assert {"name": "position-1", "position": 1, "moves": "always", "length": 26} in material["sequences"]
    assert any(s["position"] is None and s["name"] == "easy-1" for s in material["sequences"])
    assert all(set(f["name"]) == {"en", "it", "ru"} for f in material["fog_cards"])
