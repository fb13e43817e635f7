"""The audit figures a card set search scores, for thousands of trial sets, fast (issue 21).

A search such as :mod:`deduce.who.design` audits a trial set at every step, and reads only
part of the report: how many ``duplicate-traits``, ``suit-count`` and ``key-untruthful``
errors it has, and for each case whether it is solvable, how many trait sets the whole deck
and the suit card leave, ``min_clues`` and ``expected_clues``. :class:`TrialAudit` gives
exactly those figures, equal to :func:`deduce.who.audit.audit`'s, without building a
:class:`~deduce.who.cards.CardSet`, the findings or their messages:

- a trial is plain ints: each lady's suit, trait mask and key (a bit mask of the counts each
  key entry allows, bit ``c`` for the count ``c``);
- a card's trait sets for a suit (the audit's one-block mask) depend only on its traits and
  that key entry, and are kept;
- a case's figures depend only on its deck's masks and the suit card's, and are kept: a step
  of the search changes some decks and leaves the others, whose cases are not computed again;
- a case is counted as the audit counts it (bit-sliced over every subset of the deck), but
  with the cards that admit each trait set read at once from one int holding a lane per trait
  set, and the subsets of each such group of cards kept, since groups recur from case to case.

The counts s_j of a case do not depend on the order of its deck, so they are the audit's; the
test suite compares every figure with the full audit on random trial sets. Nothing here does
I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from deduce.who.audit import MAX_DECK, expected_clues, subsets_of_size
from deduce.who.cards import CardSet, Mode
from deduce.who.evaluator import CandidateSpace

#: Bits per trait set in the transposed table of a case (more than the largest deck).
_LANE = MAX_DECK + 1
_LANE_MASK = (1 << _LANE) - 1
#: Cases kept; a search visits far fewer distinct decks than this between two restarts.
_KEPT_CASES = 200_000
#: The codes of the errors :class:`TrialAudit` counts (the others come from the cases).
COUNTED_ERRORS = ("duplicate-traits", "suit-count", "key-untruthful")


@dataclass(frozen=True, slots=True)
class CaseFigures:
    """What a search reads of an audit case (see :class:`deduce.who.audit.Case`): ``remaining``
    is how many trait sets the whole deck and the suit card leave."""

    mode: Mode
    deck: int
    remaining: int
    min_clues: int | None
    expected_clues: float | None

    @property
    def solvable(self) -> bool:
        return self.remaining == 1


@dataclass(frozen=True, slots=True)
class TrialFigures:
    """The counted errors (by code, in :data:`COUNTED_ERRORS`) and every case, in the audit's order."""

    errors: dict[str, int]
    cases: tuple[CaseFigures, ...]


