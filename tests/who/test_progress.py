"""WHO progress (deduce/who/progress.py) against a brute force over explicit deals.

The brute force knows nothing of the bit-sliced enumeration: it deals every Dark Lady of her
suit and every order of her clue deck, keeps the deals that show the player what she was
shown (the clues revealed, in order, and the suit card once revealed), and asks the
deduction engine, prefix by prefix, whether the cards in hand prove her traits. Each
surviving (lady, order) is as likely, as in :func:`deduce.game.setup.deal`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.errors import InputError
from deduce.shipped import load_cards
from deduce.text.names import Names
from deduce.who.audit import audit
from deduce.who.cards import CardSet, Lady, Mode, Suit, Trait
from deduce.who.deduction import deduce
from deduce.who.progress import Guess, Progress, progress
from deduce.who.query import Observation, Query, observe_lady, parse_query

CARDS = load_cards()


@dataclass(frozen=True)
class Figures:
    """What the brute force finds, field by field as :class:`Progress` reports it."""

    proven: bool
    suit_card: str
    deck: dict[str, float]
    solved_within: list[float]
    expected_clues: float | None
    first_proof: float | None  # the mean number of clues drawn until the first proof
    by_clues: float
    first_left: tuple[str, ...] | None  # the first trait set the hand leaves, in card-set order


def hand_query(cards: CardSet, suit: str, clues: list[str], suit_card: str | None) -> Query:
    obs = [observe_lady(cards, c) for c in clues]
    if suit_card is not None:
        obs.append(observe_lady(cards, suit_card, "suit_card"))
    return Query(suit, tuple(obs))


def proven(cards: CardSet, suit: str, held: list[str], suit_card: str | None) -> bool:
    return deduce(cards, hand_query(cards, suit, held, suit_card)).status == "solved"


def brute_force(cards: CardSet, suit: str, clues: list[str], suit_card: str | None, mode: Mode) -> Figures:
    """Every deal that shows the player this hand, each as likely, and what the next clues do."""
    removed = cards.removed_suit(mode, suit)
    deals = []
    for lady in cards.ladies_of_suit(suit):
        partner = cards.partner(lady)
        assert partner is not None
        if suit_card is not None and partner.id != suit_card:
            continue
        full = [c.id for c in cards.ladies if c.id not in (lady.id, partner.id) and c.suit != removed]
        deals += [(lady, partner.id, list(order[len(clues):])) for order in permutations(full)
                  if list(order[:len(clues)]) == clues]
    n = len(deals[0][2])
    within = [0.0] * (n + 1)
    first: list[int | None] = []
    proves: dict[str, list[bool]] = {}
    needed = False
    for _, partner_id, rest in deals:
        solved = [proven(cards, suit, clues + rest[:j], partner_id) for j in range(n + 1)]
        for j, s in enumerate(solved):
            within[j] += s / len(deals)
        first.append(next((j for j, s in enumerate(solved) if s), None))
        if rest:
            proves.setdefault(rest[0], []).append(solved[1])
        needed = needed or not proven(cards, suit, clues + rest, suit_card)
    hand = deduce(cards, hand_query(cards, suit, clues, suit_card))
    expected = sum(1 - p for p in within[:n]) if within[n] == pytest.approx(1) else None
    return Figures(
        proven=hand.status == "solved",
        suit_card="revealed" if suit_card else "needed" if needed else "not-needed",
        deck={card: sum(hits) / len(hits) for card, hits in proves.items()},
        solved_within=within,
        expected_clues=expected,
        first_proof=None if None in first else sum(j for j in first if j is not None) / len(first),
        by_clues=1 / len({c.traits for c in hand.candidates}) if hand.candidates else 0.0,
        first_left=hand.candidates[0].traits if hand.candidates else None,
    )


def assert_agrees(found: Progress, brute: Figures) -> None:
    assert found.proven == brute.proven
    assert found.suit_card == brute.suit_card
    assert {c.card: c.proves for c in found.deck} == pytest.approx(brute.deck)
    assert list(found.solved_within) == pytest.approx(brute.solved_within)
    assert found.next_clue == pytest.approx(brute.solved_within[min(1, len(brute.solved_within) - 1)])
    if brute.expected_clues is None:
        assert found.expected_clues is None
    else:
        assert found.expected_clues == pytest.approx(brute.expected_clues)
        # keys that tell the truth never take a proof back: the SPEC 5 sum is the mean first proof
        assert found.expected_clues == pytest.approx(brute.first_proof)
    assert found.guess.chance == pytest.approx(brute.by_clues)
    assert found.guess.traits == brute.first_left
    assert set(found.proving) == {card for card, p in brute.deck.items() if p > 0}


# -- small truthful card sets -----------------------------------------------------------

@st.composite
def truthful_sets(draw: st.DrawFn, max_suits: int = 3) -> CardSet:
    """Two ladies per suit, distinct trait sets, keys that tell the truth (some with decoys,
    counts no lady of that suit has), and an ``advanced`` table from the third suit on."""
    n = draw(st.integers(3, 6))
    k = draw(st.integers(1, min(3, n - 1)))
    nsuits = draw(st.integers(2, max_suits))
    combos = list(combinations(range(n), k))
    if len(combos) < 2 * nsuits:
        nsuits = len(combos) // 2
    chosen = draw(st.permutations(combos))[:2 * nsuits]
    traits = tuple(Trait(f"t{i}", Names({}, f"t{i}")) for i in range(n))
    suits = tuple(Suit(f"s{i}", Names({}, f"s{i}")) for i in range(nsuits))
    sets = [frozenset(f"t{i}" for i in c) for c in chosen]
    ladies = []
    for i, own in enumerate(sets):
        key = {}
        for si, s in enumerate(suits):
            true = {len(own & sets[j]) for j in (2 * si, 2 * si + 1) if j != i}
            key[s.id] = frozenset(true | draw(st.frozensets(st.integers(0, k), max_size=2)))
        ladies.append(Lady(f"l{i}", Names({}, f"l{i}"), suits[i // 2].id,
                           tuple(t.id for t in traits if t.id in own), key))
    modes = {"advanced": {s.id: suits[(i + 1) % nsuits].id for i, s in enumerate(suits)}} if nsuits >= 3 else {}
    return CardSet("small", traits, suits, tuple(ladies), k, modes)


#: A hand: the card set, her suit, the clues drawn in order, the suit card if revealed, the mode.
Hand = tuple[CardSet, str, list[str], str | None, Mode]


@st.composite
def hands(draw: st.DrawFn, max_suits: int = 3) -> Hand:
    """A card set and a hand dealt as the game deals one: her card, the clues drawn so far,
    and the suit card if revealed."""
    cards = draw(truthful_sets(max_suits))
    mode: Mode = draw(st.sampled_from(["normal", "advanced"] if cards.modes else ["normal"]))
    dark = draw(st.sampled_from(cards.ladies))
    partner = cards.partner(dark)
    assert partner is not None
    removed = cards.removed_suit(mode, dark.suit)
    deck = draw(st.permutations([c.id for c in cards.ladies if c.suit not in (dark.suit, removed)]))
    clues = list(deck[:draw(st.integers(0, len(deck)))])
    return cards, dark.suit, clues, partner.id if draw(st.booleans()) else None, mode


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_progress_is_the_brute_force_over_every_deal(hand: Hand) -> None:
    cards, suit, clues, suit_card, mode = hand
    assert_agrees(progress(cards, hand_query(cards, suit, clues, suit_card), mode),
                  brute_force(cards, suit, clues, suit_card, mode))


def test_four_suits_six_cards_left() -> None:
    """A larger deck than hypothesis explores (720 orders per lady), on a fixed card set."""
    cards = _fixed_four_suits()
    for suit_card in (None, "l1"):
        for clues in ([], ["l2"], ["l5", "l3"]):
            assert_agrees(progress(cards, hand_query(cards, "s0", clues, suit_card)),
                          brute_force(cards, "s0", clues, suit_card, "normal"))


def _fixed_four_suits() -> CardSet:
    """Four suits of two ladies on five traits, two per lady; truthful keys with a decoy or two."""
    sets = [("t0", "t1"), ("t2", "t3"), ("t0", "t4"), ("t1", "t2"), ("t3", "t4"), ("t0", "t2"), ("t1", "t4"),
            ("t2", "t4")]
    traits = tuple(Trait(f"t{i}", Names({}, f"t{i}")) for i in range(5))
    suits = tuple(Suit(f"s{i}", Names({}, f"s{i}")) for i in range(4))
    ladies = []
    for i, own in enumerate(sets):
        key = {}
        for si, s in enumerate(suits):
            key[s.id] = frozenset({len(set(own) & set(sets[j])) for j in (2 * si, 2 * si + 1) if j != i}
                                  | ({2} if (i + si) % 3 == 0 else set()))
        ladies.append(Lady(f"l{i}", Names({}, f"l{i}"), suits[i // 2].id, own, key))
    return CardSet("four suits", traits, suits, tuple(ladies), 2)


# -- the shipped card set ---------------------------------------------------------------

@pytest.mark.parametrize("mode", ["normal", "easy", "advanced"])
def test_an_empty_hand_is_the_mean_of_the_audits_two_cases(mode: Mode) -> None:
    """Before any clue, her suit known: the audit's two cases of her suit, each half as likely."""
    report = audit(CARDS)
    for suit in CARDS.suit_ids:
        cases = [c for c in report.cases if c.suit == suit and c.mode == mode]
        found = progress(CARDS, Query(suit, ()), mode)
        assert len(cases) == 2
        assert found.expected_clues == pytest.approx(sum(c.expected_clues or 0 for c in cases) / 2)
        assert list(found.solved_within) == pytest.approx(
            [sum(x) / 2 for x in zip(*(c.solved_within for c in cases), strict=True)])
        assert found.suit_card == "needed" and not found.proven
        assert found.guess.chance == pytest.approx(1 / 35)


