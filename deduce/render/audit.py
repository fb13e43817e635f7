"""The audit report for a person: a table of cases, then the findings in plain words.

A satellite of :mod:`deduce.audit`: it only reads an :class:`~deduce.audit.AuditReport`
and the card set's names.
"""

from __future__ import annotations

from deduce.render.who import format_table
from deduce.who.audit import AuditReport, Case
from deduce.who.cards import CardSet, Mode


def _number(value: float | int | None) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


#: Eight steps of a bar, from empty to full, for the chance of being proven after j clues.
BARS = " ▁▂▃▄▅▆▇█"


def proven_bars(case: Case) -> str:
    """``solved_within`` as one character per j = 0..deck: how likely her traits are proven after j clues."""
    return "".join(BARS[round(p * (len(BARS) - 1))] for p in case.solved_within)


def mean_by_mode(report: AuditReport) -> dict[Mode, float | None]:
    """Mean expected clues per mode over its solvable cases, in case order (None when none is solvable)."""
    return {mode: report.mean_expected_clues(mode) for mode in dict.fromkeys(c.mode for c in report.cases)}


def _mean_text(report: AuditReport, mode: Mode, mean: float | None) -> str:
    unsolvable = report.unsolvable(mode)
    return f"{mode} {_number(mean)}" + (f" ({unsolvable} unsolvable left out)" if unsolvable else "")


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
                         _number(c.min_clues), _number(c.expected_clues), f"[{proven_bars(c)}]"))
        lines.append(format_table(("Dark Lady", "suit", "mode", "deck", "solvable", "left", "min clues",
                                   "expected clues", "proven after 0, 1, ... clues"), rows))
        lines.append("")
        lines.append("Mean expected clues over the solvable cases: "
                     + ", ".join(_mean_text(report, m, v) for m, v in mean_by_mode(report).items())
                     + ". Clues are counted after the suit card; 'left' is how many trait sets the whole deck "
                       "and the suit card leave; the bars show the chance that her traits are proven after "
                       "0, 1, 2, ... clues, from empty (never) to full (always).")
        lines.append("")
    for title, findings in (("Errors", report.errors), ("Warnings", report.warnings)):
        if findings:
            lines.append(f"{title}:")
            lines += [f"  - [{f.code}] {f.message}" for f in findings]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
