"""Tracking queries: what the player has seen of the stealth deck (SPEC 6 and 7).

A :class:`TrackQuery` says how long the stealth deck is, whether she moves every turn
(``always``) or may stay put (``may_stay``), which slot is ``now``, and what was seen on
earlier slots: a landmark on a card's back, a fog card, or a search at a location that
found her or not. :func:`parse_track_query` reads the tracking query JSON and reports
every problem with its JSON path (``observations[2].slot: expected a whole number, got a
string``); :func:`observation_from_text` reads one observation typed on the command line
(``0:playhouse``, ``2:globe:no``) into the same JSON so it is checked the same way.

Slots count cards moved since the start (the countdown card does not count); the
tracker takes them mod ``length``. Slots are never negative.

:func:`board_words` are the words of these problems, and of every WHERE and game reader's (boards,
stealth decks, fog card documents, game setups, situations at the table, the game store): the
catalog's ``boards`` section, said in the person's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, get_args

from typing_extensions import TypedDict

from deduce.document import is_int, type_name, typed_number, unknown_fields
from deduce.errors import InputError, Loc, Problems, problem_words, shown
from deduce.text.catalog import Phrase, PhraseParam
from deduce.where.board import Board
from deduce.where.stealth import MOVES, Moves, is_moves

#: The kinds of observation, each named by the field that holds it.
ObservationKind = Literal["landmark", "fog", "searched"]
KINDS: tuple[ObservationKind, ...] = get_args(ObservationKind)
QUERY_FIELDS = ("length", "moves", "now", "observations")
OBSERVATION_FIELDS = ("slot", "landmark", "fog", "searched", "found")
#: Longest deck a query may describe. Real decks have 24-32 cards; the bound keeps the
#: exact counts (which grow like degree**length) to a few thousand bits.
MAX_LENGTH = 1000
#: Most observations one query may hold.
MAX_OBSERVATIONS = 1000
#: Largest slot a query may name. A game moves a few hundred cards at most; the bound keeps
#: every slot a number the result can echo (Python will not print one of 4,300 digits).
MAX_SLOT = 10 ** 9


class SlotObservationJSON(TypedDict):
    """One observation: ``slot`` and exactly one of ``landmark``, ``fog`` or ``searched`` (with ``found``)."""

    slot: int
    landmark: NotRequired[str]
    fog: NotRequired[Literal[True]]
    searched: NotRequired[str]
    found: NotRequired[bool]


class TrackQueryJSON(TypedDict):
    """A tracking query (SPEC 6 "Tracking query and result JSON")."""

    length: int
    moves: Moves
    now: int
    observations: list[SlotObservationJSON]


@dataclass(frozen=True)
class SlotObservation:
    """What the player learnt about her location on one slot of the deck."""

    slot: int
    kind: ObservationKind
    landmark: str | None = None
    location: str | None = None
    found: bool = False

    def __post_init__(self) -> None:
        if self.kind == "landmark" and self.landmark is None:
            raise ValueError("a landmark observation names the landmark seen")
        if self.kind == "searched" and self.location is None:
            raise ValueError("a search names the location searched")

    def admits(self, board: Board, location: str) -> bool:
        """Whether she can be at ``location`` on this slot, given this observation."""
        if self.kind == "landmark":
            return board.landmark_of(location) == self.landmark
        if self.kind == "searched":
            return (location == self.location) == self.found
        return True  # fog tells nothing

    def to_json(self) -> SlotObservationJSON:
        if self.kind == "landmark" and self.landmark is not None:
            return {"slot": self.slot, "landmark": self.landmark}
        if self.kind == "searched" and self.location is not None:
            return {"slot": self.slot, "searched": self.location, "found": self.found}
        return {"slot": self.slot, "fog": True}


@dataclass(frozen=True)
class TrackQuery:
    """A tracking question: the deck's shape, the slot of interest, and what was seen."""

    length: int
    moves: Moves
    now: int
    observations: tuple[SlotObservation, ...] = ()

    @property
    def may_stay(self) -> bool:
        return self.moves == "may_stay"

    def same_slot(self, a: int, b: int) -> bool:
        """Whether slot numbers ``a`` and ``b`` are the same card of the cyclic deck."""
        return (a - b) % self.length == 0

    @property
    def fog_now(self) -> bool:
        """Whether a fog card sits in the deck position of ``now``, so searching is impossible.

        A fog card replaces a searched card for good, so fog seen on any slot that is the
        same card as ``now`` means fog now.
        """
        return any(o.kind == "fog" and self.same_slot(o.slot, self.now) for o in self.observations)

    def to_json(self) -> TrackQueryJSON:
        return {"length": self.length, "moves": self.moves, "now": self.now,
                "observations": [o.to_json() for o in self.observations]}


