"""The advisor (deduce/game/plan.py): its plan is legal in every state, computed from the
player's view alone, said in every language, and the bot that follows it beats the baseline."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from math import comb
from pathlib import Path

import pytest

from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.plan import REASON_CODES, Plan, PlanBot, clues_left, fog_odds, make_plan, slots_left
from deduce.game.setup import parse_setup
from deduce.game.simulate import play_chunk, setup_docs
from deduce.game.trail import fog_card_entry, fog_entry, search_entry
from deduce.shipped import load_rules
from deduce.text.phrases import LANGS, PHRASES
from tests.game.test_bot import twins
from tests.game.test_game import RULES as RING_RULES
from tests.game.test_game import random_action
from tests.game.test_trail import shipped_random_action

SHIPPED = load_rules()


def plan_of(game: Game) -> Plan:
    return make_plan(game.rules, game.player_view(), game.legal_actions(), game.pending)


def check_plan(game: Game) -> None:
    """The plan is one of the legal actions, the game takes it as it is, and its reasons say
    themselves in every language."""
    plan = plan_of(game)
    assert plan.send is not None and plan.action in game.legal_actions()
    trial = game.clone()
    trial.act(plan.send)  # raises if the rules refuse it
    for lang in LANGS:
        shown = plan.to_json(game.rules, lang)
        assert shown["action"] == plan.action and all(r["text"] for r in shown["reasons"])
        assert "{" not in " ".join(r["text"] for r in shown["reasons"])


@pytest.mark.parametrize("rules", [SHIPPED, RING_RULES], ids=["shipped", "ring"])
def test_the_plan_is_legal_in_every_state_of_random_games(rules: Rules) -> None:
    """Games in every mode that follow the plan half the time and otherwise act at random (fog
    cards used whenever they may be, keys lost, searches anywhere): at every step, pending fog
    cards included, the plan is a legal action the game accepts."""
    modes = ["training", "easy", "normal", "advanced", "expert"]
    pending = reveal = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = Game.new(rules, parse_setup(rules, {"seed": seed, "mode": modes[seed % 5]}))
        while not game.over:
            check_plan(game)
            pending += game.pending is not None
            reveal += "reveal_suit_card" in game.legal_actions()
            if "fog" in game.legal_actions():
                action = {"action": "fog"}
            elif rng.random() < 0.5:
                action = plan_of(game).send or {}
            else:
                action = random_action(game, rng) if rules is RING_RULES else shipped_random_action(game, rng)
                if action["action"] in ("confront", "search") and rng.random() < 0.8:
                    action = {"action": "pass"}
            game.act(action)
        assert plan_of(game).send is None
    assert pending and reveal


def test_games_the_advisor_plays_use_every_kind_of_action() -> None:
    """Following the plan from start to end: every action it sends is accepted, and over a
    few games it moves, searches, reveals the suit card and confronts."""
    used = set()
    for seed, mode in itertools.product(range(4), ["training", "normal", "expert"]):
        game = Game.new(SHIPPED, parse_setup(SHIPPED, {"seed": seed, "mode": mode}))
        bot = PlanBot(SHIPPED)
        while not game.over:
            action = bot.choose(game.player_view(), game.legal_actions(), game.pending)
            used.add(action["action"])
            game.act(action)
    assert {"move", "search", "reveal_suit_card", "confront"} <= used


def test_two_games_with_the_same_view_get_the_same_plan() -> None:
    """Her card and the suit card swapped, the clues and fog cards left in other orders: the
    player cannot tell the games apart, and the plan (its words and figures included) is the
    same at every step, until a hidden difference shows in the view."""
    one, other = twins(SHIPPED, parse_setup(SHIPPED, {"seed": 21, "start": "globe"}))
    steps = 0
    while not one.over and one.view() == other.view():
        a, b = one.hints()["plan"], other.hints()["plan"]
        assert a == b
        assert plan_of(one) == plan_of(other)
        one.act(a["send"])
        other.act(b["send"])
        steps += 1
    assert steps > 10 and len(one.table.clues) >= 1
    assert one.deal.dark_lady != other.deal.dark_lady


def test_a_finished_game_gets_the_reason_not_an_action() -> None:
    game = Game.new(SHIPPED, parse_setup(SHIPPED, {"seed": 4}))
    bot = PlanBot(SHIPPED)
    while not game.over:
        game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
    plan = game.hints()["plan"]
    assert plan["action"] is None and plan["send"] is None and plan["options"] == []
    assert [r["code"] for r in plan["reasons"]] == ["over"]
    assert plan["reasons"][0]["text"] == PHRASES["en"]["plan.over"]


def test_every_reason_has_words_in_every_language() -> None:
    for lang in LANGS:
        assert all(f"plan.{code}" in PHRASES[lang] for code in REASON_CODES)


def test_the_figures_are_the_view_counted() -> None:
    game = Game.new(SHIPPED, parse_setup(SHIPPED, {"seed": 2, "start": "globe"}))
    view = game.player_view()
    figures = plan_of(game).figures
    assert figures.slots_left == slots_left(view) == 3 * view.length - view.slot
    assert figures.fog_left == 10 and figures.clues_held == 0 and figures.keys_left == 10
    assert figures.route >= 10 and not figures.proven
    assert clues_left(SHIPPED.cards, view) == 10


def test_the_fog_card_on_top_is_one_the_trail_leaves_possible() -> None:
    """A fog card used and put back under the fog deck, or discarded, is not the one on another
    searched slot; the card that took its place is one of the others, each as likely."""
    game = Game.new(SHIPPED, parse_setup(SHIPPED, {"seed": 3}))
    view = game.player_view()
    length = view.length
    trail = (search_entry(1, "globe", False), fog_entry(1 + length),
             fog_card_entry(1 + length, "glimpse", "glimpse.fog"), fog_entry(1 + 2 * length))
    seen = replace(view, slot=1 + 2 * length, top=None, fog_deck=9, trail=trail)
    odds = fog_odds(SHIPPED, seen)
    assert "glimpse" not in odds and len(odds) == 9 and sum(odds.values()) == pytest.approx(1)
    wherry = replace(seen, fog_deck=8, trail=(*trail[:2], fog_card_entry(1 + length, "wherry", "wherry"), trail[3]))
    assert "wherry" not in fog_odds(SHIPPED, wherry)
    assert fog_odds(SHIPPED, view) == {}  # no fog card on top


def test_the_route_through_the_keys_is_the_shortest() -> None:
    from deduce.game.plan import _routes

    routes = _routes(SHIPPED.board)
    ids = SHIPPED.board.location_ids
    rng = random.Random(5)
    for _ in range(30):
        start = rng.choice(ids)
        goals = rng.sample([x for x in ids if x != start], rng.randint(1, 5))
        brute = min(sum(routes.dist[routes.index[a]][routes.index[b]] for a, b in itertools.pairwise((start, *order)))
                    for order in itertools.permutations(goals))
        assert routes.route(start, routes.mask(goals)) == brute


def test_the_advisor_bot_beats_the_baseline() -> None:
    """The same 72 normal games (three sequences the baseline finds hard) played by both bots:
    a game scores its points when won and 0 when lost. The advisor scores more in far more
    games than it scores less (a sign test, one-sided p < 0.001), wins at least as often,
    and its mean is at least 3 points higher."""
    docs = [doc for row in setup_docs(["normal"], [{"position": 1}, {"position": 8, "reverse": True},
                                                   {"rulebook": "hard-6"}], 24, seed=7) for doc in row]
    advisor = play_chunk(SHIPPED, "advisor", docs)
    baseline = play_chunk(SHIPPED, "baseline", docs)
    a = [o.score if o.state == "won" and o.score is not None else 0 for o in advisor]
    b = [o.score if o.state == "won" and o.score is not None else 0 for o in baseline]
    better, worse = sum(x > y for x, y in zip(a, b, strict=True)), sum(x < y for x, y in zip(a, b, strict=True))
    n = better + worse
    p = sum(comb(n, k) for k in range(better, n + 1)) / 2 ** n
    assert p < 0.001, (better, worse)
    assert sum(o.state == "won" for o in advisor) >= sum(o.state == "won" for o in baseline)
    assert sum(a) / len(a) >= sum(b) / len(b) + 3


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_hint_screen_ends_with_the_plan_in_the_games_language(lang: str) -> None:
    """The terminal's hint screen (deduce play, h) ends with the plan: the action, the command
    that sends it, and its reasons, in the game's language."""
    from deduce.cli.play import hints_text, parse_command
    from deduce.text.play import PLAY_PHRASES

    game = Game.new(SHIPPED, parse_setup(SHIPPED, {"seed": 11}), lang=lang)
    for typed in ("m 6", "s", "m 3", "p", "s"):  # the README's example
        game.act(parse_command(game, typed))
    assert plan_of(game).send == parse_command(game, "m 6") == {"action": "move", "to": "boars-head"}
    tail = hints_text(game).split("\n\n")[-1].split("\n")
    title = PLAY_PHRASES[lang]["plan.title"].split("{")[0]
    assert tail[0].startswith(title) and tail[0].endswith("(m 6)")
    assert tail[1:] == [f"- {r['text']}" for r in game.hints()["plan"]["reasons"]]


