"""Designing a card set: search trait, suit and key assignments that meet audit targets.

A :class:`Brief` lists the women of a set, each with the traits history gives her
(weighted: 3 for what she is known for, 2 for a documented fact, 1 for a tradition or a
plausible reading), and the ladies that must stay exactly as printed (Jacqueline
Field). :func:`search` runs a seeded simulated annealing over

- the suit of every free lady (two per suit),
- her three traits (all sets different), and
- decoys: a key entry whose true count is one number may also show the count two
  away (``1`` becomes ``1/3``, ``2`` becomes ``0/2``), in the style of the printed card,

scoring each trial set by the exact audit's figures (:class:`deduce.who.incremental.TrialAudit`:
the figures of :func:`deduce.who.audit.audit` that the score reads, with the cases of the decks a
step leaves alone kept, so a default design takes seconds). Every key is made
truthful by construction (an entry holds the true counts of both ladies of its suit,
plus the decoys); a fixed lady's printed key instead constrains the others' traits.
The score puts the hard targets (:class:`Targets`) first, then closeness to history,
then tidy keys (one count, or two of the same parity like the printed ``0/2``) with
few decoys.

The search is reproducible: the same brief, targets, seed and number of steps give the
same set; with several restarts (run on any executor, local processes or a Dask cluster) the
best is kept, the same whatever runs them. :func:`render_yaml` writes the result as a card
set file with a comment per lady saying which of her traits are historical. Nothing here does I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deduce.text.catalog import Phrase
from deduce.text.names import Names, titled
from deduce.who.audit import AuditReport, audit
from deduce.who.cards import CardSet, Lady, Suit, Trait, card_words
from deduce.who.evaluator import CandidateSpace
from deduce.who.export import card_set_yaml
from deduce.who.incremental import COUNTED_ERRORS, CaseFigures, TrialAudit, TrialFigures

if TYPE_CHECKING:
    from deduce.executor import Executor

# -- the brief -----------------------------------------------------------------

#: The seed and annealing steps that made the shipped card set (``deduce design``'s defaults).
DEFAULT_SEED = 2
DEFAULT_STEPS = 20000


@dataclass(frozen=True)
class Woman:
    """A lady of the brief: who she was, and what history says of each trait she may get."""

    id: str
    name: Mapping[str, str]
    history: Mapping[str, int]
    notes: Mapping[str, str]
    about: str
    fixed: Lady | None = None


@dataclass(frozen=True)
class Brief:
    """What to design: the women, the traits and suits, and the suit wheel the modes follow.

    ``wheel`` lists the suits clockwise (Advanced and Expert remove the next suit clockwise);
    ``dotted`` pairs the suits joined by a dotted line across it (Easy removes the other of the pair).
    The shipped brief is ``data/brief.yaml`` (:func:`deduce.shipped.load_brief`).
    """

    name: str
    women: tuple[Woman, ...]
    traits: tuple[Trait, ...]
    suits: tuple[Suit, ...]
    wheel: tuple[str, ...]
    dotted: tuple[tuple[str, str], ...]
    traits_per_lady: int = 3

    @property
    def modes(self) -> dict[str, dict[str, str]]:
        """The ``modes`` table of the set, from the wheel and its dotted lines, in suit order."""
        advanced = {s: self.wheel[(i + 1) % len(self.wheel)] for i, s in enumerate(self.wheel)}
        easy = dict(self.dotted) | {b: a for a, b in self.dotted}
        order = [s.id for s in self.suits]
        return {"easy": {s: easy[s] for s in order}, "advanced": {s: advanced[s] for s in order}}

    def template(self) -> CardSet:
        """The card set without ladies (shares traits, suits and modes with every trial)."""
        return CardSet(self.name, self.traits, self.suits, (), self.traits_per_lady, self.modes)


# -- targets -------------------------------------------------------------------


@dataclass(frozen=True)
class Targets:
    """What the designed set must achieve (issue 3).

    Every case of ``modes`` solvable, ``min_clues`` at least ``min_clues`` in each, and
    the mean ``expected_clues`` over the normal cases within ``expected``. The search
    aims at the narrower ``aim`` band so the result does not sit on an edge.
    """

    modes: tuple[str, ...] = ("normal", "easy", "advanced")
    min_clues: int = 2
    expected: tuple[float, float] = (2.5, 5.0)
    aim: tuple[float, float] = (3.0, 4.5)

    def unmet(self, report: AuditReport) -> list[Phrase]:
        """The targets the audited set misses, in words (empty when all are met)."""
        out = []
        if report.errors:
            out.append(card_words("unmet.errors", n=len(report.errors),
                                  codes=", ".join(sorted({e.code for e in report.errors}))))
        missing = set(self.modes) - {c.mode for c in report.cases}
        if missing:
            out.append(card_words("unmet.modes", modes=", ".join(sorted(missing))))
        low = [c for c in report.cases
               if c.mode in self.modes and (c.min_clues is None or c.min_clues < self.min_clues)]
        if low:
            out.append(card_words("unmet.clues", n=len(low), least=self.min_clues))
        mean = report.mean_expected_clues()
        if mean is None or not self.expected[0] <= mean <= self.expected[1]:
            out.append(card_words("unmet.mean", mean=str(mean), low=self.expected[0], high=self.expected[1]))
        return out


# -- the search ----------------------------------------------------------------


@dataclass
class _State:
    """Suit and trait mask of every lady, and the (lady index, suit) key entries given a decoy."""

    suits: list[str]
    traits: list[int]
    decoys: set[tuple[int, str]] = field(default_factory=set)

    def copy(self) -> _State:
        return _State(list(self.suits), list(self.traits), set(self.decoys))


def decoy_for(count: int, k: int) -> int | None:
    """The decoy paired with a single true count: the count two away, so entries read like ``0/2``."""
    return next((c for c in (count + 2, count - 2) if 0 <= c <= k), None)


@dataclass(frozen=True)
class Design:
    """A designed card set, its audit, and how it scored."""

    cards: CardSet
    report: AuditReport
    score: float
    history: int
    unmet: tuple[Phrase, ...]
    seed: int
    steps: int
    restarts: int = 1


class _Search:
    """Simulated annealing over suits, traits and decoys; one instance per run."""

    def __init__(self, brief: Brief, targets: Targets, seed: int):
        self.brief = brief
        self.targets = targets
        self.rng = random.Random(seed)
        self.template = brief.template()
        self.space = CandidateSpace(self.template)
        self.k = brief.traits_per_lady
        self.free = [i for i, w in enumerate(brief.women) if w.fixed is None]
        self.suit_ids = self.template.suit_ids
        self.trait_ids = self.template.trait_ids
        self.trials = TrialAudit(self.template, self.space)

    # -- building a trial set --

    def initial(self) -> _State:
        women = self.brief.women
        slots = [s for s in self.suit_ids for _ in range(2)]
        for w in women:
            if w.fixed is not None:
                slots.remove(w.fixed.suit)
        self.rng.shuffle(slots)
        suits: list[str] = []
        traits: list[int] = []
        taken: set[int] = set()
        for w in women:
            if w.fixed is not None:
                suits.append(w.fixed.suit)
                mask = self.template.mask(w.fixed.traits)
            else:
                suits.append(slots.pop())
                liked = sorted(w.history, key=lambda t: (-w.history[t], self.rng.random()))
                mask = self._fill(self.template.mask(liked[: self.k]), taken)
            taken.add(mask)
            traits.append(mask)
        return _State(suits, traits)

    def _fill(self, mask: int, taken: set[int]) -> int:
        """``mask`` completed (or changed) at random until it has k traits and is new."""
        n = len(self.trait_ids)
        while mask.bit_count() != self.k or mask in taken:
            if mask.bit_count() >= self.k:
                mask &= ~(1 << self.rng.choice([i for i in range(n) if mask >> i & 1]))
            mask |= 1 << self.rng.choice([i for i in range(n) if not mask >> i & 1])
        return mask

    def keys(self, state: _State) -> list[tuple[int, ...]]:
        """Every lady's key, a count mask per suit (bit ``c`` for the count ``c``) in suit order:
        the true counts of both ladies of the suit, plus a decoy where ``state`` puts one; a fixed
        lady's printed key as it is."""
        women = self.brief.women
        out = []
        for i, w in enumerate(women):
            if w.fixed is not None:
                out.append(tuple(sum(1 << c for c in w.fixed.key[s]) for s in self.suit_ids))
                continue
            key = []
            for s in self.suit_ids:
                truth = 0
                for j in range(len(women)):
                    if j != i and state.suits[j] == s:
                        truth |= 1 << (state.traits[i] & state.traits[j]).bit_count()
                decoy = decoy_for(truth.bit_length() - 1, self.k) if truth.bit_count() == 1 else None
                if decoy is not None and (i, s) in state.decoys:
                    truth |= 1 << decoy
                key.append(truth)
            out.append(tuple(key))
        return out

    def cards(self, state: _State) -> CardSet:
        ladies = []
        for i, (w, key) in enumerate(zip(self.brief.women, self.keys(state), strict=True)):
            if w.fixed is not None:
                ladies.append(w.fixed)
                continue
            entries = {s: frozenset(c for c in range(self.k + 1) if m >> c & 1) for s, m in zip(self.suit_ids, key,
                                                                                               strict=True)}
            ladies.append(Lady(w.id, Names(dict(w.name)), state.suits[i], self.template.unmask(state.traits[i]),
                               entries))
        return CardSet(self.brief.name, self.template.traits, self.template.suits, tuple(ladies),
                       self.k, self.template.modes)

    # -- scoring --

    def history(self, state: _State) -> int:
        """How well the traits follow history: weights of historical traits, minus 2 per invented one."""
        total = 0
        for i in self.free:
            w = self.brief.women[i]
            for t in self.template.unmask(state.traits[i]):
                total += w.history.get(t, -2)
        return total

    def score(self, state: _State) -> tuple[float, AuditReport, CardSet]:
        """The score of a state (lower is better) with its full audit and card set."""
        cards = self.cards(state)
        report = audit(cards, space=self.space)
        errors = {code: sum(1 for e in report.errors if e.code == code) for code in COUNTED_ERRORS}
        cases = [CaseFigures(c.mode, c.deck, len(c.remaining), c.min_clues, c.expected_clues) for c in report.cases]
        return self._value(state, self.keys(state), TrialFigures(errors, tuple(cases))), report, cards

    def value(self, state: _State) -> float:
        """The score of a state, as :meth:`score` gives it, from the incremental audit's figures:
        what the search computes at every step."""
        keys = self.keys(state)
        return self._value(state, keys, self.trials.figures(state.suits, state.traits, keys))

    def _value(self, state: _State, keys: list[tuple[int, ...]], figures: TrialFigures) -> float:
        """Hard targets first (broken keys and sets, unsolvable or too easy cases, the mean
        expected clues outside the aim), then history, then tidy keys with few decoys."""
        t = self.targets
        penalty = 0.0
        for code in COUNTED_ERRORS:
            penalty += 1000 * figures.errors[code]
        for c in figures.cases:
            if c.mode not in t.modes:
                continue
            if not c.solvable:
                penalty += 100 * max(1, c.remaining - 1) + 100
            elif c.min_clues is not None and c.min_clues < t.min_clues:
                penalty += 40 * (t.min_clues - c.min_clues)
        values = [c.expected_clues if c.expected_clues is not None else c.deck + 1
                  for c in figures.cases if c.mode == "normal"]
        mean = sum(values) / len(values)
        penalty += 30 * max(0.0, t.aim[0] - mean, mean - t.aim[1])
        style = 0.5 * len(state.decoys)
        for key in keys:
            for entry in key:
                odd = entry.bit_count() == 2 and (entry.bit_length() - (entry & -entry).bit_length()) % 2
                if entry.bit_count() > 2 or odd:  # more than two counts, or two like 0/1 instead of 0/2
                    style += 1
        return penalty - 4 * self.history(state) + style

    # -- moves --

    def neighbour(self, state: _State) -> _State | None:
        new = state.copy()
        move = self.rng.random()
        if move < 0.15:
            i, j = self.rng.sample(self.free, 2)
            if new.suits[i] == new.suits[j]:
                return None
            new.suits[i], new.suits[j] = new.suits[j], new.suits[i]
        elif move < 0.3:  # two women trade cards (traits and suit): the same set, other history
            i, j = self.rng.sample(self.free, 2)
            new.suits[i], new.suits[j] = new.suits[j], new.suits[i]
            new.traits[i], new.traits[j] = new.traits[j], new.traits[i]
            new.decoys = {(j if x == i else i if x == j else x, s) for x, s in new.decoys}
        elif move < 0.85:
            i = self.rng.choice(self.free)
            n = len(self.trait_ids)
            mask = new.traits[i]
            out = self.rng.choice([b for b in range(n) if mask >> b & 1])
            into = self.rng.choice([b for b in range(n) if not mask >> b & 1])
            mask = mask & ~(1 << out) | (1 << into)
            if mask in new.traits:
                return None
            new.traits[i] = mask
        else:
            new.decoys ^= {(self.rng.choice(self.free), self.rng.choice(self.suit_ids))}
        return new

    def run(self, steps: int, progress: Callable[[int, int, float], None] | None) -> tuple[_State, float]:
        state = self.initial()
        current = self.value(state)
        best, best_score = state, current
        t0, t1 = 30.0, 0.05
        for step in range(steps):
            temp = t0 * (t1 / t0) ** (step / max(1, steps - 1))
            trial = self.neighbour(state)
            if trial is None:
                continue
            value = self.value(trial)
            if value <= current or self.rng.random() < math.exp((current - value) / temp):
                state, current = trial, value
                if value < best_score:
                    best, best_score = trial, value
            if progress is not None and step % 500 == 0:
                progress(step, steps, best_score)
        return best, best_score


