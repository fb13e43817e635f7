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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired, final, get_args

from pydantic import Discriminator, Field, Tag, WrapValidator, with_config
from typing_extensions import TypedDict

from deduce.document import type_name, typed_number
from deduce.errors import problem_words, shown
from deduce.schema import Definition, entry, known_in, problem, said, strict, tagged, validated
from deduce.text.catalog import Phrase, PhraseParam
from deduce.text.names import Choices
from deduce.where.board import Board
from deduce.where.stealth import MOVES, Moves

#: The kinds of observation, each named by the field that holds it.
ObservationKind = Literal["landmark", "fog", "searched"]
KINDS: tuple[ObservationKind, ...] = get_args(ObservationKind)
OBSERVATION_FIELDS = ("slot", "landmark", "fog", "searched", "found")
#: Longest deck a query may describe. Real decks have 24-32 cards; the bound keeps the
#: exact counts (which grow like degree**length) to a few thousand bits.
MAX_LENGTH = 1000
#: Most observations one query may hold.
MAX_OBSERVATIONS = 1000
#: Largest slot a query may name. A game moves a few hundred cards at most; the bound keeps
#: every slot a number the result can echo (Python will not print one of 4,300 digits).
MAX_SLOT = 10 ** 9
#: SPEC 6's example of a tracking query.
EXAMPLE: dict[str, Any] = {"length": 26, "moves": "always", "now": 7,
                           "observations": [{"slot": 0, "landmark": "playhouse"}, {"slot": 3, "fog": True},
                                            {"slot": 5, "searched": "globe", "found": False}]}


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


def _whole(value: Any) -> Phrase:
    return board_words("expected.whole", got=_describe(value))


#: A slot: cards moved since the start, from 0 to :data:`MAX_SLOT`.
Slot = Annotated[int, Field(ge=0, le=MAX_SLOT, description="cards moved since the start (the countdown card "
                                                           "does not count)"),
                 said(_whole, limit=("less_than_equal",),
                      greater_than_equal=lambda value: board_words("query.slot.negative", got=shown(value)),
                      less_than_equal=lambda value: board_words("query.slot.limit", got=shown(value), most=MAX_SLOT))]


def _on_board(kind: str) -> WrapValidator:
    """An id of the board's landmarks or locations (the board is the validation's context)."""
    if kind == "landmark":
        return known_in(kind, lambda board, ident: board.has_landmark(ident), lambda board: Choices.of(board.landmarks))
    return known_in(kind, lambda board, ident: board.has_location(ident), lambda board: Choices.of(board.locations))


@final
@with_config(strict("LandmarkSeen"))
class LandmarkSeen(TypedDict):
    """A stealth card's landmark seen on a slot."""

    slot: Slot
    landmark: Annotated[str, Field(description="the landmark on the stealth card's back"), _on_board("landmark")]


def _fog_shown(value: Any, handler: Callable[[Any], Any]) -> Any:
    """``true`` itself: pydantic's ``Literal[True]`` would also take 1, which equals it in Python."""
    if value is not True:
        raise problem(board_words("query.fog", got=_describe(value)))
    return handler(value)


@final
@with_config(strict("FogSeen"))
class FogSeen(TypedDict):
    """A fog card seen on a slot."""

    slot: Slot
    fog: Annotated[Literal[True], WrapValidator(_fog_shown)]


@final
@with_config(strict("Search"))
class Search(TypedDict):
    """A location searched on a slot, and whether she was found there."""

    slot: Slot
    searched: Annotated[str, Field(description="the location searched"), _on_board("location")]
    found: Annotated[bool, Field(description="whether the search found her"),
                     said(lambda value: board_words("expected.boolean", got=_describe(value)))]


#: One observation: ``slot`` and exactly one of ``landmark``, ``fog`` or ``searched`` (with ``found``).
SlotObservationJSON = LandmarkSeen | FogSeen | Search


def _kind(item: Any) -> str | None:
    """Which kind of observation ``item`` is: the one field of :data:`KINDS` it has."""
    kinds = [kind for kind in KINDS if kind in item]
    return kinds[0] if len(kinds) == 1 else None


def _not_one_kind(item: Any) -> Phrase:
    kinds = [kind for kind in KINDS if kind in item]
    return board_words("query.observation.exactly", kinds=", ".join(KINDS), got=", ".join(kinds) or
                       board_words("got.none"))


Observation = Annotated[
    Annotated[LandmarkSeen, Tag("landmark")] | Annotated[FogSeen, Tag("fog")] | Annotated[Search, Tag("searched")],
    Discriminator(_kind), tagged(_kind, _not_one_kind),
    entry(LandmarkSeen, fields=OBSERVATION_FIELDS,
          missing={"found": board_words("query.found.required")},
          extra={"found": board_words("query.found.alone")},
          not_mapping=lambda value: board_words("query.observation", kinds=", ".join(KINDS), got=type_name(value)))]


@with_config(strict("TrackQuery", EXAMPLE))
class TrackQueryJSON(TypedDict):
    """A tracking query (SPEC 6 "Tracking query and result JSON")."""

    length: Annotated[int, Field(ge=1, le=MAX_LENGTH, description="cards in the stealth deck"),
                      said(_whole, limit=("less_than_equal",),
                           greater_than_equal=lambda value: board_words("query.length.least", got=shown(value)),
                           less_than_equal=lambda value: board_words("query.length.limit", got=shown(value),
                                                                     most=MAX_LENGTH))]
    moves: Annotated[Moves, Field(description="always: she moves every turn; may_stay: she may stay put"),
                     said(lambda value: board_words("expected.one-of", choices=", ".join(MOVES), got=shown(value)))]
    now: Annotated[Slot, Field(description="the slot to give the odds for")]
    observations: NotRequired[
        Annotated[list[Observation], Field(max_length=MAX_OBSERVATIONS),
                  said(list_type=lambda value: problem_words("expected.list", got=type_name(value)),
                       too_long=lambda value: board_words("limit.allowed", n=len(value), most=MAX_OBSERVATIONS),
                       limit=("too_long",))] | None]


#: The tracking query's definition, checked with the board as its context.
TRACK_QUERY: Definition[TrackQueryJSON] = Definition(Annotated[TrackQueryJSON, entry(
    TrackQueryJSON, missing={"length": board_words("query.length.required"),
                             "moves": board_words("query.moves.required", choices=", ".join(MOVES)),
                             "now": board_words("query.now.required")},
    not_mapping=lambda value: board_words("query.mapping", got=type_name(value)))])


def parse_track_query(board: Board, doc: Any) -> TrackQuery:
    """Interpret a tracking query document (SPEC 6); raise :class:`InputError` naming each bad field.

    ``length``, ``moves`` and ``now`` are required; ``observations`` defaults to none.
    A query that no walk fits is not an error here: the tracker reports a contradiction.
    """
    query = validated(TRACK_QUERY, doc, board)
    return TrackQuery(length=query["length"], moves=query["moves"], now=query["now"],
                      observations=tuple(map(_observation, query.get("observations") or ())))


def _observation(seen: SlotObservationJSON) -> SlotObservation:
    if "landmark" in seen:
        return SlotObservation(seen["slot"], "landmark", landmark=seen["landmark"])
    if "searched" in seen:
        return SlotObservation(seen["slot"], "searched", location=seen["searched"], found=seen["found"])
    return SlotObservation(seen["slot"], "fog")


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
