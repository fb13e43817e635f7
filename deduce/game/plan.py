"""The plan: the one action to take now, with its reasons, from the player's view alone (issue 14).

Core module, no I/O. :func:`make_plan` reads only what the player knows, the
:class:`~deduce.game.view.PlayerView` (her suit, the clues in hand, the pawn, the keys, the
countdown, the fog cards left and the trail), the legal actions and the fog card waiting
for ``resolve``; two games that look the same to the player get the same plan. It
recommends one action — move (where), search, use the fog card on top (and how to resolve
it), reveal the suit card, confront (with which traits) or pass — as a :class:`Plan`: the
action document to send, its reasons (phrase codes and parameters, said in en/it/ru by
:mod:`deduce.text.phrases`), the figures behind it and every option weighed.

The method: a short lookahead over her exact odds, valued in cards of the stealth deck
(a card moved is a point of score lost and a step towards the countdown).

1. **Her odds over the next turns.** The tracker (:func:`deduce.where.tracker.track_slots`)
   gives her exact distribution on the slots ``now`` to ``now + 3`` from the trail. On a
   future slot the top card's landmark will be seen before the player acts, so a search
   there is made only when the landmark fits: being at ``x`` on slot ``s`` is worth
   ``max(0, m_s(x) G - (P_s(landmark of x) - m_s(x)) C)``, where ``m_s`` is her
   distribution, ``G`` the gain of finding her and ``C`` the cost of a search that misses.
   Slots that will show a fog card (every searched slot, the deck being a cycle) allow
   no search and are worth nothing.
2. **Expectimax over the pawn's moves.** ``D_k(y)``, the value of standing at ``y`` on
   slot ``now + k``, is the better of searching there and going on (one card later, to
   ``y`` or a neighbour): ``D_k(y) = max(v_k(y), max_z D_{k+1}(z) - 1)``, with a leaf worth
   a fixed share of ``G`` (later chances) less the turns spent. In Training a turn holds
   a move and a search, so the search may be made at the place moved to, on the same slot.
   Each first move is worth ``D_1(y) - 1``; a search now ``v_0(pawn)``, exact.
3. **G and C.** A search spends a fog card and makes her flee one card per clue held, so
   ``C`` is the fog card's worth (2 points, more when few are left for the searches still
   needed: the clues still to find on average, from WHO progress, plus the confrontation)
   plus the cards she flees and the sight of her they cost. ``G`` is a clue's worth less
   the cards she flees after it, or, when her traits are proven (or the suit card proves
   them with some chance, or a guess is the best hope left), the worth of winning.
4. **Keys.** When the suit card is still needed (or would help), a move is also worth
   the steps it saves on the shortest route through every location whose key is not yet
   claimed (exact, by dynamic programming over the subsets of locations, once per board).
5. **The fog card on top.** Its identity is uncertain but not unknown: the trail says
   which fog cards were seen and where they went (back under the fog deck, or discarded),
   so the card on top is one of the others, each as likely, unless it is a card seen
   before. Using it is worth the mean, over those cards, of what each does (a move and keys
   with the wherry, a key with the link-boy, sight of her with the glimpse, keyhole and
   lantern; cards she slips or flees, a fog card lost, a key lost, a move forced), less a
   loss for any card that could not be carried out now; it is used when that beats the
   best move.
6. **Honest figures.** A search where her chance is 0 is never the advice (a certain miss). A
   move or a pass says the chance it rests on: the place within reach of it in the turns looked
   at (a step a turn, one more in Training) where she is likeliest, and when. When she can be
   nowhere within reach, the plan says so and what the move is for instead: the route through
   the keys still needed, nearing where she is likeliest further on, or staying to see the next
   landmarks (moves of the same worth ranked in that order).
7. **The suit card and confronting.** The suit card is revealed (a free action) only when
   it may settle something: just before a search or confrontation when it proves her
   traits with some chance, when it proves them for sure, when the clue deck is empty, or
   before a guess; revealing it earlier would add a card to every flight. She is confronted
   with her traits once proven; with the best guess from the cards in hand only when its
   chance is :attr:`Weights.guess_margin` times the chance of winning by going on
   (:func:`_go_on`: catch after catch, each clue found proves her traits with the chance WHO
   progress gives, costs a fog card and a flight of one card per clue held, and needs one
   more catch to confront her, against the cards left before the countdown runs out, the
   route to the suit card first when it is needed, and the fog cards left). A guess right
   1 time in 2 is a poor trade for a game that would be won by going on: in simulated games
   guessing earlier lost more than it saved.

Measured (``python -m bench.advisor table``, README): with the same seeds, the advisor wins
about 98 % of normal games over the 52 decks against the baseline's 86 %, with a mean score
about 6 points higher; its losses are guesses forced when a hand needs six or seven clues,
each followed by a longer flight, and the countdown leaves no room to prove her traits.

The weights are :class:`Weights`; ``deduce simulate --bot advisor`` plays by this plan
(:class:`PlanBot`), and ``python -m bench.advisor`` times a decision against the one-turn
advice of :mod:`deduce.where.advice`.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from operator import itemgetter
from typing import Any, Literal, cast, get_args

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.actions import Action, Pending
from deduce.game.fog import FogCard
from deduce.game.hand import Hand
from deduce.game.material import Rules
from deduce.game.modes import MODE_RULES
from deduce.game.view import PlayerView
from deduce.text.phrases import phrase
from deduce.where.board import Board
from deduce.where.query import TrackQuery
from deduce.where.tracker import SlotOdds, Tracking, track_slots
from deduce.who.cards import CardSet, Mode
from deduce.who.deduction import Deduction, deduce
from deduce.who.progress import Progress, progress


class ReasonJSON(TypedDict):
    """One reason for the plan: its phrase code (``plan.<code>``), parameters (ids, numbers,
    lists of ids; never words) and its words in the game's language."""

    code: str
    params: dict[str, str | int | float | bool | list[str]]
    text: str


