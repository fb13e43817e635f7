"""The standing (SPEC 10): how the game stands for what the player saw, if the plan is followed to the end.

Core module, no I/O. :func:`standing` estimates the chance of winning and the expected points
(a lost game counts 0) by playouts: each draws a hidden state consistent with everything the
player saw (:func:`draw`), as the deal (:func:`deduce.game.setup.deal`) would have drawn it given
the view, then plays :class:`~deduce.game.plan.PlanBot` from there to the end.

What a draw is made of, each part as the deal draws it, conditioned on the view:

- her card: uniform among her suit's cards the player has not seen (not in hand; the other one
  when the suit card is revealed) — the deal draws her uniformly among all ladies, and the clue
  deck's size does not depend on which of her suit she is, so the cards seen weigh each alike;
- her walk: the cut of the stealth sequence the player set up (the view carries it), uniform among
  the cuts whose walk fits every observation of the trail (:meth:`PlayerView.track_query`, each
  observation's own test :meth:`~deduce.where.query.SlotObservation.admits`);
- the clue deck: the ladies the deal puts in it that are not in hand, in a uniform random order;
- the fog cards: followed through the trail as the plan follows them
  (:class:`~deduce.game.plan.FogDeck`): the known ones where the trail puts them, every other card
  in a uniform random arrangement over the places the player cannot name (the front of the fog
  deck, the fog cards lying in searched slots, the cards discarded unseen).

It is a function of the view, the legal actions and the fog card waiting: the draws are seeded
from a digest of them, so the same view gives the same figures. A view holding cards typed at the
table that match no card of the set (:attr:`PlayerView.typed`) has none: its clue deck is unknown.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace

from typing_extensions import TypedDict

from deduce.game.actions import Action, Pending
from deduce.game.bot import play_out
from deduce.game.hand import who
from deduce.game.material import Rules, StealthOrder
from deduce.game.plan import FogDeck, PlanBot, unknown_front
from deduce.game.setup import Deal, Setup
from deduce.game.state import State
from deduce.game.table import Table
from deduce.game.trail import fog_card_entry
from deduce.game.view import PlayerView

__all__ = [
    "PLAYOUTS",
    "Chance",
    "Mean",
    "NoDeal",
    "Standing",
    "StandingJSON",
    "Stopped",
    "draw",
    "fitting_cuts",
    "her_cards",
    "standing",
]

#: Playouts of a standing by default. A playout is a few dozen decisions of the plan: 6 to 16 ms on one core of
#: the 2-core machine it was measured on (shipped rules, every mode, at the start and six actions in), so 100
#: answer in 0.6 to 1.6 s; 15 to 70 ms a playout while the machine was busy with other work (load 11).
PLAYOUTS = 100
#: Most actions a playout takes before it is stopped and counted as lost (a game ends long before).
MAX_ACTIONS = 2000
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


class NoDeal(ValueError):
    """No hidden state fits the view: no cut of the sequence fits the trail, or no card is left for her, or
    cards typed that match no card of the set leave the clue deck unknown (a situation typed at the table can
    be so; a game's view never is)."""


class Stopped(Exception):
    """A standing abandoned before its playouts were done (its ``stop`` said so)."""


class ChanceJSON(TypedDict):
    chance: float
    low: float
    high: float


class MeanJSON(TypedDict):
    mean: float
    low: float
    high: float


class StandingJSON(TypedDict):
    """The standing's answer (SPEC 10): the chance of winning and the expected points, each with its
    95 % interval, and the number of playouts."""

    win: ChanceJSON
    points: MeanJSON
    playouts: int


@dataclass(frozen=True)
class Chance:
    """A chance estimated from ``wins`` of ``n`` trials, with its Wilson 95 % interval (sound near 0 and 1,
    where the normal approximation's is not)."""

    chance: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: int, n: int) -> Chance:
        p = wins / n
        centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
        half = Z95 / (1 + Z95 ** 2 / n) * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n))
        # no wins (all wins) reach 0 (1) exactly, as the formula does without rounding
        return cls(p, 0.0 if wins == 0 else centre - half, 1.0 if wins == n else centre + half)

    def to_json(self) -> ChanceJSON:
        return {"chance": self.chance, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Mean:
    """A mean of samples, with its 95 % interval by the normal approximation: the mean ± 1.96 standard
    errors, the standard error from the samples' standard deviation (n − 1)."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Mean:
        n = len(samples)
        mean = sum(samples) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1)) if n > 1 else 0.0
        half = Z95 * sd / math.sqrt(n)
        return cls(mean, mean - half, mean + half)

    def to_json(self) -> MeanJSON:
        return {"mean": self.mean, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Standing:
    """How the game stands if the plan is followed: the chance of winning, the points (0 for a lost game)."""

    win: Chance
    points: Mean
    playouts: int

    def to_json(self) -> StandingJSON:
        return {"win": self.win.to_json(), "points": self.points.to_json(), "playouts": self.playouts}


# -- what the player cannot see, as the deal draws it given the view -------------------------

def her_cards(rules: Rules, view: PlayerView) -> tuple[str, ...]:
    """The cards she may be: her suit's cards not in hand, the other one of two when the suit card is revealed."""
    cards = rules.cards
    out = []
    for lady in cards.ladies_of_suit(view.suit):
        partner = cards.partner(lady)
        if lady.id in view.clues or lady.id == view.suit_card:
            continue
        if view.suit_card is None or (partner is not None and partner.id == view.suit_card):
            out.append(lady.id)
    return tuple(out)


def stealth_order(rules: Rules, view: PlayerView) -> StealthOrder:
    """The stealth sequence the player set up, as the view names it; ValueError when it is not the
    deck the view describes (its length, how it moves)."""
    deck = rules.order(view.sequence_doc, view.reverse)
    if (deck.length, deck.moves) != (view.length, view.moves):
        raise NoDeal(f"the sequence {view.sequence_doc} has {deck.length} cards that move {deck.moves!r}, "
                     f"the view {view.length} that move {view.moves!r}")
    return deck


def fitting_cuts(rules: Rules, view: PlayerView) -> tuple[int, ...]:
    """The cuts of the stealth sequence whose walk fits every observation of the trail, the tracker's own
    test for each (what the cut puts her at on the observation's slot must be admitted)."""
    deck = stealth_order(rules, view)
    seen = view.track_query().observations
    return tuple(cut for cut in range(deck.length)
                 if all(o.admits(rules.board, deck.location(cut + o.slot)) for o in seen))


def _clue_deck(rules: Rules, view: PlayerView, dark: str) -> list[str]:
    """The clue deck's cards not in hand, as the deal would have made it with ``dark`` her card."""
    cards = rules.cards
    partner = cards.partner(cards.lady(dark))
    removed = cards.removed_suit(view.mode, view.suit)
    return [lady.id for lady in cards.ladies if lady.id != dark and lady.id not in view.clues
            and lady.suit != removed and (partner is None or lady.id != partner.id)]


def _followed(rules: Rules, view: PlayerView, pending: Pending | None) -> PlayerView:
    """The view with the fog card waiting as used: it left its slot and the fog deck took its place,
    though its trail entry is written only once it is resolved."""
    if pending is None:
        return view
    # its result is not known yet; the follower reads only whether it was the damp tinder, which asks nothing
    return replace(view, trail=(*view.trail, fog_card_entry(view.slot, pending.card, "impossible")))


@dataclass(frozen=True)
class _Fog:
    """The fog cards of a draw: the fog deck from the top, the card in each searched slot, the discards."""

    deck: list[str]
    in_slot: dict[int, str]
    discarded: list[str]


def _draw_fog(rules: Rules, view: PlayerView, rng: random.Random) -> _Fog:
    """Every fog card whose place the player cannot name, shuffled over those places; the others where the
    trail puts them (:class:`~deduce.game.plan.FogDeck`)."""
    followed = FogDeck.follow(rules, view)
    in_slot = {slot: card for slot, card in followed.slot_card.items() if card is not None}
    known_discards = followed.placed - set(followed.known) - set(in_slot.values())
    unseen = [f.id for f in rules.fog if f.id not in known_discards | set(followed.known) | set(in_slot.values())]
    rng.shuffle(unseen)
    blind = sorted(slot for slot, card in followed.slot_card.items() if card is None)
    if len(unseen) < followed.unknown + len(blind):
        raise NoDeal("the trail uses more fog cards than the rules have")
    front, rest = unseen[:followed.unknown], unseen[followed.unknown:]
    in_slot |= dict(zip(blind, rest, strict=False))
    discarded = sorted(known_discards) + rest[len(blind):]
    return _Fog(front + list(followed.known), in_slot, discarded)


def _turn_flags(view: PlayerView, actions: Sequence[Action], pending: Pending | None) -> tuple[bool, bool, bool]:
    """What was done this turn (moved, searched, a clue gained), read back from the legal actions
    (:func:`deduce.game.turn.legal_actions`, whose rule they come from)."""
    if pending is not None:
        return False, False, False
    if view.top is None:  # fog on top: it may be used unless the pawn moved or searched (Training: not both)
        searched = "fog" not in actions and "move" in actions
        return "move" not in actions, searched, False
    return "move" not in actions, "search" not in actions, "search" in actions and "confront" not in actions


def draw(rules: Rules, view: PlayerView, actions: Sequence[Action], pending: Pending | None,
         rng: random.Random) -> State:
    """A hidden state drawn as the deal draws it, given everything in ``view``: its player's view is ``view``,
    its legal actions ``actions``, the fog card waiting ``pending``. ValueError when no hidden state fits."""
    if not actions:
        raise ValueError("the game is over")
    if view.typed:
        raise NoDeal("cards typed that match no card of the set leave the clue deck unknown: no standing")
    cuts, ladies = fitting_cuts(rules, view), her_cards(rules, view)
    if not cuts or not ladies:
        raise NoDeal("no hidden state fits the view: " + ("no cut of the sequence fits the trail" if not cuts
                                                          else "no card of her suit is left"))
    dark = rng.choice(ladies)
    clue_deck = _clue_deck(rules, view, dark)
    rng.shuffle(clue_deck)
    cut = rng.choice(cuts)
    followed = _followed(rules, view, pending)
    fog = _draw_fog(rules, followed, rng)
    # no card of the fog deck is known at the start, so its front the player cannot name was then all of it
    setup = Setup(view.mode, view.sequence, view.reverse, seed=0, discard_fog=len(rules.fog)
                  - unknown_front(rules, followed))
    removed = rules.cards.removed_suit(view.mode, view.suit)
    start = next((e["location"] for e in view.trail if e["kind"] == "key"), view.pawn)
    dealt = Deal(start, dark, tuple(clue_deck), tuple(x.id for x in rules.cards.ladies_of_suit(removed))
                 if removed else (), tuple(fog.deck), tuple(fog.discarded), cut)
    state = State.new(rules, setup, dealt)
    moved, searched, clue = _turn_flags(view, actions, pending)
    state.table = Table(pos=view.slot, countdown=view.countdown, pawn=view.pawn, visited=set(view.visited),
                        fog_deck=fog.deck, fog_discarded=fog.discarded, fog_in_slot=fog.in_slot,
                        clue_deck=clue_deck, clues=list(view.clues), suit_card_revealed=view.suit_card is not None,
                        trail=list(view.trail), round=state.table.round, moved_this_turn=moved,
                        searched_this_turn=searched, clue_this_turn=clue, pending=pending,
                        proven=who(rules.cards, view.hand).status == "solved")
    return state


# -- the playouts ------------------------------------------------------------------------------

def view_seed(view: PlayerView, actions: Sequence[Action], pending: Pending | None) -> int:
    """A seed that is a stable digest of the view, the legal actions and the fog card waiting (the same
    in every process: the keys claimed are sorted, not in a set's order)."""
    parts = {f.name: getattr(view, f.name) for f in fields(view)}
    parts["visited"] = sorted(view.visited)
    doc = json.dumps([parts, list(actions), repr(pending)], sort_keys=True, default=repr)
    return int.from_bytes(hashlib.sha256(doc.encode()).digest()[:8], "big")


def playout(state: State, bot: PlanBot) -> tuple[bool, int]:
    """Whether the game from ``state`` played by ``bot`` to the end is won, and its points: its score if won,
    else 0 (a game still unfinished after :data:`MAX_ACTIONS` actions counts as lost)."""
    end = play_out(state, bot, MAX_ACTIONS).table.end
    if end is None or end.state != "won" or end.score is None:
        return False, 0
    return True, end.score


def standing(rules: Rules, view: PlayerView, actions: Sequence[Action], pending: Pending | None = None,
             playouts: int = PLAYOUTS, seed: int | None = None, stop: Callable[[], bool] | None = None) -> Standing:
    """How the game stands if the plan is followed from here: ``playouts`` hidden states drawn given the
    view (:func:`draw`), each played out by the plan. The chance of winning comes with its Wilson 95 %
    interval, the mean points (a lost game 0) with the normal approximation's (the mean ± 1.96 standard
    errors of the sample). The draws are seeded from the view (:func:`view_seed`) unless ``seed`` is given.
    ``stop``, asked before each playout, abandons the work (:class:`Stopped`): whoever asked has gone."""
    if playouts < 1:
        raise ValueError("a standing takes at least one playout")
    rng = random.Random(view_seed(view, actions, pending) if seed is None else seed)
    bot = PlanBot(rules)
    games = []
    for _ in range(playouts):
        if stop is not None and stop():
            raise Stopped("the standing was abandoned")
        games.append(playout(draw(rules, view, actions, pending, rng), bot))
    return Standing(Chance.of(sum(won for won, _ in games), playouts), Mean.of([p for _, p in games]), playouts)