def restart_seed(seed: int, restart: int) -> int:
    """The seed of a restart: the search's own for the first (one restart is the plain search),
    then drawn from both, so that every restart is reproducible on its own, wherever it runs."""
    return seed if restart == 0 else random.Random(f"design {seed} restart {restart}").randrange(2 ** 63)


def _restart(brief: Brief, targets: Targets, seed: int, steps: int) -> tuple[float, _State]:
    """One restart, as a worker process or a Dask worker runs it (a module-level function: it is pickled)."""
    state, value = _Search(brief, targets, seed).run(steps, None)
    return value, state


def search(brief: Brief, targets: Targets | None = None, seed: int = DEFAULT_SEED,
           steps: int = DEFAULT_STEPS, progress: Callable[[int, int, float], None] | None = None,
           restarts: int = 1, executor: Executor | None = None) -> Design:
    """Search a card set for ``brief`` meeting ``targets``; the same arguments give the same set.

    With ``restarts`` above one, that many independent searches (seeds from
    :func:`restart_seed`) run on ``executor`` (this process by default) and the best score
    wins, the first restart on a tie: the result does not depend on where they ran.
    ``progress(step, steps, best_score)`` is called now and then for a long run (once per
    restart done when there are several).
    """
    targets = targets or Targets()
    if restarts == 1:
        run = _Search(brief, targets, seed)
        state, value = run.run(steps, progress)
    else:
        jobs = [(brief, targets, restart_seed(seed, r), steps) for r in range(restarts)]
        futures = [executor.submit(_restart, *job) for job in jobs] if executor is not None else None
        value, best = math.inf, None
        for r, job in enumerate(jobs):
            found, found_state = futures[r].result() if futures is not None else _restart(*job)
            if found < value:
                value, best = found, found_state
            if progress is not None:
                progress((r + 1) * steps, restarts * steps, value)
        assert best is not None  # at least two restarts, each with a finite score
        run, state = _Search(brief, targets, seed), best
    _, report, cards = run.score(state)
    return Design(cards, report, value, run.history(state), tuple(targets.unmet(report)), seed, steps, restarts)


