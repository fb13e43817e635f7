"""The card set audit (SPEC 5): error codes, exact case figures, and the shipped set.

Figures are checked against independent computations: a direct reading of SPEC 3 over
every draw order (for ``expected_clues``) and the z3 model, one solver run per clue
subset (for every case field), on random small card sets.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.cli import main
from deduce.errors import InputError
from deduce.shipped import data_path
from deduce.who import cardfile
from deduce.who.audit import MAX_DECK, AuditReport, audit, audit_cost, case_decks
from deduce.who.cards import CardSet, Lady, Mode
from deduce.who.evaluator import space_for
from deduce.who.query import Observation, Query, observe_lady
from deduce.who.z3model import Model

LETTERS = "abcdefgh"


# -- building small card sets --------------------------------------------------


def truthful_key(lady: dict[str, Any], ladies: list[dict[str, Any]], suits: list[str]) -> dict[str, list[int]]:
    """Each suit's entry: the true counts of that suit's other ladies (all counts if none)."""
    key = {}
    for s in suits:
        truth = {len(set(lady["traits"]) & set(d["traits"])) for d in ladies if d["suit"] == s and d is not lady}
        key[s] = sorted(truth) or [0]
    return key


def card_doc(spec: list[tuple[str, str, str]], n_traits: int = 5, k: int = 2, suits: str = "xyz",
             modes: dict[str, dict[str, str]] | None = None,
             keys: dict[str, dict[str, list[int]]] | None = None) -> dict[str, Any]:
    """A card set document from (id, suit, traits as letters); keys truthful unless given."""
    traits = list(LETTERS[:n_traits])
    suit_ids = list(suits)
    ladies: list[dict[str, Any]] = [{"id": i, "suit": s, "traits": list(t)} for i, s, t in spec]
    for lady in ladies:
        lady["key"] = (keys or {}).get(lady["id"]) or truthful_key(lady, ladies, suit_ids)
    doc: dict[str, Any] = {"schema": 1, "name": "small", "traits_per_lady": k, "traits": [{"id": t} for t in traits],
                           "suits": [{"id": s} for s in suit_ids], "ladies": ladies}
    if modes:
        doc["modes"] = modes
    return doc


SMALL = [("p", "x", "ab"), ("q", "x", "ac"), ("r", "y", "bd"), ("s", "y", "cd"), ("t", "z", "ae"), ("u", "z", "de")]
WHEEL3 = {"easy": {"x": "y", "y": "x", "z": "x"}, "advanced": {"x": "y", "y": "z", "z": "x"}}


def codes(report: AuditReport) -> list[str]:
    return [e.code for e in report.errors]


def partner_of(cards: CardSet, lady: Lady) -> Lady:
    """Her suit card: every set in these tests has two ladies per suit, so she always has one."""
    partner = cards.partner(lady)
    assert partner is not None
    return partner


# -- errors --------------------------------------------------------------------


def test_truthful_small_set_has_no_key_errors() -> None:
    report = audit(cardfile.parse(card_doc(SMALL)))
    assert "key-untruthful" not in codes(report)
    assert "duplicate-traits" not in codes(report)
    assert "suit-count" not in codes(report)


def test_duplicate_traits_names_both_ladies() -> None:
    spec = [*SMALL[:5], ("u", "z", "ab")]
    report = audit(cardfile.parse(card_doc(spec)))
    dup = [e for e in report.errors if e.code == "duplicate-traits"]
    assert [(e.lady, e.other) for e in dup] == [("u", "p")]


def test_suit_count_names_each_bad_suit_and_skips_its_cases() -> None:
    spec = [*SMALL[:3], ("s", "z", "cd"), ("t", "z", "ae"), ("u", "z", "de")]
    report = audit(cardfile.parse(card_doc(spec)))
    bad = sorted(str(e.suit) for e in report.errors if e.code == "suit-count")
    assert bad == ["y", "z"]
    assert {c.suit for c in report.cases} == {"x"}


def test_key_untruthful_one_error_per_violation() -> None:
    doc = card_doc(SMALL)
    ladies = {lady["id"]: lady for lady in doc["ladies"]}
    # r (b,d) and s (c,d) share 1 and 0 traits with p (a,b): p's y entry must hold 0 and 1.
    ladies["p"]["key"]["y"] = [1]
    report = audit(cardfile.parse(doc))
    bad = [e for e in report.errors if e.code == "key-untruthful"]
    assert [(e.lady, e.other, e.suit) for e in bad] == [("p", "s", "y")]
    assert "s" in bad[0].message and "p" in bad[0].message


def test_partner_reads_its_own_suit_entry_as_the_suit_card() -> None:
    """p and q (both x) share one trait: each one's x entry must allow 1, for the other's sake."""
    doc = card_doc(SMALL)
    q = next(lady for lady in doc["ladies"] if lady["id"] == "q")
    assert q["key"]["x"] == [1]
    q["key"]["x"] = [0, 2]
    report = audit(cardfile.parse(doc))
    bad = [e for e in report.errors if e.code == "key-untruthful"]
    assert [(e.lady, e.other, e.suit) for e in bad] == [("q", "p", "x")]
    # When p is the Dark Lady, q is her suit card and now rules her out.
    case = next(c for c in report.cases if c.dark_lady == "p" and c.mode == "normal")
    assert ("a", "b") not in case.remaining


def test_unsolvable_names_lady_and_mode() -> None:
    doc = card_doc(SMALL, modes=WHEEL3)
    for lady in doc["ladies"]:
        lady["key"] = {s: [0, 1, 2] for s in "xyz"}
    report = audit(cardfile.parse(doc))
    unsolvable = {(e.lady, e.mode) for e in report.errors if e.code == "unsolvable"}
    assert unsolvable == {(i, m) for i, _, _ in SMALL for m in ("normal", "easy", "advanced")}
    assert all(e.lady is not None and e.suit == cardfile.parse(doc).lady(e.lady).suit for e in report.errors)
    assert "key-says-nothing" in {w.code for w in report.warnings}
    assert report.to_json()["ok"] is False


def test_schema_and_duplicate_id_are_input_errors() -> None:
    doc = card_doc(SMALL)
    doc["ladies"][1]["id"] = "p"
    with pytest.raises(InputError) as err:
        cardfile.parse(doc)
    assert [p.code for p in err.value.problems] == ["duplicate-id"]
    with pytest.raises(InputError) as err:
        cardfile.parse({"schema": 1, "traits": [], "suits": "x"})
    assert {p.code for p in err.value.problems} == {"schema"}


def test_deck_above_limit_is_refused_before_any_work() -> None:
    suits = "".join(chr(ord("A") + i) for i in range(12))
    pairs = [(f"l{i}", suits[i // 2], pair) for i, pair in enumerate(combinations(LETTERS[:8], 2)) if i < 24]
    spec = [(i, s, "".join(t)) for i, s, t in pairs]
    cards = cardfile.parse(card_doc(spec, n_traits=8, suits=suits))
    assert max(len(d) for _, _, d in case_decks(cards)) == 22 > MAX_DECK
    with pytest.raises(InputError) as err:
        audit(cards, progress=lambda done, total: pytest.fail("work was started"))
    assert err.value.problems[0].code == "limit"
    assert "at most 20" in str(err.value)


# -- warnings ------------------------------------------------------------------


def test_decoy_and_mode_warnings() -> None:
    doc = card_doc(SMALL)
    p = doc["ladies"][0]
    p["key"]["x"] = [0, 1]  # her partner q shares 1 trait with her; 0 is a decoy
    report = audit(cardfile.parse(doc))
    decoys = [(w.lady, w.suit) for w in report.warnings if w.code == "decoy"]
    assert decoys == [("p", "x")]
    assert "allows 0," in next(w.message for w in report.warnings if w.code == "decoy")
    assert "modes-missing" in {w.code for w in report.warnings}


def test_uninformative_card_warning() -> None:
    """u's key allows every count, and her traits are ruled out by every suit card already."""
    doc = card_doc(SMALL)
    u = next(lady for lady in doc["ladies"] if lady["id"] == "u")
    u["key"] = {s: [0, 1, 2] for s in "xyz"}
    report = audit(cardfile.parse(doc))
    flagged = {w.lady for w in report.warnings if w.code == "uninformative-card"}
    # Independent check: a card is uninformative when, right after the suit card, it rules out nothing.
    cards = cardfile.parse(doc)
    expected: set[str] = set()
    for c in cards.ladies:
        rules_out = False
        for d in cards.ladies:
            if d.suit == c.suit:
                continue
            before = brute_candidates(cards, d.suit, [(partner_of(cards, d), "suit_card")])
            after = brute_candidates(cards, d.suit, [(partner_of(cards, d), "suit_card"), (c, "clue")])
            rules_out |= before != after
        if not rules_out:
            expected.add(c.id)
    assert flagged == expected


