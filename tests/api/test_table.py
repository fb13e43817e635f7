"""The table's routes (api.table) through the test client: POST /v1/advice answers the plan of
deduce.game.situation and the odds, POST /v1/hint the deduction with the player's own card set and WHO
progress, as the library answers them, with 422 and paths for bad documents."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from deduce.game.game import Game
from deduce.game.plan import PlanBot
from deduce.game.setup import parse_setup
from deduce.game.situation import table_advice
from deduce.shipped import load_board, load_cards, load_rules
from deduce.where import boardfile
from deduce.where.query import parse_track_query
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.deduction import deduce
from deduce.who.progress import progress
from deduce.who.query import parse_query
from tests.web.pages import OWN_CARDS, renamed_cards, ring_board

QUERY = {"length": 26, "moves": "always", "now": 3,
         "observations": [{"slot": 0, "landmark": "playhouse"}, {"slot": 2, "searched": "globe", "found": False}]}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


#: A game at the table, seen at the Playhouse on slot 0 and at a tavern on slot 1, the pawn at the Globe.
SITUATION: dict[str, Any] = {
    "suit": "rose", "pawn": "globe", "length": 26, "moves": "always", "now": 1,
    "trail": [{"slot": 0, "kind": "landmark", "landmark": "playhouse"},
              {"slot": 1, "kind": "landmark", "landmark": "tavern"}]}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_advice_is_the_plan_of_the_situation(client: TestClient, lang: str) -> None:
    """POST /v1/advice answers the odds and the plan of deduce.game.situation for the situation, worded in ``lang``."""
    answer = client.post("/v1/advice", json={"situation": SITUATION, "lang": lang}).json()
    assert answer == table_advice(load_rules(), SITUATION, lang)
    assert answer["plan"]["action"] == "move" and answer["plan"]["reasons"][0]["text"]


def test_advice_is_the_hints_plan_turn_by_turn(client: TestClient) -> None:
    """A seeded game played over HTTP by the plan, turn by turn: POST /v1/advice, given the situation
    the player can see (the VIEW, and what was done this turn as its actions show), answers the
    same odds and plan as the game's hints (issue 26: one voice)."""
    game = client.post("/v1/games", json={"seed": 26, "mode": "training"}).json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    view = game["view"]
    turns = 0
    while view["state"] == "playing" and turns < 40:
        hints = client.get(f"/v1/games/{view['id']}/hints", headers=auth).json()
        actions, pending = view["actions"], view["pending"]
        situation = {
            "mode": view["mode"], "suit": view["suit"], "pawn": view["pawn"], "length": view["length"],
            "moves": view["moves"], "now": view["slot"], "trail": view["trail"], "keys": view["visited"],
            "countdown": view["countdown"], "fog_deck": view["fog_deck"],
            "clues": [c["card"] for c in view["clues"]], "suit_card": (view["suit_card"] or {}).get("card"),
            "done": {"moved": pending is None and "move" not in actions,
                     "searched": pending is None and ("search" not in actions if "landmark" in view["top"]
                                                      else "fog" not in actions and "move" in actions),
                     "clue": "search" in actions and "confront" not in actions},
            "pending": {"card": pending["card"], "choices": pending["choices"]} if pending else None}
        answer = client.post("/v1/advice", json={"situation": situation}).json()
        assert answer == {"step": 3, "tracking": hints["where"], "plan": hints["plan"]}, turns
        if turns % 5 == 0:   # the early steps too (SPEC 10): the table's nudge and focus are the game's
            for step in (1, 2):
                early = client.post("/v1/advice", json={"situation": situation, "step": step}).json()
                assert early == client.get(f"/v1/games/{view['id']}/hints?step={step}", headers=auth).json()
                assert set(early) == {"step", "hint"} and early["step"] == step
        sent = client.post(f"/v1/games/{view['id']}/actions", headers=auth,
                           json={"version": view["version"], **hints["plan"]["send"]})
        view = sent.json()["view"]
        turns += 1
    assert turns > 10


