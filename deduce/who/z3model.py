"""The z3 reference model of SPEC 3, and explanations from its unsat cores.

Each trait is a boolean, the Dark Lady's suit an integer (its index in the card set),
and each observation one constraint, guarded by its own assumption literal so the
solver can say which observations a conclusion rests on. :meth:`Model.candidates`
enumerates every consistent (suit, traits) pair with blocking clauses;
:meth:`Model.minimal_core` shrinks an unsat core to a subset-minimal one by deletion.
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

    def minimal_core(self, trait: str | None = None, present: bool = False) -> tuple[int, ...] | None:
        """A subset-minimal set of clue indexes that makes the goal impossible.

        With no trait: the clues conflict. With a trait: they rule out that the trait is
        ``present`` (so ``present=False`` explains a certain trait). None if the goal
        does not follow from all the clues.
        """
        solver = self._solver()
        if trait is not None:
            solver.add(self.x[self.cards.trait_ids.index(trait)] == present)
        for guard, obs in zip(self.guards, self.observations, strict=True):
            solver.add(z3.Implies(guard, obs))
        if self._check(solver, *self.guards):
            return None
        index = {str(g): i for i, g in enumerate(self.guards)}
        core = sorted(index[str(g)] for g in solver.unsat_core())
        for i in list(core):
            trial = [j for j in core if j != i]
            if not self._check(solver, *[self.guards[j] for j in trial]):
                core = trial
        return tuple(core)
