"""Deductions: what the revealed clues say about the Dark Lady (SPEC 3 results).

:func:`deduce` answers a :class:`~deduce.query.Query` with a :class:`Deduction`: the
consistent candidates, the state of every trait, her traits when they are proven, and
(on request) why. Three engines compute the candidates with the same semantics:
``fast`` (the default, :mod:`deduce.who.evaluator`), ``z3`` (the reference model,
:mod:`deduce.who.z3model`) and ``csp`` (python-constraint, :mod:`deduce.who.csp`).
Explanations and conflicts are the smallest reasons of SPEC 3: found over the fast
evaluator's masks (:mod:`deduce.who.explain`), or by z3 itself for the ``z3`` engine.
:class:`AnswerWriter` writes the same answer's JSON text straight from the fast
evaluator's masks, for batches, where building and encoding a :class:`Deduction` would
cost several times the deduction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeVar

from typing_extensions import TypedDict

from deduce.errors import ExplainTimeout
from deduce.text.catalog import Phrase
from deduce.who.cards import CardSet
from deduce.who.evaluator import TraitState, space_for
from deduce.who.explain import EXACT_CLUES, SEARCH_BUDGET, reason_finder
from deduce.who.query import Observation, Query, recognised

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


#: A note's parameter: a value shown as it is (a note names no lady, so never words to be said).
NoteParam = str | int | float


class NoteJSON(TypedDict):
    code: str
    message: str
    params: dict[str, NoteParam]


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


class Explanation(NamedTuple):
    """Why a trait is certain or excluded: the smallest set of clues that proves it (indexes into the query).

    A named tuple, as :class:`Candidate` is: a batch with explanations builds thousands.
    """

    trait: str
    state: Proven
    clues: tuple[int, ...]

    def to_json(self) -> ExplanationJSON:
        return {"trait": self.trait, "state": self.state, "clues": list(self.clues)}


@dataclass(frozen=True)
class Note:
    """Advice for the player that is not a trait state (e.g. that the suit card is needed): its code,
    and the parameters of its words (``note.CODE`` of the catalog's ``phrases``)."""

    code: str
    params: Mapping[str, NoteParam] = field(default_factory=dict, hash=False)

    def said(self, lang: str = "en") -> str:
        """The note in ``lang``."""
        return Phrase("phrases", f"note.{self.code}", self.params).said(lang)

    @property
    def message(self) -> str:
        """The note in English, as JSON gives it beside its code and parameters."""
        return self.said("en")

    def to_json(self) -> NoteJSON:
        return {"code": self.code, "message": self.message, "params": dict(self.params)}


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


SUIT_CARD_NEEDED = Note("suit-card-needed")


def suit_card_seen(cards: CardSet, query: Query) -> bool:
    """Whether the query holds the suit card (the other card of her suit): named by id as that, or typed as it
    lies and recognised as a card of her suit (:func:`~deduce.who.query.recognised`: it can be nothing else)."""
    def of_hers(obs: Observation) -> bool:
        return obs.card is None and any(lady.suit == query.suit for lady in recognised(cards, query.suit, obs))
    return any(o.role == "suit_card" or of_hers(o) for o in query.clues)


def suit_card_note(cards: CardSet, query: Query, result: Deduction) -> Note | None:
    """Tell the player the suit card will be needed, when it is the missing piece.

    With truthful keys the suit card's own traits stay consistent with every other
    card, so an open deduction without it cannot be closed by clues alone (SPEC 5).
    """
    if result.status != "open" or suit_card_seen(cards, query):
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
        return plain_answer(cards, mask, suit_card_seen(cards, query))
    result = summarise(cards, mask)
    explanations: tuple[Explanation, ...] = ()
    conflict = None
    notes: list[Note] = []
    try:
        if engine == "z3":
            explanations, conflict = _z3_reasons(cards, query, result, explain_timeout_ms)
        else:
            space = space_for(cards)
            masks = [space.observation_mask(o, query.distinct) for o in query.clues]
            base = space.suit_mask(query.suit) if query.suit is not None else space.all
            states = None if result.status == "contradiction" else tuple(result.traits.values())
            explanations, conflict, smallest = fast_reasons(cards, masks, base, states)
            if not smallest:
                notes.append(NOT_SMALLEST)
    except ExplainTimeout:
        notes.append(Note("explain-timeout"))
    note = suit_card_note(cards, query, result)
    if note:
        notes.append(note)
    return Deduction(result.status, result.candidates, result.traits, result.dark_lady,
                     explanations, conflict, tuple(notes))


NOT_SMALLEST = Note("explanation-not-smallest", {"tries": f"{SEARCH_BUDGET:,}", "clues": EXACT_CLUES})


def _proven(cards: CardSet, states: Sequence[TraitState]) -> list[tuple[int, str, Proven]]:
    """(index, id, state) of every trait the states (in card-set order) prove present or absent."""
    return [(i, t, state) for i, (t, state) in enumerate(zip(cards.trait_ids, states, strict=True))
            if state != "open"]


def fast_reasons(cards: CardSet, masks: Sequence[int], base: int, states: Sequence[TraitState] | None,
                 ) -> tuple[tuple[Explanation, ...], tuple[int, ...] | None, bool]:
    """Explanations (or the conflict) over the fast evaluator's masks, and whether all are smallest.

    ``masks`` are what each clue of the query admits, ``base`` what its suit admits, and
    ``states`` the trait states of the consistent candidates, None for a contradiction.
    """
    space = space_for(cards)
    find = reason_finder(base, masks)
    if states is None:
        reason = _must(find(space.all), "the clues conflict")
        return (), reason.clues, reason.smallest
    explanations = []
    smallest = True
    for i, trait, state in _proven(cards, states):
        has = space.trait_masks[i]
        region = has if state == "excluded" else space.all & ~has
        reason = _must(find(region), f"{trait} is {state}")
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
        for _, trait, state in _proven(cards, tuple(result.traits.values()))
    ), None