def test_the_readme_hand_step_by_step() -> None:
    """The README's rose game: after three clues and the suit card, three of the seven cards
    left prove her traits if drawn next (two trait sets are left); Lucy Negro does."""
    doc: dict[str, Any] = {"suit": "rose", "clues": [{"card": "jacqueline-field"}, {"card": "emilia-bassano"},
                                                     {"card": "anne-hathaway"},
                                                     {"card": "mary-fitton", "role": "suit_card"}]}
    found = progress(CARDS, parse_query(CARDS, doc))
    assert found.proving == ("lucy-negro", "elizabeth-vernon", "aline-florio") and found.suit_card == "revealed"
    assert found.next_clue == pytest.approx(3 / 7) and found.expected_clues == pytest.approx(2)
    assert found.guess == Guess(("married", "court", "lover"), 0.5)  # the first of the two left
    doc["clues"].append({"card": "lucy-negro"})
    done = progress(CARDS, parse_query(CARDS, doc))
    assert done.proven and done.expected_clues == 0 and done.next_clue == 1 and done.guess.chance == 1


def test_a_card_typed_in_counts_as_the_lady_with_its_traits() -> None:
    """At the table a card typed in (its traits and her suit's key entry) leaves the deck as
    the lady with those traits, and says the same as the card named by id."""
    named = parse_query(CARDS, {"suit": "rose", "clues": [{"card": "jacqueline-field"}]})
    typed = parse_query(CARDS, {"suit": "rose", "clues": [{"traits": ["literary", "married", "children"],
                                                           "counts": [1]}]})
    assert progress(CARDS, typed) == progress(CARDS, named)