class OptionJSON(TypedDict):
    """An action weighed: the document to send and its worth in cards of the stealth deck (higher is better)."""

    send: dict[str, Any]
    value: float


class PlanFiguresJSON(TypedDict):
    """The numbers behind a plan: her chance at the pawn now; cards left before the countdown
    runs out; fog cards left; clues held (she flees that many cards after a search); keys still
    to claim and the moves of the shortest route through them; whether her traits are proven,
    and the chance that the suit card proves them; the worth of using the fog card on top
    (None unless one may be used)."""

    here_now: float
    slots_left: int
    fog_left: int
    clues_held: int
    keys_left: int
    route: int
    proven: bool
    suit_card_proves: float
    fog_value: float | None


class PlanJSON(TypedDict):
    """The recommended action: ``action`` and ``send`` (the action document to send as it is)
    are None when there is nothing to advise (the game is over, or no path of hers fits the
    trail), and the reasons say why; ``options`` lists every action weighed, best first."""

    action: Action | None
    send: dict[str, Any] | None
    reasons: list[ReasonJSON]
    figures: PlanFiguresJSON
    options: list[OptionJSON]


#: An action document, as a player sends it (``{"action": "move", "to": "globe"}``).
ActionDoc = dict[str, Any]
#: A location and its neighbours, as a getter of their values from a list in board order.
Reach = Callable[[Sequence[float]], tuple[float, ...]]
#: A reason's parameter: an id (a location, a trait, a fog card), a number, a flag or a list of ids.
ReasonParam = str | int | float | bool | list[str]

#: The reasons a plan may give, by phrase code (``plan.<code>`` in :mod:`deduce.text.phrases`).
ReasonCode = Literal[
    "over", "contradiction", "no-fog", "resolve.wherry", "resolve.keyhole", "resolve.linkboy",
    "resolve.crowd", "reveal.may-prove", "reveal.proves", "reveal.deck-empty", "reveal.guess",
    "confront.proven", "confront.guess", "search.odds", "search.cost", "move.chase", "move.keys", "move.search",
    "stay", "fog.use", "fog.skip", "fog.top", "wait.odds", "time", "reach.none", "move.closer", "wait.landmark",
    "resolve.wherry-near",
]
REASON_CODES: tuple[ReasonCode, ...] = get_args(ReasonCode)
#: Parameters shown as place names in the words.
_LOCATION_PARAMS = ("location", "target")


@dataclass(frozen=True)
class Weights:
    """The constants of the method, in cards of the stealth deck (points of score)."""

    clue: float = 4.0           # finding her for a clue now rather than later
    win: float = 30.0           # finding her with her traits proven
    fog_card: float = 2.0       # a fog card (its points), before its scarcity
    scarcity: float = 6.0       # added when the fog cards left barely cover the searches needed
    sight: float = 0.5          # per card she flees unseen: the sight of her lost
    leaf: float = 0.35          # share of G that later chances (past the horizon) are worth
    key_step: float = 1.0       # a step saved on the route through the unclaimed keys
    loss: float = 100.0         # losing the game at once
    horizon: int = 3            # turns looked ahead
    catch_turns: float = 3.0    # turns to find her again, on average
    time_scale: float = 4.0     # how sharply the chance of proving in time falls with the cards short
    guess_margin: float = 4.0   # a guess beats going on when its chance is this many times the other


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True)
class Reason:
    """A reason in a plan: a phrase code and its parameters."""

    code: ReasonCode
    params: Mapping[str, ReasonParam] = field(default_factory=dict)

    def to_json(self, rules: Rules, lang: str) -> ReasonJSON:
        return {"code": self.code, "params": dict(self.params), "text": reason_text(rules, lang, self)}


@dataclass(frozen=True)
class Figures:
    """What the plan weighed: her chance at the pawn now; the cards left before the countdown
    runs out; fog cards left; clues held (the cards she flees after a search); keys still to
    claim and the shortest route through them (moves); whether her traits are proven, and
    the chance that the suit card proves them (1 once proven); the worth of using the fog
    card on top (None unless one may be used)."""

    here_now: float
    slots_left: int
    fog_left: int
    clues_held: int
    keys_left: int
    route: int
    proven: bool
    suit_card_proves: float
    fog_value: float | None

    def to_json(self) -> PlanFiguresJSON:
        """The figures as JSON: :class:`PlanFiguresJSON` has exactly these fields, in this order."""
        return cast(PlanFiguresJSON, asdict(self))


@dataclass(frozen=True)
class Plan:
    """The advice: the action to send (None when there is none), why, and the options weighed."""

    send: ActionDoc | None
    reasons: tuple[Reason, ...]
    figures: Figures
    options: tuple[tuple[ActionDoc, float], ...] = ()

    @property
    def action(self) -> Action | None:
        action: Action | None = None if self.send is None else self.send["action"]
        return action

    def to_json(self, rules: Rules, lang: str = "en") -> PlanJSON:
        return {"action": self.action, "send": dict(self.send) if self.send is not None else None,
                "reasons": [r.to_json(rules, lang) for r in self.reasons], "figures": self.figures.to_json(),
                "options": [{"send": dict(doc), "value": round(value, 3)} for doc, value in self.options]}


# -- words -----------------------------------------------------------------------------

