"""Deductions: what the revealed clues say about the Dark Lady (SPEC 3 results).

:func:`deduce` answers a :class:`~deduce.query.Query` with a :class:`Deduction`: the
consistent candidates, the state of every trait, her traits when they are proven, and
(on request) why. Three engines compute the candidates with the same semantics:
``fast`` (the default, :mod:`deduce.who.evaluator`), ``z3`` (the reference model,
:mod:`deduce.who.z3model`) and ``csp`` (python-constraint, :mod:`deduce.who.csp`).
Explanations and conflicts are the smallest reasons of SPEC 3: found over the fast
evaluator's masks (:mod:`deduce.who.explain`), or by z3 itself for the ``z3`` engine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeVar

from typing_extensions import TypedDict

from deduce.errors import ExplainTimeout
from deduce.who.cards import CardSet
from deduce.who.evaluator import TraitState, space_for
from deduce.who.explain import EXACT_CLUES, SEARCH_BUDGET, smallest_reason
from deduce.who.query import Query

#: A deduction engine: the fast evaluator, the z3 reference model, or python-constraint.
Engine = Literal["fast", "z3", "csp"]
ENGINES: tuple[Engine, ...] = ("fast", "z3", "csp")
#: How far a deduction went: her traits proven, still open, or the clues contradict each other.
Status = Literal["solved", "open", "contradiction"]
#: A trait an explanation is about: proven present, or proven absent.
Proven = Literal["certain", "excluded"]
#: Default bound on the z3 work of one explanation, in milliseconds.
EXPLAIN_TIMEOUT_MS = 5000


class CandidateJSON(TypedDict):
    suit: str
    traits: list[str]


class ExplanationJSON(TypedDict):
    trait: str
    state: Proven
    clues: list[int]


class NoteJSON(TypedDict):
    code: str
    message: str


class DeductionJSON(TypedDict):
    """The answer to a query (SPEC 6 result JSON)."""

    status: Status
    candidates: list[CandidateJSON]
    traits: dict[str, TraitState]
    dark_lady: list[str] | None
    explanations: list[ExplanationJSON]
    conflict: list[int] | None
    notes: list[NoteJSON]


class Candidate(NamedTuple):
    """A possible Dark Lady: her suit and her traits (in card-set order).

    A named tuple rather than a dataclass: results hold many of them and a batch builds
    them by the thousand, so construction cost matters.
    """

    suit: str
    traits: tuple[str, ...]

    def to_json(self) -> CandidateJSON:
        return {"suit": self.suit, "traits": list(self.traits)}


@dataclass(frozen=True)
class Explanation:
    """Why a trait is certain or excluded: the smallest set of clues that proves it (indexes into the query)."""

    trait: str
    state: Proven
    clues: tuple[int, ...]

    def to_json(self) -> ExplanationJSON:
        return {"trait": self.trait, "state": self.state, "clues": list(self.clues)}


@dataclass(frozen=True)
class Note:
    """Advice for the player that is not a trait state (e.g. that the suit card is needed)."""

    code: str
    message: str

    def to_json(self) -> NoteJSON:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class Deduction:
    """The answer to a query (SPEC 6 result JSON)."""

    status: Status
    candidates: tuple[Candidate, ...]
    traits: Mapping[str, TraitState]
    dark_lady: tuple[str, ...] | None = None
    explanations: tuple[Explanation, ...] = ()
    conflict: tuple[int, ...] | None = None
    notes: tuple[Note, ...] = field(default=())

    @cached_property
    def json_text(self) -> str:
        """The result as JSON text, made once: shared answers are written many times."""
        return json.dumps(self.to_json(), ensure_ascii=False)

    def to_json(self) -> DeductionJSON:
        return {
            "status": self.status,
            "candidates": [c.to_json() for c in self.candidates],
            "traits": dict(self.traits),
            "dark_lady": list(self.dark_lady) if self.dark_lady is not None else None,
            "explanations": [e.to_json() for e in self.explanations],
            "conflict": list(self.conflict) if self.conflict is not None else None,
            "notes": [n.to_json() for n in self.notes],
        }


def summarise(cards: CardSet, mask: int) -> Deduction:
    """Status, trait states and the Dark Lady from a mask of consistent candidates.

    Every engine's answer goes through here (see :meth:`CandidateSpace.mask_of`). With no
    candidate at all (a contradiction) no conclusion about any trait can be trusted, so
    every trait is reported ``open``.
    """
    if not mask:
        return Deduction("contradiction", (), MappingProxyType(dict.fromkeys(cards.trait_ids, "open")))
    space = space_for(cards)
    names = space.combo_traits
    states = MappingProxyType(dict(zip(cards.trait_ids, space.trait_states(mask), strict=True)))
    sets = space.trait_sets(mask)
    solved = sets & (sets - 1) == 0
    return Deduction(
        status="solved" if solved else "open",
        candidates=tuple(Candidate(s, names[x]) for s, x in space.candidates(mask)),
        traits=states,
        dark_lady=names[space.combos[sets.bit_length() - 1]] if solved else None,
    )


def candidate_mask(cards: CardSet, query: Query, engine: Engine = "fast") -> int:
    """The consistent candidates as a mask of the card set's candidate space."""
    space = space_for(cards)
    if engine == "fast":
        return space.query_mask(query)
    return space.mask_of(candidates(cards, query, engine))


