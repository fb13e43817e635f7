"""The player's view: everything a careful player at the table knows, and nothing else (SPEC 8).

Core module, no I/O. :class:`PlayerView` is the visible part of a game (pawn, keys,
revealed clues, countdown, the top card's back, and the trail of everything seen or done,
:mod:`deduce.game.trail`); the hints (:mod:`deduce.game.hints`), the plan
(:mod:`deduce.game.plan`) and a confrontation's verdict are computed from it alone: WHERE
from the trail, WHO from the revealed clues.
The JSON shape of the VIEW is defined here, once: :class:`ViewJSON` and its parts.

The view is the player's observation of the rules' state (:class:`~deduce.game.state.State`),
built here, outside it: :func:`player_view` projects the visible part, :func:`view_json` says it
as the VIEW JSON in a language, with the actions allowed and the warning before a fog card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.actions import Action, Pending
from deduce.game.events import Words
from deduce.game.fog import Asks
from deduce.game.hand import Hand
from deduce.game.outcome import Confronted, End, EndReason, GameState, Verdict
from deduce.game.scoring import RankId, ScoreTermJSON
from deduce.game.setup import SequenceKind
from deduce.game.trail import TrailEntryJSON, track_query_from_trail
from deduce.text.phrases import phrase
from deduce.where.query import TrackQuery
from deduce.where.stealth import Moves
from deduce.who.cards import Mode
from deduce.who.keys import key_to_json
from deduce.who.query import Observation

if TYPE_CHECKING:
    from deduce.game.state import State


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
    # cards in hand typed at the table that no card of the set matches (deduce.game.situation), as they
    # lie: the deduction reads them, the deck left cannot (a game never has any)
    typed: tuple[Observation, ...] = ()
    # the stealth sequence the player set up and its direction, public (chosen at setup): the standing
    # (deduce.game.standing) draws her walk among its cuts; a situation at the table without them is position 1
    sequence: tuple[SequenceKind, Any] = ("position", 1)
    reverse: bool = False

    @property
    def sequence_doc(self) -> dict[str, Any]:
        """The sequence as a setup names it: ``{"position": 1}`` or ``{"rulebook": "easy-1"}``."""
        return {self.sequence[0]: self.sequence[1]}

    @property
    def hand(self) -> Hand:
        """The cards in hand, the question the view asks WHO (:mod:`deduce.game.hand`)."""
        return Hand(self.suit, self.clues, self.suit_card, self.typed)

    def track_query(self, now: int | None = None) -> TrackQuery:
        """The tracking query of the trail alone (:func:`~deduce.game.trail.track_query_from_trail`), the
        question the view asks WHERE."""
        return track_query_from_trail(self.trail, self.length, self.moves, self.slot if now is None else now)


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


def pending_json(pending: Pending, words: Words) -> PendingJSON:
    """A fog card waiting for its answer, with its text in ``words``' language."""
    return {"card": pending.card, "action": pending.action, "asks": pending.asks,
            "text": words.fog_text(pending.card), "choices": list(pending.choices)}

class PendingJSON(TypedDict):
    card: str
    action: str
    asks: Asks
    text: str
    choices: list[str]


def confronted_json(confronted: Confronted) -> ConfrontedJSON:
    return {"traits": list(confronted.traits), "verdict": confronted.verdict}

class ConfrontedJSON(TypedDict):
    traits: list[str]
    verdict: Verdict


def end_json(end: End, words: Words) -> EndJSON:
    """How the game ended, said in ``words``' language: her card shown, the score term by term when won."""
    suit = words.rules.cards.lady(end.dark_lady).suit
    dark: DarkLadyJSON = {**clue_json(words, end.dark_lady), "suit": suit}
    return {"reason": end.reason, "message": words.text(end.event), "dark_lady": dark,
            "score": end.score, "rank": end.rank, "rank_name": end.rank_name,
            "confronted": confronted_json(end.confronted) if end.confronted else None, "proven": end.proven,
            "breakdown": [cast(ScoreTermJSON, dict(t)) for t in end.breakdown] if end.score is not None else None}

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


# -- the observation of a game's state ----------------------------------------------

def player_view(state: State) -> PlayerView:
    """What the player of ``state`` knows: the visible part of the table, and the trail."""
    table = state.table
    top = None if state.top_is_fog else state.board.landmark_of(state.deck.location(state.slot))
    return PlayerView(
        mode=state.setup.mode, suit=state.suit, length=state.length, moves=state.deck.moves,
        slot=table.pos, pawn=table.pawn, visited=frozenset(table.visited), top=top,
        countdown=table.countdown, fog_deck=len(table.fog_deck), clues=tuple(table.clues),
        suit_card=state.suit_card if table.suit_card_revealed else None,
        trail=tuple(table.trail), sequence=state.setup.sequence, reverse=state.setup.reverse)


def view_json(state: State, words: Words, game_id: str = "") -> ViewJSON:
    """The VIEW JSON of SPEC 8 in ``words``' language: only what the player can know (plus the end,
    once over)."""
    pv = player_view(state)
    pending, end = state.table.pending, state.table.end
    return {
        "id": game_id, "version": state.table.version, "state": state.table.state, "mode": pv.mode,
        "suit": pv.suit, "pawn": pv.pawn,
        "visited": [loc for loc in state.board.location_ids if loc in pv.visited],
        "top": {"fog": True} if pv.top is None else {"landmark": pv.top},
        "slot": pv.slot, "moves": pv.moves, "length": pv.length, "countdown": pv.countdown,
        "fog_deck": pv.fog_deck, "clues": [clue_json(words, c) for c in pv.clues],
        "suit_card": clue_json(words, pv.suit_card) if pv.suit_card else None,
        "pending": pending_json(pending, words) if pending else None, "actions": state.legal_actions(),
        "end": end_json(end, words) if end else None,
        "trail": [cast(TrailEntryJSON, dict(entry)) for entry in pv.trail],
        "fog_warning": fog_warning(state, words.lang),
    }


def fog_warning(state: State, lang: str) -> FogWarningJSON | None:
    """What to know before using the fog card on top: an impossible action loses, and which
    fog cards would be impossible now (None when no fog card may be used)."""
    if "fog" not in state.legal_actions():
        return None
    impossible = state.fog_cards_impossible_now()
    if not impossible:
        return {"text": phrase(lang, "fog.warning.safe"), "impossible": []}
    names = ", ".join(state.rules.fog_card(c).name.get(lang) for c in impossible)
    return {"text": phrase(lang, "fog.warning.risk", cards=names), "impossible": list(impossible)}
