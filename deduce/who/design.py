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
from deduce.text.names import Names
from deduce.who.audit import AuditReport, audit
from deduce.who.cards import CardSet, Lady, Suit, Trait, card_words
from deduce.who.evaluator import CandidateSpace
from deduce.who.export import card_set_yaml
from deduce.who.incremental import COUNTED_ERRORS, CaseFigures, TrialAudit, TrialFigures

if TYPE_CHECKING:
    from deduce.executor import Executor

# -- the shipped brief ---------------------------------------------------------

TRAITS = (
    ("literary", "Literary or artistic", "Letterata o artista", "Литературно одарённая"),
    ("married", "Married", "Sposata", "Замужем"),
    ("court", "Court connections", "Legami a corte", "Есть связи при дворе"),
    ("musical", "Musician", "Musicista", "Музыкально одарённая"),
    ("children", "Has children", "Madre", "Есть дети"),
    ("lover", "Lover", "Amante", "Влюбчивая"),
    ("documented", "Documented link with Shakespeare", "Legame documentato con Shakespeare",
     "Документально подтверждённая связь с Шекспиром"),
)

SUITS = (
    ("rose", "red", "Rose", "Rosa", "Роза"),
    ("acorn", "gold", "Acorn", "Ghianda", "Жёлудь"),
    ("oak", "green", "Oak", "Quercia", "Дуб"),
    ("thistle", "teal", "Thistle", "Cardo", "Чертополох"),
    ("bluebell", "blue", "Bluebell", "Campanula", "Колокольчик"),
    ("sage", "purple", "Sage", "Salvia", "Шалфей"),
)

#: The suit wheel, clockwise. Advanced and Expert remove the next suit clockwise.
#: The seed and annealing steps that made the shipped card set (``deduce design``'s defaults).
DEFAULT_SEED = 2
DEFAULT_STEPS = 20000

WHEEL = ("rose", "oak", "bluebell", "sage", "acorn", "thistle")
#: Suits joined by a dotted line across the wheel; Easy removes the other suit of the pair.
DOTTED = (("rose", "bluebell"), ("oak", "acorn"), ("sage", "thistle"))


def wheel_modes() -> dict[str, dict[str, str]]:
    """The ``modes`` table of the shipped set, from :data:`WHEEL` and :data:`DOTTED`."""
    advanced = {s: WHEEL[(i + 1) % len(WHEEL)] for i, s in enumerate(WHEEL)}
    easy = dict(DOTTED) | {b: a for a, b in DOTTED}
    order = [s[0] for s in SUITS]
    return {"easy": {s: easy[s] for s in order}, "advanced": {s: advanced[s] for s in order}}


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
    """What to design: the women, the traits and suits, the modes."""

    name: str
    women: tuple[Woman, ...]
    traits: tuple[Trait, ...]
    suits: tuple[Suit, ...]
    modes: Mapping[str, Mapping[str, str]]
    traits_per_lady: int = 3

    def template(self) -> CardSet:
        """The card set without ladies (shares traits, suits and modes with every trial)."""
        return CardSet(self.name, self.traits, self.suits, (), self.traits_per_lady, self.modes)


JACQUELINE_FIELD = Lady(
    id="jacqueline-field",
    name=Names({"en": "Jacqueline Field", "it": "Jacqueline Field", "ru": "Жаклин Филд"}),
    suit="oak",
    traits=("literary", "married", "children"),
    key={"rose": frozenset({1}), "acorn": frozenset({0, 2}), "oak": frozenset({0, 2}),
         "thistle": frozenset({1}), "bluebell": frozenset({2}), "sage": frozenset({1})},
)


def _woman(ident: str, en: str, ru: str, about: str, **history: tuple[int, str]) -> Woman:
    return Woman(ident, {"en": en, "it": en, "ru": ru}, {t: w for t, (w, _) in history.items()},
                 {t: note for t, (_, note) in history.items()}, about)


