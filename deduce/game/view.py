"""The player's view: everything a careful player at the table knows, and nothing else (SPEC 8).

Core module, no I/O. :class:`PlayerView` is the visible part of a game (pawn, keys,
revealed clues, countdown, the top card's back, and the trail of everything seen or done,
:mod:`deduce.game.trail`); the hints (:func:`hints`) and a confrontation's verdict are
computed from it alone: WHERE from the trail, WHO from the revealed clues, and the plan
(:mod:`deduce.game.advisor`) from both.
The JSON shapes of the VIEW and the hints are defined here, once: :class:`ViewJSON` and its
parts, :class:`HintsJSON` and the plan's :class:`PlanJSON`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.events import Event, Words
from deduce.game.fog import Asks
from deduce.game.material import Rules
from deduce.game.scoring import RankId, ScoreTermJSON
from deduce.game.trail import TrailEntryJSON, track_query_from_trail
from deduce.where.query import TrackQuery
from deduce.where.stealth import Moves
from deduce.where.tracker import TrackingJSON, track
from deduce.who.cards import CardSet, Mode
from deduce.who.deduction import Deduction, DeductionJSON, deduce
from deduce.who.keys import key_to_json
from deduce.who.progress import Progress, ProgressJSON, progress
from deduce.who.query import Query, observe_lady

#: Where a game stands.
GameState = Literal["playing", "won", "lost"]
#: Every action a player may send (SPEC 8).
Action = Literal["move", "search", "confront", "fog", "resolve", "pass", "reveal_suit_card"]
#: Verdicts on a confrontation, judged from the player's view at the time.
Verdict = Literal["proven", "lucky-guess", "wrong"]
#: Why a game ended.
EndReason = Literal["unmasked", "wrong-traits", "countdown", "no-fog-card", "fog-impossible"]


@dataclass(frozen=True)
class PlayerView:
    """Everything a careful player at the table knows, and nothing else."""

    mode: Mode
    suit: str
    length: int
    moves: Moves
    slot: int
    pawn: str
    visited: frozenset[str]
    top: str | None                      # the top card's landmark, None for a fog card
    countdown: int
    fog_deck: int
    clues: tuple[str, ...]               # revealed clue cards, in order
    suit_card: str | None                # revealed suit card
    trail: tuple[TrailEntryJSON, ...]    # everything seen or done, oldest first (deduce.game.trail)

    def track_query(self, now: int | None = None) -> TrackQuery:
        """The tracking query of the trail alone (:func:`~deduce.game.trail.track_query_from_trail`)."""
        return track_query_from_trail(self.trail, self.length, self.moves, self.slot if now is None else now)


def who_query(cards: CardSet, view: PlayerView, explain: bool = False) -> Query:
    """The deduction query of the view: her suit, the revealed clues and the suit card once
    revealed (with ``explain``, asking why each trait is settled, as a front end shows it)."""
    clues = [observe_lady(cards, c) for c in view.clues]
    if view.suit_card is not None:
        clues.append(observe_lady(cards, view.suit_card, "suit_card"))
    return Query(suit=view.suit, clues=tuple(clues), explain=explain)


def who(cards: CardSet, view: PlayerView) -> Deduction:
    """What the revealed clues (and the suit card, once revealed) prove about her traits."""
    return deduce(cards, who_query(cards, view))


def who_progress(cards: CardSet, view: PlayerView) -> Progress:
    """How far her traits are from proven (:mod:`deduce.who.progress`): from the view's clues,
    suit card and mode and the card set in play, never from the deal."""
    return progress(cards, who_query(cards, view), view.mode)


class HintsJSON(TypedDict):
    """``GET /v1/games/{id}/hints``: the deduction result, the tracking result, WHO progress
    (the chances that the clues to come prove her traits, and the guess if confronted now),
    and the plan: the action to take now and why (:mod:`deduce.game.advisor`)."""

    who: DeductionJSON
    where: TrackingJSON
    progress: ProgressJSON
    plan: PlanJSON


def hints(rules: Rules, view: PlayerView, actions: Sequence[Action] = (), pending: Pending | None = None,
          lang: str = "en") -> HintsJSON:
    """WHO (deduction from the revealed clues and her suit), WHERE (tracking from the trail's
    landmarks, fog cards and searches), WHO progress and the plan, from the player's view alone;
    the plan also reads the legal ``actions`` (none once the game is over: the plan says so)
    and the fog card waiting for ``resolve``, and is worded in ``lang``."""
    from deduce.game.advisor import advise  # the advisor builds on this module

    return {"who": who(rules.cards, view).to_json(),
            "where": track(rules.board, view.track_query()).to_json(),
            "progress": who_progress(rules.cards, view).to_json(),
            "plan": advise(rules, view, actions, pending).to_json(rules, lang)}


# -- the plan's JSON (deduce.game.advisor computes it) ---------------------------------

class ReasonJSON(TypedDict):
    """One reason for the plan: its phrase code (``plan.<code>``), parameters (ids, numbers,
    lists of ids; never words) and its words in the game's language."""

    code: str
    params: dict[str, str | int | float | bool | list[str]]
    text: str


