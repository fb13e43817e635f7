"""Auditing a card set: truthful keys, solvable games, exact difficulty (SPEC 5).

:func:`audit` checks a :class:`~deduce.cards.CardSet` and returns an :class:`AuditReport`:
errors (stable codes ``duplicate-traits``, ``suit-count``, ``key-untruthful``,
``unsolvable``, ``misleading``), warnings a designer wants to see, and one :class:`Case` per (Dark Lady,
mode). The ``schema`` and ``duplicate-id`` errors are raised earlier, by
:func:`deduce.cardfile.parse`, because such a document is not a card set at all.

How the cases are computed. The Dark Lady's suit is known, so only that suit's block of
the candidate space matters: each card's mask (:meth:`CandidateSpace.observation_mask`)
is folded to a one-block int once per (card, suit). Every subset of the deck is then
enumerated at once, bit-sliced: for each trait set her suit card leaves, one big int
holds a bit per subset of the deck, set when the subset leaves that trait set (built by
doubling, one shift per card that admits it, :func:`leaving`). Two running ORs give the
subsets that leave exactly one trait set; ANDed with the subsets of each size and
counted, they give s_j, hence ``min_clues``, ``expected_clues`` and ``solved_within``;
those that do not leave hers are ``misleading`` (a player who trusts the cards would
confront her with the wrong traits), the first smallest being read off the same bits. A
20-card deck costs a few dozen operations on 2**20-bit ints, not a million Python steps.
Nothing here does I/O; long runs report through the optional ``progress`` callback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, reduce
from math import comb
from operator import and_
from typing import NotRequired, cast

from typing_extensions import TypedDict, Unpack

from deduce.errors import InputError, Wording
from deduce.findings import Finding, FindingJSON, Severity
from deduce.text.catalog import Phrase
from deduce.who.cards import MAX_LADIES, MAX_TRAITS, CardSet, Lady, Mode, card_words
from deduce.who.evaluator import CandidateSpace, space_for
from deduce.who.keys import key_entry_text
from deduce.who.query import Role, observe_lady

#: Largest deck the exact enumeration accepts (2**20 subsets per suit and mode).
MAX_DECK = 20

#: ``progress(done, total)``: subsets enumerated so far and in all.
Progress = Callable[[int, int], None]

#: Operations on 64-bit words the enumeration does per second, measured on a 2-core CI
#: machine with the largest audits (22 cases of 20-card decks and 12,870 trait sets: 2.3e10 in
#: 42 s; smaller sets go faster, so their estimate is cautious). It turns :func:`audit_cost`'s
#: count of work into the seconds that a limit and its error message state.
WORDS_PER_SECOND = 5e8


class CardFindingJSON(FindingJSON):
    """A finding of the card audit as JSON: beside its message (in English, or in the language asked
    for), the numbers and traits that message is made of, so that a page words it in its own way
    without parsing the message. Each is present only for the codes it belongs to."""

    shared: NotRequired[int]
    allowed: NotRequired[list[int]]
    unused: NotRequired[list[int]]
    count: NotRequired[int]
    traits: NotRequired[list[str]]


class Details(TypedDict, total=False):
    """The structured fields of a card finding (see :class:`CardFinding`)."""

    shared: int
    allowed: tuple[int, ...]
    unused: tuple[int, ...]
    count: int
    traits: tuple[str, ...]


@dataclass(frozen=True)
class CardFinding(Finding):
    """A finding of the card audit, with the figures its message states:

    - ``shared``: ``key-untruthful``, how many traits the lady and the other share;
    - ``allowed``: ``key-untruthful``, ``key-says-nothing`` and ``decoy``, the counts the key entry allows;
    - ``unused``: ``decoy``, the counts no lady of that suit realises;
    - ``count``: ``suit-count``, the ladies of the suit; ``unsolvable``, the trait sets left (0: a contradiction);
    - ``traits``: ``duplicate-traits``, the traits both ladies have; ``misleading``, the wrong trait set
      the clues leave.
    """

    shared: int | None = None
    allowed: tuple[int, ...] | None = None
    unused: tuple[int, ...] | None = None
    count: int | None = None
    traits: tuple[str, ...] | None = None

    def to_json(self, lang: str = "en") -> CardFindingJSON:
        details = cast("CardFindingJSON", super().to_json(lang))  # a fresh dict: the keys below are added to it
        if self.shared is not None:
            details["shared"] = self.shared
        if self.allowed is not None:
            details["allowed"] = list(self.allowed)
        if self.unused is not None:
            details["unused"] = list(self.unused)
        if self.count is not None:
            details["count"] = self.count
        if self.traits is not None:
            details["traits"] = list(self.traits)
        return details


def _finding(code: str, words: Wording, severity: Severity, lady: str | None = None, other: str | None = None,
             suit: str | None = None, mode: Mode | None = None, clues: tuple[str, ...] | None = None,
             **details: Unpack[Details]) -> CardFinding:
    """A finding of the card audit, placed on the cards."""
    return CardFinding(code, words, severity, "cards", lady=lady, other=other, suit=suit, mode=mode, clues=clues,
                       **details)


def _error(code: str, words: Wording, lady: str | None = None, other: str | None = None,
           suit: str | None = None, mode: Mode | None = None, clues: tuple[str, ...] | None = None,
           **details: Unpack[Details]) -> CardFinding:
    return _finding(code, words, "error", lady, other, suit, mode, clues, **details)


def _warning(code: str, words: Wording, lady: str | None = None, other: str | None = None,
             suit: str | None = None, mode: Mode | None = None, **details: Unpack[Details]) -> CardFinding:
    return _finding(code, words, "warning", lady, other, suit, mode, **details)


class CaseJSON(TypedDict):
    """A case of the audit report (SPEC 5)."""

    dark_lady: str
    suit: str
    mode: Mode
    deck: int
    solvable: bool
    solvable_without_suit_card: bool
    remaining: list[list[str]]
    min_clues: int | None
    expected_clues: float | None
    solved_within: list[float]


class AuditReportJSON(TypedDict):
    """The audit report (SPEC 5): ``ok`` is false when there are errors."""

    ok: bool
    #: The set's name; null for a set its file leaves unnamed (a person reads the word for a card set).
    card_set: str | None
    errors: list[CardFindingJSON]
    warnings: list[CardFindingJSON]
    cases: list[CaseJSON]


@dataclass(frozen=True)
class Case:
    """One game setting: the Dark Lady, the mode, and how her deduction goes.

    ``solved_subsets[j]`` is s_j of SPEC 5: how many j-card subsets of the deck, with the
    suit card, leave exactly one trait set. ``misleading`` is the first smallest subset of the
    deck (card ids, in deck order) that with the suit card leaves one trait set that is not
    hers, or None; ties between subsets of one size go to the lexicographically first list of
    deck positions, the deck being in card-set order.
    """

    dark_lady: str
    suit: str
    mode: Mode
    deck: int
    solvable: bool
    solvable_without_suit_card: bool
    remaining: tuple[tuple[str, ...], ...]
    min_clues: int | None
    expected_clues: float | None
    solved_subsets: tuple[int, ...] = field(default=(), repr=False)
    misleading: tuple[str, ...] | None = None

    @property
    def solved_within(self) -> tuple[float, ...]:
        """P(T ≤ j) for j = 0..deck: the chance her traits are proven after j clues (SPEC 5)."""
        return tuple(k / comb(self.deck, j) for j, k in enumerate(self.solved_subsets))

    def to_json(self) -> CaseJSON:
        return {
            "dark_lady": self.dark_lady, "suit": self.suit, "mode": self.mode, "deck": self.deck,
            "solvable": self.solvable, "solvable_without_suit_card": self.solvable_without_suit_card,
            "remaining": [list(r) for r in self.remaining],
            "min_clues": self.min_clues, "expected_clues": self.expected_clues,
            "solved_within": list(self.solved_within),
        }


@dataclass(frozen=True)
class AuditReport:
    """The result of :func:`audit` (SPEC 5 report JSON via :meth:`to_json`); ``card_set`` is the set's
    name, ``None`` for an unnamed set."""

    card_set: str | None
    errors: tuple[CardFinding, ...]
    warnings: tuple[CardFinding, ...]
    cases: tuple[Case, ...]

    @property
    def ok(self) -> bool:
        return not self.errors

    def mean_expected_clues(self, mode: Mode = "normal") -> float | None:
        """Mean ``expected_clues`` over a mode's solvable cases (SPEC 5); None if it has none."""
        solved = [c.expected_clues for c in self.cases if c.mode == mode and c.expected_clues is not None]
        return sum(solved) / len(solved) if solved else None

    def unsolvable(self, mode: Mode = "normal") -> int:
        """How many of a mode's cases the whole deck and the suit card do not solve (left out of its mean)."""
        return sum(1 for c in self.cases if c.mode == mode and c.expected_clues is None)

    def to_json(self, lang: str = "en") -> AuditReportJSON:
        """The report as JSON, the findings' messages said in ``lang``."""
        return {
            "ok": self.ok,
            "card_set": self.card_set,
            "errors": [e.to_json(lang) for e in self.errors],
            "warnings": [w.to_json(lang) for w in self.warnings],
            "cases": [c.to_json() for c in self.cases],
        }