def test_suit_card_alone_warning_when_no_clue_is_needed() -> None:
    """Partners share no trait, so with two traits out of four the suit card names her."""
    spec = [("p", "x", "ab"), ("q", "x", "cd"), ("r", "y", "ac"), ("s", "y", "bd")]
    report = audit(cardfile.parse(card_doc(spec, n_traits=4, suits="xy")))
    assert all(c.min_clues == 0 and c.expected_clues == 0.0 and c.solvable for c in report.cases)
    flagged = sorted(str(w.lady) for w in report.warnings if w.code == "suit-card-alone")
    assert flagged == ["p", "q", "r", "s"]


# -- exact figures -------------------------------------------------------------


def brute_candidates(cards: CardSet, suit: str, seen: list[tuple[Lady, str]]) -> set[tuple[str, ...]]:
    """Trait sets consistent with revealed (lady, role) pairs, straight from SPEC 3."""
    out = set()
    for x in combinations(cards.trait_ids, cards.traits_per_lady):
        ok = True
        for lady, role in seen:
            shared = len(set(x) & set(lady.traits))
            if shared not in lady.key[suit] or set(x) == set(lady.traits):
                ok = False
            if (role == "clue") == (lady.suit == suit):
                ok = False
        if ok:
            out.add(x)
    return out