class OptionJSON(TypedDict):
    """An action weighed: the document to send and its worth in cards of the stealth deck (higher is better)."""

    send: dict[str, Any]
    value: float


class PlanFiguresJSON(TypedDict):
    """The numbers behind a plan: her chance at the pawn now; cards left before the countdown
    runs out; fog cards left; clues held (she flees that many cards after a search); keys still
    to claim and the moves of the shortest route through them; whether her traits are proven,
    and the chance that the suit card proves them; the worth of using the fog card on top
    (None unless one may be used)."""

    here_now: float
    slots_left: int
    fog_left: int
    clues_held: int
    keys_left: int
    route: int
    proven: bool
    suit_card_proves: float
    fog_value: float | None


class PlanJSON(TypedDict):
    """The recommended action: ``action`` and ``send`` (the action document to send as it is)
    are None when there is nothing to advise (the game is over, or no path of hers fits the
    trail), and the reasons say why; ``options`` lists every action weighed, best first."""

    action: Action | None
    send: dict[str, Any] | None
    reasons: list[ReasonJSON]
    figures: PlanFiguresJSON
    options: list[OptionJSON]


# -- the VIEW's parts ----------------------------------------------------------------

class ClueJSON(TypedDict):
    """A revealed clue card, as the player sees it."""

    card: str
    name: str
    traits: list[str]
    key: dict[str, list[int]]


class DarkLadyJSON(ClueJSON):
    """Her card, shown once the game is over."""

    suit: str


def clue_json(words: Words, card: str) -> ClueJSON:
    lady = words.rules.cards.lady(card)
    return {"card": lady.id, "name": words.lady(card), "traits": list(lady.traits),
            "key": key_to_json(lady.key, words.rules.cards.suit_ids)}


class TopJSON(TypedDict, total=False):
    """The top card of the stealth deck: its landmark, or ``{"fog": true}``."""

    landmark: str
    fog: Literal[True]


@dataclass(frozen=True)
class Pending:
    """A revealed fog card waiting for the ``resolve`` action: what it asks, and the choices."""

    card: str
    action: str
    asks: Asks
    choices: tuple[str, ...]

    def to_json(self, words: Words) -> PendingJSON:
        return {"card": self.card, "action": self.action, "asks": self.asks,
                "text": words.fog_text(self.card), "choices": list(self.choices)}


class PendingJSON(TypedDict):
    card: str
    action: str
    asks: Asks
    text: str
    choices: list[str]


@dataclass(frozen=True)
class Confronted:
    """The traits named in a confrontation, and the verdict on them."""

    traits: tuple[str, ...]
    verdict: Verdict

    def to_json(self) -> ConfrontedJSON:
        return {"traits": list(self.traits), "verdict": self.verdict}


class ConfrontedJSON(TypedDict):
    traits: list[str]
    verdict: Verdict


@dataclass(frozen=True)
class End:
    """How a game ended: its closing event, her card, and the score and rank when won."""

    state: GameState
    reason: EndReason
    event: Event
    dark_lady: str
    proven: bool
    confronted: Confronted | None = None
    score: int | None = None
    rank: RankId | None = None
    rank_name: str | None = None
    breakdown: tuple[ScoreTermJSON, ...] = ()

    def to_json(self, words: Words) -> EndJSON:
        suit = words.rules.cards.lady(self.dark_lady).suit
        dark: DarkLadyJSON = {**clue_json(words, self.dark_lady), "suit": suit}
        return {"reason": self.reason, "message": words.text(self.event), "dark_lady": dark,
                "score": self.score, "rank": self.rank, "rank_name": self.rank_name,
                "confronted": self.confronted.to_json() if self.confronted else None, "proven": self.proven,
                "breakdown": [cast(ScoreTermJSON, dict(t)) for t in self.breakdown] if self.score is not None else None}


class EndJSON(TypedDict):
    """How the game ended; only present once it has."""

    reason: EndReason
    message: str
    dark_lady: DarkLadyJSON
    score: int | None
    rank: RankId | None
    rank_name: str | None
    confronted: ConfrontedJSON | None
    proven: bool
    breakdown: list[ScoreTermJSON] | None  # the score term by term, as the rulebook counts it (when won)


class FogWarningJSON(TypedDict):
    """Said whenever a fog card may be used: an impossible action loses, and which cards would be impossible now."""

    text: str
    impossible: list[str]


class ViewJSON(TypedDict):
    """The VIEW of SPEC 8: what a careful player at the table knows, and the end once over;
    ``trail`` is everything seen or done, oldest first (:mod:`deduce.game.trail`)."""

    id: str
    version: int
    state: GameState
    mode: Mode
    suit: str
    pawn: str
    visited: list[str]
    top: TopJSON
    slot: int
    moves: Moves
    length: int
    countdown: int
    fog_deck: int
    clues: list[ClueJSON]
    suit_card: ClueJSON | None
    pending: PendingJSON | None
    actions: list[Action]
    end: EndJSON | None
    trail: list[TrailEntryJSON]
    fog_warning: FogWarningJSON | None
