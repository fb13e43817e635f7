"""The full audit of the shipped card set against a plain z3 check per clue subset.

The audit enumerates every subset of every case's deck (12 ladies x normal, easy and
advanced: 18,432 subsets for the shipped set). The peer does the same work the obvious
way: for each subset, a fresh z3 solver with the suit card and the subset's clues finds
one trait set, blocks it and checks again (solved = nothing else fits). The peer runs
on a seeded random sample of subsets and its time is extrapolated to the full count;
its answers are checked against the audit's on the sample. Both run side by side here.

Then 20-card decks, the largest the audit accepts: a generated 22-lady set (eleven suits,
truthful keys, normal mode only: eleven decks of 20 cards, 2**20 subsets each) audited
in full, against the subset table the audit used before (one AND per subset, then one
scan per Dark Lady for her s_j and misleading subsets), whose counts must agree.

    .venv/bin/python -m bench.audit [--repeat 5] [--sample 400]
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import combinations

import z3

from deduce.shipped import data_path
from deduce.who import cardfile
from deduce.who.audit import audit, case_decks, solved_counts
from deduce.who.cards import CardSet
from deduce.who.evaluator import space_for
from deduce.who.query import Observation, Query, Role, observe_lady
from deduce.who.z3model import Model


def z3_solved(cards: CardSet, suit: str, clues: list[Observation]) -> bool:
    """One fresh z3 solver: does exactly one trait set fit the clues?"""
    model = Model(cards, Query(suit, tuple(clues)))
    solver = z3.Solver(ctx=model.ctx)
    solver.add(*model.base, *model.observations)
    if solver.check() != z3.sat:
        return False
    found = solver.model()
    solver.add(z3.Or([x != found.eval(x, model_completion=True) for x in model.x]))
    return bool(solver.check() == z3.unsat)


def fast_solved(cards: CardSet, suit: str, clues: list[Observation]) -> bool:
    space = space_for(cards)
    return space.trait_sets(space.query_mask(Query(suit, tuple(clues)))).bit_count() == 1


def wide_set(suits: int = 11, traits: int = 7, per_lady: int = 3, seed: int = 20) -> CardSet:
    """Two ladies per suit, distinct random trait sets, each key entry the true counts (no decoy)."""
    pool = list(combinations(range(traits), per_lady))
    random.Random(seed).shuffle(pool)
    suit_ids = [f"s{i}" for i in range(suits)]
    traits_of = [{f"t{t}" for t in pool[i]} for i in range(2 * suits)]
    ladies = [{"id": f"l{i}", "suit": suit_ids[i // 2], "traits": sorted(mine),
               "key": {s: sorted({len(mine & theirs) for j, theirs in enumerate(traits_of)
                                  if j // 2 == k and j != i}) for k, s in enumerate(suit_ids)}}
              for i, mine in enumerate(traits_of)]
    return cardfile.parse({"schema": 1, "name": f"{2 * suits} ladies", "traits_per_lady": per_lady,
                           "traits": [{"id": f"t{t}"} for t in range(traits)],
                           "suits": [{"id": s} for s in suit_ids], "ladies": ladies})


def table_counts(deck: list[int], ladies: list[tuple[int, int]]) -> list[tuple[list[int], bool]]:
    """The method before: a table of what every subset of the deck leaves, built once for the
    suit's Dark Ladies and scanned once for each, given as (suit card mask, her bit): s_j, and
    whether some subset misleads."""
    left = [-1] * (1 << len(deck))
    for subset in range(1, len(left)):
        low = subset & -subset
        left[subset] = left[subset ^ low] & deck[low.bit_length() - 1]
    out = []
    for base, truth in ladies:
        counts = [0] * (len(deck) + 1)
        misleading = False
        for subset, mask in enumerate(left):
            one = mask & base
            if one and not one & (one - 1):
                counts[subset.bit_count()] += 1
                misleading |= one != truth
        out.append((counts, misleading))
    return out


def deck_inputs(cards: CardSet) -> dict[tuple[int, ...], list[tuple[int, int]]]:
    """Each deck's card masks, folded to her suit as the audit does, with its cases' (suit card, her bit)."""
    space = space_for(cards)

    def block(lady_id: str, role: Role, suit: str) -> int:
        mask = space.observation_mask(observe_lady(cards, lady_id, role), True)
        return space.trait_sets(mask & space.suit_mask(suit))

    out: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for lady, _, deck in case_decks(cards):
        partner = cards.partner(lady)
        assert partner is not None, "every suit of the generated set has two cards"
        out.setdefault(tuple(block(c.id, "clue", lady.suit) for c in deck), []).append(
            (block(partner.id, "suit_card", lady.suit), 1 << space.combo_rank[cards.lady_mask(lady)]))
    return out


def twenty_card_decks() -> None:
    """The audit of eleven 20-card decks, against the subset table of before."""
    cards = wide_set()
    started = time.perf_counter()
    report = audit(cards)
    now = time.perf_counter() - started
    decks = deck_inputs(cards)
    started = time.perf_counter()
    before = [table_counts(list(deck), ladies) for deck, ladies in decks.items()]
    then = time.perf_counter() - started
    after = [[(counts, wrong is not None) for counts, wrong in (solved_counts(list(deck), base, truth)
                                                                for base, truth in ladies)]
             for deck, ladies in decks.items()]
    assert before == after, "the two methods disagree"
    n = report.cases[0].deck
    print(f"card set: {report.card_set}; {len(report.cases)} cases on {len(decks)} decks of {n} cards "
          f"({len(decks) << n} subsets)")
    print(f"{'method':42} {'seconds':>10} {'per deck':>9} {'ratio':>9}")
    for name, seconds in (("deduce audit (bit-sliced subsets)", now),
                          ("subset table, one AND per subset (before)", then)):
        print(f"{name:42} {seconds:10.4f} {seconds / len(decks):9.4f} {seconds / now:8.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="audits timed (the best is kept)")
    parser.add_argument("--sample", type=int, default=400, help="subsets checked with z3")
    args = parser.parse_args()
    text = data_path("clues.yaml").read_text(encoding="utf-8")

    best = float("inf")
    for _ in range(args.repeat):
        cards = cardfile.loads(text)  # a fresh card set: no card mask is cached from the last run
        started = time.perf_counter()
        report = audit(cards)
        best = min(best, time.perf_counter() - started)

    decks = case_decks(cards)
    total = sum(1 << len(deck) for _, _, deck in decks)
    rng = random.Random(1600)
    sample = []
    for _ in range(args.sample):
        lady, _, deck = rng.choice(decks)
        subset = [c for c in deck if rng.random() < 0.5]
        partner = cards.partner(lady)
        assert partner is not None, "every suit of the shipped set has two cards"
        clues = [observe_lady(cards, partner.id, "suit_card")] + [observe_lady(cards, c.id) for c in subset]
        sample.append((lady.suit, clues))
    started = time.perf_counter()
    answers = [z3_solved(cards, suit, clues) for suit, clues in sample]
    per_subset = (time.perf_counter() - started) / len(sample)
    assert answers == [fast_solved(cards, suit, clues) for suit, clues in sample], "z3 and the audit disagree"
    z3_total = per_subset * total

    print(f"card set: {report.card_set}; {len(report.cases)} cases, {total} clue subsets; "
          f"z3 on a sample of {len(sample)} subsets ({sum(answers)} solved), extrapolated")
    print(f"{'method':42} {'seconds':>10} {'ratio':>9}")
    for name, seconds in (("deduce audit (bit-sliced subsets)", best),
                          ("plain z3 check per clue subset", z3_total)):
        print(f"{name:42} {seconds:10.4f} {seconds / best:8.1f}x")
    print()
    twenty_card_decks()


if __name__ == "__main__":
    main()