def test_her_suit_is_read_from_the_suit_card() -> None:
    with_suit = parse_query(CARDS, {"suit": "rose", "clues": [{"card": "mary-fitton", "role": "suit_card"}]})
    without = parse_query(CARDS, {"clues": [{"card": "mary-fitton", "role": "suit_card"}]})
    assert progress(CARDS, without) == progress(CARDS, with_suit)


def test_the_mode_decides_the_deck() -> None:
    query = Query("rose", ())
    assert len(progress(CARDS, query).deck) == 10
    assert len(progress(CARDS, query, "advanced").deck) == 8
    assert "jacqueline-field" not in {c.card for c in progress(CARDS, query, "advanced").deck}  # oak is removed


# -- hands that cannot be -----------------------------------------------------------------

@pytest.mark.parametrize("doc, mode, place, words", [
    ({"clues": [{"card": "jacqueline-field"}]}, "normal", "suit", "needs her suit"),
    ({"suit": "rose", "clues": [{"card": "penelope-rich"}]}, "normal", "clues[0]", "her suit's two cards"),
    ({"suit": "rose", "clues": [{"card": "jacqueline-field"}]}, "advanced", "clues[0]",
     "the suit that advanced removes"),
    ({"suit": "rose", "clues": [{"card": "lucy-negro"}, {"card": "lucy-negro"}]}, "normal", "clues[1]",
     "revealed already (card 1)"),
    ({"suit": "rose", "clues": [{"card": "lucy-negro", "role": "suit_card"}]}, "normal", "clues[0].role",
     "the suit card is of her suit (Rose); Lucy Negro is Sage"),
    ({"suit": "rose", "clues": [{"traits": ["literary", "married", "court"], "counts": [1]}]}, "normal",
     "clues[0].traits", "no card of Sonnet set has these traits and this key"),
    ({"suit": "rose", "clues": [{"traits": ["literary", "married", "children"], "counts": [0]}]}, "normal",
     "clues[0].traits", "no card of Sonnet set has these traits and this key"),
])
def test_a_hand_that_cannot_be_is_refused_with_its_place(doc: dict[str, Any], mode: Mode, place: str,
                                                          words: str) -> None:
    query = parse_query(CARDS, doc)
    with pytest.raises(InputError) as err:
        progress(CARDS, query, mode)
    assert [p.path for p in err.value.problems] == [place]
    assert words in str(err.value)


