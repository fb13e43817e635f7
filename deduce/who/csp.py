"""An independent encoding of SPEC 3 with python-constraint, for cross-checks.

Variables: ``suit`` (a suit id) and one 0/1 variable per trait. Constraints: exactly
``traits_per_lady`` traits, the query's suit, and one function constraint per revealed
card. It shares nothing with the fast evaluator or the z3 model but the query.
"""

from __future__ import annotations

from collections.abc import Callable

from constraint import ExactSumConstraint, FunctionConstraint, Problem

from deduce.who.cards import CardSet
from deduce.who.query import Observation, Query


def _clue_constraint(obs: Observation, distinct: bool, bits: tuple[int, ...]) -> Callable[..., bool]:
    wanted = tuple(obs.traits >> i & 1 for i in range(len(bits)))

    def holds(suit: str, *has: int) -> bool:
        counts = obs.admitted(suit)
        if counts is None:
            return False
        if distinct and tuple(has) == wanted:
            return False
        return sum(h for h, w in zip(has, wanted, strict=True) if w) in counts

    return holds


def candidates(cards: CardSet, query: Query) -> list[tuple[str, int]]:
    """Every consistent (suit, trait mask) by python-constraint's backtracking solver."""
    problem = Problem()
    suits = [query.suit] if query.suit is not None else list(cards.suit_ids)
    problem.addVariable("suit", suits)
    names = [f"t{i}" for i in range(len(cards.traits))]
    problem.addVariables(names, [0, 1])
    problem.addConstraint(ExactSumConstraint(cards.traits_per_lady), names)
    bits = tuple(range(len(names)))
    for obs in query.clues:
        problem.addConstraint(FunctionConstraint(_clue_constraint(obs, query.distinct, bits)), ["suit", *names])
    return [
        (sol["suit"], sum(1 << i for i, n in enumerate(names) if sol[n]))
        for sol in problem.getSolutions()
    ]
