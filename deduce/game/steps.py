"""Hints in three steps: a nudge, the focus, the answer (SPEC 10).

Core module, no I/O. A person who asks for a hint may want to find the move alone: the first
step says only the kind of thing to think about now, naming no place, trait, lady or card and
giving no figure ("this is a turn to search"); the second says what to look at, by name, still
with no figure and no action ("where you stand: The Globe"); the third is the whole hint as
before (:mod:`deduce.game.hints`). Sudoku hint engines step the same way, from "there is a naked
single" to the cell and then the digit.

Both early steps follow the plan (:mod:`deduce.game.plan`), the one voice of advice, and so
read exactly what the player saw: a :class:`Topic` is the kind of the plan's advice (WHO's: her
traits are proven, a guess, the suit card; WHERE's: a search, where to head, the keys, waiting,
the fog card on top), and its focus names what the plan looked at. Each step is a code and
parameters (ids, never words); the words are the catalog's (``hint.nudge.<topic>`` and
``hint.focus.<topic>``), in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.actions import Pending
from deduce.game.material import Rules
from deduce.game.plan import Answers, Plan, fog_odds
from deduce.game.view import PlayerView
from deduce.text.names import Names
from deduce.text.phrases import join, phrase

__all__ = ["HINT_STEPS", "STEPS", "TOPICS", "HintStep", "Step", "StepHint", "StepHintJSON", "Topic", "step_hint",
           "topic_of"]

#: A step of a hint: 1 the nudge, 2 the focus, 3 the answer.
Step = Literal[1, 2, 3]
#: Every step, in the order they are given.
STEPS: tuple[Step, ...] = (1, 2, 3)
#: The early steps, said as one hint each.
HintStep = Literal[1, 2]
HINT_STEPS: tuple[HintStep, ...] = get_args(HintStep)
#: The kind of the plan's advice, which the early steps speak of.
Topic = Literal["over", "contradiction", "resolve", "suit-card", "proven", "guess", "search", "chase", "keys",
                "wait", "fog"]
TOPICS: tuple[Topic, ...] = get_args(Topic)
#: The most things a focus names (the likeliest places first, the nearest keys first).
MOST_NAMED = 3


class StepHintJSON(TypedDict):
    """One early step of a hint: its phrase code (``hint.nudge.<topic>`` or ``hint.focus.<topic>``),
    its parameters (ids and lists of ids, never words) and its words in the language asked for."""

    code: str
    params: dict[str, str | list[str]]
    text: str


@dataclass(frozen=True)
class StepHint:
    """A nudge or a focus: the step, its topic, and the ids the focus names by kind."""

    step: HintStep
    topic: Topic
    params: dict[str, str | list[str]] = field(default_factory=dict)

    @property
    def code(self) -> str:
        return f"hint.{'nudge' if self.step == 1 else 'focus'}.{self.topic}"

    def text(self, rules: Rules, lang: str) -> str:
        """The step in words, every id named in ``lang``."""
        return phrase(lang, self.code, **{key: _names(rules, lang, key, value) for key, value in self.params.items()})

    def to_json(self, rules: Rules, lang: str = "en") -> StepHintJSON:
        return {"code": self.code, "params": dict(self.params), "text": self.text(rules, lang)}


def _names(rules: Rules, lang: str, kind: str, value: str | list[str]) -> str:
    """The names of the ids of a focus, by their kind, joined as the language joins a list."""
    names = [_name(rules, kind, x).get(lang) for x in ([value] if isinstance(value, str) else value)]
    if any("," in name for name in names):   # "The Boar's Head, Eastcheap; The Globe"
        return "; ".join(names)
    return join(lang, names)


def _name(rules: Rules, kind: str, id_: str) -> Names:
    """The names of one id of a focus's ``kind`` (a place, a trait, a lady, a fog card, a suit)."""
    if kind in ("places", "location"):
        return rules.board.location(id_).name
    if kind == "traits":
        return rules.cards.trait(id_).name
    if kind == "cards":
        return rules.cards.lady(id_).name
    if kind == "fog_cards":
        return rules.fog_card(id_).name
    return rules.cards.suit(id_).name


def topic_of(plan: Plan) -> Topic:
    """The kind of the plan's advice: what its action is for, read from the action and its first reason."""
    codes = [reason.code for reason in plan.reasons]
    match plan.action:
        case None:
            return "contradiction" if "contradiction" in codes else "over"
        case "resolve":
            return "resolve"
        case "reveal_suit_card":
            return "suit-card"
        case "confront":
            return "proven" if "confront.proven" in codes else "guess"
        case "search":
            return "search"
        case "fog":
            return "fog"
        case "pass":
            return "wait"
    return "keys" if "move.keys" in codes else "chase"


def step_hint(rules: Rules, view: PlayerView, plan: Plan, answers: Answers, pending: Pending | None,
              step: HintStep) -> StepHint:
    """The nudge (``step`` 1) or the focus (2) for the view, from its plan and the engines' answers."""
    topic = topic_of(plan)
    return StepHint(step, topic, _focus(rules, view, answers, pending, topic) if step == 2 else {})


def _focus(rules: Rules, view: PlayerView, answers: Answers, pending: Pending | None,
           topic: Topic) -> dict[str, str | list[str]]:
    """What the focus of ``topic`` names: ids only, no figure, no action."""
    hand = view.hand
    match topic:
        case "resolve":
            return {"places": list(pending.choices) if pending is not None else []}
        case "suit-card":
            return {"suit": view.suit}
        case "proven":
            return {"cards": [*hand.clues, *([hand.suit_card] if hand.suit_card else [])]}
        case "guess":
            return {"traits": [t for t, state in answers.deduction.traits.items() if state == "open"]}
        case "search":
            return {"location": view.pawn}
        case "fog":
            return {"fog_cards": [card for card, chance in fog_odds(rules, view).items() if chance > 0]}
        case "keys":
            return {"places": _nearest_keys(rules, view)}
        case "chase" | "wait":
            return {"places": _likeliest(answers)}
    return {}


def _likeliest(answers: Answers) -> list[str]:
    """The places she is likeliest to be at after her next move, best first (the slot after now)."""
    odds = answers.slots[1].counts
    ranked: Sequence[str] = sorted((x for x in odds if odds[x]), key=lambda x: -odds[x])
    return list(ranked[:MOST_NAMED])


def _nearest_keys(rules: Rules, view: PlayerView) -> list[str]:
    """The locations whose key is still to claim, the nearest to the pawn first."""
    board = rules.board
    distance = board.distances(view.pawn)
    unclaimed = [x for x in board.location_ids if x not in view.visited]
    return sorted(unclaimed, key=lambda x: distance.get(x, len(distance)))[:MOST_NAMED]
