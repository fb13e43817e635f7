"""The web page's routes (api.web) through the test client: the page and its files are
served from the package, /docs works with no network, and the helper routes answer what the
library answers, with 422 and paths for bad documents."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from dataclasses import replace
from importlib.resources import files
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from api.delivery import page_files
from deduce.game.advisor import Advisor
from deduce.game.rules import Game
from deduce.game.setup import parse_setup
from deduce.game.table import table_advice
from deduce.shipped import data_path, load_board, load_cards, load_rules
from deduce.text.events import EVENT_PHRASES
from deduce.text.phrases import PHRASES
from deduce.where import boardfile, stealthfile
from deduce.where.audit import audit_deck, report_json
from deduce.where.query import parse_track_query
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.deduction import deduce
from deduce.who.progress import progress
from deduce.who.query import parse_query
from tests.web.pages import OWN_CARDS, renamed_cards, ring_board

STATIC = files("api").joinpath("static")
QUERY = {"length": 26, "moves": "always", "now": 3,
         "observations": [{"slot": 0, "landmark": "playhouse"}, {"slot": 2, "searched": "globe", "found": False}]}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def static_files() -> list[str]:
    """Every file of the page but the vendored ones, by its path under static/."""
    return ["index.html", "css/style.css", *(name for name, _ in page_files(STATIC.joinpath("js"), "js"))]


def test_home_page_is_served_with_its_modules(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(ref).status_code == 200, ref
    for name in static_files():
        if name.startswith("js/"):
            text = STATIC.joinpath(name).read_text(encoding="utf-8")
            for module in re.findall(r'from "(\.\.?/[^"]+)"', text):
                url = posixpath.normpath(posixpath.join("/static", posixpath.dirname(name), module))
                assert client.get(url).status_code == 200, (name, module)


def test_nothing_loads_from_another_origin(client: TestClient) -> None:
    """No URL with a host in the page's files or in /docs: every asset comes from this app."""
    texts = {name: STATIC.joinpath(name).read_text(encoding="utf-8") for name in static_files()}
    texts["/docs"] = client.get("/docs").text
    for name, text in texts.items():
        assert not re.search(r"(?:src|href|url)\s*[=(:]\s*[\"']?(?:https?:)?//", text), name


def test_docs_use_the_vendored_swagger_ui(client: TestClient) -> None:
    docs = client.get("/docs").text
    for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', docs):
        assert client.get(ref).status_code == 200, ref
    assert "/static/vendor/swagger-ui/swagger-ui-bundle.js" in docs
    assert client.get("/redoc").status_code == 404  # ReDoc loads from a CDN: not offered


def test_the_page_holds_no_game_data() -> None:
    """The page gets names and ids from the API only: no lady, location or fog card id in its files."""
    cards, board = load_cards(), load_board()
    ids = [lady.id for lady in cards.ladies] + [loc.id for loc in board.locations if "-" in loc.id]
    for name in static_files():
        text = STATIC.joinpath(name).read_text(encoding="utf-8")
        assert not [i for i in ids if i in text], name


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_phrases_are_the_engines(client: TestClient, lang: str) -> None:
    answer = client.get(f"/v1/phrases/{lang}").json()
    assert answer["phrases"]["heading.candidates"] == PHRASES[lang]["heading.candidates"]
    assert answer["events"]["move"] == EVENT_PHRASES[lang]["move"]
    assert client.get("/v1/phrases/de").status_code == 422


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


#: A game at the table, seen at the Playhouse on slot 0 and at a tavern on slot 1, the pawn at the Globe.
SITUATION: dict[str, Any] = {
    "suit": "rose", "pawn": "globe", "length": 26, "moves": "always", "now": 1,
    "trail": [{"slot": 0, "kind": "landmark", "landmark": "playhouse"},
              {"slot": 1, "kind": "landmark", "landmark": "tavern"}]}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_advice_is_the_plan_of_the_situation(client: TestClient, lang: str) -> None:
    """POST /v1/advice answers the odds and the plan of deduce.game.table for the situation, worded in ``lang``."""
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
        assert answer == {"tracking": hints["where"], "plan": hints["plan"]}, turns
        sent = client.post(f"/v1/games/{view['id']}/actions", headers=auth,
                           json={"version": view["version"], **hints["plan"]["send"]})
        view = sent.json()["view"]
        turns += 1
    assert turns > 10