_T = TypeVar("_T")


def _must(found: _T | None, claim: str) -> _T:
    """A reason that must exist, since every engine agrees on the candidates it rests on."""
    if found is None:
        raise ValueError(f"{claim}, yet the clues do not prove it")
    return found


# -- answers as JSON text, straight from the masks ----------------------------------
#
# ``deduce hint --batch`` answers thousands of queries whose answers seldom repeat, so each
# one is paid for in full: building a Deduction (a named tuple per candidate, a mapping of
# trait states), turning it into dicts and lists and encoding them with json cost several
# times the deduction itself. An AnswerWriter instead keeps, per card set, the JSON text of
# every piece an answer is made of and joins them for the candidates a mask holds.

#: For each byte value, the positions of its set bits, lowest first.
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in range(8) if b >> j & 1) for b in range(256))
_STATES = ("certain", "excluded", "open")


def _text(value: object) -> str:
    """A value as the answer's JSON writes it (UTF-8 kept readable)."""
    return json.dumps(value, ensure_ascii=False)


def _note_text(note: Note) -> str:
    return _text(note.to_json())


class AnswerWriter:
    """The pieces of every answer's JSON text for one card set, and how to join them."""

    def __init__(self, cards: CardSet):
        self.cards = cards
        self.space = space = space_for(cards)
        #: The opening of a candidate of each suit, and what goes between two of them, in suit order.
        self._suit_open = tuple(f'{{"suit": {_text(s)}, "traits": ' for s in cards.suit_ids)
        self._suit_between = tuple(f"}}, {opening}" for opening in self._suit_open)
        #: Each trait set's trait list as JSON, by its position in card-set order.
        self._combo_list = tuple(_text(list(space.combo_traits[x])) for x in space.combos)
        #: '"trait": "state"' for each trait and state.
        self._trait_state = tuple({state: f"{_text(t)}: {_text(state)}" for state in _STATES}
                                  for t in cards.trait_ids)
        self._trait_name = {t: _text(t) for t in cards.trait_ids}
        self._all_open = "{" + ", ".join(states["open"] for states in self._trait_state) + "}"
        self._block_bytes = (space.width + 7) // 8
        self._traits_text = lru_cache(maxsize=4096)(self._states_text)
        self._block = (1 << space.width) - 1

    def candidates(self, mask: int) -> str:
        """The candidates of ``mask`` (not empty) as a JSON list, in SPEC order (suit, then trait set).

        Only the suits from the first to the last one ``mask`` holds are read, one byte of
        trait sets at a time; each suit's trait lists are joined with the text between two
        candidates of that suit, so no string is made per candidate.
        """
        width, block, size = self.space.width, self._block, self._block_bytes
        lists = self._combo_list
        blocks = []
        for si in range(((mask & -mask).bit_length() - 1) // width, (mask.bit_length() - 1) // width + 1):
            bits = mask >> (si * width) & block
            if not bits:
                continue
            parts: list[str] = []
            for pos, byte in enumerate(bits.to_bytes(size, "little")):
                if byte:
                    parts.extend(map(lists[pos * 8:pos * 8 + 8].__getitem__, _BITS[byte]))
            blocks.append(self._suit_open[si] + self._suit_between[si].join(parts) + "}")
        return "[" + ", ".join(blocks) + "]"

    def _states_text(self, states: tuple[TraitState, ...]) -> str:
        """The ``traits`` object of an answer: each trait's state, in card-set order."""
        return "{" + ", ".join(pieces[state] for pieces, state in zip(self._trait_state, states, strict=True)) + "}"

    def text(self, query: Query) -> str:
        """The answer to ``query`` as JSON text: ``deduce(cards, query).json_text`` for the fast engine."""
        space = self.space
        masks = [space.observation_mask(o, query.distinct) for o in query.clues]
        base = space.suit_mask(query.suit) if query.suit is not None else space.all
        mask = base
        for m in masks:
            mask &= m
        if not mask:
            _, conflict, smallest = fast_reasons(self.cards, masks, base, None)
            return (f'{{"status": "contradiction", "candidates": [], "traits": {self._all_open}, '
                    f'"dark_lady": null, "explanations": [], "conflict": [{", ".join(map(str, conflict or ()))}], '
                    f'"notes": [{"" if smallest else _note_text(NOT_SMALLEST)}]}}')
        sets = space.trait_sets(mask)
        states = space.set_states(sets)
        solved = sets & (sets - 1) == 0
        dark = self._combo_list[sets.bit_length() - 1] if solved else "null"
        notes: list[str] = []
        explanations = ""
        if query.explain:
            found, _, smallest = fast_reasons(self.cards, masks, base, states)
            explanations = ", ".join(
                f'{{"trait": {self._trait_name[e.trait]}, "state": "{e.state}", '
                f'"clues": [{", ".join(map(str, e.clues))}]}}' for e in found)
            if not smallest:
                notes.append(_note_text(NOT_SMALLEST))
        if not solved and not suit_card_seen(self.cards, query):
            notes.append(_SUIT_CARD_NEEDED)
        return (f'{{"status": "{"solved" if solved else "open"}", "candidates": {self.candidates(mask)}, '
                f'"traits": {self._traits_text(states)}, "dark_lady": {dark}, "explanations": [{explanations}], '
                f'"conflict": null, "notes": [{", ".join(notes)}]}}')


_SUIT_CARD_NEEDED = _note_text(SUIT_CARD_NEEDED)


@lru_cache(maxsize=32)
def writer_for(cards: CardSet) -> AnswerWriter:
    """The answer writer of a card set, built once and shared."""
    return AnswerWriter(cards)


