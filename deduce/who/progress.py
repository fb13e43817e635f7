"""WHO progress: how far her traits are from proven, and what the next clues may do (issue 14).

From what the player holds (her suit, the revealed clues, the suit card once revealed) and
the card set in play, the clue deck left is known as a set; only its order is hidden.
:func:`progress` answers, exactly over the orders of that deck:

- ``proven``: the cards in hand prove her traits now (the deduction's status is ``solved``);
- ``deck``: each card left, and the chance that it proves her traits if it is the next clue;
- ``solved_within``, ``next_clue``, ``expected_clues``: the chance her traits are proven after
  j more clues, after the next one, and the expected number of further clues, counted as the
  audit counts them (SPEC 5): with the suit card in hand, the deck drawn in a uniformly
  random order;
- ``suit_card``: ``revealed``; ``needed`` when the clues, even all of those left, cannot
  prove her traits without it; ``not-needed`` otherwise;
- ``guess``: the traits to name if she were confronted now, and the chance they are hers.

Who she can be. The game deals her card uniformly among the card set's ladies
(:func:`deduce.game.setup.deal`); the suit card is the other card of her suit, and the clue
deck every other card but the two of the suit that the mode removes. Knowing her suit, she is
one of its ladies that the deal still allows (not revealed; the partner of the suit card once
it is revealed). The deck, as a set, and its order do not depend on which of them she is, so
the clues drawn say nothing about it: each is as likely (for card sets whose suits do not hold
two ladies each, weighted by the chance of the clues seen under her deck). Every figure is the
mean over these candidates of the figure with her own suit card and deck. Nothing of the
hidden deal is read: two games that look the same to the player get the same progress.

The guess rests on the cards in hand alone: every trait set they leave is as likely, so its
``chance`` is one over their number, reaching 1 when her traits are proven, and the trait set
named is the first of them in card-set order. Weighing the ladies of her suit instead would use
the fronts of cards the player has not seen (with two ladies per suit it gives 1/2 until the
suit card is revealed and 1 after it, whatever the clues say, and names one of the two ladies'
trait sets): a hint must not know what the player was never shown.

How. The audit's bit-sliced enumeration (:func:`deduce.who.audit.solved_counts`) does the
work: the cards in hand and the candidate's suit card fold into its base mask, the deck left
is its deck, and s_j counts the j-card subsets of the deck that prove her traits;
``expected_clues`` is :func:`deduce.who.audit.expected_clues` of them. Core module, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from math import comb, perm
from operator import and_
from typing import Literal

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.errors import InputError, Problems
from deduce.text.names import NameList, titled
from deduce.who.audit import MAX_DECK, expected_clues, solved_counts
from deduce.who.cards import CardSet, Lady, Mode, ModeUnavailable, card_words
from deduce.who.evaluator import CandidateSpace, space_for
from deduce.who.query import Observation, Query, observe_lady, recognised

#: Where the suit card stands: in hand, still needed to prove her traits, or not needed.
SuitCardState = Literal["revealed", "needed", "not-needed"]


class DeckCardJSON(TypedDict):
    """A card of the clue deck left, and the chance it proves her traits if drawn next."""

    card: str
    proves: float


class GuessJSON(TypedDict):
    """The traits to name if she were confronted now, and the chance they are hers by the cards
    in hand alone."""

    traits: list[str]
    chance: float


class ProgressJSON(TypedDict):
    """WHO progress (issue 14): see :mod:`deduce.who.progress` for each field."""

    proven: bool
    suit_card: SuitCardState
    deck: list[DeckCardJSON]
    next_clue: float
    expected_clues: float | None
    solved_within: list[float]
    guess: GuessJSON


@dataclass(frozen=True)
class DeckCard:
    """A card of the clue deck left; ``proves`` is the chance it proves her traits if drawn next."""

    card: str
    proves: float

    def to_json(self) -> DeckCardJSON:
        return {"card": self.card, "proves": self.proves}


@dataclass(frozen=True)
class Guess:
    """Traits to name now, and the chance they are hers, every trait set the cards in hand
    leave being as likely (no traits and a chance of 0 when they leave none)."""

    traits: tuple[str, ...]
    chance: float

    def to_json(self) -> GuessJSON:
        return {"traits": list(self.traits), "chance": self.chance}


@dataclass(frozen=True)
class Progress:
    """How far her traits are from proven (:func:`progress`).

    ``solved_within[j]`` is the chance that her traits are proven once j more clues are in
    hand, the suit card counted as in hand (SPEC 5's ``solved_within`` of the deck left);
    ``expected_clues`` is the expected number of further clues until then, None when the
    whole deck left (with the suit card) may not prove them.
    """

    proven: bool
    suit_card: SuitCardState
    deck: tuple[DeckCard, ...]
    solved_within: tuple[float, ...]
    expected_clues: float | None
    guess: Guess

    @property
    def next_clue(self) -> float:
        """The chance her traits are proven once the next clue is in hand (the suit card counted
        as in hand); with no clue left, whether they are proven with what there is."""
        return self.solved_within[min(1, len(self.solved_within) - 1)]

    @property
    def proving(self) -> tuple[str, ...]:
        """The cards left that may prove her traits if drawn next (deck order)."""
        return tuple(c.card for c in self.deck if c.proves > 0)

    def to_json(self) -> ProgressJSON:
        return {"proven": self.proven, "suit_card": self.suit_card, "deck": [c.to_json() for c in self.deck],
                "next_clue": self.next_clue, "expected_clues": self.expected_clues,
                "solved_within": list(self.solved_within), "guess": self.guess.to_json()}


@dataclass(frozen=True)
class _Hand:
    """What the player holds: her suit, the clue cards revealed (ids), the suit card if revealed."""

    suit: str
    clues: tuple[str, ...]
    suit_card: str | None


@dataclass(frozen=True)
class _Candidate:
    """A lady she may be, with the suit card still to come (None once revealed) and the deck left."""

    lady: Lady
    suit_card: Lady | None
    deck: tuple[Lady, ...]
    weight: float


def progress(cards: CardSet, query: Query, mode: Mode = "normal") -> Progress:
    """WHO progress from what the player holds (``query``: her suit, the revealed cards, the
    suit card once revealed) and the card set in play, in ``mode`` (which decides the cards
    removed from the deck).

    Raise :class:`InputError` naming the place when the query cannot be a hand of this card
    set in this mode: her suit unknown, a card typed in that no lady of the set matches, a
    clue of her own suit or of the suit the mode removes, a card revealed twice.
    """
    space = space_for(cards)
    hand = _hand(cards, query, mode)
    candidates = _candidates(cards, hand, mode)
    full = (1 << space.width) - 1
    held = reduce(and_, (_fold(space, o, hand.suit, query.distinct) for o in query.clues), full)
    deck_order = {lady.id: i for i, lady in enumerate(cards.ladies)}
    within: list[float] = []
    expected: float | None = 0.0
    proves: dict[str, float] = {}
    reach: dict[str, float] = {}
    needed = False
    for cand in candidates:
        masks = [_fold(space, observe_lady(cards, c.id), hand.suit, query.distinct) for c in cand.deck]
        base = held
        if cand.suit_card is not None:
            base &= _fold(space, observe_lady(cards, cand.suit_card.id, "suit_card"), hand.suit, query.distinct)
        truth = cards.lady_mask(cand.lady)
        counts, _ = solved_counts(masks, base, 1 << space.combo_rank[truth])
        n = len(masks)
        chances = [counts[j] / comb(n, j) for j in range(n + 1)]
        within += [0.0] * (n + 1 - len(within))
        for j in range(len(within)):
            within[j] += cand.weight * chances[min(j, n)]
        mean = expected_clues(counts, n)
        expected = None if expected is None or mean is None else expected + cand.weight * mean
        for card, mask in zip(cand.deck, masks, strict=True):
            reach[card.id] = reach.get(card.id, 0.0) + cand.weight
            proves[card.id] = proves.get(card.id, 0.0) + cand.weight * ((base & mask).bit_count() == 1)
        if hand.suit_card is None:
            needed = needed or (reduce(and_, masks, held).bit_count() != 1)
    deck = tuple(DeckCard(card, proves[card] / reach[card]) for card in sorted(reach, key=deck_order.__getitem__))
    state: SuitCardState = "revealed" if hand.suit_card is not None else "needed" if needed else "not-needed"
    return Progress(proven=held.bit_count() == 1, suit_card=state, deck=deck, solved_within=tuple(within),
                    expected_clues=expected, guess=_guess(cards, space, held))


def _guess(cards: CardSet, space: CandidateSpace, held: int) -> Guess:
    """The first trait set the cards in hand leave, in card-set order, and its chance: one over
    how many they leave (nothing else is known of her). Cards that contradict each other (a set
    whose keys lie) leave none: no traits, a chance of 0."""
    if not held:
        return Guess((), 0.0)
    first = (held & -held).bit_length() - 1
    return Guess(cards.unmask(space.combos[first]), 1 / held.bit_count())


def _fold(space: CandidateSpace, obs: Observation, suit: str, distinct: bool) -> int:
    """The trait sets a revealed card admits when the Dark Lady is of ``suit``, as a one-block mask."""
    return space.trait_sets(space.observation_mask(obs, distinct) & space.suit_mask(suit))


def _hand_suit(cards: CardSet, query: Query) -> str:
    """Her suit: the one the query gives, or the only one the cards revealed leave; progress cannot
    do without it (it says which cards the deck holds), so a query that leaves it open is refused."""
    if query.suit is not None:
        return query.suit
    suits = query.suits(cards)
    if len(suits) == 1:
        return suits[0]
    left = card_words("progress.suits-left", n=len(suits)) if suits else card_words("progress.no-suit-left")
    raise InputError.at(("suit",), card_words("progress.suit", left=left))


def removed_suit(cards: CardSet, mode: Mode, suit: str) -> str | None:
    """The suit whose cards ``mode`` removes from the clue deck of a Dark Lady of ``suit``; a mode whose table the
    card set lacks (an owner's own set may define no ``modes``) is a problem under ``mode``, said with the reason."""
    try:
        return cards.removed_suit(mode, suit)
    except ModeUnavailable as exc:
        raise InputError.at(("mode",), card_words("progress.mode", mode=mode, reason=exc.words)) from None


def _hand(cards: CardSet, query: Query, mode: Mode) -> _Hand:
    """Her suit and the cards revealed, by id (a card typed in is the lady it matches, :func:`recognised`;
    one of her suit can only be the suit card); every way in which the query cannot be a hand of this
    card set is named by its place, and the ladies and suits by their names."""
    suit = _hand_suit(cards, query)
    problems = Problems()
    removed = removed_suit(cards, mode, suit)
    named = {s.id: s.name for s in cards.suits}
    seen: dict[str, int] = {}
    clues: list[str] = []
    suit_card: str | None = None
    for i, obs in enumerate(query.clues):
        matches = recognised(cards, suit, obs)
        if len(matches) != 1:
            ladies = NameList(tuple(m.name for m in matches))
            problems.add(("clues", i, "traits"), card_words("progress.which-card", ladies=ladies) if matches
                         else card_words("progress.no-card", name=titled(cards.name, "card-set")))
            continue
        lady = matches[0]
        if lady.id in seen:
            problems.add(("clues", i), card_words("progress.revealed-twice", lady=lady.name, first=seen[lady.id] + 1))
            continue
        seen[lady.id] = i
        typed_of_hers = obs.card is None and lady.suit == suit
        if obs.role == "suit_card" or typed_of_hers:
            if lady.suit != suit:
                problems.add(("clues", i, "role"), card_words("progress.suit-card-suit", suit=named[suit],
                                                              lady=lady.name, other=named[lady.suit]))
            elif suit_card is not None:
                problems.add(("clues", i, "role"), card_words("progress.suit-card-twice",
                                                              card=cards.lady(suit_card).name))
            suit_card = lady.id
        elif lady.suit == suit and len(cards.ladies_of_suit(suit)) == 2:
            problems.add(("clues", i), card_words("progress.own-suit", lady=lady.name, suit=named[suit]))
        elif lady.suit == removed:
            problems.add(("clues", i), card_words("progress.removed", lady=lady.name, removed=named[removed],
                                                  mode=mode, suit=named[suit]))
        else:
            clues.append(lady.id)
    problems.raise_if_any()
    return _Hand(suit, tuple(clues), suit_card)


def _candidates(cards: CardSet, hand: _Hand, mode: Mode) -> list[_Candidate]:
    """The ladies she may be, as the deal allows, with their weights (summing to 1).

    Each lady is dealt as likely; the clues seen are the first of her deck, shuffled, so they
    have the chance 1 / (deck)_(clues) under each: equal weights when every deck has the same
    size, as with two ladies per suit.
    """
    removed = cards.removed_suit(mode, hand.suit)
    revealed = {*hand.clues, *([hand.suit_card] if hand.suit_card else [])}
    out = []
    for lady in cards.ladies_of_suit(hand.suit):
        partner = cards.partner(lady)
        if lady.id in revealed or (hand.suit_card is not None and (partner is None or partner.id != hand.suit_card)):
            continue
        full = [c for c in cards.ladies if c is not lady and c is not partner and c.suit != removed]
        if not set(hand.clues) <= {c.id for c in full}:
            continue
        deck = tuple(c for c in full if c.id not in revealed)
        if len(deck) > MAX_DECK:
            raise InputError.at(("clues",), card_words("progress.deck-limit", n=len(deck), most=MAX_DECK),
                                code="limit")
        out.append(_Candidate(lady, partner if hand.suit_card is None else None, deck,
                              1 / perm(len(full), len(hand.clues))))
    if not out:
        raise InputError.at(("clues",), card_words("progress.no-lady", suit=cards.suit(hand.suit).name))
    total = sum(c.weight for c in out)
    return [_Candidate(c.lady, c.suit_card, c.deck, c.weight / total) for c in out]
