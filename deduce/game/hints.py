"""The hints: what a careful player could work out from their own view, and the plan (SPEC 8).

Core module, no I/O. The hints sit above both the player's view (:mod:`deduce.game.view`)
and the plan (:mod:`deduce.game.plan`, which reads the view), so that neither imports the
other back. Everything is computed from the :class:`~deduce.game.view.PlayerView` alone: WHO
from the revealed clues and her suit, WHERE from the trail, WHO progress from the clues and the
mode, and the plan from all of them; never from the deal. Each engine is asked once, from the
questions the view yields (:func:`deduce.game.plan.ask`: the hand's, the trail's), and the plan
reads the same answers the hints show (a game has no cards typed at the table, so WHO progress of
the set's cards is the hand's). The plan is the one voice of advice:
a game at the table gets the same plan from the situation its player describes
(:mod:`deduce.game.situation`, ``POST /v1/advice``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.actions import Action, Pending
from deduce.game.material import Rules
from deduce.game.plan import PlanJSON, ask, make_plan
from deduce.game.steps import HintStep, StepHintJSON, step_hint
from deduce.game.view import PlayerView
from deduce.where.tracker import TrackingJSON
from deduce.who.deduction import DeductionJSON
from deduce.who.progress import ProgressJSON

__all__ = ["HintStepJSON", "HintsJSON", "hint_step", "hints"]


class HintsJSON(TypedDict):
    """``GET /v1/games/{id}/hints``: the deduction result, the tracking result, WHO progress
    (the chances that the clues to come prove her traits, and the guess if confronted now),
    and the plan: the action to take now and why (:mod:`deduce.game.plan`)."""

    step: Literal[3]
    who: DeductionJSON
    where: TrackingJSON
    progress: ProgressJSON
    plan: PlanJSON


class HintStepJSON(TypedDict):
    """An early step of the hints (SPEC 10): the nudge (1) or the focus (2), one hint and nothing
    more (no candidates, odds or plan)."""

    step: HintStep
    hint: StepHintJSON


def hints(rules: Rules, view: PlayerView, actions: Sequence[Action] = (), pending: Pending | None = None,
          lang: str = "en") -> HintsJSON:
    """WHO (deduction from the revealed clues and her suit), WHERE (tracking from the trail's
    landmarks, fog cards and searches), WHO progress and the plan, from the player's view alone;
    the plan also reads the legal ``actions`` (none once the game is over: the plan says so)
    and the fog card waiting for ``resolve``, and is worded in ``lang``."""
    answers = ask(rules, view)
    return {"step": 3, "who": answers.deduction.to_json(), "where": answers.tracking.to_json(),
            "progress": answers.progress.to_json(),
            "plan": make_plan(rules, view, actions, pending, answers=answers).to_json(rules, lang)}


def hint_step(rules: Rules, view: PlayerView, actions: Sequence[Action], pending: Pending | None, lang: str,
              step: HintStep) -> HintStepJSON:
    """The nudge (``step`` 1) or the focus (2) of the hints (:mod:`deduce.game.steps`), from the same view,
    legal actions and fog card waiting as the answer, worded in ``lang``."""
    answers = ask(rules, view)
    plan = make_plan(rules, view, actions, pending, answers=answers)
    return {"step": step, "hint": step_hint(rules, view, plan, answers, pending, step).to_json(rules, lang)}
