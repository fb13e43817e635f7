"""The audit report for a person: a table of cases, then the findings in plain words.

A satellite of :mod:`deduce.audit`: it only reads an :class:`~deduce.audit.AuditReport`
and the card set's names.
"""

from __future__ import annotations

from deduce.render.who import format_table
from deduce.who.audit import AuditReport
from deduce.who.cards import CardSet, Mode


def _number(value: float | int | None) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def mean_by_mode(report: AuditReport) -> dict[Mode, float | None]:
    """Mean expected clues per mode, in case order (None for a mode with an unsolvable case)."""
    return {mode: report.mean_expected_clues(mode) for mode in dict.fromkeys(c.mode for c in report.cases)}


def audit_text(cards: CardSet, report: AuditReport) -> str:
    """The readable audit: verdict, cases, errors and warnings."""
    verdict = "OK, no errors" if report.ok else f"{len(report.errors)} error{'s' if len(report.errors) != 1 else ''}"
    lines = [f"Audit of {report.card_set!r}: {verdict}, {len(report.warnings)} warning"
             f"{'s' if len(report.warnings) != 1 else ''}, {len(report.cases)} cases.", ""]
    if report.cases:
        rows = []
        for c in report.cases:
            name = cards.lady(c.dark_lady).name.get("en") if cards.has_lady(c.dark_lady) else c.dark_lady
            left = "1" if c.solvable else str(len(c.remaining))
            rows.append((name, c.suit, c.mode, c.deck, "yes" if c.solvable else "NO", left,
                         _number(c.min_clues), _number(c.expected_clues)))
        lines.append(format_table(("Dark Lady", "suit", "mode", "deck", "solvable", "left", "min clues",
                                   "expected clues"), rows))
        lines.append("")
        lines.append("Mean expected clues: " + ", ".join(f"{m} {_number(v)}" for m, v in mean_by_mode(report).items())
                     + ". Clues are counted after the suit card; 'left' is how many trait sets the whole deck "
                       "and the suit card leave.")
        lines.append("")
    for title, findings in (("Errors", report.errors), ("Warnings", report.warnings)):
        if findings:
            lines.append(f"{title}:")
            lines += [f"  - [{f.code}] {f.message}" for f in findings]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