# -- limits ---------------------------------------------------------------------


def case_decks(cards: CardSet) -> list[tuple[Lady, Mode, tuple[Lady, ...]]]:
    """(Dark Lady, mode, deck) of every case, in lady order then mode order.

    Cases exist for the ladies of suits with exactly two ladies; the deck is every
    lady but her, her partner and the two ladies of the suit the mode removes.
    """
    out = []
    for lady in cards.ladies:
        partner = cards.partner(lady)
        if partner is None:
            continue
        for mode in cards.audited_modes():
            removed = cards.removed_suit(mode, lady.suit)
            deck = tuple(c for c in cards.ladies if c.suit not in (lady.suit, removed))
            out.append((lady, mode, deck))
    return out


def check_limits(cards: CardSet) -> None:
    """Refuse, before any work, card sets too large for the exact enumeration (SPEC 5)."""
    if len(cards.traits) > MAX_TRAITS:
        raise InputError.at(("traits",), card_words("audit.traits", n=len(cards.traits), most=MAX_TRAITS), code="limit")
    if len(cards.ladies) > MAX_LADIES:
        raise InputError.at(("ladies",), card_words("audit.ladies", n=len(cards.ladies), most=MAX_LADIES), code="limit")
    for lady, mode, deck in case_decks(cards):
        if len(deck) > MAX_DECK:
            raise InputError.at(("ladies",), card_words("audit.deck", mode=mode, lady=lady.id, n=len(deck),
                                                        most=MAX_DECK), code="limit")


