"""Auditing the map and the stealth deck: is every walk she can take a legal one?

The idea of the card-set audit applied to the WHERE half of the game. Given a board, a
stealth deck and the extra sequences, :func:`audit_deck` returns :class:`Finding` values,
each naming what is wrong, the cards and the slot concerned:

- the board: a disconnected map, a drawing whose paths cross (or run through a
  location, or two locations drawn at one point), a location with fewer than 2 or more
  than 4 paths (a warning), a board without drawing coordinates (a warning: planarity
  cannot be checked);
- the deck: a card showing an unknown location, a card back whose landmark does not match
  its location, a letter used twice in one position, a position whose deck is not 26
  cards long (a warning), a location no card shows (a warning);
- every walk (the eight on-card positions and each extra sequence): an id that is not in
  the deck, a step between unconnected locations, a stay where she must move.

Beside the findings, the report says which walks are valid (no error names them, and every card
shows a location on the map) and how often she visits each location over them (:func:`visits`),
so that a designer sees where a deck sends her most, and where hardly ever.

Paths are undirected, so a walk passes backwards (the deck assembled Z→A) exactly when
it passes forwards; each walk is checked once. Slots are 0-based positions in the walk;
a step finding's slot is where the step starts (the last slot's step wraps to slot 0).
"""

from __future__ import annotations

from collections.abc import Iterable

from typing_extensions import TypedDict

from deduce.findings import Finding, FindingJSON
from deduce.where.board import Board
from deduce.where.planar import crossing_paths, paths_through_locations, shared_points
from deduce.where.query import board_words
from deduce.where.stealth import POSITIONS, Sequence, StealthDeck

#: The length of an on-card deck: one card per letter.
DECK_LENGTH = 26
MIN_DEGREE, MAX_DEGREE = 2, 4


def board_findings(board: Board) -> list[Finding]:
    """Connectivity, drawing and degree findings for a map."""
    out = []
    parts = board.components()
    if len(parts) > 1:
        shown = "; ".join(", ".join(part) for part in parts)
        out.append(Finding("disconnected", board_words("finding.disconnected", n=len(parts), parts=shown),
                           locations=tuple(loc for part in parts[1:] for loc in part)))
    if not board.drawable:
        out.append(Finding("undrawn", board_words("finding.undrawn"), severity="warning"))
    else:
        for a, b in shared_points(board):
            out.append(Finding("crossing", board_words("finding.same-point", a=a, b=b), locations=(a, b)))
        for (p, q) in crossing_paths(board):
            out.append(Finding("crossing", board_words("finding.crossing", a=p[0], b=p[1], c=q[0], d=q[1]),
                               locations=p + q))
        for (a, b), loc in paths_through_locations(board):
            out.append(Finding("crossing", board_words("finding.through", a=a, b=b, c=loc), locations=(a, b, loc)))
    for loc in board.location_ids:
        degree = board.degree(loc)
        if not MIN_DEGREE <= degree <= MAX_DEGREE:
            out.append(Finding("degree", board_words("finding.degree", place=loc, n=degree, least=MIN_DEGREE,
                                                     most=MAX_DEGREE), severity="warning", locations=(loc,)))
    return out


def card_findings(board: Board, deck: StealthDeck) -> list[Finding]:
    """Each card against the board, each position's letters, and locations no card shows."""
    out = []
    for card in deck.cards:
        if not board.has_location(card.location):
            out.append(Finding("unknown-location", board_words("finding.unknown-location", card=card.id,
                                                               location=repr(card.location)),
                               cards=(card.id,), locations=(card.location,)))
        elif card.landmark is not None and card.landmark != board.landmark_of(card.location):
            out.append(Finding("landmark-mismatch",
                               board_words("finding.landmark-mismatch", card=card.id, shown=repr(card.landmark),
                                           place=card.location, landmark=repr(board.landmark_of(card.location))),
                               cards=(card.id,), locations=(card.location,)))
    for position in range(1, POSITIONS + 1):
        holders: dict[str, list[str]] = {}
        for card in deck.cards:
            if (held := card.letter(position)) is not None:
                holders.setdefault(held, []).append(card.id)
        for letter, ids in sorted(holders.items()):
            if len(ids) > 1:
                out.append(Finding("duplicate-letter",
                                   board_words("finding.duplicate-letter", cards=", ".join(ids), letter=letter,
                                               position=position),
                                   cards=tuple(ids), sequence=f"position-{position}"))
        count = sum(len(ids) for ids in holders.values())
        if count != DECK_LENGTH:
            out.append(Finding("deck-length", board_words("finding.deck-length", position=position, count=count,
                                                          length=DECK_LENGTH),
                               severity="warning", sequence=f"position-{position}"))
    shown = {card.location for card in deck.cards}
    out.extend(Finding("unused-location", board_words("finding.unused-location", place=loc), severity="warning",
                       locations=(loc,))
               for loc in board.location_ids if loc not in shown)
    return out