def reason_text(rules: Rules, lang: str, reason: Reason) -> str:
    """A reason in words: its phrase with places, traits and fog cards named in ``lang``,
    chances as percentages and worths to one decimal."""
    fields: dict[str, object] = {}
    for key, value in reason.params.items():
        if key in _LOCATION_PARAMS and isinstance(value, str):
            fields[key] = rules.board.location(value).name.get(lang)
        elif key == "traits" and isinstance(value, list):
            fields[key] = ", ".join(rules.cards.trait(t).name.get(lang) for t in value)
        elif key == "path" and isinstance(value, list):
            fields[key] = " → ".join(rules.board.location(x).name.get(lang) for x in value)
        elif key in ("chance", "proves", "guess", "prove_in_time") and isinstance(value, float):
            fields[key] = _percent(lang, value)
        elif isinstance(value, float):
            text = f"{value:.1f}"
            fields[key] = text if lang == "en" else text.replace(".", ",")
        else:
            fields[key] = value
    return phrase(lang, f"plan.{reason.code}", **fields)


def _percent(lang: str, chance: float) -> str:
    text = f"{100 * chance:.0f}%"
    return text if lang == "en" else text.replace("%", " %")


# -- what the player knows, gathered once per decision -------------------------------------

@lru_cache(maxsize=2048)
def _who(cards: CardSet, hand: Hand, mode: Mode) -> tuple[Deduction, Progress]:
    """Deduction and WHO progress of a hand (the same hand recurs turn after turn). Cards typed at the
    table that the set lacks count in the deduction; progress, which counts the set's cards left in the
    deck, is that of the set's cards in hand: the plan works from what is known."""
    return deduce(cards, hand.query(cards)), progress(cards, hand.query(cards, typed=False), mode)


@dataclass(frozen=True)
class Answers:
    """The engines' answers to the two questions a view yields, each asked once (:func:`ask`): WHO's
    of the cards in hand (the deduction, and WHO progress), and WHERE's of the trail (her odds on the
    slots the plan looks at, now first). The plan reads them, and the hints show them."""

    deduction: Deduction
    progress: Progress
    query: TrackQuery
    slots: tuple[SlotOdds, ...]

    @property
    def tracking(self) -> Tracking:
        """The tracker's answer for now and the next slot, as :func:`deduce.where.tracker.track` gives it."""
        return Tracking(self.query, self.slots[0].total, self.slots[0], self.slots[1])


def ask(rules: Rules, view: PlayerView, weights: Weights | None = None) -> Answers:
    """Ask WHO about the view's hand and WHERE about its trail, once, for the plan of ``weights``."""
    horizon = (weights or DEFAULT_WEIGHTS).horizon
    deduction, known = _who(rules.cards, view.hand, view.mode)
    query = view.track_query()
    return Answers(deduction, known, query, tuple(track_slots(rules.board, query, max(2, horizon + 1))))


@dataclass(frozen=True)
class _Routes:
    """Distances on a board and the shortest walk from each location through any set of
    locations (as a bit mask of board indexes): ``walk[mask][v]``."""

    ids: tuple[str, ...]
    index: dict[str, int]
    dist: tuple[tuple[int, ...], ...]
    walk: tuple[tuple[int, ...], ...]

    def mask(self, locations: Sequence[str] | frozenset[str] | set[str]) -> int:
        return sum(1 << self.index[x] for x in locations)

    def route(self, start: str, mask: int) -> int:
        """Moves on the shortest walk from ``start`` through every location of ``mask`` (``start``'s own is entered)."""
        i = self.index[start]
        return self.walk[mask & ~(1 << i)][i]


@lru_cache(maxsize=8)
def _places(board: Board) -> tuple[dict[str, str], dict[str, tuple[str, ...]], tuple[Reach, ...]]:
    """Once per board: the landmark of every location, and every location with its neighbours
    in board order (by id, and, in board order, as a getter of their values from a list in
    board order: the location comes twice, so that a getter always gives a tuple)."""
    landmark = {x: board.landmark_of(x) for x in board.location_ids}
    near = {x: (x, *sorted(board.neighbours(x), key=board.index)) for x in board.location_ids}
    return landmark, near, tuple(itemgetter(board.index(x), *map(board.index, near[x])) for x in board.location_ids)


@lru_cache(maxsize=8)
def _routes(board: Board) -> _Routes:
    ids = board.location_ids
    n = len(ids)
    index = {x: i for i, x in enumerate(ids)}
    dist = [[0] * n for _ in range(n)]
    for i, start in enumerate(ids):
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in board.neighbours(here):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        dist[i] = [seen.get(x, 10 ** 6) for x in ids]
    walk = [[0] * n for _ in range(1 << n)]
    for mask in range(1, 1 << n):
        row = walk[mask]
        members = [u for u in range(n) if mask >> u & 1]
        for v in range(n):
            row[v] = min(dist[v][u] + walk[mask & ~(1 << u)][u] for u in members)
    return _Routes(ids, index, tuple(map(tuple, dist)), tuple(map(tuple, walk)))


def fog_odds(rules: Rules, view: PlayerView) -> dict[str, float]:
    """The chance of each fog card being the one on top, from the trail alone.

    Fog cards leave the fog deck from the top, one per search (into the searched slot) and
    per fog action (into the slot of the card used, which goes under the fog deck or is
    discarded; the damp tinder discards one more, unseen). Every card whose place the
    player does not know (never seen, or seen in a place it has left unseen) is as likely to
    be in any of the unknown places: the card on top is one of them, each as likely, unless
    it was put there from the known part of the fog deck. Empty when the top is not fog.
    """
    if view.top is not None:
        return {}
    deck = FogDeck.follow(rules, view)
    now = view.slot % view.length
    top = deck.slot_card.get(now)
    if top is not None:
        return {top: 1.0}
    here = {c for s, c in deck.slot_card.items() if c is not None and s != now}
    pool = [f.id for f in rules.fog if f.id not in deck.placed | set(deck.known) | here]
    pool = pool or [f.id for f in rules.fog]
    return {card: 1 / len(pool) for card in pool}


