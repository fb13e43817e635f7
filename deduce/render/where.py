"""Plain-text renderings of the WHERE half for people: the board, her odds, search advice.

A satellite of the core like :mod:`deduce.render.who` (whose table layout it shares): it
reads a :class:`~deduce.where.board.Board`, a :class:`~deduce.where.tracker.Tracking` and an
:class:`~deduce.where.advice.Advice` (and the deck audit's findings) and writes text in the
player's language (:mod:`deduce.text.phrases`, and the designer page's words for the deck audit);
location and landmark names come from the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

from deduce.findings import Finding
from deduce.render.who import format_table
from deduce.text.catalog import Phrase, PhraseParam, section
from deduce.text.names import title_in, titled
from deduce.text.phrases import phrase
from deduce.where.advice import Advice
from deduce.where.audit import DECK_LENGTH, valid_walks
from deduce.where.board import Board
from deduce.where.stealth import Sequence as Walk
from deduce.where.stealth import StealthDeck
from deduce.where.tracker import Tracking


def percent(p: Fraction | float) -> str:
    return f"{100 * float(p):.1f}%"


def big_number(n: int, lang: str) -> str:
    """An integer with the language's thousands separator."""
    return f"{n:,}".replace(",", phrase(lang, "thousands"))


def location_name(board: Board, location: str, lang: str) -> str:
    return board.location(location).name.get(lang)


def board_text(board: Board, lang: str = "en") -> str:
    """The board as a table: ids to type, names, landmarks and where each path leads."""
    rows = [
        (loc.id, loc.name.get(lang), board.landmark(loc.landmark).name.get(lang),
         ", ".join(n for n in board.location_ids if board.adjacent(loc.id, n)))
        for loc in board.locations
    ]
    heading = phrase(lang, "board.heading", name=title_in(lang, board.name, "board"), locations=len(board.locations),
                     paths=len(board.paths))
    table = format_table([phrase(lang, "column.id"), phrase(lang, "column.location"),
                          phrase(lang, "column.landmark"), phrase(lang, "column.neighbours")], rows)
    return f"{heading}\n\n{table}\n"


def track_text(board: Board, tracking: Tracking, advice: Advice | None = None, lang: str = "en") -> str:
    """The tracker's answer: how many paths fit, and her odds now and next turn, likeliest first.

    With ``advice``, also the pawn's chance now, the best location within reach next turn
    (unless she can be at none), and what to do.
    """
    q = tracking.query
    if not tracking.paths:
        return phrase(lang, "track.contradiction") + "\n"
    lines = [phrase(lang, "track.heading", length=q.length, moves=phrase(lang, f"track.moves.{q.moves}"),
                    paths=big_number(tracking.paths, lang)), ""]
    order = sorted(board.location_ids, key=lambda loc: (-tracking.now.counts[loc], -tracking.next.counts[loc]))
    lines.append(format_table(
        [phrase(lang, "column.location"), phrase(lang, "column.landmark"),
         phrase(lang, "track.column.now", slot=tracking.now.slot),
         phrase(lang, "track.column.next", slot=tracking.next.slot)],
        [(location_name(board, loc, lang), board.landmark(board.landmark_of(loc)).name.get(lang),
          percent(tracking.now.chance(loc)), percent(tracking.next.chance(loc))) for loc in order],
    ))
    if advice is not None:
        lines += ["", phrase(lang, "advice.here", location=location_name(board, advice.pawn, lang),
                             chance=percent(advice.here_now))]
        if advice.in_reach:   # a best place at 0 % would send the pawn where she cannot be
            lines.append(phrase(lang, "advice.best", location=location_name(board, advice.best, lang),
                                chance=percent(advice.best_next)))
        if not advice.can_search:
            lines.append(phrase(lang, "advice.fog"))
        said = advice.action if advice.in_reach or advice.search_now else "none"
        lines.append(phrase(lang, f"advice.{said}", location=location_name(board, advice.best, lang)))
    return "\n".join(lines) + "\n"


#: Which of the tracker's two slots a picture shows: ``now`` or ``next`` turn.
Which = Literal["now", "next"]


def odds_caption(tracking: Tracking, which: Which, lang: str = "en") -> str:
    """A caption for a picture shaded by the odds ``now`` or ``next``: the slot and the paths."""
    slot = tracking.now if which == "now" else tracking.next
    return phrase(lang, "track.caption", slot=slot.slot, which=phrase(lang, f"track.which.{which}"),
                  paths=big_number(tracking.paths, lang))