def test_advice_without_a_situation_is_the_tracking_alone(client: TestClient) -> None:
    """A tracking query alone (older clients send a pawn with it) answers the odds; the one-turn
    search advice that used to come with it is gone (one voice: the plan)."""
    board = load_board()
    expected = {"tracking": track(board, parse_track_query(board, QUERY)).to_json()}
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


def test_deck_audit_is_the_libraries(client: TestClient) -> None:
    board = boardfile.load(data_path("board.yaml"))
    deck = stealthfile.load(data_path("stealth.yaml"))
    seqs = stealthfile.load_sequences(data_path("sequences.json"))
    expected = report_json(board, deck, seqs, audit_deck(board, deck, seqs))
    assert client.post("/v1/audit-deck", json={}).json() == expected
    text = data_path("board.yaml").read_text(encoding="utf-8")
    assert client.post("/v1/audit-deck", json={"board": text}).json() == expected


def test_deck_audit_finds_a_broken_board(client: TestClient) -> None:
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    doc["paths"] = doc["paths"][1:]  # one path fewer: some walks jump
    answer = client.post("/v1/audit-deck", json={"board": doc}).json()
    assert answer["ok"] is False and answer["errors"] > 0


def test_deck_audit_names_the_bad_document(client: TestClient) -> None:
    answer = client.post("/v1/audit-deck", json={"board": "schema: 1\nlocations: 3\n"})
    assert answer.status_code == 422
    assert all(p["path"].startswith("board") for p in answer.json()["errors"])
    assert client.post("/v1/audit-deck", json={"stealth": 5}).json()["errors"][0]["path"] == "stealth"


def test_the_stealth_documents_are_the_shipped_ones_and_audit_as_they_are(client: TestClient) -> None:
    """GET /v1/stealth gives the documents the deck audit reads: sent back unchanged, the audit is
    the shipped one's; with a sequence broken, its finding names it."""
    docs = client.get("/v1/stealth").json()
    assert stealthfile.parse(docs["stealth"]).cards == stealthfile.load(data_path("stealth.yaml")).cards
    assert stealthfile.parse_sequences(docs["sequences"]) == stealthfile.load_sequences(data_path("sequences.json"))
    assert client.post("/v1/audit-deck", json=docs).json() == client.post("/v1/audit-deck", json={}).json()
    first = docs["sequences"]["sequences"][0]
    first["cards"][0], first["cards"][2] = first["cards"][2], first["cards"][0]
    answer = client.post("/v1/audit-deck", json=docs).json()
    assert answer["ok"] is False and first["name"] not in answer["valid_walks"]
    assert {f["sequence"] for f in answer["findings"]} == {first["name"]}


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
    bot = Advisor(rules)
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


def test_own_files_are_read_as_the_engine_reads_them(client: TestClient) -> None:
    assert client.post("/v1/cards/check", json=OWN_CARDS).json() == cardfile.to_json(cardfile.parse(OWN_CARDS))
    text = data_path("clues.yaml").read_text(encoding="utf-8")
    answer = client.post("/v1/cards/check", content=text, headers={"content-type": "application/yaml"})
    assert answer.json() == client.get("/v1/cards").json()
    text = data_path("board.yaml").read_text(encoding="utf-8")
    answer = client.post("/v1/board/check", content=text, headers={"content-type": "application/yaml"})
    assert answer.json() == client.get("/v1/board").json()


def test_broken_own_files_get_every_problem_with_its_path(client: TestClient) -> None:
    doc = yaml.safe_load(data_path("clues.yaml").read_text(encoding="utf-8"))
    doc["ladies"][3]["key"]["rose"] = 9
    doc["ladies"][5]["traits"] = ["married"]
    answer = client.post("/v1/cards/check", json=doc)
    assert answer.status_code == 422
    paths = [p["path"] for p in answer.json()["errors"]]
    assert "ladies[3].key.rose" in paths and "ladies[5].traits" in paths
    board = {**ring_board(), "locations": [*ring_board()["locations"], {"id": "e", "landmark": "mill"}]}
    answer = client.post("/v1/board/check", json=board)
    assert answer.status_code == 422
    assert [p["path"] for p in answer.json()["errors"]] == ["locations[4].landmark"]
    answer = client.post("/v1/board/check", content="a: [", headers={"content-type": "application/yaml"})
    assert answer.status_code == 422 and answer.json()["errors"]
