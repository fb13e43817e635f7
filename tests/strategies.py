"""Hypothesis strategies: random card sets of several shapes and random queries on them."""

from __future__ import annotations

from typing import TypedDict, Unpack

from hypothesis import strategies as st

from deduce.text.names import Names
from deduce.who.cards import CardSet, Lady, Suit, Trait
from deduce.who.query import Observation, Query, observe_lady


@st.composite
def card_sets(draw: st.DrawFn, max_traits: int = 7, max_suits: int = 4, ladies_per_suit: int | None = 2) -> CardSet:
    """A card set with random shape: traits, traits per lady, suits, ladies and keys."""
    n = draw(st.integers(2, max_traits))
    k = draw(st.integers(1, min(3, n - 1)))
    traits = tuple(Trait(f"t{i}", Names({}, f"t{i}")) for i in range(n))
    suits = tuple(Suit(f"s{i}", Names({}, f"s{i}")) for i in range(draw(st.integers(1, max_suits))))
    trait_sets = st.lists(st.sampled_from([t.id for t in traits]), min_size=k, max_size=k, unique=True)
    counts = st.frozensets(st.integers(0, k), min_size=1)
    ladies: list[Lady] = []
    for suit in suits:
        per_suit = ladies_per_suit if ladies_per_suit is not None else draw(st.integers(1, 3))
        for _ in range(per_suit):
            chosen = draw(trait_sets)
            key = {s.id: draw(counts) for s in suits}
            ladies.append(Lady(f"l{len(ladies)}", Names({}, f"l{len(ladies)}"), suit.id,
                               tuple(t.id for t in traits if t.id in chosen), key))
    return CardSet("random", traits, suits, tuple(ladies), k)


@st.composite
def observations(draw: st.DrawFn, cards: CardSet, suit: str | None) -> Observation:
    """A revealed card: one of the set's ladies (either role), or a card typed by hand."""
    k = cards.traits_per_lady
    kind = draw(st.sampled_from(["card", "key", "counts"] if suit is not None else ["card", "key"]))
    if kind == "card":
        lady = draw(st.sampled_from(cards.ladies))
        return observe_lady(cards, lady.id, draw(st.sampled_from(["clue", "clue", "suit_card"])))
    chosen = draw(st.lists(st.sampled_from(cards.trait_ids), min_size=k, max_size=k, unique=True))
    counts = st.frozensets(st.integers(0, k), min_size=1)
    if kind == "counts":
        return Observation(traits=cards.mask(chosen), counts=draw(counts))
    return Observation(traits=cards.mask(chosen), key=tuple((s, draw(counts)) for s in cards.suit_ids))


@st.composite
def queries(draw: st.DrawFn, cards: CardSet, max_clues: int = 5) -> Query:
    suit = draw(st.none() | st.sampled_from(cards.suit_ids))
    clues = draw(st.lists(observations(cards, suit), max_size=max_clues))
    return Query(suit, tuple(clues), distinct=draw(st.booleans()))


class CardSetShape(TypedDict, total=False):
    """The keywords :func:`card_sets` takes, passed on by :func:`card_sets_with_queries`."""

    max_traits: int
    max_suits: int
    ladies_per_suit: int | None


@st.composite
def card_sets_with_queries(draw: st.DrawFn, /, **shape: Unpack[CardSetShape]) -> tuple[CardSet, Query]:
    cards = draw(card_sets(**shape))
    return cards, draw(queries(cards))