def test_expected_clues_equals_average_over_every_draw_order() -> None:
    spec = [("a1", "w", "ab"), ("a2", "w", "cd"), ("b1", "x", "ae"), ("b2", "x", "bc"),
            ("c1", "y", "de"), ("c2", "y", "ac"), ("d1", "z", "be"), ("d2", "z", "ad")]
    cards = cardfile.parse(card_doc(spec, suits="wxyz"))
    report = audit(cards)
    checked = 0
    for case in report.cases:
        lady = cards.lady(case.dark_lady)
        partner = partner_of(cards, lady)
        deck = [c for c in cards.ladies if c.suit != lady.suit]
        assert case.deck == len(deck) == 6
        full = brute_candidates(cards, lady.suit, [(partner, "suit_card")] + [(c, "clue") for c in deck])
        assert case.solvable == (len(full) == 1)
        if len(full) != 1:
            assert case.expected_clues is None
            continue
        total = Fraction(0)
        orders = list(permutations(deck))
        for order in orders:
            for t in range(len(order) + 1):
                seen = [(partner, "suit_card")] + [(c, "clue") for c in order[:t]]
                if len(brute_candidates(cards, lady.suit, seen)) == 1:
                    total += t
                    break
        assert case.expected_clues == pytest.approx(float(total / len(orders)), abs=1e-12)
        smallest = min(len(s) for j in range(len(deck) + 1) for s in combinations(deck, j)
                       if len(brute_candidates(cards, lady.suit, [(partner, "suit_card")]
                                               + [(c, "clue") for c in s])) == 1)
        assert case.min_clues == smallest
        checked += 1
    assert checked >= 4, "the hand-built set should have several solvable cases"