def candidates(cards: CardSet, query: Query, engine: Engine = "fast") -> list[tuple[str, int]]:
    """The consistent (suit, trait mask) candidates, by the chosen engine."""
    if engine == "fast":
        space = space_for(cards)
        return space.candidates(space.query_mask(query))
    if engine == "z3":
        from deduce.who.z3model import Model
        return Model(cards, query).candidates()
    if engine == "csp":
        from deduce.who.csp import candidates as csp_candidates
        return csp_candidates(cards, query)
    raise ValueError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")


SUIT_CARD_NEEDED = Note("suit-card-needed",
                        "The other card of her suit (the suit card, under the location keys) will be "
                        "needed to prove her traits: visit every location to reveal it.")


def suit_card_note(query: Query, result: Deduction) -> Note | None:
    """Tell the player the suit card will be needed, when it is the missing piece.

    With truthful keys the suit card's own traits stay consistent with every other
    card, so an open deduction without it cannot be closed by clues alone (SPEC 5).
    """
    if result.status != "open" or any(o.role == "suit_card" for o in query.clues):
        return None
    return SUIT_CARD_NEEDED


@lru_cache(maxsize=8192)
def plain_answer(cards: CardSet, mask: int, suit_card_seen: bool) -> Deduction:
    """The answer to a query that needs no z3 work, from its candidates alone.

    A pure function of its arguments, and different queries often leave the same
    candidates (three in four, in the hint benchmark), so answers are kept and shared:
    a :class:`Deduction` is immutable.
    """
    result = summarise(cards, mask)
    if result.status == "open" and not suit_card_seen:
        return replace(result, notes=(SUIT_CARD_NEEDED,))
    return result


def deduce(cards: CardSet, query: Query, engine: Engine = "fast",
           explain_timeout_ms: int = EXPLAIN_TIMEOUT_MS) -> Deduction:
    """Answer a query: candidates, trait states, and (on request, or for a contradiction) why.

    The reasons are the smallest sets of clues of SPEC 3. The fast evaluator finds them
    for the ``fast`` and ``csp`` engines, without z3; the ``z3`` engine, the reference,
    finds them with z3's optimiser (bounded by ``explain_timeout_ms``).
    """
    mask = candidate_mask(cards, query, engine)
    if mask and not query.explain:
        return plain_answer(cards, mask, any(o.role == "suit_card" for o in query.clues))
    result = summarise(cards, mask)
    explanations: tuple[Explanation, ...] = ()
    conflict = None
    notes: list[Note] = []
    try:
        if engine == "z3":
            explanations, conflict = _z3_reasons(cards, query, result, explain_timeout_ms)
        else:
            explanations, conflict, smallest = _fast_reasons(cards, query, result)
            if not smallest:
                notes.append(NOT_SMALLEST)
    except ExplainTimeout:
        notes.append(Note("explain-timeout", "The explanation took too long and was left out."))
    note = suit_card_note(query, result)
    if note:
        notes.append(note)
    return Deduction(result.status, result.candidates, result.traits, result.dark_lady,
                     explanations, conflict, tuple(notes))


NOT_SMALLEST = Note("explanation-not-smallest",
                    f"With this many clues, some reasons given are not the fewest possible: every clue "
                    f"in them is needed, but the search for the fewest stopped after "
                    f"{SEARCH_BUDGET:,} tries or past {EXACT_CLUES} clues that matter.")


def _proven(result: Deduction) -> list[tuple[int, str, Proven]]:
    """(index, id, state) of every trait the result proves present or absent."""
    return [(i, t, state) for i, (t, state) in enumerate(result.traits.items())
            if state != "open"]


def _fast_reasons(cards: CardSet, query: Query,
                  result: Deduction) -> tuple[tuple[Explanation, ...], tuple[int, ...] | None, bool]:
    """Explanations (or the conflict) over the fast evaluator's masks, and whether all are smallest."""
    space = space_for(cards)
    masks = [space.observation_mask(o, query.distinct) for o in query.clues]
    base = space.suit_mask(query.suit) if query.suit is not None else space.all
    if result.status == "contradiction":
        reason = _must(smallest_reason(base, masks, space.all), "the clues conflict")
        return (), reason.clues, reason.smallest
    explanations = []
    smallest = True
    for i, trait, state in _proven(result):
        has = space.trait_masks[i]
        region = has if state == "excluded" else space.all & ~has
        reason = _must(smallest_reason(base, masks, region), f"{trait} is {state}")
        explanations.append(Explanation(trait, state, reason.clues))
        smallest = smallest and reason.smallest
    return tuple(explanations), None, smallest


def _z3_reasons(cards: CardSet, query: Query, result: Deduction,
                timeout_ms: int) -> tuple[tuple[Explanation, ...], tuple[int, ...] | None]:
    """Explanations (or the conflict) by the z3 reference model's own search."""
    from deduce.who.z3model import Model

    model = Model(cards, query, timeout_ms=timeout_ms)
    if result.status == "contradiction":
        return (), _must(model.smallest_core(), "the clues conflict")
    return tuple(
        Explanation(trait, state, _must(model.smallest_core(trait=trait, present=(state == "excluded")),
                                        f"{trait} is {state}"))
        for _, trait, state in _proven(result)
    ), None


_T = TypeVar("_T")


def _must(found: _T | None, claim: str) -> _T:
    """A reason that must exist, since every engine agrees on the candidates it rests on."""
    if found is None:
        raise ValueError(f"{claim}, yet the clues do not prove it")
    return found