def test_advice_without_a_situation_is_the_tracking_alone(client: TestClient) -> None:
    """A tracking query alone (older clients send a pawn with it) answers the odds; the one-turn
    search advice that used to come with it is gone (one voice: the plan)."""
    board = load_board()
    expected = {"step": 3, "tracking": track(board, parse_track_query(board, QUERY)).to_json()}
    assert client.post("/v1/advice", json={"query": QUERY}).json() == expected
    assert client.post("/v1/advice", json={"query": QUERY, "pawn": "globe"}).json() == expected


def test_advice_on_a_board_given_with_the_situation(client: TestClient) -> None:
    board = boardfile.parse(ring_board())
    situation = {"suit": "rose", "pawn": "b", "length": 4, "moves": "always", "now": 0,
                 "trail": [{"slot": 0, "kind": "landmark", "landmark": "inn"}]}
    expected = table_advice(load_rules(), situation, board=board)
    assert expected["plan"]["send"] is not None
    assert client.post("/v1/advice", json={"situation": situation, "board": ring_board()}).json() == expected
    as_yaml = yaml.safe_dump(ring_board())
    assert client.post("/v1/advice", json={"situation": situation, "board": as_yaml}).json() == expected
    # the server's board does not have these places: the situation is read against the given board
    assert client.post("/v1/advice", json={"situation": situation}).status_code == 422


#: A game at the table in Easy with a clue in hand (the shipped ids).
EASY = {**SITUATION, "mode": "easy", "clues": ["emilia-bassano"]}


def test_advice_with_own_cards_is_the_plan_of_her_set(client: TestClient) -> None:
    """POST /v1/advice with the owner's own card set (the shipped cards under her ids and names) reads the situation
    with it and gives the plan the shipped set gives for the same cards; without `cards`, her ids are no cards."""
    own, mine = renamed_cards()
    situation = {**EASY, "suit": mine["rose"], "clues": [mine["emilia-bassano"]]}
    answer = client.post("/v1/advice", json={"situation": situation, "cards": own}).json()
    shipped = client.post("/v1/advice", json={"situation": EASY}).json()
    assert answer == table_advice(replace(load_rules(), cards=cardfile.parse(own)), situation)
    assert answer["plan"] == shipped["plan"] and answer["plan"]["figures"]["clues_held"] == 1
    assert client.post("/v1/advice", json={"situation": situation, "cards": yaml.safe_dump(own)}).json() == answer
    assert client.post("/v1/advice", json={"situation": situation}).json()["errors"][0]["path"] == "situation.suit"


def test_advice_recognises_a_typed_card_of_the_own_set(client: TestClient) -> None:
    """A card typed as it lies is the own set's card it matches: the plan of the same card picked."""
    own, mine = renamed_cards()
    card = next(lady for lady in own["ladies"] if lady["id"] == mine["emilia-bassano"])
    picked = {**EASY, "suit": mine["rose"], "clues": [card["id"]]}
    counts = card["key"][mine["rose"]]
    typed = {**picked, "clues": [], "typed": [{"traits": card["traits"],
                                                "counts": counts if isinstance(counts, list) else [counts]}]}
    answer = client.post("/v1/advice", json={"situation": typed, "cards": own}).json()
    assert answer["plan"] == client.post("/v1/advice", json={"situation": picked, "cards": own}).json()["plan"]
    # with another key, the set has no such card: counted as typed, not as the set's card
    unknown = {**typed, "typed": [{"traits": card["traits"], "counts": [0, 1, 2, 3]}]}
    other = client.post("/v1/advice", json={"situation": unknown, "cards": own}).json()
    assert other["plan"] != answer["plan"]


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_advice_says_the_own_sets_problems_under_cards(client: TestClient, lang: str) -> None:
    """An own card set that cannot be read is refused with its problems under `cards`, in words of the page's
    language; one without modes cannot be played in Easy, said under `situation.mode`."""
    own, mine = renamed_cards()
    broken = {**own, "ladies": [{**own["ladies"][0], "key": {"red": 7}}, *own["ladies"][1:]]}
    situation = {**EASY, "suit": mine["rose"], "clues": [mine["emilia-bassano"]]}
    said = client.post(f"/v1/advice?lang={lang}", json={"situation": situation, "cards": broken})
    assert said.status_code == 422
    error = said.json()["errors"][0]
    assert error["path"] == "cards.ladies[0].key.red" and "red" in error["message"]
    english = client.post("/v1/advice", json={"situation": situation, "cards": broken}).json()["errors"][0]["message"]
    assert (error["message"] == english) == (lang == "en")
    plain, _ = renamed_cards(modes=False)
    easy = client.post(f"/v1/advice?lang={lang}", json={"situation": situation, "cards": plain})
    assert easy.status_code == 422 and easy.json()["errors"][0]["path"] == "situation.mode"
    normal = {**situation, "mode": "normal"}
    assert client.post("/v1/advice", json={"situation": normal, "cards": plain}).json()["plan"]["action"]