# -- writing the result ----------------------------------------------------------


def _lines(words: Phrase, lang: str) -> list[str]:
    return words.said(lang).split("\n")


def lady_comment(woman: Woman, lady: Lady, lang: str = "en") -> list[str]:
    """Comment lines for a lady: who she was, which traits are historical and which are invented."""
    lines = [card_words("design.lady", name=lady.name.get(lang), about=woman.about).said(lang)]
    if woman.fixed is not None:
        return [*lines, card_words("design.printed").said(lang)]
    historical = [card_words("design.trait-note", trait=t, note=woman.notes[t]).said(lang)
                  for t in lady.traits if t in woman.history]
    invented = [t for t in lady.traits if t not in woman.history]
    unused = [t for t in woman.history if t not in lady.traits]
    lines.append(card_words("design.historical", traits="; ".join(historical)).said(lang) if historical
                 else card_words("design.historical-none").said(lang))
    if invented:
        lines.append(card_words("design.invented", traits=", ".join(invented)).said(lang))
    if unused:
        lines.append(card_words("design.unused", traits=", ".join(unused)).said(lang))
    return lines


def audit_summary(report: AuditReport, unmet: tuple[Phrase, ...], lang: str = "en") -> list[str]:
    """The audit figures of a designed set, for its file header."""
    if unmet:
        return [card_words("design.audit-unmet", targets="; ".join(p.said(lang) for p in unmet)).said(lang)]
    mean = report.mean_expected_clues()
    hardest = max(c.expected_clues for c in report.cases if c.expected_clues is not None)
    least = min(c.min_clues for c in report.cases if c.min_clues is not None)
    return _lines(card_words("design.audit", modes=", ".join(dict.fromkeys(c.mode for c in report.cases)),
                             least=least, mean=f"{mean:.2f}", hardest=f"{hardest:.2f}"), lang)


def render_yaml(design: Design, brief: Brief, command: str, lang: str = "en") -> str:
    """The designed set as a card set file (SPEC 4) with a header and a comment per lady, the comments
    in ``lang`` (the shipped file's in English)."""
    cards = design.cards
    wheel = " -> ".join(brief.wheel + brief.wheel[:1])
    dotted = ", ".join(f"{a} <-> {b}" for a, b in brief.dotted)
    header = [
        *_lines(card_words("design.header", name=titled(cards.name, "card-set"), command=command), lang),
        "",
        *audit_summary(design.report, design.unmet, lang),
        "",
        *_lines(card_words("design.wheel", wheel=wheel, dotted=dotted), lang),
    ]
    women = {w.id: w for w in brief.women}
    comments = {lady.id: lady_comment(women[lady.id], lady, lang) for lady in cards.ladies}
    return card_set_yaml(cards, "\n".join(header), comments)
