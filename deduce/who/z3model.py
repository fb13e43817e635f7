"""The z3 reference model of SPEC 3, and its smallest explanations.

Each trait is a boolean, the Dark Lady's suit an integer (its index in the card set),
and each observation one constraint, guarded by its own assumption literal so the
solver can say which observations a conclusion rests on. :meth:`Model.candidates`
enumerates every consistent (suit, traits) pair with blocking clauses;
:meth:`Model.smallest_core` finds the fewest clues that make a goal impossible, ties
broken by the lexicographically first index list (SPEC 3), with z3's optimiser.
"""

from __future__ import annotations

import z3

from deduce.errors import ExplainTimeout
from deduce.who.cards import CardSet
from deduce.who.query import Observation, Query


class Model:
    """z3 encoding of one query over one card set."""

    def __init__(self, cards: CardSet, query: Query, timeout_ms: int | None = None):
        self.cards = cards
        self.query = query
        self.timeout_ms = timeout_ms
        # A context of its own: z3's answers (which unsat core, which model) depend on the
        # history of the context they are built in, so a shared one would let the same
        # query get different explanations; separate contexts are also safe across threads.
        self.ctx = z3.Context()
        self.x = [z3.Bool(f"has_{t}", self.ctx) for t in cards.trait_ids]
        self.suit = z3.Int("suit", self.ctx)
        self.base = [
            self.suit >= 0,
            self.suit < len(cards.suits),
            z3.PbEq([(x, 1) for x in self.x], cards.traits_per_lady),
        ]
        if query.suit is not None:
            self.base.append(self.suit == cards.suit_ids.index(query.suit))
        self.observations = [self.encode(o) for o in query.clues]
        self.guards = [z3.Bool(f"clue_{i}", self.ctx) for i in range(len(self.observations))]

    def _count(self, traits: int) -> z3.ArithRef:
        return z3.Sum([z3.If(x, 1, 0) for i, x in enumerate(self.x) if traits >> i & 1] or [z3.IntVal(0, self.ctx)])

    def encode(self, obs: Observation) -> z3.BoolRef:
        """One observation: its key (or counts) for her suit, its role, and the distinct rule."""
        count = self._count(obs.traits)
        per_suit = [
            z3.And(self.suit == i, z3.Or([count == c for c in sorted(counts)]))
            for i, s in enumerate(self.cards.suit_ids) if (counts := obs.admitted(s)) is not None
        ]
        formula = z3.Or(per_suit) if per_suit else z3.BoolVal(False, self.ctx)
        if self.query.distinct:
            same = z3.And([x == bool(obs.traits >> i & 1) for i, x in enumerate(self.x)])
            formula = z3.And(formula, z3.Not(same))
        return formula

    def _solver(self) -> z3.Solver:
        solver = z3.Solver(ctx=self.ctx)
        if self.timeout_ms is not None:
            solver.set("timeout", int(self.timeout_ms))
        solver.add(*self.base)
        return solver

    def _check(self, solver: z3.Solver, *assumptions: z3.BoolRef) -> bool:
        """True if satisfiable; raises :class:`ExplainTimeout` when z3 gives up."""
        answer = solver.check(*assumptions)
        if answer == z3.unknown:
            raise ExplainTimeout(f"z3 gave up: {solver.reason_unknown()}")
        return bool(answer == z3.sat)

    def candidates(self) -> list[tuple[str, int]]:
        """Every consistent (suit, trait mask), by enumeration with blocking clauses."""
        solver = self._solver()
        solver.add(*self.observations)
        found = []
        while self._check(solver):
            m = solver.model()
            suit = m.eval(self.suit, model_completion=True).as_long()
            bits = [z3.is_true(m.eval(x, model_completion=True)) for x in self.x]
            found.append((self.cards.suit_ids[suit], sum(1 << i for i, b in enumerate(bits) if b)))
            solver.add(z3.Or(self.suit != suit, *[x != b for x, b in zip(self.x, bits, strict=True)]))
        return found

    def smallest_core(self, trait: str | None = None, present: bool = False) -> tuple[int, ...] | None:
        """The first smallest set of clue indexes that makes the goal impossible (SPEC 3).

        An implicit hitting set search: z3's optimiser proposes the fewest clues that
        rule out every counterexample found so far (ties: the lexicographically first
        index list, by maximising a weight that halves with each index); the solver then
        looks for a candidate those clues still admit. Each such counterexample adds "one
        of the clues that exclude it" to the optimiser, until no counterexample is left.
        None if the goal does not follow from all the clues.
        """
        solver = self._solver()
        if trait is not None:
            solver.add(self.x[self.cards.trait_ids.index(trait)] == present)
        for guard, obs in zip(self.guards, self.observations, strict=True):
            solver.add(z3.Implies(guard, obs))
        if self._check(solver, *self.guards):
            return None
        n = len(self.guards)
        pick = [z3.Bool(f"pick_{i}", self.ctx) for i in range(n)]
        chooser = z3.Optimize(ctx=self.ctx)
        if self.timeout_ms is not None:
            chooser.set("timeout", int(self.timeout_ms))
        chooser.minimize(z3.Sum([z3.If(p, 1, 0) for p in pick] or [z3.IntVal(0, self.ctx)]))
        chooser.maximize(z3.Sum([z3.If(p, 2 ** (n - 1 - i), 0) for i, p in enumerate(pick)]
                                or [z3.IntVal(0, self.ctx)]))
        while True:
            if chooser.check() != z3.sat:
                raise ExplainTimeout(f"z3 gave up: {chooser.reason_unknown()}")
            choice = chooser.model()
            chosen = [i for i in range(n) if z3.is_true(choice.eval(pick[i], model_completion=True))]
            if not self._check(solver, *[self.guards[i] for i in chosen]):
                return tuple(chosen)
            witness = solver.model()
            excluding = [pick[i] for i in range(n)
                         if z3.is_false(witness.eval(self.observations[i], model_completion=True))]
            chooser.add(z3.Or(excluding))