@pytest.mark.parametrize(("body", "path"), [
    ({"query": QUERY, "pawn": "atlantis"}, "pawn"),
    ({"query": QUERY, "pawn": 5}, "pawn"),
    ({"query": QUERY, "pawn": "globe", "board": {**ring_board(), "paths": [["a", "x"]]}}, "board.paths[0][1]"),
    ({"query": QUERY, "pawn": "globe", "board": "schema: 1\nlocations: 3\n"}, "board.landmarks"),
    ({"query": {**QUERY, "moves": "sometimes"}, "pawn": "globe"}, "query.moves"),
    ({"situation": {**SITUATION, "pawn": "atlantis"}}, "situation.pawn"),
    ({"situation": {**SITUATION, "trail": [{"slot": 0, "kind": "landmark"}]}}, "situation.trail[0].landmark"),
    ({"situation": SITUATION, "lang": "fr"}, "lang"),
    ({"pawn": "globe"}, "query"),
    ([1], ""),
])
def test_bad_advice_queries_name_the_place(client: TestClient, body: Any, path: str) -> None:
    answer = client.post("/v1/advice", json=body)
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["path"] == path


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_a_pawn_off_the_board_is_said_with_the_locations_names(client: TestClient, lang: str) -> None:
    """A pawn that is no location of the board lists the board's locations by name in the request's language,
    each id beside its name, as every refusal that names the game's things does (issue 34, item 6)."""
    globe = load_board().location("globe")
    answer = client.post(f"/v1/advice?lang={lang}", json={"query": QUERY, "pawn": "atlantis"})
    [error] = answer.json()["errors"]
    assert error["path"] == "pawn" and "'atlantis'" in error["message"]
    assert f"{globe.name.get(lang)} (globe)" in error["message"]


def test_hint_with_own_cards_is_the_libraries(client: TestClient) -> None:
    cards = cardfile.parse(OWN_CARDS)
    query = {"suit": "red", "clues": [{"card": "l3"}], "explain": True}
    found = deduce(cards, parse_query(cards, query)).to_json()
    expected = {**found, "count": len(found["candidates"]), "recognised": [["l3"]]}  # one page, all of them
    assert client.post("/v1/hint", json={"query": query, "cards": OWN_CARDS}).json() == expected
    assert client.post("/v1/hint", json={"query": query, "cards": yaml.safe_dump(OWN_CARDS)}).json() == expected
    rulebook = {"suit": "rose", "clues": [{"card": "jacqueline-field"}]}
    assert client.post("/v1/hint", json={"query": rulebook}).json() == {
        **client.post("/v1/deduce", json=rulebook).json(), "recognised": [["jacqueline-field"]]}