def board_words(key: str, **params: PhraseParam) -> Phrase:
    """The words of the catalog's ``boards`` section, said in any language: the problems of boards,
    stealth decks and sequences, tracking queries, fog card documents, game setups, situations at
    the table and the game store."""
    return Phrase("boards", key, params)


def unknown_listed(kind: str, value: object, choices: Iterable[str]) -> Phrase:
    """``unknown landmark 'x'; expected one of: ...``, every choice listed (a document's own short list
    of ids: its landmarks, the fog actions). ``kind`` is a ``kind.*`` key of the ``problems`` words."""
    said = problem_words("unknown", kind=problem_words(f"kind.{kind}"), got=shown(value))
    return problem_words("expected.one-of", what=said, choices=", ".join(choices))


def _describe(value: Any) -> str | Phrase:
    """A value's kind for messages; fractional numbers are shown as they are."""
    return repr(value) if isinstance(value, float) else type_name(value)


def _slot_number(value: Any, loc: Loc, problems: Problems) -> int | None:
    if not is_int(value):
        problems.add(loc, board_words("expected.whole", got=_describe(value)))
        return None
    if value < 0:
        problems.add(loc, board_words("query.slot.negative", got=shown(value)))
        return None
    if value > MAX_SLOT:
        problems.add(loc, board_words("query.slot.limit", got=shown(value), most=MAX_SLOT), code="limit")
        return None
    return int(value)


def _parse_observation(board: Board, item: Any, loc: Loc, problems: Problems) -> SlotObservation | None:
    if not isinstance(item, Mapping):
        problems.add(loc, board_words("query.observation", kinds=", ".join(KINDS), got=type_name(item)))
        return None
    before = len(problems)
    unknown_fields(item, OBSERVATION_FIELDS, loc, problems)
    slot: int | None = None
    if "slot" not in item:
        problems.add((*loc, "slot"), problem_words("required"))
    else:
        slot = _slot_number(item["slot"], (*loc, "slot"), problems)
    kinds = [k for k in KINDS if k in item]
    if len(kinds) != 1:
        got = ", ".join(kinds) if kinds else board_words("got.none")
        problems.add(loc, board_words("query.observation.exactly", kinds=", ".join(KINDS), got=got))
        return None
    kind = kinds[0]
    if kind != "searched" and "found" in item:
        problems.add((*loc, "found"), board_words("query.found.alone"))
    landmark, location, found = _what_was_seen(board, item, kind, loc, problems)
    if slot is None or len(problems) != before:
        return None
    return SlotObservation(slot=slot, kind=kind, landmark=landmark, location=location, found=found)


def _what_was_seen(board: Board, item: Mapping[str, Any], kind: str, loc: Loc,
                   problems: Problems) -> tuple[str | None, str | None, bool]:
    """The landmark shown, or the place searched and whether she was found (a fog card shows neither)."""
    if kind == "landmark":
        landmark = item["landmark"]
        if not isinstance(landmark, str) or not board.has_landmark(landmark):
            problems.unknown((*loc, "landmark"), "landmark", landmark, board.landmark_ids)
        return landmark, None, False
    if kind == "fog":
        if item["fog"] is not True:
            problems.add((*loc, "fog"), board_words("query.fog", got=_describe(item["fog"])))
        return None, None, False
    location = item["searched"]
    if not isinstance(location, str) or not board.has_location(location):
        problems.unknown((*loc, "searched"), "location", location, board.location_ids)
    if "found" not in item:
        problems.add((*loc, "found"), board_words("query.found.required"))
    elif not isinstance(item["found"], bool):
        problems.add((*loc, "found"), board_words("expected.boolean", got=_describe(item["found"])))
    else:
        return None, location, item["found"]
    return None, location, False