def unknown_front(rules: Rules, view: PlayerView) -> int:
    """How many cards at the front of the fog deck the player cannot name: those in it now and
    every card taken from it (one per search and per fog card used, one more per damp tinder),
    less the used cards that went back under it (seen, so known)."""
    entries = view.trail
    pops = sum(1 for e in entries if (e["kind"] == "search" and "fog_card" not in e) or e["kind"] == "fog_card")
    pops += sum(1 for e in entries if e["kind"] == "fog_card" and e["result"] == "damp")
    returns = sum(1 for e in entries if e["kind"] == "fog_card" and not rules.fog_card(e["card"]).discard)
    return view.fog_deck + pops - returns


@dataclass
class FogDeck:
    """The fog deck as the trail lets the player follow it: ``unknown`` cards of unknown identity
    at its front, then the ``known`` cards seen going under it, in order; the card each slot of
    the stealth deck took from it (None: a card the player cannot name), and the seen cards
    whose place is known."""

    unknown: int
    known: deque[str] = field(default_factory=deque)
    slot_card: dict[int, str | None] = field(default_factory=dict)
    placed: set[str] = field(default_factory=set)

    @classmethod
    def follow(cls, rules: Rules, view: PlayerView) -> FogDeck:
        """The fog deck after every search and fog card of the trail, in order."""
        deck = cls(unknown_front(rules, view))
        for e in view.trail:
            if e["kind"] == "search" and "fog_card" not in e:
                deck.slot_card[e["slot"] % view.length] = deck.pop()
            elif e["kind"] == "fog_card":
                deck.use(rules.fog_card(e["card"]), e["slot"] % view.length, damp=e["result"] == "damp")
        return deck

    def pop(self) -> str | None:
        """The card taken from the top: None while it is one of the unknown ones."""
        if self.unknown > 0:
            self.unknown -= 1
            return None
        return self.known.popleft() if self.known else None

    def use(self, card: FogCard, slot: int, damp: bool) -> None:
        """``card`` used on ``slot``: the top card takes its slot, and it goes under the deck
        unless discarded; the damp tinder discards the next card too."""
        self.slot_card[slot] = self.pop()
        self.placed.add(card.id)
        if not card.discard:
            self.known.append(card.id)
        if damp:
            gone = self.pop()
            if gone is not None:
                self.placed.add(gone)