def walk_findings(board: Board, deck: StealthDeck, sequence: Sequence) -> list[Finding]:
    """Unknown ids, jumps and forbidden stays along one cyclic sequence."""
    out = []
    known = True
    for slot, card in enumerate(sequence.cards):
        if not deck.has_card(card):
            out.append(Finding("unknown-card", board_words("finding.unknown-card", sequence=sequence.name, slot=slot,
                                                           card=repr(card)),
                               cards=(card,), slot=slot, sequence=sequence.name))
            known = False
    if not known or len(sequence.cards) < 2:
        return out
    for slot, card, nxt in sequence.steps():
        a, b = deck.location_of(card), deck.location_of(nxt)
        if not (board.has_location(a) and board.has_location(b)):
            continue  # reported once, as an unknown location on the card
        if a == b and not sequence.may_stay:
            out.append(Finding("stay", board_words("finding.stay", sequence=sequence.name, slot=slot, card=card,
                                                   next=nxt, place=a, moves=sequence.moves),
                               cards=(card, nxt), slot=slot, sequence=sequence.name, locations=(a,)))
        elif a != b and not board.adjacent(a, b):
            out.append(Finding("jump", board_words("finding.jump", sequence=sequence.name, slot=slot, card=card,
                                                   next=nxt, a=a, b=b),
                               cards=(card, nxt), slot=slot, sequence=sequence.name, locations=(a, b)))
    return out


def audit_deck(board: Board, deck: StealthDeck, sequences: Iterable[Sequence] = ()) -> list[Finding]:
    """Every finding for a board, its stealth deck, the eight on-card walks and the extra sequences."""
    out = board_findings(board) + card_findings(board, deck)
    for sequence in deck.positions() + tuple(sequences):
        out += walk_findings(board, deck, sequence)
    return out


def misfits(board: Board, deck: StealthDeck, sequences: Iterable[Sequence] = ()) -> list[Finding]:
    """The errors that make a stealth deck unplayable on a board: its cards and every walk a game can use.

    Unlike :func:`audit_deck` this leaves the map's own drawing (crossings, degrees) alone:
    a box owner's board need not be drawable to be played on.
    """
    found = card_findings(board, deck)
    for sequence in deck.positions() + tuple(sequences):
        found += walk_findings(board, deck, sequence)
    return [f for f in found if f.is_error]


def valid_walks(board: Board, deck: StealthDeck, walks: Iterable[Sequence],
                findings: Iterable[Finding]) -> list[Sequence]:
    """The walks a game can follow as they are: not empty, no error finding names them, and every card
    is in the deck and shows a location on the map (a card on an unknown location is reported once,
    as the card's finding, not the walk's)."""
    broken = {f.sequence for f in findings if f.is_error and f.sequence is not None}
    return [s for s in walks if s.cards and s.name not in broken
            and all(deck.has_card(card) and board.has_location(deck.location_of(card)) for card in s.cards)]


def visits(board: Board, deck: StealthDeck, walks: Iterable[Sequence]) -> dict[str, float]:
    """How often she is at each location of the map: the share of a walk's slots that show it,
    averaged over ``walks`` (each walk counts once, as a game follows one of them); every location
    is a key, 0.0 for one she never visits. Empty when there is no walk to count over.

    The walks must be valid (:func:`valid_walks`): every card in the deck, on the map."""
    counted = [deck.walk(s) for s in walks]
    if not counted:
        return {}
    share = dict.fromkeys(board.location_ids, 0.0)
    for walk in counted:
        for location in walk:
            share[location] += 1 / len(walk)
    return {location: total / len(counted) for location, total in share.items()}


def has_errors(findings: Iterable[Finding]) -> bool:
    return any(f.is_error for f in findings)


class DeckAuditJSON(TypedDict):
    """The deck audit: whether it passed, what was checked (the walks by name), every finding, the
    walks that are valid, and how often she visits each location over them (:func:`visits`)."""

    ok: bool
    #: The board's name; null for a board its file leaves unnamed (a person reads the word for a board).
    board: str | None
    locations: int
    paths: int
    cards: int
    walks: list[str]
    errors: int
    warnings: int
    findings: list[FindingJSON]
    valid_walks: list[str]
    visits: dict[str, float]


def report_json(board: Board, deck: StealthDeck, sequences: tuple[Sequence, ...],
                findings: list[Finding], lang: str = "en") -> DeckAuditJSON:
    """The audit as JSON: what was checked and what was found, the findings' messages said in ``lang``."""
    valid = valid_walks(board, deck, deck.positions() + sequences, findings)
    return {
        "ok": not has_errors(findings),
        "board": board.name,
        "locations": len(board.locations),
        "paths": len(board.paths),
        "cards": len(deck.cards),
        "walks": [s.name for s in deck.positions() + sequences],
        "errors": sum(f.is_error for f in findings),
        "warnings": sum(not f.is_error for f in findings),
        "findings": [f.to_json(lang) for f in findings],
        "valid_walks": [s.name for s in valid],
        "visits": visits(board, deck, valid),
    }
