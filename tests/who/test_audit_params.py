"""The figures beside a card finding's message (``shared``, ``allowed``, ``unused``, ``count``,
``traits``): what a page needs to word a finding in its own language, each checked against the
card set itself or against deduce(), never against the message.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.who import cardfile
from deduce.who.audit import AuditReport, CardFinding, audit
from deduce.who.cards import CardSet
from deduce.who.deduction import deduce
from deduce.who.query import parse_query
from tests.who.test_audit import SMALL, card_doc

#: The fields and the codes that carry them; every other code carries none of them.
FIELDS = {"shared": {"key-untruthful"}, "allowed": {"key-untruthful", "key-says-nothing", "decoy"},
          "unused": {"decoy"}, "count": {"suit-count", "unsolvable"}, "traits": {"duplicate-traits", "misleading"}}


def findings(report: AuditReport) -> Iterator[CardFinding]:
    yield from report.errors
    yield from report.warnings


def check_fields(cards: CardSet, report: AuditReport) -> None:
    """Every finding has the figures of its code, each equal to what the card set says."""
    for f in findings(report):
        shown: dict[str, Any] = dict(f.to_json())
        for name, codes in FIELDS.items():
            assert (name in shown) == (f.code in codes), (f.code, name, shown)
        if f.code == "key-untruthful":
            assert f.lady and f.other and f.suit
            lady, other = cards.lady(f.lady), cards.lady(f.other)
            assert shown["shared"] == len(set(lady.traits) & set(other.traits))
            assert shown["allowed"] == sorted(lady.key[f.suit]) and shown["shared"] not in shown["allowed"]
        elif f.code in ("key-says-nothing", "decoy"):
            assert f.lady and f.suit
            assert shown["allowed"] == sorted(cards.lady(f.lady).key[f.suit])
            if f.code == "decoy":
                realised = {len(set(cards.lady(f.lady).traits) & set(d.traits))
                            for d in cards.ladies_of_suit(f.suit) if d.id != f.lady}
                assert shown["unused"] == sorted(set(shown["allowed"]) - realised) != []
        elif f.code == "suit-count":
            assert f.suit and shown["count"] == len(cards.ladies_of_suit(f.suit)) != 2
        elif f.code == "unsolvable":
            case = next(c for c in report.cases if c.dark_lady == f.lady and c.mode == f.mode)
            assert shown["count"] == len(case.remaining) != 1
        elif f.code == "duplicate-traits":
            assert f.lady and f.other
            assert shown["traits"] == list(cards.lady(f.lady).traits)
            assert set(shown["traits"]) == set(cards.lady(f.other).traits)
        elif f.code == "misleading":
            assert f.lady and f.suit
            partner = cards.partner(cards.lady(f.lady))
            assert partner is not None
            told = deduce(cards, parse_query(cards, {"suit": f.suit, "clues": [
                {"card": partner.id, "role": "suit_card"}, *({"card": c} for c in f.clues or ())]}))
            assert told.status == "solved" and told.dark_lady is not None
            assert shown["traits"] == list(told.dark_lady)
            assert set(shown["traits"]) != set(cards.lady(f.lady).traits)


def test_the_broken_example_sets_fields_are_those_of_its_cards() -> None:
    """docs/broken-clues.yaml lies, misleads and leaves a case unsolvable."""
    cards = cardfile.load(Path(__file__).resolve().parents[2] / "docs" / "broken-clues.yaml")
    report = audit(cards)
    assert {"key-untruthful", "misleading", "unsolvable"} <= {e.code for e in report.errors}
    check_fields(cards, report)


def test_a_hand_made_misleading_case_names_the_wrong_traits() -> None:
    """p's key for y says 0, but r (b, d) shares b with p: with p, u and the suit card, c, e is left."""
    doc = card_doc(SMALL)
    next(lady for lady in doc["ladies"] if lady["id"] == "p")["key"]["y"] = [0]
    cards = cardfile.parse(doc)
    report = audit(cards)
    misleading = next(e for e in report.errors if e.code == "misleading")
    assert misleading.to_json()["traits"] == ["c", "e"]
    untruthful = next(e for e in report.errors if e.code == "key-untruthful")
    assert (untruthful.to_json()["shared"], untruthful.to_json()["allowed"]) == (1, [0])
    check_fields(cards, report)


def test_suit_counts_duplicates_and_keys_that_say_nothing() -> None:
    spec = [*SMALL[:3], ("s", "z", "cd"), ("t", "z", "ae"), ("u", "z", "ab")]  # y has one lady, z three; u is p
    doc = card_doc(spec)
    doc["ladies"][0]["key"]["z"] = [0, 1, 2]
    cards = cardfile.parse(doc)
    report = audit(cards)
    counts = {e.suit: e.to_json()["count"] for e in report.errors if e.code == "suit-count"}
    assert counts == {"y": 1, "z": 3}
    assert {"duplicate-traits", "key-says-nothing"} <= {f.code for f in findings(report)}
    check_fields(cards, report)


@st.composite
def lying_card_sets(draw: st.DrawFn) -> CardSet:
    """Small sets of two ladies per suit, with a few key entries replaced by any counts."""
    spec = [(lady_id, suit, "".join(draw(st.permutations("abcde"))[:2])) for lady_id, suit, _ in SMALL]
    doc = card_doc(spec)
    for lady in draw(st.lists(st.sampled_from(doc["ladies"]), max_size=3)):
        suit = draw(st.sampled_from("xyz"))
        lady["key"][suit] = sorted(draw(st.sets(st.integers(0, 2), min_size=1)))
    return cardfile.parse(doc)


@settings(max_examples=60, deadline=None)
@given(lying_card_sets())
def test_every_finding_of_random_lying_sets_has_the_figures_of_its_cards(cards: CardSet) -> None:
    check_fields(cards, audit(cards))


def test_the_report_json_keeps_them() -> None:
    """``to_json`` of the report carries the same figures as the findings."""
    doc = card_doc(SMALL)
    next(lady for lady in doc["ladies"] if lady["id"] == "p")["key"]["y"] = [0]
    report = audit(cardfile.parse(doc))
    assert report.to_json()["errors"] == [e.to_json() for e in report.errors]
    assert any("shared" in e for e in report.to_json()["errors"])