def z3_case(cards: CardSet, lady: Lady, mode: Mode) -> dict[str, Any]:
    """A case computed with one z3 model per subset of the deck (no shared work)."""
    partner = partner_of(cards, lady)
    removed = cards.removed_suit(mode, lady.suit)
    deck = [c for c in cards.ladies if c.suit not in (lady.suit, removed)]

    def trait_sets(clues: Iterable[Observation]) -> set[int]:
        query = Query(lady.suit, tuple(clues))
        return {x for _, x in Model(cards, query).candidates()}

    suit_card = observe_lady(cards, partner.id, "suit_card")
    counts = [0] * (len(deck) + 1)
    misleading: list[str] | None = None
    for j in range(len(deck) + 1):
        for subset in combinations(deck, j):  # by size, then in lexicographic order of deck positions
            left = trait_sets([suit_card] + [observe_lady(cards, c.id) for c in subset])
            if len(left) == 1:
                counts[j] += 1
                if misleading is None and left != {cards.lady_mask(lady)}:
                    misleading = [c.id for c in subset]
    clues = [observe_lady(cards, c.id) for c in deck]
    full = trait_sets([suit_card, *clues])
    n = len(deck)
    return {
        "dark_lady": lady.id, "suit": lady.suit, "mode": mode, "deck": n,
        "solvable": len(full) == 1,
        "solvable_without_suit_card": len(trait_sets(clues)) == 1,
        "remaining": sorted(list(cards.unmask(x)) for x in full),
        "min_clues": next((j for j, k in enumerate(counts) if k), None),
        "expected_clues": sum(1 - counts[j] / comb(n, j) for j in range(n)) if counts[n] == 1 else None,
        "solved_within": [counts[j] / comb(n, j) for j in range(n + 1)],
        "misleading": misleading,
    }