def slots_left(view: PlayerView) -> int:
    """Cards that can still be moved before the countdown card comes up showing 0."""
    return (view.slot // view.length + view.countdown + 1) * view.length - view.slot


def clues_left(cards: CardSet, view: PlayerView) -> int:
    """Clue cards still in the clue deck (its size is public: the card set and the mode)."""
    removed = len(cards.ladies_of_suit(r)) if (r := cards.removed_suit(view.mode, view.suit)) else 0
    return len(cards.ladies) - len(cards.ladies_of_suit(view.suit)) - removed - len(view.clues) - sum(
        o.role == "clue" for o in view.typed)


# -- the advisor -------------------------------------------------------------------------

@dataclass
class _Turn:
    """Everything one decision reads, computed once."""

    rules: Rules
    view: PlayerView
    actions: Sequence[Action]
    pending: Pending | None
    w: Weights
    answers: Answers
    odds: list[dict[str, float]] = field(default_factory=list)   # her distribution on now + k
    paths: int = 0

    def __post_init__(self) -> None:
        view, board = self.view, self.rules.board
        self.routes = _routes(board)
        self.training = MODE_RULES[view.mode].move_and_search
        self.fog_slots = {e["slot"] % view.length for e in view.trail
                          if e["kind"] == "search" and "fog_card" not in e}
        self.deduction, self.progress = self.answers.deduction, self.answers.progress
        self.proven = self.deduction.status == "solved"
        within = self.progress.solved_within
        self.suit_proves = 1.0 if self.proven else (within[0] if not view.hand.holds_suit_card and within else 0.0)
        self.held = view.hand.held
        self.left = slots_left(view)
        self.fog = view.fog_deck
        self.deck = clues_left(self.rules.cards, view)
        self.unclaimed = self.routes.mask([x for x in board.location_ids if x not in view.visited])
        self.keys_left = self.unclaimed.bit_count()
        self.route = self.routes.route(view.pawn, self.unclaimed)
        suit_state = self.progress.suit_card
        self.key_weight = 0.0 if view.hand.holds_suit_card or self.proven else (
            self.w.key_step if suit_state == "needed" else 0.5 * self.w.key_step)
        self.landmark, self.near, self.near_index = _places(board)

    # -- her odds ----------------------------------------------------------------

    def load_odds(self) -> bool:
        """Her distribution on ``now .. now + horizon`` (one pass of the tracker); False when no walk fits."""
        slots = self.answers.slots[:self.w.horizon + 1]
        self.paths = slots[0].total
        if self.paths == 0:
            return False
        self.odds = [s.probabilities() for s in slots]
        return True

    def figures(self, here: float) -> Figures:
        """The plan's figures, with her chance ``here`` at the pawn now (the fog card's worth comes later)."""
        return Figures(here, self.left, self.fog, self.held, self.keys_left, self.route, self.proven,
                       self.suit_proves, None)

    # -- what a search is worth ----------------------------------------------------------

    def scarcity(self) -> float:
        """What a fog card is worth now: its points, more when the searches still needed use them all."""
        expected = self.progress.expected_clues
        need = (0.0 if self.proven else (expected if expected is not None else float(self.deck))) + 1
        spare = self.fog - need
        return self.w.fog_card + self.w.scarcity / max(0.5, spare)

    def stakes(self, guess_ok: bool) -> tuple[float, float]:
        """``G`` and ``C``: the worth of finding her now, and the cost of a search that misses."""
        w, c = self.w, self.held
        win_chance = 1.0 if self.proven else max(self.suit_proves if self.can_reveal_soon() else 0.0,
                                                 self.progress.guess.chance if guess_ok else 0.0)
        clue = 0.0 if self.deck == 0 else w.clue
        gain = win_chance * w.win + (1 - win_chance) * clue
        cost = self.scarcity() + c * (1 + w.sight)
        return gain, cost

    def can_reveal_soon(self) -> bool:
        return not self.view.hand.holds_suit_card and ("reveal_suit_card" in self.actions or self.keys_left == 0)

    def spot(self, k: int, x: str, gain: float, cost: float) -> float:
        """The worth of standing at ``x`` on slot ``now + k`` with a search allowed there."""
        return self.spots(k, gain, cost)[self.routes.index[x]]

    def spots(self, k: int, gain: float, cost: float) -> list[float]:
        """:meth:`spot` of every location, in board order: at ``x`` she is seen with the chance
        ``m``, and a search there is made only when the landmark shown fits."""
        slot = (self.view.slot + k) % self.view.length
        if slot in self.fog_slots or (k == 0 and self.view.top is None):
            return [0.0] * len(self.odds[k])
        # max(0.0, v) written out (v if v > 0.0 else 0.0, the same float): this runs for every location and slot
        if k == 0:
            return [v if (v := m * gain - (1 - m) * cost) > 0.0 else 0.0 for m in self.odds[k].values()]
        shown: dict[str, float] = {}   # her chance of being where each landmark shows, summed in board order
        landmark = self.landmark
        for y, p in self.odds[k].items():
            shown[landmark[y]] = shown.get(landmark[y], 0) + p
        return [v if (v := m * gain - (shown[landmark[x]] - m) * cost) > 0.0 else 0.0
                for x, m in self.odds[k].items()]

    def lookahead(self, gain: float, cost: float) -> dict[str, float]:
        """``D_1``: the worth of standing at each location on the next slot (see the module)."""
        h = min(self.w.horizon, len(self.odds) - 1)
        leaf = self.w.leaf * gain
        ids = self.rules.board.location_ids
        near = self.near_index
        value = [leaf - 1.0] * len(ids)
        for k in range(h, 0, -1):
            spots = self.spots(k, gain, cost)
            here = [max(around(spots)) for around in near] if self.training else spots
            # max(x, m) written out (m if m > x else x, the same float)
            value = [m if (m := max(around(value)) - 1.0) > x else x for x, around in zip(here, near, strict=True)]
        return dict(zip(ids, value, strict=True))

    def key_gain(self, to: str, claimed: Sequence[str] = ()) -> float:
        """The steps saved on the route through the unclaimed keys by going to ``to`` (claiming ``claimed`` too)."""
        if not self.key_weight or not self.unclaimed:
            return 0.0
        mask = self.unclaimed & ~self.routes.mask([to, *claimed])
        return self.key_weight * (self.route - self.routes.route(to, mask))

    def prove_in_time(self) -> float:
        """The chance of winning by going on, with her traits proven (see :func:`_go_on`)."""
        if self.proven:
            return 1.0
        left = self.left
        held = self.held
        if not self.view.hand.holds_suit_card:
            held += 1          # the suit card will be in hand, and counted in every flight
            if self.progress.suit_card == "needed":
                left -= self.route
        return _go_on(self.progress.solved_within, left, held, self.fog, 0, self.w)


def _catch(slots: float, w: Weights) -> float:
    """The chance of finding her once more within ``slots`` cards."""
    return 1 / (1 + math.exp(-(slots - w.catch_turns) / w.time_scale))


def _go_on(within: Sequence[float], left: float, held: int, fog: int, k: int, w: Weights) -> float:
    """The chance of winning with her traits proven when searching for clues from now on.

    At each catch, with ``k`` clues found so far and her traits not yet proven, a search
    finds the next clue (a fog card spent, ``held + 1`` cards fled); the chance it proves
    them is ``(within[k+1] - within[k]) / (1 - within[k])``; then one more catch confronts
    her (a fog card kept for it). Each catch needs the cards :data:`Weights.catch_turns`
    takes, more or less (:func:`_catch`)."""
    if k + 1 >= len(within) or fog < 2:
        return 0.0
    done = within[k]
    if done >= 1.0:
        return _catch(left, w)
    proves = (within[k + 1] - done) / (1 - done)
    after = left - w.catch_turns - (held + 1) - 1
    if after <= 0:
        return 0.0
    found = _catch(left, w)
    return found * (proves * _catch(after, w) + (1 - proves) * _go_on(within, after, held + 1, fog - 1, k + 1, w))


def make_plan(rules: Rules, view: PlayerView, actions: Sequence[Action], pending: Pending | None = None,
              weights: Weights = DEFAULT_WEIGHTS, answers: Answers | None = None) -> Plan:
    """The action to take now and why, from the player's view, the legal ``actions`` and the
    fog card waiting for ``resolve`` (see the module for the method); ``answers`` are the engines'
    for the view when already asked (:func:`ask`)."""
    turn = _Turn(rules, view, actions, pending, weights, answers or ask(rules, view, weights))
    if not actions:
        return Plan(None, (Reason("over"),), turn.figures(0.0))
    if not turn.load_odds():
        return Plan(None, (Reason("contradiction"),), turn.figures(0.0))
    figures = turn.figures(turn.odds[0][view.pawn])
    if pending is not None:
        return _resolve(turn, figures)
    return _choose(turn, figures)


def _resolve(turn: _Turn, figures: Figures) -> Plan:
    """The parameter for the fog card waiting: the destination, location or key worth most."""
    pending = turn.pending
    assert pending is not None
    view, board, routes = turn.view, turn.rules.board, turn.routes
    gain, cost = turn.stakes(guess_ok=False)
    ahead = turn.lookahead(gain, cost)
    choices = pending.choices
    order = board.index
    if pending.asks == "path":   # the wherry: one or two steps, through a key still to claim when it can
        def path_to(dest: str) -> list[str]:
            if board.adjacent(view.pawn, dest):
                return [dest]
            via = sorted((x for x in board.neighbours(view.pawn) if board.adjacent(x, dest)),
                         key=lambda x: (x in view.visited, order(x)))
            return [via[0], dest]
        scored = sorted(((ahead[d] - 1.0 + turn.key_gain(d, path_to(d)), d) for d in choices),
                        key=lambda t: (-t[0], order(t[1])))
        dest = scored[0][1]
        doc: ActionDoc = {"action": "resolve", "path": path_to(dest)}
        options = tuple(({"action": "resolve", "path": path_to(d)}, v) for v, d in scored)
        claims = any(x not in view.visited for x in doc["path"])
        return Plan(doc, (Reason("resolve.wherry" if claims else "resolve.wherry-near", {"path": doc["path"]}),),
                    figures, options)
    if pending.action == "keyhole":   # where she may be next turn, within reach (the pawn's place first)
        nxt = turn.odds[1]
        best = max(choices, key=lambda x: (nxt[x] * (1.0 if x == view.pawn else 0.5), -order(x)))
        return Plan({"action": "resolve", "location": best},
                    (Reason("resolve.keyhole", {"location": best, "chance": nxt[best]}),), figures)
    if pending.asks == "location":    # the link-boy: the key that shortens the route most
        def saved(x: str) -> int:
            return turn.route - routes.route(view.pawn, turn.unclaimed & ~routes.mask([x]))
        best = max(choices, key=lambda x: (saved(x), -order(x)))
        return Plan({"action": "resolve", "location": best},
                    (Reason("resolve.linkboy", {"location": best, "steps": saved(best)}),), figures)
    best = max(choices, key=lambda x: (ahead[x] + turn.key_gain(x), -order(x)))   # the crowd
    return Plan({"action": "resolve", "to": best}, (Reason("resolve.crowd", {"location": best}),), figures)


@dataclass(frozen=True)
class _Stakes:
    """What one decision's options are weighed with: the chance of winning by going on (her
    traits proven in time, :meth:`_Turn.prove_in_time`), whether the best guess beats it by
    :attr:`Weights.guess_margin`, ``G`` and ``C`` (:meth:`_Turn.stakes`) and ``D_1``, the worth
    of standing at each location on the next slot (:meth:`_Turn.lookahead`)."""

    time_chance: float
    guess_ok: bool
    gain: float
    cost: float
    ahead: dict[str, float]

    @classmethod
    def of(cls, turn: _Turn) -> _Stakes:
        time_chance = turn.prove_in_time()
        guess_ok = not turn.proven and turn.progress.guess.chance > turn.w.guess_margin * time_chance
        gain, cost = turn.stakes(guess_ok)
        return cls(time_chance, guess_ok, gain, cost, turn.lookahead(gain, cost))


def _choose(turn: _Turn, figures: Figures) -> Plan:
    """Weigh every legal action (see the module) and give the best with its reasons."""
    actions = turn.actions
    if turn.fog == 0:
        # any search or fog action loses now: nothing can win any more
        return Plan({"action": "pass" if "pass" in actions else actions[0]}, (Reason("no-fog"),), figures)
    stakes = _Stakes.of(turn)
    options = _options(turn, stakes)
    others = max((v for _, v in options), default=-turn.w.loss)
    fog_value: float | None = None
    if "fog" in actions:
        fog_value = _fog_value(turn, stakes)
        figures = replace(figures, fog_value=fog_value)
        options.append(({"action": "fog"}, fog_value))
    options.sort(key=lambda t: -t[1])
    if not options:
        return Plan({"action": actions[0]}, (), figures)
    options, aim = _ranked(turn, options)
    best, value = options[0]
    searching = best["action"] == "search"
    reveal = _reveal(turn, searching, stakes.guess_ok)
    if reveal is not None:
        return Plan({"action": "reveal_suit_card"}, (Reason(reveal, {"proves": turn.suit_proves}),), figures,
                    tuple(options))
    if searching and "confront" in actions and (turn.proven or stakes.guess_ok):
        traits = list(turn.deduction.dark_lady or turn.progress.guess.traits)
        confront: ActionDoc = {"action": "confront", "traits": traits}
        options = [(confront if doc is best else doc, v) for doc, v in options]
        best = confront
    reasons = [*_action_reasons(turn, best, value - others, aim, stakes),
               *_aside_reasons(turn, best, fog_value, others, searching),
               Reason("time", {"slots": turn.left, "fog": turn.fog, "clues": turn.held})]
    return Plan(best, tuple(reasons), figures, tuple(options))


def _options(turn: _Turn, stakes: _Stakes) -> list[tuple[ActionDoc, float]]:
    """The worth of a search (or a confrontation) here now, of each move (in Training, with a
    search at the place moved to on this slot) and of passing, as far as they are legal."""
    view, actions, gain, cost, ahead = turn.view, turn.actions, stakes.gain, stakes.cost, stakes.ahead
    here = turn.odds[0][view.pawn]
    can_search = "search" in actions
    options: list[tuple[ActionDoc, float]] = []
    if can_search:
        options.append(({"action": "search"}, here * gain - (1 - here) * cost))
    if "move" in actions:
        for y in turn.near[view.pawn][1:]:
            there = turn.spot(0, y, gain, cost) if turn.training and can_search else 0.0
            options.append(({"action": "move", "to": y}, max(there, ahead[y] - 1.0) + turn.key_gain(y)))
    if "pass" in actions:
        options.append(({"action": "pass"}, ahead[view.pawn] - 1.0))
    return options


def _ranked(turn: _Turn, options: list[tuple[ActionDoc, float]]
            ) -> tuple[list[tuple[ActionDoc, float]], dict[str, tuple[str, float, int]]]:
    """The options (best first) as the plan ranks them: a search where she cannot be is a
    certain miss, never the advice; when she can be nowhere within reach of any move, they are
    reordered by :func:`_unreached`. With them, where each move (or staying) aims (:func:`_target`)."""
    view = turn.view
    if turn.odds[0][view.pawn] == 0 and options[0][0]["action"] == "search" and len(options) > 1:
        options.append(options.pop(0))
    aim = {doc.get("to", view.pawn): _target(turn, doc.get("to", view.pawn))
           for doc, _ in options if doc["action"] in ("move", "pass")}
    if options[0][0]["action"] in ("move", "pass") and all(chance == 0 for _, chance, _ in aim.values()):
        options = _unreached(turn, options)
    return options, aim


def _reveal(turn: _Turn, searching: bool, guess_ok: bool) -> ReasonCode | None:
    """Why to reveal the suit card now, or None: only when it may settle something (it proves
    her traits for sure, or the clue deck is empty; or, just before a search, it proves them
    with some chance or a guess is the best hope), since it adds a card to every flight."""
    if "reveal_suit_card" not in turn.actions or turn.proven:
        return None
    if turn.suit_proves >= 1.0:
        return "reveal.proves"
    if turn.deck == 0:
        return "reveal.deck-empty"
    if searching and turn.suit_proves > 0:
        return "reveal.may-prove"
    return "reveal.guess" if searching and guess_ok else None


def _action_reasons(turn: _Turn, best: ActionDoc, gained: float, aim: Mapping[str, tuple[str, float, int]],
                    stakes: _Stakes) -> list[Reason]:
    """Why the action ``best``: the chance a search or confrontation rests on (and what a search
    costs), why the move or the wait, or what the fog card is worth beyond the best other
    action (``gained``)."""
    view, action = turn.view, best["action"]
    here = turn.odds[0][view.pawn]
    if action == "confront" and turn.proven:
        return [Reason("confront.proven", {"traits": best["traits"], "chance": here})]
    if action == "confront":
        return [Reason("confront.guess", {"traits": best["traits"], "guess": turn.progress.guess.chance,
                                          "chance": here, "prove_in_time": stakes.time_chance})]
    if action == "search":
        return [Reason("search.odds", {"location": view.pawn, "chance": here}),
                Reason("search.cost", {"cards": turn.held, "fog": turn.fog - 1})]
    if action == "fog":
        return [Reason("fog.use", {"value": gained})]
    return _move_reasons(turn, best.get("to", view.pawn), aim, stakes.gain, stakes.cost, stakes.ahead)


def _aside_reasons(turn: _Turn, best: ActionDoc, fog_value: float | None, others: float,
                   searching: bool) -> list[Reason]:
    """What the plan adds beside its action: what the fog card not used would be worth, or that
    the top card is a fog card; else, when a search is put off where she may be, her chance there."""
    view = turn.view
    using_fog = best["action"] == "fog"
    if fog_value is not None and not using_fog:
        return [Reason("fog.skip", {"value": others - fog_value})]
    if view.top is None and not using_fog:
        return [Reason("fog.top")]
    here = turn.odds[0][view.pawn]
    if "search" in turn.actions and not searching and here > 0:
        return [Reason("wait.odds", {"location": view.pawn, "chance": here})]
    return []


def _move_reasons(turn: _Turn, to: str, aim: Mapping[str, tuple[str, float, int]], gain: float, cost: float,
                  ahead: Mapping[str, float]) -> list[Reason]:
    """Why move to ``to`` (or stay, when it is the pawn's place): the chance the move rests on,
    or, when she cannot be within reach in the turns looked at, what the move is for instead."""
    view = turn.view
    target, chance, turns = aim[to]
    if to != view.pawn and turn.training and "search" in turn.actions and turn.spot(0, to, gain, cost) > 0 \
            and turn.spot(0, to, gain, cost) >= ahead[to] - 1.0:
        return [Reason("move.search", {"location": to, "chance": turn.odds[0][to]})]
    if chance == 0:
        reasons = [Reason("reach.none", {"turns": len(turn.odds) - 1})]
        far, far_chance = _likeliest(turn)
        if to != view.pawn and turn.key_gain(to) > 0:
            reasons.append(Reason("move.keys", {"location": to, "keys": turn.keys_left, "route": turn.route}))
        elif to != view.pawn:
            reasons.append(Reason("move.closer", {"location": to, "target": far, "chance": far_chance,
                                                  "turns": len(turn.odds) - 1}))
        else:
            reasons.append(Reason("wait.landmark", {"location": to}))
        return reasons
    if to == view.pawn:
        return [Reason("stay", {"location": to, "target": target, "chance": chance, "turns": turns})]
    if turn.key_gain(to) > 0 and chance < 0.5:
        return [Reason("move.keys", {"location": to, "keys": turn.keys_left, "route": turn.route})]
    return [Reason("move.chase", {"location": to, "target": target, "chance": chance, "turns": turns})]


def _target(turn: _Turn, first: str) -> tuple[str, float, int]:
    """Where standing at ``first`` next turn aims: the place the pawn can reach from it in the
    turns looked at (one step a turn, and in Training a search one step further) where she is
    likeliest when the pawn can be there, with that chance and the turns ahead (0 when she can
    be nowhere within reach)."""
    dist = turn.routes.dist[turn.routes.index[first]]
    ids = turn.routes.ids
    chance, target, turns = 0.0, first, 1
    for k, odds in enumerate(turn.odds[1:], start=1):
        reach = k - 1 + int(turn.training)
        for i, x in enumerate(ids):
            if dist[i] <= reach and odds[x] > chance:   # the first of the likeliest, in the order looked at
                chance, target, turns = odds[x], x, k
    return target, chance, turns


def _likeliest(turn: _Turn) -> tuple[str, float]:
    """Where she is likeliest on the last slot looked at, anywhere on the board (the first in board order)."""
    odds = turn.odds[-1]
    target = max(turn.routes.ids, key=lambda x: odds[x])
    return target, odds[target]


def _unreached(turn: _Turn, options: list[tuple[ActionDoc, float]]) -> list[tuple[ActionDoc, float]]:
    """The options, reordered when she can be nowhere within reach: none rests on her odds, and
    moves of the same worth (the same steps saved on the route through the keys still needed)
    are ranked by how near they bring the pawn to where she is likeliest further on, staying
    (passing, to see the next landmarks) first among those as near."""
    view, routes = turn.view, turn.routes
    far, _ = _likeliest(turn)
    dist = routes.dist[routes.index[far]]

    def rank(item: tuple[ActionDoc, float]) -> tuple[float, int, int]:
        doc, value = item
        near = dist[routes.index[doc.get("to", view.pawn)]] if doc["action"] in ("move", "pass") else 0
        return (-value, near, int(doc["action"] == "move"))

    return sorted(options, key=rank)


def _fog_value(turn: _Turn, stakes: _Stakes) -> float:
    """The worth of using the fog card on top: the mean over the cards it may be (see the module)
    of its action's worth (:data:`FOG_WORTH`), less a fog card's worth when it is discarded."""
    worth = FogWorth(turn, stakes.gain, stakes.ahead, stakes.ahead[turn.view.pawn] - 1.0, turn.scarcity())
    total = 0.0
    for card, chance in fog_odds(turn.rules, turn.view).items():
        fog_card = turn.rules.fog_card(card)
        keep = -worth.spend if fog_card.discard else 0.0
        total += chance * (FOG_WORTH[fog_card.action](worth) + keep)
    return total


@dataclass(frozen=True)
class FogWorth:
    """The worth of each fog action if the card on top carries it, in cards of the stealth deck:
    one method per action, from the decision (``turn``), ``G`` (``gain``), ``D_1`` (``ahead``),
    the worth of staying put for the turn the card takes (``stay``) and of a fog card now
    (``spend``, :meth:`_Turn.scarcity`). An action that could not be carried out now loses."""

    turn: _Turn
    gain: float
    ahead: Mapping[str, float]
    stay: float
    spend: float

    @property
    def lost(self) -> float:
        return -self.turn.w.loss

    def glimpse(self) -> float:
        """A landmark seen two cards ahead."""
        return self.stay + 0.5

    def lantern(self) -> float:
        """Whether she is here now: less than a landmark ahead."""
        return self.stay + 0.3

    def keyhole(self) -> float:
        """A landmark's worth, and the chance of seeing her here next turn, worth a share of ``G``."""
        return self.stay + 0.5 + 0.5 * self.turn.odds[1][self.turn.view.pawn] * self.gain

    def wherry(self) -> float:
        """The best place one or two steps away, with the keys claimed on the way."""
        turn, board = self.turn, self.turn.rules.board
        one = turn.near[turn.view.pawn][1:]   # in board order: the key claimed on the way must not hang on set order
        two = set(one).union(*(board.neighbours(x) for x in one))
        return max(self.ahead[d] - 1.0 + turn.key_gain(d, [x for x in one if board.adjacent(x, d)][:1]) for d in two)

    def linkboy(self) -> float:
        """The key that shortens the route most; with every key claimed, a glimpse."""
        turn = self.turn
        if not turn.unclaimed:
            return self.glimpse()
        return self.stay + max(turn.key_gain(turn.view.pawn, [x]) for x in turn.rules.board.location_ids
                               if x not in turn.view.visited)

    def slip(self) -> float:
        """A card she slips unseen (lost when it runs the countdown out)."""
        return self.lost if self.turn.left <= 2 else self.stay - 1.0 - self.turn.w.sight

    def curfew(self) -> float:
        """A card she flees unseen for each clue held (lost when they run the countdown out)."""
        turn = self.turn
        return self.lost if turn.left <= turn.held + 1 else self.stay - turn.held * (1 + turn.w.sight)

    def damp(self) -> float:
        """One more fog card gone (lost when the fog deck would be empty)."""
        return self.lost if self.turn.fog - 1 <= 0 else self.stay - self.spend

    def lost_key(self) -> float:
        """The key of the pawn's place given back: nothing once the suit card is in hand, lost
        when the key is not held."""
        view = self.turn.view
        if view.hand.holds_suit_card:
            return self.stay
        if view.pawn not in view.visited:
            return self.lost
        return self.stay - 2 * self.turn.key_weight

    def crowd(self) -> float:
        """The best visited neighbour to be swept to (lost when there is none)."""
        turn, board = self.turn, self.turn.rules.board
        back = [x for x in board.neighbours(turn.view.pawn) if x in turn.view.visited]
        return max((self.ahead[x] - 1.0 + turn.key_gain(x) for x in back), default=self.lost)


#: The advisor's worth of each fog action, by action id (one for every action of
#: :data:`deduce.game.fog.ACTIONS`).
FOG_WORTH: dict[str, Callable[[FogWorth], float]] = {
    "glimpse": FogWorth.glimpse, "lantern": FogWorth.lantern, "keyhole": FogWorth.keyhole,
    "wherry": FogWorth.wherry, "linkboy": FogWorth.linkboy, "slip": FogWorth.slip, "curfew": FogWorth.curfew,
    "damp": FogWorth.damp, "lost-key": FogWorth.lost_key, "crowd": FogWorth.crowd,
}


class PlanBot:
    """A bot that plays by the plan (``deduce simulate --bot advisor``)."""

    def __init__(self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS):
        self.rules = rules
        self.weights = weights

    def choose(self, view: PlayerView, actions: Sequence[Action], pending: Pending | None) -> ActionDoc:
        plan = make_plan(self.rules, view, actions, pending, self.weights)
        return plan.send if plan.send is not None else {"action": "pass"}