def parse_track_query(board: Board, doc: Any) -> TrackQuery:
    """Interpret a tracking query document (SPEC 6); raise :class:`InputError` naming each bad field.

    ``length``, ``moves`` and ``now`` are required; ``observations`` defaults to none.
    A query that no walk fits is not an error here: the tracker reports a contradiction.
    """
    if not isinstance(doc, Mapping):
        raise InputError.at((), board_words("query.mapping", got=type_name(doc)))
    problems = Problems()
    unknown_fields(doc, QUERY_FIELDS, (), problems)
    length = _length(doc, problems)
    moves = doc.get("moves")
    if "moves" not in doc:
        problems.add(("moves",), board_words("query.moves.required", choices=", ".join(MOVES)))
    elif not is_moves(moves):
        problems.add(("moves",), board_words("expected.one-of", choices=", ".join(MOVES), got=shown(moves)))
        moves = None
    now: int | None = None
    if "now" not in doc:
        problems.add(("now",), board_words("query.now.required"))
    else:
        now = _slot_number(doc["now"], ("now",), problems)
    items = doc.get("observations", [])
    if items is None:
        items = []
    if not isinstance(items, list):
        problems.add(("observations",), problem_words("expected.list", got=type_name(items)))
        items = []
    elif len(items) > MAX_OBSERVATIONS:
        problems.add(("observations",), board_words("limit.allowed", n=len(items), most=MAX_OBSERVATIONS), code="limit")
        items = []
    observations = [_parse_observation(board, item, ("observations", i), problems) for i, item in enumerate(items)]
    problems.raise_if_any()
    assert length is not None and is_moves(moves) and now is not None, "each was reported when missing or bad"
    return TrackQuery(length=length, moves=moves, now=now,
                      observations=tuple(o for o in observations if o is not None))


def _length(doc: Mapping[str, Any], problems: Problems) -> int | None:
    """The deck length: a whole number from 1 to :data:`MAX_LENGTH`."""
    if "length" not in doc:
        problems.add(("length",), board_words("query.length.required"))
        return None
    length = doc["length"]
    if not is_int(length):
        problems.add(("length",), board_words("expected.whole", got=_describe(length)))
    elif length < 1:
        problems.add(("length",), board_words("query.length.least", got=shown(length)))
    elif length > MAX_LENGTH:
        problems.add(("length",), board_words("query.length.limit", got=shown(length), most=MAX_LENGTH), code="limit")
    else:
        return int(length)
    return None


#: Words accepted for a search's outcome on the command line.
FOUND_WORDS = {"yes": True, "found": True, "true": True, "no": False, "not-found": False, "false": False}


def observation_from_text(kind: str, text: str) -> dict[str, object]:
    """One observation typed on the command line, as the JSON :func:`parse_track_query` reads.

    ``landmark``: ``SLOT:LANDMARK``; ``fog``: ``SLOT``; ``searched``: ``SLOT:LOCATION:yes|no``.
    Parts that do not fit are passed on as text so the query reader names what is wrong.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown observation kind {kind!r}")
    slot, _, rest = text.partition(":")
    if kind == "fog":
        return {"slot": typed_number(slot), "fog": True} if not rest else {"slot": typed_number(slot), "fog": rest}
    if kind == "landmark":
        return {"slot": typed_number(slot), "landmark": rest.strip()}
    location, _, outcome = rest.partition(":")
    doc: dict[str, Any] = {"slot": typed_number(slot), "searched": location.strip()}
    if outcome.strip():
        doc["found"] = FOUND_WORDS.get(outcome.strip().lower(), outcome)
    return doc