SONNET_WOMEN = (
    Woman("jacqueline-field", JACQUELINE_FIELD.name.by_lang,
          {"literary": 2, "married": 2, "children": 2},
          {"literary": "the card printed in the rulebook", "married": "wife of the printer Richard Field",
           "children": "the card printed in the rulebook"},
          "Huguenot wife of Richard Field, who printed Venus and Adonis; the rulebook's example card, kept as printed",
          fixed=JACQUELINE_FIELD),
    _woman("emilia-bassano", "Emilia Bassano", "Эмилия Бассано",
           "poet of Salve Deus Rex Judaeorum (1611); proposed as the Dark Lady by A. L. Rowse",
           literary=(3, "published poet"), musical=(2, "daughter of the court musician Baptista Bassano"),
           court=(2, "at court as Lord Hunsdon's mistress"), married=(2, "married Alphonso Lanier, 1592"),
           lover=(2, "mistress of Henry Carey, Lord Hunsdon"), children=(2, "son Henry, 1593")),
    _woman("mary-fitton", "Mary Fitton", "Мэри Фиттон",
           "maid of honour to Elizabeth I; proposed as the Dark Lady by Thomas Tyler",
           court=(2, "maid of honour"), lover=(3, "mistress of William Herbert, Earl of Pembroke"),
           children=(2, "bore Pembroke's son, 1601"), married=(2, "later married twice")),
    _woman("lucy-negro", "Lucy Negro", "Люси Негро",
           "'Black Luce', a Clerkenwell brothel keeper named in the Gray's Inn revels of 1594; "
           "proposed as the Dark Lady",
           lover=(3, "a courtesan, by every account"),
           court=(1, "if she was Lucy Morgan, once a gentlewoman of Elizabeth I (Hotson)")),
    _woman("elizabeth-vernon", "Elizabeth Vernon", "Элизабет Вернон",
           "maid of honour who secretly married Shakespeare's patron, the Earl of Southampton",
           court=(2, "maid of honour to Elizabeth I"), lover=(2, "pregnant by Southampton before their marriage"),
           married=(3, "married Southampton, 1598"), children=(2, "daughter Penelope, 1598, and more")),
    _woman("anne-hathaway", "Anne Hathaway", "Энн Хэтэуэй",
           "Shakespeare's wife",
           married=(3, "married William Shakespeare, 1582"), children=(2, "Susanna, Hamnet and Judith"),
           documented=(3, "the marriage bond of 1582 and Shakespeare's will")),
    _woman("penelope-rich", "Penelope Rich", "Пенелопа Рич",
           "Sidney's 'Stella', sister of the Earl of Essex; proposed as the Dark Lady",
           court=(2, "sister of Essex, at the court of Elizabeth I"), married=(2, "wife of Lord Rich"),
           children=(2, "many children"), lover=(3, "lover of Charles Blount, Lord Mountjoy"),
           literary=(1, "muse of Astrophel and Stella, patron of poets"),
           musical=(1, "Stella sings in Sidney's sonnets; Dowland's 'My Lady Rich's Galliard'")),
    _woman("jane-davenant", "Jane Davenant", "Джейн Давенант",
           "wife of an Oxford vintner whose inn Shakespeare is said to have used; proposed as the Dark Lady",
           married=(2, "wife of John Davenant"), children=(3, "mother of the poet William Davenant"),
           lover=(1, "Aubrey's gossip that Shakespeare fathered William"),
           literary=(1, "Aubrey: 'of a very good wit and conversation'")),
    _woman("mary-herbert", "Mary Herbert, Countess of Pembroke", "Мэри Херберт, графиня Пембрук",
           "poet, translator and patron, sister of Philip Sidney",
           literary=(3, "poet and translator of the Psalms"), court=(2, "Countess of Pembroke"),
           married=(2, "married Henry Herbert, Earl of Pembroke, 1577"),
           children=(2, "mother of the First Folio's dedicatees"), musical=(1, "said to play the lute")),
    _woman("marie-mountjoy", "Marie Mountjoy", "Мари Маунтджой",
           "Huguenot tire-maker in whose Silver Street house Shakespeare lodged",
           documented=(3, "Bellott v. Mountjoy (1612): Shakespeare's deposition"),
           married=(2, "wife of Christopher Mountjoy"), court=(2, "the Mountjoys made head-tires for Queen Anne"),
           lover=(2, "Simon Forman's casebook records her affair with Henry Wood"),
           children=(2, "daughter Mary")),
    _woman("susanna-hall", "Susanna Hall", "Сюзанна Холл",
           "Shakespeare's elder daughter",
           married=(2, "married the physician John Hall, 1607"), children=(2, "daughter Elizabeth, 1608"),
           documented=(3, "baptism record; executrix of Shakespeare's will"),
           literary=(1, "her epitaph calls her 'witty above her sex'")),
    _woman("aline-florio", "Aline Florio", "Алина Флорио",
           "wife of John Florio, Southampton's Italian tutor and translator of Montaigne",
           married=(3, "wife of John Florio"), children=(2, "several children"),
           court=(1, "her husband was Italian reader to Queen Anne"),
           literary=(1, "said to be the sister of the poet Samuel Daniel")),
)