def deck_audit_text(board: Board, deck: StealthDeck, sequences: tuple[Walk, ...], findings: list[Finding],
                    lang: str = "en") -> str:
    """The deck audit for a person (``deduce audit-deck``): what was checked and each finding in the
    words the designer page says them with, in ``lang``, places and landmarks by their names (``--json``
    keeps the audit's own sentences)."""
    walks = deck.positions() + sequences
    errors = [f for f in findings if f.is_error]
    warnings = [f for f in findings if not f.is_error]
    lines = [_words("jobs", "job.deck.checked", lang, board=titled(board.name, "board"), locations=len(board.locations),
                    paths=len(board.paths), cards=len(deck.cards), walks=len(walks),
                    valid=len(valid_walks(board, deck, walks, findings)))]
    for severity, group in (("error", errors), ("warning", warnings)):
        lines += [f"{_words('workbench', f'wb.{severity}', lang)} [{f.code}] {deck_finding_text(board, deck, f, lang)}"
                  for f in group]
    if not findings:
        lines.append(_words("commands", "deck.none", lang))
    else:
        lines.append(f"{_words('workbench', 'wb.bad', lang, n=len(errors))}. "
                     f"{_words('workbench', 'wb.warnings', lang, n=len(warnings))}")
    return "\n".join(lines)


def _words(section: str, key: str, lang: str, **params: PhraseParam) -> str:
    """Words of the catalog's ``section``, said in ``lang``."""
    return Phrase(section, key, params).said(lang)


def deck_finding_text(board: Board, deck: StealthDeck, finding: Finding, lang: str) -> str:
    """One finding of the deck audit in ``lang`` (a walk's own finding after the walk's name); its
    own words when the page has none for its code."""
    key = f"job.deck.f.{_deck_finding_key(finding)}"
    if key not in section("jobs")["en"]:
        return finding.said(lang)
    text = _words("jobs", key, lang, **_deck_finding_params(board, deck, finding, lang))
    if finding.sequence is None:
        return text
    position = finding.sequence.removeprefix("position-")
    chosen = {"position": position} if position.isdigit() else {"rulebook": finding.sequence}
    return f"{sequence_text(chosen, False, lang)}: {text}"


def sequence_text(chosen: Mapping[str, PhraseParam], reverse: bool, lang: str) -> str:
    """A stealth sequence in ``lang``, from the parts a setup chooses it by (``{"position": 2}`` or
    ``{"rulebook": "easy-1"}``, and whether the deck is assembled Z to A): the page's words for a
    position on the cards and a reversed deck, a rulebook sequence by its name. Its id
    (``position-2 reversed``) is for ``--json``, never for a person."""
    kind, value = next(iter(chosen.items()))
    walk: PhraseParam = Phrase("jobs", "job.deck.walk.position", {"n": value}) if kind == "position" else value
    said = Phrase("history", "history.sequence.reversed", {"sequence": walk}) if reverse else walk
    return said.said(lang) if isinstance(said, Phrase) else str(said)


def _deck_finding_key(finding: Finding) -> str:
    """The page's words for a finding: by its code, a crossing by how many places it names."""
    if finding.code == "crossing":
        return {2: "same-point", 3: "through"}.get(len(finding.locations), "crossing")
    return finding.code


def _deck_finding_params(board: Board, deck: StealthDeck, finding: Finding, lang: str) -> dict[str, PhraseParam]:
    """The names and figures the words of a deck finding take, in ``lang``."""
    def place(location: str) -> str:
        return location_name(board, location, lang) if location in board.location_ids else location

    def landmark(mark: str | None) -> str:
        return board.landmark(mark).name.get(lang) if mark in board.landmark_ids else str(mark or "")

    cards, spots = [*finding.cards, "", ""], [*finding.locations, "", "", "", ""]
    card = deck.card(cards[0]) if deck.has_card(cards[0]) else None
    position = finding.sequence.removeprefix("position-") if finding.sequence else ""
    column = int(position) - 1 if position.isdigit() else None  # the position's letters on the cards
    return {"step": "" if finding.slot is None else finding.slot + 1, "card": cards[0], "from": cards[0],
            "to": cards[1], "cards": ", ".join(finding.cards), "length": DECK_LENGTH,
            "n": board.degree(spots[0]) if finding.code == "degree" else position,
            "letter": (card.positions[column] or "?") if card and column is not None else "?",
            "count": 0 if column is None else sum(1 for c in deck.cards if c.positions[column]),
            "location": spots[0], "shown": landmark(card.landmark if card else None),
            "landmark": landmark(board.landmark_of(spots[0]) if spots[0] in board.location_ids else None),
            "place": place(spots[0]), "places": ", ".join(map(place, finding.locations)),
            "a": place(spots[0]), "b": place(spots[1]), "c": place(spots[2]), "d": place(spots[3])}