@st.composite
def small_card_sets(draw: st.DrawFn) -> CardSet:
    n_traits = draw(st.integers(4, 5))
    k = 2
    n_suits = draw(st.integers(2, 3))
    suits = "xyz"[:n_suits]
    pool = ["".join(c) for c in combinations(LETTERS[:n_traits], k)]
    chosen = draw(st.lists(st.sampled_from(pool), min_size=2 * n_suits, max_size=2 * n_suits))
    spec = [(f"l{i}", suits[i // 2], t) for i, t in enumerate(chosen)]
    keys: dict[str, dict[str, list[int]]] = {}
    truthful = draw(st.booleans())
    for i, _, _ in spec:
        if not truthful and draw(st.booleans()):
            keys[i] = {s: draw(st.lists(st.integers(0, k), min_size=1, max_size=2, unique=True)) for s in suits}
    modes: dict[str, dict[str, str]] | None = None
    if n_suits == 3 and draw(st.booleans()):
        modes = WHEEL3
    return cardfile.parse(card_doc(spec, n_traits=n_traits, k=k, suits=suits, modes=modes, keys=keys))


@settings(max_examples=12, deadline=None)
@given(small_card_sets())
def test_fast_audit_agrees_with_z3_per_subset(cards: CardSet) -> None:
    report = audit(cards)
    fast = [c.to_json() for c in report.cases]
    for c in fast:
        c["remaining"] = sorted(c["remaining"])
    slow = [z3_case(cards, lady, mode) for lady, mode, _ in case_decks(cards)]
    misleading = {(e.lady, e.mode): list(e.clues or ()) for e in report.errors if e.code == "misleading"}
    assert misleading == {(z["dark_lady"], z["mode"]): z["misleading"] for z in slow if z["misleading"] is not None}
    if not any(e.code in ("key-untruthful", "duplicate-traits") for e in report.errors):
        assert not misleading, "only a lying key (or two ladies with the same traits) can mislead (SPEC 5)"
    for z in slow:
        del z["misleading"]
    for f, z in zip(fast, slow, strict=True):
        assert f.keys() == z.keys()
        for field, value in f.items():
            if (field == "expected_clues" and value is not None) or field == "solved_within":
                assert value == pytest.approx(z[field], abs=1e-12)
            else:
                assert value == z[field], field


# -- the shipped set -----------------------------------------------------------


@pytest.fixture(scope="module")
def shipped() -> tuple[CardSet, AuditReport]:
    cards = cardfile.load(data_path("clues.yaml"))
    return cards, audit(cards)


def test_shipped_set_meets_the_design_targets(shipped: tuple[CardSet, AuditReport]) -> None:
    cards, report = shipped
    assert report.errors == ()
    assert {c.mode for c in report.cases} == {"normal", "easy", "advanced"}
    assert len(report.cases) == 36
    assert all(c.solvable for c in report.cases)
    assert all(c.min_clues is not None and c.min_clues >= 2 for c in report.cases)
    # every case is solvable, so every one has expected clues
    normal = [c.expected_clues for c in report.cases if c.mode == "normal" and c.expected_clues is not None]
    assert 2.5 <= sum(normal) / len(normal) <= 5.0
    # Truthful keys, checked directly rather than through the audit.
    for c in cards.ladies:
        for d in cards.ladies:
            if c is not d:
                assert len(set(c.traits) & set(d.traits)) in c.key[d.suit], (c.id, d.id)


def test_shipped_set_keeps_jacqueline_field_as_printed(shipped: tuple[CardSet, AuditReport]) -> None:
    cards, _ = shipped
    jf = cards.lady("jacqueline-field")
    assert jf.name.get("en") == "Jacqueline Field"
    assert jf.suit == "oak"
    assert set(jf.traits) == {"literary", "married", "children"}
    assert {s: sorted(v) for s, v in jf.key.items()} == {
        "rose": [1], "thistle": [1], "sage": [1], "bluebell": [2], "oak": [0, 2], "acorn": [0, 2]}
    assert len(cards.ladies) == 12
    assert all(len(cards.ladies_of_suit(s)) == 2 for s in cards.suit_ids)


def test_shipped_set_uses_the_spec_names_and_wheel(shipped: tuple[CardSet, AuditReport]) -> None:
    cards, _ = shipped
    assert cards.trait_ids == ("literary", "married", "court", "musical", "children", "lover", "documented")
    assert cards.trait("musical").name.get("it") == "Musicista"
    assert cards.trait("documented").name.get("ru") == "Документально подтверждённая связь с Шекспиром"
    assert [(s.id, s.colour) for s in cards.suits] == [
        ("rose", "red"), ("acorn", "gold"), ("oak", "green"), ("thistle", "teal"), ("bluebell", "blue"),
        ("sage", "purple")]
    assert cards.suit("acorn").name.get("it") == "Ghianda"
    # SPEC 4's example entries.
    assert cards.modes["easy"]["rose"] == "bluebell" and cards.modes["easy"]["oak"] == "acorn"
    assert cards.modes["advanced"]["rose"] == "oak" and cards.modes["advanced"]["oak"] == "bluebell"
    text = data_path("clues.yaml").read_text(encoding="utf-8")
    assert "NOT the printed card set" in text


# -- the command line ----------------------------------------------------------


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_audit_of_the_shipped_set_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["audit", str(data_path("clues.yaml"))], capsys)
    assert code == 0, err
    assert "OK, no errors" in out and "Jacqueline Field" in out
    code, out, _ = run_cli(["audit", str(data_path("clues.yaml")), "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["ok"] is True and len(doc["cases"]) == 36
    assert set(doc["cases"][0]) == {"dark_lady", "suit", "mode", "deck", "solvable", "solvable_without_suit_card",
                                    "remaining", "min_clues", "expected_clues", "solved_within"}


def test_cli_audit_findings_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = card_doc(SMALL)
    doc["ladies"][0]["key"]["y"] = [1]
    path = tmp_path / "broken.yaml"
    path.write_text(json.dumps(doc))
    code, out, _ = run_cli(["audit", str(path)], capsys)
    assert code == 1
    assert "[key-untruthful]" in out
    code, out, _ = run_cli(["audit", str(path), "--json"], capsys)
    assert code == 1 and json.loads(out)["errors"][0]["code"] == "key-untruthful"


BAD_FILES = [
    ("missing.yaml", None, "does not exist"),
    ("list.yaml", "- 1\n- 2\n", "must be a mapping"),
    ("syntax.yaml", "schema: [1\n", "not valid YAML"),
    ("nosections.yaml", "schema: 1\n", "traits: is required"),
    ("types.yaml", "schema: 1\ntraits: 3\nsuits: []\nladies: []\n", "traits: expected a list, got a number"),
    ("unknown.yaml", None, "ladies[0].suit: unknown suit 'nope'"),
    ("dup.yaml", None, "ladies[1].id: duplicate id 'p'"),
    ("range.yaml", None, "ladies[0].key.y: 4 is outside 0..2"),
]


@pytest.mark.parametrize("name,text,expected", BAD_FILES)
def test_cli_audit_bad_input_exits_2_naming_the_place(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                                                      text: str | None, expected: str) -> None:
    path = tmp_path / name
    if name == "unknown.yaml":
        doc = card_doc(SMALL)
        doc["ladies"][0]["suit"] = "nope"
        text = json.dumps(doc)
    elif name == "dup.yaml":
        doc = card_doc(SMALL)
        doc["ladies"][1]["id"] = "p"
        text = json.dumps(doc)
    elif name == "range.yaml":
        doc = card_doc(SMALL)
        doc["ladies"][0]["key"]["y"] = 4
        text = json.dumps(doc)
    if text is not None:
        path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["audit", str(path)], capsys)
    assert code == 2
    assert out == ""
    if text is None:  # the file is missing: the reader's own message names it, once
        assert err.startswith(f"deduce: card set file '{path}'") and err.count(str(path)) == 1
    else:
        assert err.startswith(f"deduce: {path}: ")
    assert expected in err
    assert "Traceback" not in err


def test_cli_audit_unreadable_bytes_and_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"schema: 1\nname: \xe9\n")
    code, _, err = run_cli(["audit", str(path)], capsys)
    assert code == 2 and "cannot be read" in err
    code, _, err = run_cli(["audit", str(tmp_path)], capsys)
    assert code == 2 and str(tmp_path) in err


def test_console_script_never_prints_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ladies: {", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "deduce.cli", "audit", str(path)], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"deduce: {path}: ") and "Traceback" not in proc.stderr


def test_a_lying_key_that_misleads_is_found_with_its_smallest_clues() -> None:
    """The README's broken set: two clues and the suit card prove a trait set that is not hers."""
    from deduce.who.deduction import deduce as run_deduce
    from deduce.who.query import parse_query

    cards = cardfile.load(Path(__file__).resolve().parents[2] / "docs" / "broken-clues.yaml")
    report = audit(cards)
    found = {e.mode: e for e in report.errors if e.code == "misleading" and e.lady == "penelope-rich"}
    assert set(found) == {"normal", "easy", "advanced"}
    clues = found["normal"].clues
    assert clues == ("lucy-negro", "elizabeth-vernon")
    assert found["normal"].to_json()["clues"] == list(clues)
    # What a player holding those cards is told: solved, and wrong.
    query = parse_query(cards, {"suit": "rose", "clues": [{"card": "mary-fitton", "role": "suit_card"},
                                                           *({"card": c} for c in clues)]})
    told = run_deduce(cards, query)
    assert told.status == "solved" and set(told.dark_lady or ()) != set(cards.lady("penelope-rich").traits)
    # No smaller or earlier subset of her deck misleads.
    deck = next(d for lady, mode, d in case_decks(cards) if lady.id == "penelope-rich" and mode == "normal")
    partner = {"card": "mary-fitton", "role": "suit_card"}
    for size in range(len(clues) + 1):
        for subset in combinations([c.id for c in deck], size):
            if list(subset) == list(clues):
                break
            result = run_deduce(cards, parse_query(cards, {"suit": "rose", "clues": [
                partner, *({"card": c} for c in subset)]}))
            assert not (result.status == "solved"
                        and set(result.dark_lady or ()) != set(cards.lady("penelope-rich").traits)), subset
        else:
            continue
        break


def test_the_readable_report_says_misleading_and_leaves_unsolvable_cases_out_of_the_means() -> None:
    from deduce.render.audit import audit_text

    cards = cardfile.load(Path(__file__).resolve().parents[2] / "docs" / "broken-clues.yaml")
    report = audit(cards)
    text = audit_text(cards, report)
    assert "[misleading] Penelope Rich: When she is the Dark Lady (Normal), Lucy Negro, Elizabeth Vernon and the " \
           "suit card leave one answer" in text  # names, never ids alone (issue 26)
    means = text.split("mean expected clues (solvable cases)\n")[1].split("\n\n")[0].splitlines()[1:]
    assert [line.split() for line in means] == [["normal", "11", "1", "4.79"], ["easy", "11", "1", "4.82"],
                                                ["advanced", "11", "1", "4.58"]]
    # Everything but the findings (one line each, to be searched for whole) fits in 96 columns.
    assert max(len(line) for line in text.split("Errors:")[0].splitlines()) <= 96
    solved = [c.expected_clues for c in report.cases if c.mode == "normal" and c.expected_clues is not None]
    assert report.mean_expected_clues("normal") == pytest.approx(sum(solved) / len(solved))
    assert report.unsolvable("normal") == 1


def test_solved_within_is_the_chance_over_every_draw_order(tiny: CardSet) -> None:
    """P(T <= j) from the subset counts equals a brute force over every order of the deck."""
    report = audit(tiny)
    space = space_for(tiny)
    for case, (lady, _, deck) in zip(report.cases, case_decks(tiny), strict=True):
        suit_card = observe_lady(tiny, partner_of(tiny, lady).id, "suit_card")
        orders = list(permutations(deck))
        for j in range(len(deck) + 1):
            proven = 0
            for order in orders:
                query = Query(lady.suit, (suit_card, *(observe_lady(tiny, c.id) for c in order[:j])))
                sets = space.trait_sets(space.query_mask(query))
                proven += sets != 0 and not sets & (sets - 1)
            assert case.solved_within[j] == pytest.approx(proven / len(orders))


def first_misleading_by_deduce(cards: CardSet, lady: Lady, deck: tuple[Lady, ...]) -> tuple[str, ...] | None:
    """The first smallest subset of the deck (by size, then deck order) that deduce() solves wrongly."""
    from deduce.who.deduction import deduce as run_deduce
    from deduce.who.query import parse_query

    suit_card = {"card": partner_of(cards, lady).id, "role": "suit_card"}
    for size in range(len(deck) + 1):
        for subset in combinations([c.id for c in deck], size):  # lexicographic in deck positions
            told = run_deduce(cards, parse_query(cards, {"suit": lady.suit, "clues": [
                suit_card, *({"card": c} for c in subset)]}))
            if told.status == "solved" and set(told.dark_lady or ()) != set(lady.traits):
                return subset
    return None


def test_a_hand_made_lying_key_misleads_with_its_smallest_clues() -> None:
    """p's key for y says 0, but r (b, d) shares b with p (a, b).

    When r is the Dark Lady her suit card s (c, d) leaves ac, bc, ce, ad, bd, de; p's lie
    leaves ce and de; u (d, e) is not her, so ce: one trait set, not r's. No single card
    does it, and of the pairs before (p, u) in deck order (p, q, t, u), (p, q) leaves two
    and (p, t) none. Every case is checked against deduce() on every subset of its deck.
    """
    doc = card_doc(SMALL)
    next(lady for lady in doc["ladies"] if lady["id"] == "p")["key"]["y"] = [0]
    cards = cardfile.parse(doc)
    report = audit(cards)
    found = {(e.lady, e.mode): e.clues for e in report.errors if e.code == "misleading"}
    assert found == {("r", "normal"): ("p", "u")}
    for lady, mode, deck in case_decks(cards):
        assert found.get((lady.id, mode)) == first_misleading_by_deduce(cards, lady, deck), lady.id
    error = next(e for e in report.errors if e.code == "misleading")
    assert error.message == ("when r is the Dark Lady (normal), p, u and the suit card leave one trait set, c, e, "
                             "which is not hers (b, d): a player who trusts the cards confronts her with the "
                             "wrong traits")
    assert error.to_json()["clues"] == ["p", "u"] and error.to_json()["mode"] == "normal"


@st.composite
def truthful_card_sets(draw: st.DrawFn) -> CardSet:
    """Two ladies per suit with distinct traits; every key entry holds the true counts, maybe a decoy too."""
    n_traits = draw(st.integers(5, 7))  # at least ten trait sets for up to eight ladies
    k = draw(st.integers(2, 3))
    n_suits = draw(st.integers(2, 4))
    suits = "xyzw"[:n_suits]
    pool = ["".join(c) for c in combinations(LETTERS[:n_traits], k)]
    chosen = draw(st.lists(st.sampled_from(pool), min_size=2 * n_suits, max_size=2 * n_suits, unique=True))
    spec = [(f"l{i}", suits[i // 2], t) for i, t in enumerate(chosen)]
    doc = card_doc(spec, n_traits=n_traits, k=k, suits=suits, modes=WHEEL3 if n_suits == 3 else None)
    for lady in doc["ladies"]:
        for s in suits:
            lady["key"][s] = sorted(set(lady["key"][s]) | set(draw(st.lists(st.integers(0, k), max_size=1))))
    return cardfile.parse(doc)


@settings(max_examples=150, deadline=None)
@given(truthful_card_sets())
def test_a_truthful_set_never_misleads(cards: CardSet) -> None:
    report = audit(cards)
    assert not [e for e in report.errors if e.code == "key-untruthful"], "the generator makes truthful keys"
    assert not [e for e in report.errors if e.code == "misleading"]
    assert all(c.misleading is None for c in report.cases)
    # Her traits stay consistent with every clue, so whatever is proven is hers.
    for case in report.cases:
        assert case.remaining == () or cards.lady(case.dark_lady).traits in case.remaining


def test_solved_within_over_every_draw_order_of_a_six_card_deck() -> None:
    """P(proven after j clues), counted over all 720 orders of each deck straight from SPEC 3."""
    spec = [("a1", "w", "ab"), ("a2", "w", "cd"), ("b1", "x", "ae"), ("b2", "x", "bc"),
            ("c1", "y", "de"), ("c2", "y", "ac"), ("d1", "z", "be"), ("d2", "z", "ad")]
    cards = cardfile.parse(card_doc(spec, suits="wxyz"))
    report = audit(cards)
    for case in report.cases:
        lady = cards.lady(case.dark_lady)
        deck = [c for c in cards.ladies if c.suit != lady.suit]
        proven = [0] * (len(deck) + 1)
        orders = list(permutations(deck))
        for order in orders:
            for j in range(len(deck) + 1):
                seen = [(partner_of(cards, lady), "suit_card")] + [(c, "clue") for c in order[:j]]
                proven[j] += len(brute_candidates(cards, lady.suit, seen)) == 1
        n = len(deck)
        assert [Fraction(s, comb(n, j)) for j, s in enumerate(case.solved_subsets)] == [
            Fraction(p, len(orders)) for p in proven]
        assert case.to_json()["solved_within"] == pytest.approx([p / len(orders) for p in proven], abs=1e-15)


# -- the cost bound --------------------------------------------------------------------


def test_audit_cost_counts_what_the_suit_card_leaves() -> None:
    """The estimate follows the work: the same decks cost more when the keys say nothing."""
    from bench.load import worst_card_set

    open_keys = worst_card_set(suits=6, traits=10, per=5)
    told = json.loads(json.dumps(open_keys))
    for lady in told["ladies"]:  # keys that allow only the true counts leave far fewer trait sets
        lady["key"] = {s["id"]: [0] for s in told["suits"]}
    open_cost, told_cost = audit_cost(cardfile.parse(open_keys)), audit_cost(cardfile.parse(told))
    assert open_cost.words > told_cost.words > 0 and open_cost.memory == told_cost.memory > 0


def test_an_audit_over_its_time_bound_is_refused_before_it_runs() -> None:
    cards = cardfile.load(data_path("clues.yaml"))
    with pytest.raises(InputError, match="would take about") as caught:
        audit(cards, max_seconds=1e-12, advice=" (ask for more)")
    problem = caught.value.problems[0]
    assert problem.code == "limit" and problem.path == "ladies" and problem.message.endswith("(ask for more)")
    assert audit(cards, max_seconds=60).ok


def test_deduce_audit_max_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(data_path("clues.yaml")), "--max-seconds", "1e-12"]) == 2
    assert "--max-seconds allows more" in capsys.readouterr().err
    assert main(["audit", str(data_path("clues.yaml")), "--max-seconds", "0"]) == 0  # no bound
