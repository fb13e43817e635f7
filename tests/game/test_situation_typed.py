"""Cards typed at the table as they lie are full citizens (issue 33, item 1): a typed card that matches a card of
the set in use is that card (the plan and WHO progress are those of the same cards picked), one of her suit is the
suit card with no tick, a card the set lacks still counts for WHO and the plan works from what is known, and what
cannot be is said with names, never ids."""

from __future__ import annotations

from typing import Any

import pytest

from deduce.errors import InputError
from deduce.game.situation import parse_situation, table_advice
from deduce.shipped import load_rules
from deduce.text.names import Names
from deduce.text.phrases import LANGS
from deduce.who.cards import CardSet, Lady
from deduce.who.deduction import deduce
from deduce.who.progress import progress
from deduce.who.query import parse_query, recognised

RULES = load_rules()
CARDS = RULES.cards
SUIT = "rose"
BASE: dict[str, Any] = {"suit": SUIT, "pawn": "globe", "length": 26, "moves": "always", "now": 0,
                        "trail": [{"slot": 0, "kind": "landmark", "landmark": "playhouse"}]}


def as_typed(lady: Lady, **extra: Any) -> dict[str, Any]:
    """A card typed as it lies: its traits and its key entry for her suit."""
    return {"traits": list(lady.traits), "counts": sorted(lady.key[SUIT]), **extra}


def rulebook_hand() -> tuple[Lady, Lady, Lady]:
    """The rulebook's example (a rose, Jacqueline Field revealed), a clue of another suit, and the suit card."""
    jacqueline = CARDS.lady("jacqueline-field")
    other = next(lady for lady in CARDS.ladies if lady.suit not in (SUIT, jacqueline.suit))
    suit_card = next(lady for lady in CARDS.ladies_of_suit(SUIT) if lady is not jacqueline)
    return jacqueline, other, suit_card


@pytest.mark.parametrize("lang", LANGS)
def test_typed_cards_of_the_set_give_the_plan_of_the_same_cards_picked(lang: str) -> None:
    jacqueline, other, suit_card = rulebook_hand()
    picked = table_advice(RULES, {**BASE, "clues": [jacqueline.id, other.id], "suit_card": suit_card.id}, lang)
    typed = table_advice(RULES, {**BASE, "typed": [as_typed(jacqueline), as_typed(other), as_typed(suit_card)]}, lang)
    assert "plan" in picked and typed == picked
    ticked = table_advice(RULES, {**BASE, "typed": [as_typed(jacqueline), as_typed(other),
                                                    as_typed(suit_card, role="suit_card")]}, lang)
    assert ticked == picked  # the tick changes nothing: a card of her suit can only be the suit card
    view = parse_situation(RULES, {**BASE, "typed": [as_typed(suit_card)]}).view
    assert view.suit_card == suit_card.id and view.clues == () and view.typed == ()


def test_a_typed_card_the_set_lacks_counts_for_who_and_the_plan_works_from_what_is_known() -> None:
    jacqueline, other, _ = rulebook_hand()
    mistyped = {"traits": list(jacqueline.traits), "counts": [0]}  # a box's card with another key than the set's
    assert recognised(CARDS, SUIT, parse_query(CARDS, {"suit": SUIT, "clues": [mistyped]}).clues[0]) == ()
    situation = parse_situation(RULES, {**BASE, "clues": [other.id], "typed": [mistyped]})
    assert situation.view.clues == (other.id,) and len(situation.view.typed) == 1
    answer = table_advice(RULES, {**BASE, "clues": [other.id], "typed": [mistyped]})
    assert "plan_problems" not in answer
    plan = answer["plan"]
    assert plan["figures"]["clues_held"] == 2  # she flees one card for each card in hand, typed ones too
    alone = table_advice(RULES, {**BASE, "clues": [other.id]})["plan"]
    assert alone["figures"]["clues_held"] == 1


def test_a_typed_suit_card_the_set_lacks_is_the_suit_card_in_hand() -> None:
    _, other, suit_card = rulebook_hand()
    unknown = {"traits": list(suit_card.traits), "counts": [3], "role": "suit_card"}
    view = parse_situation(RULES, {**BASE, "clues": [other.id], "typed": [unknown]}).view
    assert view.suit_card is None and view.hand.holds_suit_card and view.hand.held == 2
    keys = {**BASE, "keys": list(RULES.board.location_ids), "clues": [other.id]}
    assert "reveal_suit_card" in parse_situation(RULES, keys).actions
    assert "reveal_suit_card" not in parse_situation(RULES, {**keys, "typed": [unknown]}).actions


@pytest.mark.parametrize("lang", LANGS)
def test_what_cannot_be_a_hand_is_said_with_names(lang: str) -> None:
    jacqueline, other, suit_card = rulebook_hand()
    with pytest.raises(InputError) as info:
        parse_situation(RULES, {**BASE, "suit_card": suit_card.id, "typed": [as_typed(suit_card)]})
    [twice] = info.value.problems
    assert twice.path == "typed[0].role" and suit_card.name.get(lang) in twice.said(lang)
    with pytest.raises(InputError) as info:
        parse_situation(RULES, {**BASE, "typed": [as_typed(other, role="suit_card")]})
    [wrong] = info.value.problems
    said = wrong.said(lang)
    assert other.name.get(lang) in said and CARDS.suit(other.suit).name.get(lang) in said and other.id not in said
    query = parse_query(CARDS, {"suit": SUIT, "clues": [{"card": suit_card.id}, {"card": jacqueline.id}]})
    with pytest.raises(InputError) as info:
        progress(CARDS, query, "normal")
    [own] = info.value.problems
    assert suit_card.name.get(lang) in own.said(lang) and suit_card.id not in own.said(lang)


def test_a_typed_card_that_contradicts_the_others_is_in_the_same_conflict_as_picked() -> None:
    jacqueline, other, suit_card = rulebook_hand()
    liar = {"traits": list(other.traits), "counts": [n for n in range(4) if n not in other.key[SUIT]][:1]}
    typed = parse_query(CARDS, {"suit": SUIT, "explain": True,
                                "clues": [as_typed(jacqueline), as_typed(suit_card), liar, as_typed(other)]})
    picked = parse_query(CARDS, {"suit": SUIT, "explain": True,
                                 "clues": [{"card": jacqueline.id}, {"card": suit_card.id, "role": "suit_card"}, liar,
                                           {"card": other.id}]})
    found = deduce(CARDS, typed)
    assert found.status == "contradiction" and found.conflict == deduce(CARDS, picked).conflict
    assert found.conflict is not None and 2 in found.conflict


def test_a_typed_card_that_could_be_two_of_the_set_asks_which() -> None:
    jacqueline = CARDS.lady("jacqueline-field")
    twin = Lady("twin", Names({"en": "Twin", "it": "Gemella", "ru": "Близнец"}), "acorn",
                jacqueline.traits, jacqueline.key)
    cards = CardSet(name=CARDS.name, traits=CARDS.traits, traits_per_lady=CARDS.traits_per_lady, suits=CARDS.suits,
                    ladies=(*CARDS.ladies, twin))
    obs = parse_query(cards, {"suit": SUIT, "clues": [as_typed(jacqueline)]}).clues[0]
    assert [lady.id for lady in recognised(cards, SUIT, obs)] == ["jacqueline-field", "twin"]
    with pytest.raises(InputError) as info:
        progress(cards, parse_query(cards, {"suit": SUIT, "clues": [as_typed(jacqueline)]}), "normal")
    [which] = info.value.problems
    assert "Jacqueline Field" in which.said("en") and "Gemella" in which.said("it")