def sonnet_brief() -> Brief:
    """The brief of the shipped set ``data/clues.yaml``."""
    traits = tuple(Trait(i, Names({"en": en, "it": it, "ru": ru})) for i, en, it, ru in TRAITS)
    suits = tuple(Suit(i, Names({"en": en, "it": it, "ru": ru}), colour) for i, colour, en, it, ru in SUITS)
    return Brief("Sonnet set", SONNET_WOMEN, traits, suits, wheel_modes())


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


def search(brief: Brief | None = None, targets: Targets | None = None, seed: int = DEFAULT_SEED,
           steps: int = DEFAULT_STEPS, progress: Callable[[int, int, float], None] | None = None,
           restarts: int = 1, executor: Executor | None = None) -> Design:
    """Search a card set for ``brief`` meeting ``targets``; the same arguments give the same set.

    With ``restarts`` above one, that many independent searches (seeds from
    :func:`restart_seed`) run on ``executor`` (this process by default) and the best score
    wins, the first restart on a tie: the result does not depend on where they ran.
    ``progress(step, steps, best_score)`` is called now and then for a long run (once per
    restart done when there are several).
    """
    brief = brief or sonnet_brief()
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


def lady_comment(woman: Woman, lady: Lady) -> list[str]:
    """Comment lines for a lady: who she was, which traits are historical and which are invented."""
    lines = [f"{lady.name.get('en')}: {woman.about}."]
    if woman.fixed is not None:
        lines.append("Exactly as printed in the rulebook (suit, traits and key).")
        return lines
    historical = [f"{t} ({woman.notes[t]})" for t in lady.traits if t in woman.history]
    invented = [t for t in lady.traits if t not in woman.history]
    unused = [t for t in woman.history if t not in lady.traits]
    lines.append("Historical: " + ("; ".join(historical) if historical else "none") + ".")
    if invented:
        lines.append("Invented for the game, to meet the audit targets: " + ", ".join(invented) + ".")
    if unused:
        lines.append("Also historical but not on the card: " + ", ".join(unused) + ".")
    return lines


def audit_summary(report: AuditReport, unmet: tuple[Phrase, ...]) -> list[str]:
    """The audit figures of a designed set, for its file header."""
    if unmet:
        return ["Audit: targets NOT met: " + "; ".join(map(str, unmet)) + "."]
    mean = report.mean_expected_clues()
    hardest = max(c.expected_clues for c in report.cases if c.expected_clues is not None)
    least = min(c.min_clues for c in report.cases if c.min_clues is not None)
    return ["Audit (`deduce audit data/clues.yaml`): every key truthful; every case solvable in",
            f"{', '.join(dict.fromkeys(c.mode for c in report.cases))}; at least {least} clues needed besides the "
            f"suit card in every case;",
            f"mean expected clues over the normal cases {mean:.2f} (hardest case {hardest:.2f})."]


def render_yaml(design: Design, brief: Brief, command: str) -> str:
    """The designed set as a card set file (SPEC 4) with a header and a comment per lady."""
    cards = design.cards
    wheel = " -> ".join(WHEEL + WHEEL[:1])
    dotted = ", ".join(f"{a} <-> {b}" for a, b in DOTTED)
    header = [
        f"{cards.name}: an ORIGINAL card set for the Black Sonata deduction engine.",
        "",
        "This is NOT the printed card set of the game. Only Jacqueline Field, the one card shown in",
        "the rulebook, is reproduced as printed. The other eleven ladies are women proposed as",
        "Shakespeare's Dark Lady or from his circle; their traits follow history where the facts allow",
        "(see the comment above each lady), and their suits, the rest of their traits and every key",
        "were chosen by a seeded search so that the set is fair and playable:",
        f"    {command}",
        "Owners of the box can transcribe their own cards into a file of this format and check it",
        "with `deduce audit FILE`.",
        "",
        *audit_summary(design.report, design.unmet),
        "",
        f"Suit wheel (our own reading of the rulebook's diagram), clockwise: {wheel}.",
        "Advanced and Expert remove the two cards of the next suit clockwise from hers; Easy removes",
        f"the suit joined to hers by a dotted line: {dotted}.",
        "A key entry may show a decoy: a count two away from the true one (1/3, 0/2), as on the",
        "printed card; decoys widen what a card allows and make a game last longer.",
    ]
    women = {w.id: w for w in brief.women}
    comments = {lady.id: lady_comment(women[lady.id], lady) for lady in cards.ladies}
    return card_set_yaml(cards, "\n".join(header), comments)