def test_a_mode_the_card_set_cannot_play_is_refused() -> None:
    cards = _fixed_four_suits()
    with pytest.raises(InputError, match="mode: advanced cannot be played"):
        progress(cards, Query("s0", ()), "advanced")


def test_no_observation_is_taken_for_a_lady_when_her_traits_match_none() -> None:
    """A typed card with a whole key and no suit: the suit is unknown, so it is refused first."""
    query = Query(None, (Observation(traits=CARDS.mask(["literary", "married", "children"]),
                                     key=tuple((s, frozenset({1})) for s in CARDS.suit_ids)),))
    with pytest.raises(InputError, match="suit: progress needs her suit"):
        progress(CARDS, query)


def test_cards_that_contradict_each_other_leave_no_guess() -> None:
    """A hand no trait set fits (cards whose keys cannot both be true, as a lying key makes them) has no
    guess: no traits, a chance of 0, and no division by the trait sets left."""
    lying = {"jacqueline-field": 3, "emilia-bassano": 0}
    cards = replace(CARDS, ladies=tuple(replace(lady, key={**lady.key, "rose": frozenset({lying[lady.id]})})
                                        if lady.id in lying else lady for lady in CARDS.ladies))
    hand = parse_query(cards, {"suit": "rose", "clues": [
        {"traits": ["literary", "married", "children"], "counts": [3]},
        {"traits": list(cards.lady("emilia-bassano").traits), "counts": [0]}]})
    assert deduce(cards, hand).status == "contradiction"
    assert progress(cards, hand).guess == Guess((), 0.0)
