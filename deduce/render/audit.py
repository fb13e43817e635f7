"""The audit report for a person: a table of cases, then the findings in plain words.

A satellite of :mod:`deduce.audit`: it only reads an :class:`~deduce.audit.AuditReport`
and the card set's names, and says it in the person's language (the ``audit.*`` words of the
catalog's ``commands`` section).
"""

from __future__ import annotations

import textwrap

from deduce.render.who import format_table, trait_names
from deduce.text.catalog import Phrase, PhraseParam
from deduce.text.names import title_in
from deduce.who.audit import AuditReport, CardFinding, Case
from deduce.who.cards import CardSet, Mode
from deduce.who.keys import key_entry_text

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


def _lady_name(cards: CardSet, lady: str, lang: str) -> str:
    """Her name in ``lang`` up to any comma (``Mary Herbert``, not her title), so the table stays narrow."""
    return cards.lady(lady).name.get(lang).split(",")[0] if cards.has_lady(lady) else lady


def _suit_name(cards: CardSet, suit: str, lang: str) -> str:
    return cards.suit(suit).name.get(lang) if suit in cards.suit_ids else suit


def _case_table(cards: CardSet, report: AuditReport, lang: str) -> str:
    yes, no = _say(lang, "audit.yes"), _say(lang, "audit.no")
    rows = [(_lady_name(cards, c.dark_lady, lang), _suit_name(cards, c.suit, lang), _say(lang, f"mode.{c.mode}"),
             c.deck, yes if c.solvable else no, "1" if c.solvable else str(len(c.remaining)), _number(c.min_clues),
             _number(c.expected_clues), f"[{proven_bars(c)}]") for c in report.cases]
    return format_table([_say(lang, f"audit.column.{column}") for column in
                         ("lady", "suit", "mode", "deck", "solvable", "left", "min", "expected", "proven")], rows)


def _mean_table(report: AuditReport, lang: str) -> str:
    """Per mode: the mean expected clues over the solvable cases, and how many were left out."""
    rows = [(_say(lang, f"mode.{mode}"), sum(1 for c in report.cases if c.mode == mode) - report.unsolvable(mode),
             report.unsolvable(mode), _number(mean)) for mode, mean in mean_by_mode(report).items()]
    return format_table([_say(lang, f"audit.column.{column}") for column in ("mode", "solvable", "unsolvable", "mean")],
                        rows)


def _say(lang: str, key: str, **params: PhraseParam) -> str:
    """The report's words (the ``audit.*`` and ``mode.*`` words of ``commands``), in ``lang``."""
    return Phrase("commands", key, params).said(lang)


def audit_text(cards: CardSet, report: AuditReport, lang: str = "en") -> str:
    """The readable audit in ``lang``: verdict, cases, means per mode, errors and warnings; ladies and
    suits by their names.

    The tables and the legend fit in :data:`WIDTH` columns; each finding is one line,
    so it can be searched for whole.
    """
    errors = _say(lang, "audit.errors", n=len(report.errors)) if report.errors else _say(lang, "audit.ok")
    lines = [_say(lang, "audit.verdict", name=repr(title_in(lang, report.card_set, "card-set")), errors=errors,
                 warnings=_say(lang, "audit.warnings", n=len(report.warnings)),
                 cases=_say(lang, "audit.cases", n=len(report.cases))), ""]
    if report.cases:
        lines += [_case_table(cards, report, lang), "", _mean_table(report, lang), "",
                  *textwrap.wrap(_say(lang, "audit.legend"), WIDTH), ""]
    for title, findings in (("audit.title.errors", report.errors), ("audit.title.warnings", report.warnings)):
        if findings:
            lines.append(_say(lang, title))
            lines += [f"  - [{f.code}] {finding_text(cards, report, f, lang)}" for f in findings]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


#: The page's words for each finding (``wb.f.*`` of the ``workbench`` words), by code.
FINDING_WORDS = {"duplicate-traits": "duplicate", "suit-count": "suitcount", "misleading": "misleading",
                 "decoy": "decoy", "key-says-nothing": "saysnothing", "uninformative-card": "uninformative",
                 "suit-card-alone": "suitcardalone", "modes-missing": "modesmissing"}


def finding_text(cards: CardSet, report: AuditReport, finding: CardFinding, lang: str) -> str:
    """A finding in one line, in the words the designer page says it with (``--json`` keeps the audit's
    own sentence, with ids): her name first and every lady, suit and trait by name, with what the page
    shows beside it (the Dark Ladies left, the cards that mislead)."""
    code = finding.code
    if code == "key-untruthful":
        partner = cards.has_lady(finding.lady or "") and cards.lady(finding.lady or "").suit == finding.suit
        key = "untruthful.partner" if partner else "untruthful"
    elif code == "unsolvable":
        key = "unsolvable" if finding.count else "contradiction"
    elif code in FINDING_WORDS:
        key = FINDING_WORDS[code]
    else:
        return finding.said(lang)
    text = Phrase("workbench", f"wb.f.{key}", finding_params(cards, finding, lang)).said(lang)
    if code == "unsolvable" and finding.count:
        left = next((c.remaining for c in report.cases if c.dark_lady == finding.lady and c.mode == finding.mode), ())
        text += " " + "; ".join(trait_names(cards, traits, lang) for traits in left)
    elif code == "misleading":
        text += " " + ", ".join(_lady_name(cards, lady, lang) for lady in finding.clues or ())
    return f"{cards.lady(finding.lady).name.get(lang)}: {text}" if finding.lady and cards.has_lady(finding.lady) \
        else text


def finding_params(cards: CardSet, finding: CardFinding, lang: str) -> dict[str, PhraseParam]:
    """The names and figures a finding's words take, in ``lang``."""
    def mode(name: str) -> Phrase:  # as the page and the terminal name it (the editions' words)
        return Phrase("page", f"mode.{name}")

    missing = [m for m in ("easy", "advanced") if m not in cards.audited_modes()]
    return {"suit": _suit_name(cards, finding.suit or "", lang), "other": _lady_name(cards, finding.other or "", lang),
            "allowed": key_entry_text(finding.allowed or ()), "unused": ", ".join(map(str, finding.unused or ())),
            "shared": finding.shared or 0, "count": finding.count or 0,
            "traits": trait_names(cards, finding.traits or (), lang),
            "clues": ", ".join(_lady_name(cards, lady, lang) for lady in finding.clues or ()),
            "mode": mode(finding.mode) if finding.mode else "",
            "modes": ", ".join(mode(m).said(lang) for m in missing)}
