"""The fast evaluator: every candidate of a card set as one bit of an integer.

A candidate is a pair (suit, trait set). :class:`CandidateSpace` numbers them suit by
suit, trait sets in card-set order, so a set of candidates is a Python int and every
observation is the mask of the candidates it admits. A query is then a handful of
AND operations, with each card's mask computed once per card set and cached. This is
the default path for hints, batches and audits; :mod:`deduce.model` (z3) is the
reference it is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property, lru_cache
from itertools import combinations
from typing import Literal

from deduce.who.cards import CardSet
from deduce.who.query import Observation, Query

#: What the candidates say of a trait: every one has it, none has it, or some do.
TraitState = Literal["certain", "excluded", "open"]


class CandidateSpace:
    """Every (suit, trait set) candidate of a card set, and masks over them."""

    def __init__(self, cards: CardSet):
        self.cards = cards
        n, k = len(cards.traits), cards.traits_per_lady
        #: Trait masks of every k-subset, in card-set order (lexicographic by trait index).
        self.combos: tuple[int, ...] = tuple(sum(1 << i for i in c) for c in combinations(range(n), k))
        self.width = len(self.combos)
        self.nsuits = len(cards.suits)
        block = (1 << self.width) - 1
        #: A combo-level mask repeated in every suit block (no carries: blocks do not overlap).
        self._repeat = sum(1 << (i * self.width) for i in range(self.nsuits))
        self.all = block * self._repeat
        self._suit_block = {s: block << (i * self.width) for i, s in enumerate(cards.suit_ids)}
        self._shift = {s: i * self.width for i, s in enumerate(cards.suit_ids)}
        self.observation_mask = lru_cache(maxsize=4096)(self._observation_mask)

    # -- building masks --------------------------------------------------------

    def suit_mask(self, suit: str) -> int:
        return self._suit_block[suit]

    def combo_mask(self, pred: Callable[[int], bool]) -> int:
        """Mask (one suit block wide) of the trait sets satisfying ``pred``."""
        return sum(1 << i for i, x in enumerate(self.combos) if pred(x))

    def everywhere(self, combo_mask: int) -> int:
        """A one-block mask repeated for every suit."""
        return combo_mask * self._repeat

    @cached_property
    def combo_traits(self) -> dict[int, tuple[str, ...]]:
        """Trait ids of each trait mask, in card-set order."""
        return {x: self.cards.unmask(x) for x in self.combos}

    @cached_property
    def combo_rank(self) -> dict[int, int]:
        """Position of each trait mask in card-set order, for sorting candidates."""
        return {x: i for i, x in enumerate(self.combos)}

    @cached_property
    def trait_masks(self) -> tuple[int, ...]:
        """For each trait, the candidates whose trait set holds it."""
        return tuple(self.everywhere(held) for held, _ in self._set_holding)

    @cached_property
    def _set_holding(self) -> tuple[tuple[int, int], ...]:
        """For each trait, the trait sets (one suit block wide) that hold it, and those that do not."""
        block = (1 << self.width) - 1
        return tuple((held := self._holding(1 << t), block & ~held) for t in range(len(self.cards.traits)))

    def _holding(self, trait_bit: int) -> int:
        """Mask (one suit block wide) of the trait sets that hold the trait ``trait_bit``."""
        return self.combo_mask(lambda x: bool(x & trait_bit))

    def _count_mask(self, traits: int, counts: frozenset[int]) -> int:
        return self.combo_mask(lambda x: (x & traits).bit_count() in counts)

    def _observation_mask(self, obs: Observation, distinct: bool) -> int:
        """The candidates one revealed card admits (SPEC 3, rules 2–4)."""
        mask = 0
        for s in self.cards.suit_ids:
            counts = obs.admitted(s)
            if counts is not None:
                mask |= self._count_mask(obs.traits, counts) << self._shift[s]
        if distinct:
            mask &= ~self.everywhere(self.combo_mask(lambda x: x == obs.traits))
        return mask

    def query_mask(self, query: Query) -> int:
        """The candidates consistent with a whole query."""
        mask = self.suit_mask(query.suit) if query.suit is not None else self.all
        for obs in query.clues:
            mask &= self.observation_mask(obs, query.distinct)
            if not mask:
                break
        return mask

    # -- reading masks ---------------------------------------------------------

    def mask_of(self, candidates: Iterable[tuple[str, int]]) -> int:
        """The mask of (suit, trait mask) candidates found by any engine."""
        mask = 0
        for suit, traits in candidates:
            mask |= 1 << (self._shift[suit] + self.combo_rank[traits])
        return mask

    def candidates(self, mask: int) -> list[tuple[str, int]]:
        """(suit, trait mask) of every candidate in ``mask``, in SPEC order."""
        out = []
        for si, s in enumerate(self.cards.suit_ids):
            block = mask >> (si * self.width) & ((1 << self.width) - 1)
            while block:
                low = block & -block
                out.append((s, self.combos[low.bit_length() - 1]))
                block ^= low
        return out

    def trait_sets(self, mask: int) -> int:
        """Fold the suits away: a one-block mask of the trait sets present in ``mask``."""
        block = (1 << self.width) - 1
        out = 0
        while mask:
            out |= mask & block
            mask >>= self.width
        return out

    def trait_states(self, mask: int) -> tuple[TraitState, ...]:
        """``certain``, ``excluded`` or ``open`` for each trait, given the candidates ``mask``."""
        return self.set_states(self.trait_sets(mask))

    def set_states(self, sets: int) -> tuple[TraitState, ...]:
        """``certain``, ``excluded`` or ``open`` for each trait, given the trait sets ``sets`` (see :meth:`trait_sets`).

        A trait's state depends only on which trait sets are left, whatever their suits, so
        it is read from the folded one-block mask (small integers).
        """
        states: list[TraitState] = []
        for held, lacking in self._set_holding:
            states.append("excluded" if not sets & held else "certain" if not sets & lacking else "open")
        return tuple(states)


@lru_cache(maxsize=32)
def space_for(cards: CardSet) -> CandidateSpace:
    """The candidate space of a card set, built once and shared."""
    return CandidateSpace(cards)
