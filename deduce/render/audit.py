"""The audit report for a person: a table of cases, then the findings in plain words.

A satellite of :mod:`deduce.audit`: it only reads an :class:`~deduce.audit.AuditReport`
and the card set's names.
"""

from __future__ import annotations

import textwrap

from deduce.render.who import format_table
from deduce.who.audit import AuditReport, Case
from deduce.who.cards import CardSet, Mode

#: The width the readable report keeps to: the case table, the means and the legend fit it.
WIDTH = 96


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


def _lady_name(cards: CardSet, lady: str) -> str:
    """Her English name up to any comma (``Mary Herbert``, not her title), so the table stays narrow."""
    return cards.lady(lady).name.get("en").split(",")[0] if cards.has_lady(lady) else lady


def _case_table(cards: CardSet, report: AuditReport) -> str:
    rows = [(_lady_name(cards, c.dark_lady), c.suit, c.mode, c.deck, "yes" if c.solvable else "NO",
             "1" if c.solvable else str(len(c.remaining)), _number(c.min_clues), _number(c.expected_clues),
             f"[{proven_bars(c)}]") for c in report.cases]
    return format_table(("Dark Lady", "suit", "mode", "deck", "solvable", "left", "min", "expected",
                         "proven after 0..n"), rows)


def _mean_table(report: AuditReport) -> str:
    """Per mode: the mean expected clues over the solvable cases, and how many were left out."""
    rows = [(mode, sum(1 for c in report.cases if c.mode == mode) - report.unsolvable(mode),
             report.unsolvable(mode), _number(mean)) for mode, mean in mean_by_mode(report).items()]
    return format_table(("mode", "solvable", "unsolvable", "mean expected clues (solvable cases)"), rows)


LEGEND = ("Clues are counted after the suit card. 'left' is how many trait sets the whole deck and the "
          "suit card leave; 'min' the fewest clues that prove her traits; 'expected' the exact mean "
          "number drawn until they are proven (- when the whole deck does not prove them); the bars "
          "the chance that they are proven after 0, 1, 2, ... clues, one character per count, from "
          "empty (never) to full (always). Unsolvable cases are left out of the means.")


def audit_text(cards: CardSet, report: AuditReport) -> str:
    """The readable audit: verdict, cases, means per mode, errors and warnings.

    The tables and the legend fit in :data:`WIDTH` columns; each finding is one line,
    so it can be searched for whole.
    """
    verdict = "OK, no errors" if report.ok else f"{len(report.errors)} error{'s' if len(report.errors) != 1 else ''}"
    lines = [f"Audit of {report.card_set!r}: {verdict}, {len(report.warnings)} warning"
             f"{'s' if len(report.warnings) != 1 else ''}, {len(report.cases)} cases.", ""]
    if report.cases:
        lines += [_case_table(cards, report), "", _mean_table(report), "",
                  *textwrap.wrap(LEGEND, WIDTH), ""]
    for title, findings in (("Errors", report.errors), ("Warnings", report.warnings)):
        if findings:
            lines.append(f"{title}:")
            lines += [f"  - [{f.code}] {f.message}" for f in findings]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