@dataclass(frozen=True)
class AuditCost:
    """What an audit will cost, known before it runs: ``words`` is the number of operations on
    64-bit words of the subset enumeration (it dominates everything else), ``memory`` the most
    bytes its bit sets hold at once."""

    words: int
    memory: int

    @property
    def seconds(self) -> float:
        """The time the enumeration takes at :data:`WORDS_PER_SECOND`."""
        return self.words / WORDS_PER_SECOND


def audit_cost(cards: CardSet, space: CandidateSpace | None = None) -> AuditCost:
    """The cost of auditing ``cards``, before any enumeration.

    For each case, each trait set her suit card leaves is built over the 2**n subsets of an
    n-card deck in up to n doublings (of growing bit sets: about two full-width operations in
    all), then merged in three; the bit sets of the subsets of each size (n + 1 of them) and a
    handful of running ones are held at once. The trait sets are counted from the suit card
    itself, so a set whose keys say much costs little."""
    space = space or space_for(cards)
    words = memory = 0
    for lady, _, deck in case_decks(cards):
        n = len(deck)
        width = max(1, (1 << n) // 64)
        words += _suit_card_block(space, cards, lady).bit_count() * (5 * width + n)
        memory = max(memory, (n + 6) * width * 8)
    return AuditCost(words, memory)


def check_cost(cards: CardSet, max_seconds: float, space: CandidateSpace | None = None,
               advice: str | Phrase = "") -> AuditCost:
    """Refuse (code ``limit``), before any enumeration, an audit that would take longer than
    ``max_seconds``, the message ending with ``advice`` (how to allow more: words of the catalog, said in
    the problem's language, or plain text); the cost otherwise."""
    cost = audit_cost(cards, space)
    if cost.seconds > max_seconds:
        said = card_words("audit.cost", seconds=f"{cost.seconds:.2g}", words=f"{cost.words:.2g}",
                          mib=f"{cost.memory / (1 << 20):.2g}", most=f"{max_seconds:g}", advice=advice)
        raise InputError.at(("ladies",), said, code="limit")
    return cost


# -- errors about the cards themselves ----------------------------------------


def _duplicate_traits(cards: CardSet) -> list[CardFinding]:
    first: dict[int, Lady] = {}
    out = []
    for lady in cards.ladies:
        mask = cards.lady_mask(lady)
        if mask in first:
            other = first[mask]
            words = card_words("finding.duplicate-traits", lady=lady.id, other=other.id,
                               traits=", ".join(lady.traits))
            out.append(_error("duplicate-traits", words, lady=lady.id, other=other.id, traits=lady.traits))
        else:
            first[mask] = lady
    return out


def _suit_counts(cards: CardSet) -> list[CardFinding]:
    out = []
    for s in cards.suit_ids:
        ladies = cards.ladies_of_suit(s)
        if len(ladies) != 2:
            names = ", ".join(lady.id for lady in ladies) or card_words("finding.suit-count.none")
            out.append(_error("suit-count", card_words("finding.suit-count", suit=s, count=len(ladies), names=names),
                              suit=s, count=len(ladies)))
    return out


def overlap(cards: CardSet, a: Lady, b: Lady) -> int:
    """How many traits two ladies share."""
    return (cards.lady_mask(a) & cards.lady_mask(b)).bit_count()


def _untruthful_keys(cards: CardSet) -> list[CardFinding]:
    """SPEC 5: for c ≠ d, c's key entry for d's suit must hold |T(c) ∩ T(d)|.

    When d is the Dark Lady, every clue c must tell the truth about her; that includes
    d's partner, which is read through its own-suit entry as the suit card.
    """
    out = []
    for c in cards.ladies:
        for d in cards.ladies:
            if c is d:
                continue
            shared = overlap(cards, c, d)
            entry = c.key[d.suit]
            if shared not in entry:
                key = "finding.key-untruthful.partner" if c.suit == d.suit else "finding.key-untruthful"
                words = card_words(key, lady=c.id, suit=d.suit, allowed=key_entry_text(entry), other=d.id, n=shared)
                out.append(_error("key-untruthful", words, lady=c.id, other=d.id, suit=d.suit, shared=shared,
                                  allowed=tuple(sorted(entry))))
    return out


# -- warnings ------------------------------------------------------------------


def _key_warnings(cards: CardSet) -> list[CardFinding]:
    everything = frozenset(range(cards.traits_per_lady + 1))
    out = []
    for c in cards.ladies:
        for s in cards.suit_ids:
            entry = c.key[s]
            if entry == everything:
                out.append(_warning("key-says-nothing", card_words("finding.key-says-nothing", lady=c.id, suit=s,
                                                                   allowed=key_entry_text(entry)),
                                    lady=c.id, suit=s, allowed=tuple(sorted(entry))))
                continue
            others = [d for d in cards.ladies_of_suit(s) if d is not c]
            if not others:
                continue
            unused = sorted(entry - {overlap(cards, c, d) for d in others})
            if unused:
                out.append(_warning("decoy", card_words("finding.decoy", lady=c.id, suit=s,
                                                        unused=key_entry_text(unused)),
                                    lady=c.id, suit=s, allowed=tuple(sorted(entry)), unused=tuple(unused)))
    return out


def _mode_warnings(cards: CardSet) -> list[CardFinding]:
    missing = [m for m in ("easy", "advanced") if m not in cards.modes]
    if not missing:
        return []
    audited = cards.audited_modes()
    either = card_words("finding.or", a=missing[0], b=missing[1]) if len(missing) == 2 else missing[0]
    return [_warning("modes-missing", card_words("finding.modes-missing", missing=either, audited=", ".join(audited),
                                                 n=len(audited)))]


# -- cases ---------------------------------------------------------------------


def _block(space: CandidateSpace, cards: CardSet, lady: Lady, role: Role, suit: str) -> int:
    """The trait sets a card admits when the Dark Lady is of ``suit``, as a one-block mask."""
    mask = space.observation_mask(observe_lady(cards, lady.id, role), True)
    return space.trait_sets(mask & space.suit_mask(suit))


def _suit_card_block(space: CandidateSpace, cards: CardSet, dark: Lady) -> int:
    """The trait sets her suit card (her partner) admits when ``dark`` is the Dark Lady."""
    partner = cards.partner(dark)
    if partner is None:
        raise ValueError(f"{dark.id} has no suit card: her suit does not have exactly two ladies")
    return _block(space, cards, partner, "suit_card", dark.suit)


@cache
def subsets_of_size(n: int) -> tuple[int, ...]:
    """For j = 0..n, the subsets of n cards with j cards, as a bit set over subset indices.

    Built like :func:`leaving`: adding card i, the j-card subsets are the old ones and the
    old (j-1)-card subsets with bit 2**i added. Shared by every deck of n cards.
    """
    sizes = [1]
    for i in range(n):
        sizes = [(sizes[j] if j <= i else 0) | (sizes[j - 1] << (1 << i) if j else 0) for j in range(i + 2)]
    return tuple(sizes)


def leaving(deck: list[int], candidate: int) -> int:
    """The subsets of the deck that leave ``candidate`` (one trait set's bit), as a bit set.

    Bit S of the result stands for the subset S of the deck, the card at deck position i
    being bit n-1-i of S. Adding the cards one at a time from the end of the deck, a card
    that admits the candidate doubles the bit set (the subsets with it leave what the
    subsets without it leave); a card that rules it out adds nothing.
    """
    subsets = 1
    for i, card in enumerate(reversed(deck)):
        if card & candidate:
            subsets |= subsets << (1 << i)
    return subsets


def _bits(mask: int) -> list[int]:
    """The one-bit masks of a mask's set bits, lowest first."""
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


def _positions(subset: int, n: int) -> list[int]:
    """The deck positions of a subset of an n-card deck, in deck order (see :func:`leaving`)."""
    return sorted(n - 1 - i for i in range(subset.bit_length()) if subset >> i & 1)


def solved_counts(deck: list[int], base: int, truth: int) -> tuple[list[int], int | None]:
    """s_j for j = 0..n, and the first smallest misleading subset, from one enumeration.

    Every subset of the deck is enumerated at once, bit-sliced: for each trait set that
    ``base`` (the suit card) leaves, :func:`leaving` gives the subsets that leave it, and
    two running bit sets say which subsets leave at least one and at least two of them.
    Those leaving exactly one are the solved subsets; s_j counts those with j cards. A
    solved subset that does not leave ``truth`` (her trait set's bit) leaves one trait set
    that is not hers: misleading. The first smallest is returned as a subset (None if there
    is none): fewest cards, then the lexicographically first list of deck positions, which
    with the first card as the highest bit is the largest subset index of that size.
    """
    one = two = 0
    for candidate in _bits(base):
        left = leaving(deck, candidate)
        two |= one & left
        one |= left
    solved = one & ~two
    sizes = subsets_of_size(len(deck))
    counts = [(solved & size).bit_count() for size in sizes]
    wrong = solved & ~leaving(deck, truth) if base & truth else solved
    fewest = next((size for size in sizes if wrong & size), 0)
    return counts, (wrong & fewest).bit_length() - 1 if fewest else None


def expected_clues(counts: list[int], n: int) -> float | None:
    """E[T] = Σ_{j<n} (1 − s_j / C(n, j)) when the whole deck solves it (SPEC 5), else None."""
    if counts[n] != 1:
        return None
    return sum(1 - counts[j] / comb(n, j) for j in range(n))


def _cases(cards: CardSet, space: CandidateSpace, progress: Progress | None) -> list[Case]:
    """Every case, in :func:`case_decks` order; ``progress`` counts the subsets enumerated."""
    decks = case_decks(cards)
    total = sum(1 << len(deck) for _, _, deck in decks)
    done = 0
    clue_block: dict[tuple[str, str], int] = {}  # (card, her suit): once per card and suit
    out = []
    for lady, mode, deck in decks:
        for c in deck:
            if (c.id, lady.suit) not in clue_block:
                clue_block[c.id, lady.suit] = _block(space, cards, c, "clue", lady.suit)
        out.append(_case(cards, space, lady, mode, [clue_block[c.id, lady.suit] for c in deck],
                         tuple(c.id for c in deck)))
        done += 1 << len(deck)
        if progress is not None:
            progress(done, total)
    return out


def _case(cards: CardSet, space: CandidateSpace, lady: Lady, mode: Mode, masks: list[int],
          deck: tuple[str, ...]) -> Case:
    """One case, from the masks of its deck's cards (card ids in card-set order)."""
    n = len(deck)
    base = _suit_card_block(space, cards, lady)
    counts, wrong = solved_counts(masks, base, 1 << space.combo_rank[cards.lady_mask(lady)])
    every = reduce(and_, masks, (1 << space.width) - 1)
    final = every & base
    remaining = tuple(cards.unmask(x) for i, x in enumerate(space.combos) if final >> i & 1)
    return Case(
        dark_lady=lady.id, suit=lady.suit, mode=mode, deck=n,
        solvable=len(remaining) == 1,
        solvable_without_suit_card=every.bit_count() == 1,
        remaining=remaining,
        min_clues=next((j for j, k in enumerate(counts) if k), None),
        expected_clues=expected_clues(counts, n),
        solved_subsets=tuple(counts),
        misleading=None if wrong is None else tuple(deck[i] for i in _positions(wrong, n)),
    )


def audit(cards: CardSet, progress: Progress | None = None, space: CandidateSpace | None = None,
          max_seconds: float | None = None, advice: str | Phrase = "") -> AuditReport:
    """Audit a card set (SPEC 5); raise :class:`InputError` (code ``limit``) when it is too large,
    or when its :func:`audit_cost` is above ``max_seconds`` (no bound if None; ``advice`` ends
    that message).

    ``space`` may be the candidate space of another card set with the same traits and
    suits: a designer trying thousands of sets then reuses its cached card masks.
    """
    check_limits(cards)
    space = space or space_for(cards)
    if max_seconds is not None:
        check_cost(cards, max_seconds, space, advice)
    cases = _cases(cards, space, progress)
    errors = _duplicate_traits(cards) + _suit_counts(cards) + _untruthful_keys(cards)
    errors += [_error("unsolvable", _unsolvable_words(case), lady=case.dark_lady, suit=case.suit, mode=case.mode,
                      count=len(case.remaining))
               for case in cases if not case.solvable]
    errors += [_misleading(cards, space, case) for case in cases if case.misleading is not None]
    warnings = _key_warnings(cards) + _mode_warnings(cards)
    warnings += _uninformative_cards(cards, space)
    warnings += [_warning("suit-card-alone", card_words("finding.suit-card-alone", lady=case.dark_lady, mode=case.mode),
                          lady=case.dark_lady, suit=case.suit, mode=case.mode)
                 for case in cases if case.min_clues == 0]
    return AuditReport(cards.name, tuple(errors), tuple(warnings), tuple(cases))


#: Trait sets an ``unsolvable`` error names in its message; the case's ``remaining`` holds them all
#: (up to 12,870: named in full, one message was some 600 KB and a report of 20 such cases 16 MB).
MESSAGE_TRAIT_SETS = 10


def _unsolvable_words(case: Case) -> Phrase:
    """What an unsolvable case leaves: nothing (a contradiction), or the first trait sets left."""
    if not case.remaining:
        return card_words("finding.contradiction", lady=case.dark_lady, mode=case.mode)
    listed = "; ".join(", ".join(r) for r in case.remaining[:MESSAGE_TRAIT_SETS])
    more = len(case.remaining) - MESSAGE_TRAIT_SETS
    return card_words("finding.unsolvable", lady=case.dark_lady, mode=case.mode, count=len(case.remaining),
                      listed=listed, more=card_words("finding.unsolvable.more", more=more) if more > 0 else "")


def _misleading(cards: CardSet, space: CandidateSpace, case: Case) -> CardFinding:
    """The error of a misleading case: the clues, and the wrong trait set they leave with the suit card."""
    clues = case.misleading or ()
    left = _suit_card_block(space, cards, cards.lady(case.dark_lady))
    for c in clues:
        left &= _block(space, cards, cards.lady(c), "clue", case.suit)
    wrong = cards.unmask(space.combos[left.bit_length() - 1])
    hers = ", ".join(cards.lady(case.dark_lady).traits)
    key = "finding.misleading" if clues else "finding.misleading.alone"
    words = card_words(key, lady=case.dark_lady, mode=case.mode, clues=", ".join(clues), traits=", ".join(wrong),
                       hers=hers)
    return _error("misleading", words, lady=case.dark_lady, suit=case.suit, mode=case.mode, clues=clues,
                  traits=wrong)


def _uninformative_cards(cards: CardSet, space: CandidateSpace) -> list[CardFinding]:
    """Ladies whose card, as a clue, never rules out a candidate in any case.

    Candidates only shrink as cards are revealed, so a card that rules nothing out
    right after the suit card rules nothing out later either: checking that moment,
    for every Dark Lady whose deck can hold the card, covers every draw.
    """
    out = []
    for c in cards.ladies:
        dark = [d for d in cards.ladies if d.suit != c.suit and cards.partner(d) is not None]
        if not dark:
            continue
        if all(not _suit_card_block(space, cards, d)
               & ~_block(space, cards, c, "clue", d.suit) for d in dark):
            out.append(_warning("uninformative-card", card_words("finding.uninformative-card", lady=c.id), lady=c.id))
    return out
