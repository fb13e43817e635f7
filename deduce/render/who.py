"""Plain-text renderings for people: tables, hint reports and explanation sentences.

A satellite of the core: it reads :class:`~deduce.deduction.Deduction` values and the
card set's names and produces text in the player's language (:mod:`deduce.phrases`).
"""

from __future__ import annotations

from collections.abc import Sequence

from deduce.text.phrases import join, phrase
from deduce.who.cards import CardSet
from deduce.who.deduction import Deduction
from deduce.who.keys import key_entry_text
from deduce.who.query import Observation, Query

#: Candidates listed in a hint before the list is cut short.
MAX_CANDIDATE_ROWS = 40


def format_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A left-aligned text table with a rule under the headers."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def trait_names(cards: CardSet, traits: Sequence[str], lang: str) -> str:
    return ", ".join(cards.trait(t).name.get(lang) for t in traits)


def describe_clue(cards: CardSet, query: Query, index: int, lang: str) -> str:
    """A clue as a player recognises it: its number, the lady or her traits, her suit's entry."""
    obs: Observation = query.clues[index]
    if obs.card is not None:
        kind = "clue.suit_card" if obs.role == "suit_card" else "clue.card"
        label = phrase(lang, kind, n=index + 1, name=cards.lady(obs.card).name.get(lang))
    else:
        label = phrase(lang, "clue.typed", n=index + 1, traits=trait_names(cards, cards.unmask(obs.traits), lang))
    allowed = obs.allowed(query.suit) if query.suit is not None else None
    if query.suit is not None and allowed is not None:
        entry = phrase(lang, "clue.entry", suit=cards.suit(query.suit).name.get(lang), counts=key_entry_text(allowed))
        label = f"{label[:-1]}: {entry})" if label.endswith(")") else f"{label} [{entry}]"
    return label


def explanation_sentences(cards: CardSet, query: Query, result: Deduction, lang: str) -> list[str]:
    """One plain sentence per explained trait, or one for a contradiction."""
    def clues(indexes: Sequence[int]) -> str:
        return join(lang, [describe_clue(cards, query, i, lang) for i in indexes])

    if result.conflict is not None:
        return [phrase(lang, "why.conflict", clues=clues(result.conflict))]
    out = []
    for e in result.explanations:
        name = cards.trait(e.trait).name.get(lang)
        if not e.clues:
            out.append(phrase(lang, "why.always", trait=name, state=phrase(lang, f"state.{e.state}")))
        else:
            out.append(phrase(lang, f"why.{e.state}", trait=name, clues=clues(e.clues)))
    return out


def hint_text(cards: CardSet, query: Query, result: Deduction, lang: str = "en") -> str:
    """The readable answer to ``deduce hint``: status, trait states, candidates, reasons."""
    lines = [phrase(lang, "heading.result", status=phrase(lang, f"status.{result.status}"))]
    lines.append(phrase(lang, "heading.suit", suit=cards.suit(query.suit).name.get(lang))
                 if query.suit else phrase(lang, "heading.suit_unknown"))
    if result.dark_lady is not None:
        lines.append(phrase(lang, "solved", traits=trait_names(cards, result.dark_lady, lang)))
    lines.append("")
    lines.append(format_table(
        [phrase(lang, "column.trait"), phrase(lang, "column.state")],
        [(cards.trait(t).name.get(lang), phrase(lang, f"state.{s}")) for t, s in result.traits.items()],
    ))
    if result.candidates:
        one = len(result.candidates) == 1
        lines += ["", phrase(lang, "heading.candidate" if one else "heading.candidates", n=len(result.candidates))]
        shown = result.candidates[:MAX_CANDIDATE_ROWS]
        lines.append(format_table(
            [phrase(lang, "column.suit"), phrase(lang, "column.traits")],
            [(cards.suit(c.suit).name.get(lang), trait_names(cards, c.traits, lang)) for c in shown],
        ))
        if len(result.candidates) > len(shown):
            lines.append(phrase(lang, "more", n=len(result.candidates) - len(shown)))
    reasons = explanation_sentences(cards, query, result, lang)
    if reasons:
        lines += ["", phrase(lang, "heading.why") + ":"] + [f"- {r}" for r in reasons]
    for note in result.notes:
        lines += ["", note.said(lang)]
    return "\n".join(lines)
