"""Findings: what an audit reports, for the card audit and the deck audit alike.

A :class:`Finding` is one error or warning: a stable ``code``, words for a person (of the
catalog, :class:`~deduce.text.catalog.Phrase`: ``message`` is English, :meth:`Finding.said` says
them in the person's language), and where it applies. The card audit (:mod:`deduce.who.audit`)
places a finding on the cards (``lady``, ``other``, ``suit``, ``mode``, and ``clues`` for a
misleading case); the deck audit (:mod:`deduce.where.audit`) on the map and the stealth deck (``cards``, ``slot``,
``sequence``, ``locations``). Each audit's report has kept its own JSON layout, so
:attr:`Finding.audit` says which one a finding belongs to and :meth:`Finding.to_json` writes
that layout, its ``message`` in English unless another language is asked for (the HTTP API
answers in the request's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NotRequired

from typing_extensions import TypedDict

from deduce.errors import Wording

#: How bad a finding is: an error fails the audit, a warning does not.
Severity = Literal["error", "warning"]
#: The audit that made a finding: of a card set, or of a map and its stealth deck.
Audit = Literal["cards", "deck"]


class FindingJSON(TypedDict):
    """A finding as JSON. The card audit writes ``lady``, ``other``, ``suit`` (null when they do
    not apply) and ``mode`` (only when it applies); the deck audit writes ``severity``,
    ``sequence``, ``slot``, ``cards`` and ``locations``."""

    code: str
    lady: NotRequired[str | None]
    other: NotRequired[str | None]
    suit: NotRequired[str | None]
    severity: NotRequired[Severity]
    message: str
    mode: NotRequired[str]
    clues: NotRequired[list[str]]
    sequence: NotRequired[str | None]
    slot: NotRequired[int | None]
    cards: NotRequired[list[str]]
    locations: NotRequired[list[str]]


@dataclass(frozen=True)
class Finding:
    """One error or warning of an audit, in ``words``, and where it applies.

    The words are left out of the hash (a phrase's parameters are a mapping), so that a finding
    stays hashable; equal findings still have equal words.
    """

    code: str
    words: Wording = field(hash=False)
    severity: Severity = "error"
    audit: Audit = "deck"
    # -- on the cards (the card audit) --
    lady: str | None = None
    other: str | None = None
    suit: str | None = None
    mode: str | None = None
    clues: tuple[str, ...] | None = None  # the clue cards of a misleading case
    # -- on the map and the stealth deck (the deck audit) --
    cards: tuple[str, ...] = ()
    slot: int | None = None
    sequence: str | None = None
    locations: tuple[str, ...] = ()

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def message(self) -> str:
        """What is found, in English (the ``message`` of the JSON)."""
        return self.said("en")

    def said(self, lang: str = "en") -> str:
        """What is found, in ``lang`` (English when the catalog does not speak it)."""
        return self.words if isinstance(self.words, str) else self.words.said(lang)

    def to_json(self, lang: str = "en") -> FindingJSON:
        """The finding as JSON in its audit's layout, its ``message`` said in ``lang``."""
        if self.audit == "cards":
            out: FindingJSON = {"code": self.code, "lady": self.lady, "other": self.other, "suit": self.suit,
                                "message": self.said(lang)}
            if self.mode is not None:
                out["mode"] = self.mode
            if self.clues is not None:
                out["clues"] = list(self.clues)
            return out
        return {"code": self.code, "severity": self.severity, "message": self.said(lang),
                "sequence": self.sequence, "slot": self.slot, "cards": list(self.cards),
                "locations": list(self.locations)}