def test_hint_with_a_mode_gives_who_progress_as_a_games_hints_do(client: TestClient) -> None:
    """At the table (a mode, the cards in hand): the progress of a game's hints with the same hand;
    cards that cannot be a hand of the set in that mode keep their deduction, and say why not."""
    rules = load_rules()
    game = Game.new(rules, parse_setup(rules, {"mode": "easy", "seed": 4}))
    bot = PlanBot(rules)
    while len(game.view()["clues"]) < 2:
        game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
    view = game.view()
    query = {"suit": view["suit"], "clues": [{"card": c["card"]} for c in view["clues"]]}
    answer = client.post("/v1/hint", json={"query": query, "mode": "easy"}).json()
    assert answer["progress"] == game.hints()["progress"]
    cards = load_cards()
    assert {k: v for k, v in answer.items() if k not in ("progress", "count", "recognised")} == deduce(
        cards, parse_query(cards, query)).to_json()
    typed = {"suit": "rose", "clues": [{"traits": ["literary", "married", "children"], "counts": [1]}]}
    expected = progress(cards, parse_query(cards, {**typed, "clues": [{"card": "jacqueline-field"}]}), "normal")
    assert client.post("/v1/hint", json={"query": typed, "mode": "normal"}).json()["progress"] == expected.to_json()
    no_such = {"suit": "rose", "clues": [{"traits": ["literary", "married", "court"], "counts": [2]}]}
    answer = client.post("/v1/hint", json={"query": no_such, "mode": "normal"}).json()
    assert "progress" not in answer and answer["status"] and answer["recognised"] == [[]]
    assert [p["path"] for p in answer["progress_problems"]] == ["query.clues[0].traits"]


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_hint_recognises_typed_cards_and_says_a_hand_with_names(client: TestClient, lang: str) -> None:
    """Cards typed as they lie are the set's cards they match (the suit card among them, with no role): the
    progress of the same cards picked; a hand that cannot be is said in the page's language, by name."""
    cards = load_cards()
    jacqueline, fitton = cards.lady("jacqueline-field"), cards.lady("mary-fitton")
    typed = {"suit": "rose", "clues": [{"traits": list(lady.traits), "counts": sorted(lady.key["rose"])}
                                       for lady in (jacqueline, fitton)]}
    picked = {"suit": "rose", "clues": [{"card": jacqueline.id}, {"card": fitton.id, "role": "suit_card"}]}
    answer = client.post("/v1/hint", json={"query": typed, "mode": "normal"}).json()
    assert answer["recognised"] == [[jacqueline.id], [fitton.id]]
    assert answer["progress"] == progress(cards, parse_query(cards, picked), "normal").to_json()
    wrong = {"suit": "rose", "clues": [{"card": fitton.id}]}  # her suit's card picked as a clue
    said = client.post(f"/v1/hint?lang={lang}", json={"query": wrong, "mode": "normal"}).json()["progress_problems"]
    assert fitton.name.get(lang) in said[0]["message"] and fitton.id not in said[0]["message"]
    bad = client.post("/v1/hint", json={"query": typed, "mode": "hard"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["path"] == "mode"


@pytest.mark.parametrize(("body", "path"), [
    ({"query": {"suit": "rose"}, "cards": OWN_CARDS}, "query.suit"),
    ({"query": {"clues": [{"card": "l9"}]}, "cards": OWN_CARDS}, "query.clues[0].card"),
    ({"query": {}, "cards": {**OWN_CARDS, "ladies": [{**OWN_CARDS["ladies"][0], "key": {"red": 7}}]}},
     "cards.ladies[0].key.red"),
    ({"query": {}, "cards": "schema: 1\ntraits: [\n"}, "cards"),
    ({"cards": OWN_CARDS}, "query"),
    ("[]", ""),
])
def test_bad_hints_name_the_place(client: TestClient, body: Any, path: str) -> None:
    answer = client.post("/v1/hint", json=body) if not isinstance(body, str) else client.post("/v1/hint", content=body)
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["path"] == path


def test_the_early_steps_of_advice_need_a_situation_and_a_step_is_one_to_three(client: TestClient) -> None:
    """SPEC 10: `step` 1 or 2 asks for the nudge or the focus of a situation's hint; a tracking query alone has
    none (its answer is step 3's), and a step out of 1..3 is refused, each under `step`, in the body's words."""
    alone = client.post("/v1/advice", json={"query": QUERY, "step": 1})
    assert alone.status_code == 422 and alone.json()["errors"][0]["path"] == "step"
    for wrong in (0, 4, "2", None):
        refused = client.post("/v1/advice", json={"situation": SITUATION, "step": wrong})
        assert refused.status_code == 422 and refused.json()["errors"][0]["path"] == "step", wrong
    nudge = client.post("/v1/advice", json={"situation": SITUATION, "step": 1, "lang": "it"}).json()
    assert nudge["hint"]["params"] == {} and nudge["hint"]["code"].startswith("hint.nudge.")
    focus = client.post("/v1/advice", json={"situation": SITUATION, "step": 2, "lang": "it"}).json()
    assert focus["hint"]["code"] == nudge["hint"]["code"].replace("nudge", "focus")
    assert not any(ch.isdigit() for ch in nudge["hint"]["text"] + focus["hint"]["text"])


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_a_situation_s_unknown_things_are_listed_by_name_ids_beside(client: TestClient, lang: str) -> None:
    """Issue 34, item 6: what a situation names wrongly is answered with the rules' things by name in the
    request's language, each id beside (the terminal's readers, which show no names, list ids)."""
    rules = load_rules()
    wrong = {**SITUATION, "suit": "rosa", "pawn": "globo", "clues": ["nobody"],
             "trail": [{"slot": 0, "kind": "landmark", "landmark": "theatre"}]}
    errors = client.post(f"/v1/advice?lang={lang}", json={"situation": wrong}).json()["errors"]
    said = {e["path"]: e["message"] for e in errors}
    rose, globe = rules.cards.suit("rose"), rules.board.location("globe")
    assert f"{rose.name.get(lang)} (rose)" in said["situation.suit"]
    assert f"{globe.name.get(lang)} (globe)" in said["situation.pawn"]
    lady = rules.cards.ladies[0]
    assert f"{lady.name.get(lang)} ({lady.id})" in said["situation.clues[0]"]
    playhouse = rules.board.landmark("playhouse")
    assert f"{playhouse.name.get(lang)} (playhouse)" in said["situation.trail[0].landmark"]


def test_the_table_s_standing_is_the_game_s_for_the_same_view(client: TestClient) -> None:
    """SPEC 10: POST /v1/standing for what a player entered (the situation, the sequence set up) answers what
    GET /v1/games/{id}/standing answers for the game with that view, and what the library gives."""
    setup = {"seed": 35, "mode": "easy", "sequence": {"position": 3}, "reverse": True}
    created = client.post("/v1/games", json=setup).json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    game = Game.new(load_rules(), parse_setup(load_rules(), setup))
    for _ in range(3):
        game.act(game.hints()["plan"]["send"])
    view = created["view"]
    for _ in range(3):
        send = client.get(f"/v1/games/{view['id']}/hints", headers=auth).json()["plan"]["send"]
        view = client.post(f"/v1/games/{view['id']}/actions", headers=auth,
                           json={"version": view["version"], **send}).json()["view"]
    assert view == {**game.view(), "id": view["id"]}
    by_game = client.get(f"/v1/games/{view['id']}/standing", headers=auth).json()
    assert by_game == game.standing().to_json() and by_game["playouts"] > 0
    situation = {"mode": view["mode"], "suit": view["suit"], "pawn": view["pawn"], "length": view["length"],
                 "moves": view["moves"], "now": view["slot"], "trail": view["trail"], "keys": view["visited"],
                 "countdown": view["countdown"], "fog_deck": view["fog_deck"],
                 "clues": [c["card"] for c in view["clues"]], "sequence": setup["sequence"], "reverse": True}
    assert client.post("/v1/standing", json={"situation": situation}).json() == by_game
    backwards = client.post("/v1/standing", json={"situation": {**situation, "reverse": False}})
    assert backwards.status_code == 422 or backwards.json() != by_game   # the trail may fit no walk the other way
    seen = [{"slot": s, "kind": "landmark", "landmark": ("playhouse", "bridge")[s % 2]} for s in range(4)]
    nothing = client.post("/v1/standing", json={"situation": {**situation, "trail": seen, "now": 3}})
    assert nothing.status_code == 422 and nothing.json()["errors"][0]["path"] == "situation"


@pytest.mark.parametrize(("body", "path"), [
    ({}, "situation"), ({"situation": None}, "situation"), ([], ""),
    ({"situation": {**SITUATION, "suit": "rosa"}}, "situation.suit"),
    ({"situation": {**SITUATION, "typed": [{"traits": ["married", "court", "lover"], "counts": [0, 1, 2, 3]}]}},
     "situation.typed")])
def test_a_standing_needs_a_situation_that_can_be(client: TestClient, body: Any, path: str) -> None:
    """A standing is asked of a situation (not null); one with a card typed that the set lacks cannot be dealt."""
    answer = client.post("/v1/standing", json=body)
    assert answer.status_code == 422 and answer.json()["errors"][0]["path"] == path