def test_through_the_api_the_plan_is_sent_as_it_is_and_a_finished_game_gets_the_reason(tmp_path: Path) -> None:
    """GET /v1/games/{id}/hints carries the plan; its ``send`` is accepted by the actions route
    as it is, to the end of the game; then the hints still answer 200, the plan with no action
    and the reason, in the game's language."""
    from tests.game_fixtures import game_client, truthful_cards

    with game_client(tmp_path, truthful_cards()) as client:
        created = client.post("/v1/games", json={"seed": 6, "mode": "easy"}).json()
        gid, headers = created["id"], {"Authorization": f"Bearer {created['token']}"}
        view = created["view"]
        while view["state"] == "playing":
            plan = client.get(f"/v1/games/{gid}/hints", headers=headers).json()["plan"]
            assert plan["action"] in view["actions"] and plan["send"]["action"] == plan["action"]
            answer = client.post(f"/v1/games/{gid}/actions", json={"version": view["version"], **plan["send"]},
                                 headers=headers)
            assert answer.status_code == 200, answer.text
            view = answer.json()["view"]
        finished = client.get(f"/v1/games/{gid}/hints", headers=headers)
        assert finished.status_code == 200
        plan = finished.json()["plan"]
        assert plan["action"] is None and plan["send"] is None
        assert plan["reasons"] == [{"code": "over", "params": {}, "text": PHRASES["en"]["plan.over"]}]
