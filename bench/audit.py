"""The full audit of the shipped card set against a plain z3 check per clue subset.

The audit enumerates every subset of every case's deck (12 ladies x normal, easy and
advanced: 18,432 subsets for the shipped set). The peer does the same work the obvious
way: for each subset, a fresh z3 solver with the suit card and the subset's clues finds
one trait set, blocks it and checks again (solved = nothing else fits). The peer runs
on a seeded random sample of subsets and its time is extrapolated to the full count;
its answers are checked against the audit's on the sample. Both run side by side here.

    .venv/bin/python -m bench.audit [--repeat 5] [--sample 400]
"""

from __future__ import annotations

import argparse
import random
import time

import z3

from deduce.shipped import data_path
from deduce.who import cardfile
from deduce.who.audit import audit, case_decks
from deduce.who.cards import CardSet
from deduce.who.evaluator import space_for
from deduce.who.query import Observation, Query, observe_lady
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
    for name, seconds in (("deduce audit (subset DP over bit masks)", best),
                          ("plain z3 check per clue subset", z3_total)):
        print(f"{name:42} {seconds:10.4f} {seconds / best:8.1f}x")


if __name__ == "__main__":
    main()