@lru_cache(maxsize=1 << 16)
def _spread(mask: int) -> int:
    """A trait-set mask with trait set ``T`` moved to bit ``T * _LANE``: one lane per trait set."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << (_LANE * (low.bit_length() - 1))
        mask ^= low
    return out


@lru_cache(maxsize=1 << 16)
def _within(cards: int) -> int:
    """The subsets of a group of cards (bit ``i`` for the deck's card ``i``), as a bit set over
    subset indices: the audit's :func:`~deduce.who.audit.leaving` for the cards that admit one
    trait set."""
    subsets = 1
    i = 0
    while cards:
        if cards & 1:
            subsets |= subsets << (1 << i)
        cards >>= 1
        i += 1
    return subsets


class TrialAudit:
    """The audit figures of trial card sets that share ``template``'s traits, suits and modes."""

    def __init__(self, template: CardSet, space: CandidateSpace | None = None):
        self.space = space or CandidateSpace(template)
        self.suit_ids = template.suit_ids
        self.modes = template.audited_modes()
        self.removed = {(mode, s): template.removed_suit(mode, s) for mode in self.modes for s in self.suit_ids}
        k = template.traits_per_lady
        combos = self.space.combos
        #: For each trait mask and count, the trait sets sharing that many traits with it.
        self._sharing = {t: [sum(1 << i for i, x in enumerate(combos) if (x & t).bit_count() == c)
                             for c in range(k + 1)] for t in combos}
        self._rank = self.space.combo_rank
        self._blocks: dict[tuple[int, int], int] = {}
        self._cases: dict[tuple[int, tuple[int, ...]], tuple[int | None, float | None]] = {}

    def block(self, traits: int, entry: int) -> int:
        """The trait sets a card admits for a suit, from its traits and its key entry for that
        suit (a count mask): the audit's ``_block`` with ``distinct`` (she is not this card)."""
        found = self._blocks.get((traits, entry))
        if found is None:
            sharing = self._sharing[traits]
            found = 0
            for c, admitted in enumerate(sharing):
                if entry >> c & 1:
                    found |= admitted
            found &= ~(1 << self._rank[traits])
            self._blocks[traits, entry] = found
        return found

    def figures(self, suits: Sequence[str], traits: Sequence[int], keys: Sequence[Sequence[int]]) -> TrialFigures:
        """The figures of one trial: lady ``i`` is of ``suits[i]`` with the trait mask
        ``traits[i]`` (one of the space's trait sets) and the key ``keys[i]``, a count mask per
        suit in the template's suit order."""
        suit_index = {s: i for i, s in enumerate(self.suit_ids)}
        members: dict[str, list[int]] = {s: [] for s in self.suit_ids}
        for i, s in enumerate(suits):
            members[s].append(i)
        return TrialFigures(self._errors(suits, traits, keys, members, suit_index),
                            self._all_cases(suits, traits, keys, members, suit_index))

    def _errors(self, suits: Sequence[str], traits: Sequence[int], keys: Sequence[Sequence[int]],
                members: dict[str, list[int]], suit_index: dict[str, int]) -> dict[str, int]:
        untruthful = 0
        for c, tc in enumerate(traits):
            key = keys[c]
            for d, td in enumerate(traits):
                if c != d and not key[suit_index[suits[d]]] >> (tc & td).bit_count() & 1:
                    untruthful += 1
        return {"duplicate-traits": len(traits) - len(set(traits)),
                "suit-count": sum(1 for s in self.suit_ids if len(members[s]) != 2),
                "key-untruthful": untruthful}

    def _all_cases(self, suits: Sequence[str], traits: Sequence[int], keys: Sequence[Sequence[int]],
                   members: dict[str, list[int]], suit_index: dict[str, int]) -> tuple[CaseFigures, ...]:
        """Every case in :func:`deduce.who.audit.case_decks` order."""
        out = []
        n = len(traits)
        for i, s in enumerate(suits):
            same = members[s]
            if len(same) != 2:
                continue
            partner = same[0] if same[1] == i else same[1]
            si = suit_index[s]
            base = self.block(traits[partner], keys[partner][si])
            for mode in self.modes:
                removed = self.removed[mode, s]
                masks = tuple(self.block(traits[j], keys[j][si]) for j in range(n)
                              if suits[j] != s and suits[j] != removed)
                final = base
                for m in masks:
                    final &= m
                found = self._cases.get((base, masks))
                if found is None:
                    found = self._count(masks, base)
                    if len(self._cases) >= _KEPT_CASES:
                        self._cases.clear()
                    self._cases[base, masks] = found
                out.append(CaseFigures(mode, len(masks), final.bit_count(), *found))
        return tuple(out)

    @staticmethod
    def _count(masks: Sequence[int], base: int) -> tuple[int | None, float | None]:
        """``min_clues`` and ``expected_clues`` of a case: the audit's
        :func:`~deduce.who.audit.solved_counts`, read through one transposed table."""
        table = 0
        for i, m in enumerate(masks):
            table |= _spread(m & base) << i
        one = two = 0
        rest = base
        while rest:
            low = rest & -rest
            left = _within(table >> (_LANE * (low.bit_length() - 1)) & _LANE_MASK)
            two |= one & left
            one |= left
            rest ^= low
        solved = one & ~two
        counts = [(solved & size).bit_count() for size in subsets_of_size(len(masks))]
        return next((j for j, k in enumerate(counts) if k), None), expected_clues(counts, len(masks))
