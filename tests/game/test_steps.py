"""Hints in three steps (SPEC 10, deduce/game/steps.py): the nudge names nothing and holds no figure, the
focus names what to look at and holds no figure, the answer is the whole hint as before; all from the view."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from deduce.game.game import Game
from deduce.game.hints import hint_step, hints
from deduce.game.material import Rules
from deduce.game.plan import Figures, Plan, Reason, ReasonCode, ask, make_plan
from deduce.game.setup import parse_setup
from deduce.game.steps import HINT_STEPS, TOPICS, StepHint, step_hint, topic_of
from deduce.shipped import load_rules
from deduce.text.phrases import PHRASES
from deduce.who.cards import MODES

RULES = load_rules()
LANGS = ("en", "it", "ru")


def every_name(rules: Rules, lang: str) -> set[str]:
    """Every name a nudge must not say: places, landmarks, traits, ladies, fog cards, suits."""
    board = rules.board
    names = [*(x.name for x in board.locations), *(board.landmark(m).name for m in board.landmark_ids),
             *(t.name for t in rules.cards.traits), *(lady.name for lady in rules.cards.ladies),
             *(f.name for f in rules.fog), *(s.name for s in rules.cards.suits)]
    return {name.get(lang) for name in names}


def decisions(seeds: range, modes: tuple[str, ...] = ("normal",)) -> Iterator[Game]:
    """Every decision of games played by the plan, the game as it stands before each."""
    for mode in modes:
        for seed in seeds:
            game = Game.new(RULES, parse_setup(RULES, {"mode": mode, "seed": seed}))
            while True:
                yield game
                send = game.hints()["plan"]["send"]
                if send is None:
                    break
                game.act(send)


def steps_of(game: Game, lang: str) -> tuple[str, str]:
    view, actions = game.player_view(), game.legal_actions()
    nudge = hint_step(RULES, view, actions, game.pending, lang, 1)["hint"]["text"]
    focus = hint_step(RULES, view, actions, game.pending, lang, 2)["hint"]["text"]
    return nudge, focus


@pytest.mark.parametrize("lang", LANGS)
def test_a_nudge_names_nothing_and_no_step_before_the_answer_holds_a_figure(lang: str) -> None:
    names = every_name(RULES, lang)
    seen = 0
    for game in decisions(range(4), MODES):
        nudge, focus = steps_of(game, lang)
        assert not re.search(r"\d", nudge) and not re.search(r"\d|%", focus), (nudge, focus)
        said = [name for name in names if name in nudge]
        assert not said, (nudge, said)
        seen += 1
    assert seen > 100


def test_the_focus_names_what_the_plan_looked_at() -> None:
    topics = set()
    for game in decisions(range(6)):
        view = game.player_view()
        answers = ask(RULES, view)
        plan = make_plan(RULES, view, game.legal_actions(), game.pending, answers=answers)
        focus = step_hint(RULES, view, plan, answers, game.pending, 2)
        topics.add(focus.topic)
        if focus.topic == "search":
            assert focus.params == {"location": view.pawn} and plan.action == "search"
        if focus.topic in ("chase", "wait"):
            odds = answers.slots[1].counts
            assert focus.params["places"] and all(odds[x] for x in focus.params["places"])
        if focus.topic == "keys":
            assert all(x not in view.visited for x in focus.params["places"])
        if focus.topic == "proven":
            assert set(focus.params["cards"]) >= set(view.clues)
        for name in (RULES.board.location(x).name.get("en") for x in focus.params.get("places", [])):
            assert name in focus.text(RULES, "en")
    assert {"search", "chase", "over"} <= topics


def test_the_answer_is_the_hints_as_before_with_its_step() -> None:
    game = Game.new(RULES, parse_setup(RULES, {"seed": 2}))
    answer = game.hints()
    assert answer["step"] == 3
    assert answer == {"step": 3, **hints(RULES, game.player_view(), game.legal_actions(), game.pending, "en")}
    early = game.hint_step(1)
    assert set(early) == {"step", "hint"} and set(early["hint"]) == {"code", "params", "text"}
    assert early["hint"]["code"].startswith("hint.nudge.") and early["hint"]["params"] == {}


def test_every_topic_has_its_words_in_every_language() -> None:
    for topic in TOPICS:
        for step in HINT_STEPS:
            hint = StepHint(step, topic)
            for lang in LANGS:
                assert hint.code in PHRASES[lang]


def test_the_topic_is_the_kind_of_the_plan_s_advice() -> None:
    figures = Figures(0.0, 10, 5, 0, 0, 0, False, 0.0, None)
    def plan(send: dict[str, object] | None, *codes: ReasonCode) -> Plan:
        return Plan(send, tuple(Reason(c) for c in codes), figures)
    assert topic_of(plan(None, "over")) == "over"
    assert topic_of(plan(None, "contradiction")) == "contradiction"
    assert topic_of(plan({"action": "confront", "traits": []}, "confront.proven")) == "proven"
    assert topic_of(plan({"action": "confront", "traits": []}, "confront.guess")) == "guess"
    assert topic_of(plan({"action": "move", "to": "globe"}, "reach.none", "move.keys")) == "keys"
    assert topic_of(plan({"action": "move", "to": "globe"}, "move.chase")) == "chase"
    assert topic_of(plan({"action": "pass"}, "stay")) == "wait"
    assert topic_of(plan({"action": "fog"}, "fog.use")) == "fog"
    assert topic_of(plan({"action": "reveal_suit_card"}, "reveal.proves")) == "suit-card"
    assert topic_of(plan({"action": "resolve", "location": "globe"}, "resolve.keyhole")) == "resolve"
