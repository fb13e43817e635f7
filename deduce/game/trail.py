"""The player's trail: everything seen or done, slot by slot, in order (SPEC 8).

Core module, no I/O. The trail is what a careful player writes in a notebook, and the whole
of what the WHERE hints may use: :func:`track_query_from_trail` builds the tracking query
(SPEC 7) from its ``landmark``, ``fog`` and ``search`` entries alone, so any client holding a
view can rebuild the hints with the public tracker (:func:`deduce.where.tracker.track`).

An entry is one JSON object, :class:`TrailEntryJSON`: ``slot`` (the tracking slot of SPEC 7:
cards moved since the start, the countdown card not counted), ``kind`` and the fields of its
kind. One TypedDict with optional fields (rather than one per kind) keeps the API's response
model a single plain object; :data:`TRAIL_FIELDS` says which fields each kind carries, and
the rules engine writes them through the constructors below only.

==============  ==========================  ==============================================
kind            fields                      meaning
==============  ==========================  ==============================================
``landmark``    ``landmark``                the card on ``slot`` showed this landmark
``fog``         —                           a fog card was on ``slot``
``search``      ``location``, ``found``     searched on ``slot`` at ``location``
``flee``        ``cards``                   she fled ``cards`` cards unseen (slots after ``slot``)
``countdown``   ``value``                   the countdown card came up and now shows ``value``
``fog_card``    ``card``, ``result``        a fog card's action was used: its id, what it did
``key``         ``location``                a location key was claimed
``clue``        ``card``, ``suit_card``     a clue was gained (``suit_card``: the suit card)
==============  ==========================  ==============================================

A fog card that shows something (a landmark further on, whether she will be at a place) adds
the matching ``landmark``, ``fog`` or ``search`` entry on the slot it concerns, right after its
``fog_card`` entry; a ``search`` entry made by a fog card carries ``fog_card`` (its id), and a
``fog_card`` entry may carry ``location`` (the place its action concerned).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NotRequired, get_args

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.where.query import SlotObservation, TrackQuery
from deduce.where.stealth import Moves

#: The kinds of trail entry (SPEC 8).
TrailKind = Literal["landmark", "fog", "search", "flee", "countdown", "fog_card", "key", "clue"]
TRAIL_KINDS: tuple[TrailKind, ...] = get_args(TrailKind)
#: What a fog card's action did: the code of its outcome (the event code, or ``impossible``).
FogResult = Literal["glimpse.landmark", "glimpse.fog", "wherry", "keyhole.there", "keyhole.not-there",
                    "keyhole.fog", "linkboy", "lantern.here", "lantern.not-here", "slip", "curfew", "damp",
                    "lost-key", "lost-key.moot", "crowd", "impossible"]
#: The fields each kind of entry carries besides ``slot`` and ``kind`` (optional ones in brackets
#: are documented above and not listed).
TRAIL_FIELDS: dict[TrailKind, tuple[str, ...]] = {
    "landmark": ("landmark",), "fog": (), "search": ("location", "found"), "flee": ("cards",),
    "countdown": ("value",), "fog_card": ("card", "result"), "key": ("location",), "clue": ("card", "suit_card"),
}


class TrailEntryJSON(TypedDict):
    """One entry of the trail: ``slot``, ``kind`` and the fields of its kind (see the module)."""

    slot: int
    kind: TrailKind
    landmark: NotRequired[str]
    location: NotRequired[str]
    found: NotRequired[bool]
    cards: NotRequired[int]
    value: NotRequired[int]
    card: NotRequired[str]
    result: NotRequired[FogResult]
    suit_card: NotRequired[bool]
    fog_card: NotRequired[str]


# -- constructors (the rules engine writes entries through these only) ---------------

def landmark_entry(slot: int, landmark: str) -> TrailEntryJSON:
    return {"slot": slot, "kind": "landmark", "landmark": landmark}


def fog_entry(slot: int) -> TrailEntryJSON:
    return {"slot": slot, "kind": "fog"}


def search_entry(slot: int, location: str, found: bool, fog_card: str | None = None) -> TrailEntryJSON:
    entry: TrailEntryJSON = {"slot": slot, "kind": "search", "location": location, "found": found}
    if fog_card is not None:
        entry["fog_card"] = fog_card
    return entry


def flee_entry(slot: int, cards: int) -> TrailEntryJSON:
    return {"slot": slot, "kind": "flee", "cards": cards}


def countdown_entry(slot: int, value: int) -> TrailEntryJSON:
    return {"slot": slot, "kind": "countdown", "value": value}


def fog_card_entry(slot: int, card: str, result: FogResult, location: str | None = None) -> TrailEntryJSON:
    entry: TrailEntryJSON = {"slot": slot, "kind": "fog_card", "card": card, "result": result}
    if location is not None:
        entry["location"] = location
    return entry


def key_entry(slot: int, location: str) -> TrailEntryJSON:
    return {"slot": slot, "kind": "key", "location": location}


def clue_entry(slot: int, card: str, suit_card: bool = False) -> TrailEntryJSON:
    return {"slot": slot, "kind": "clue", "card": card, "suit_card": suit_card}


# -- the tracking query ---------------------------------------------------------------

def observations_from_trail(trail: Iterable[TrailEntryJSON]) -> tuple[SlotObservation, ...]:
    """The tracking observations of a trail: its ``landmark``, ``fog`` and ``search`` entries, in order."""
    out: list[SlotObservation] = []
    for entry in trail:
        kind = entry["kind"]
        if kind == "landmark":
            out.append(SlotObservation(entry["slot"], "landmark", landmark=entry["landmark"]))
        elif kind == "fog":
            out.append(SlotObservation(entry["slot"], "fog"))
        elif kind == "search":
            out.append(SlotObservation(entry["slot"], "searched", location=entry["location"], found=entry["found"]))
    return tuple(out)


def track_query_from_trail(trail: Iterable[TrailEntryJSON], length: int, moves: Moves, now: int) -> TrackQuery:
    """The tracking query (SPEC 7) of a trail, for a deck of ``length`` cards that ``moves``
    as given, asking about slot ``now``: the hints of a game are exactly this query's answer."""
    return TrackQuery(length, moves, now, observations_from_trail(trail))
