"""The rules engine: a whole game of Black Sonata, played one action at a time (SPEC 8).

Core module, no I/O. A game is its :class:`Setup` (mode, stealth sequence, start, seed,
...) plus the list of actions the player took: :func:`replay` rebuilds it exactly, because
every random choice (the Dark Lady, the clue and fog decks, the cut, the start when none
is given) is made once, at the deal, from the seed.

The stealth deck is modelled as the cyclic list of its L cards plus the countdown card,
which always sits between the last and the first card of the cycle: ``pos`` counts the
cards moved from top to bottom since the start (the countdown card never counts), so the
top card is slot ``pos mod L`` and the countdown card comes up every time ``pos`` reaches
a multiple of L. A searched card is replaced by a fog card in the same slot, so her path
never changes.

What the player can know is kept apart from the hidden state: :meth:`Game.player_view`
projects the visible part (pawn, keys, revealed clues, countdown, the top card's back,
and the log of every landmark, fog card and search outcome seen), and the view JSON, the
end-of-game verdict and the hints (:func:`hints`) are computed from that alone.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deduce.document import is_int, type_name
from deduce.errors import Illegal, InputError, Problems, unknown
from deduce.game.fog import ACTIONS, FogCard
from deduce.where.board import Board
from deduce.where.query import MOVES, SlotObservation, TrackQuery
from deduce.where.stealth import POSITIONS, Sequence
from deduce.where.stealth import StealthDeck as StealthCards
from deduce.where.tracker import track
from deduce.who.cardfile import key_to_json
from deduce.who.cards import MODES, CardSet
from deduce.who.deduction import Deduction, deduce
from deduce.who.query import Query, observe_lady

#: The countdown card's starting number, by mode (2 unless listed).
COUNTDOWN_START = {"easy": 3}
#: Points added at the end of a won game, by mode (Training halves instead).
MODE_BONUS = {"easy": -30, "advanced": 5, "expert": 5}
#: Expert mode: points for each fog card discarded at setup.
EXPERT_DISCARD_POINTS = 5
#: Points for each card left in the fog deck.
FOG_CARD_POINTS = 2
#: Ranks by score: (lowest score of the rank, id, English name), best last.
RANKS = ((-math.inf, "chimney-sweeper", "chimney-sweeper"),
         (20, "golden-lad", "golden lad/girl"),
         (41, "fair-youth", "fair youth/maid"),
         (61, "immortal-bard", "immortal bard"))
#: Fields of a game's setup document (SPEC 8, POST /v1/games).
SETUP_FIELDS = ("mode", "sequence", "reverse", "start", "seed", "discard_fog")
#: Stealth sequence choices: a position printed on the cards, or a rulebook sequence.
SEQUENCE_KINDS = ("position", "rulebook")
#: Every action a player may send, with the fields each one takes.
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "move": ("to",), "search": (), "confront": ("traits",), "fog": (),
    "resolve": ("path", "location", "to"), "pass": (), "reveal_suit_card": (),
}
MAX_SEED = 2 ** 63 - 1
#: Verdicts on a confrontation, judged from the player's view at the time.
VERDICTS = ("proven", "lucky-guess", "wrong")



@dataclass(frozen=True)
class StealthOrder:
    """A stealth sequence ready to play: card ids with their locations, in deck order."""

    name: str
    cards: tuple[tuple[str, str], ...]
    moves: str

    @property
    def length(self) -> int:
        return len(self.cards)

    def location(self, slot: int) -> str:
        return self.cards[slot % len(self.cards)][1]


@dataclass(frozen=True)
class Rules:
    """Everything a game is played with: the clue cards, the map, the fog cards, and a way
    to build a stealth deck from a sequence choice (``{"position": 3}`` or
    ``{"rulebook": "easy-1"}``) and a direction; it raises :class:`InputError` for an
    unknown choice."""

    cards: CardSet
    board: Board
    fog: tuple[FogCard, ...]
    order: Callable[[Mapping[str, Any], bool], StealthOrder]

    def fog_card(self, fog_id: str) -> FogCard:
        return next(f for f in self.fog if f.id == fog_id)


# -- setup ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """The player's choices for a game, and its seed (normalised; stored with the game)."""

    mode: str = "normal"
    sequence: tuple[str, Any] = ("position", 1)
    reverse: bool = False
    start: str | None = None
    seed: int = 0
    discard_fog: int = 0

    @property
    def sequence_doc(self) -> dict:
        return {self.sequence[0]: self.sequence[1]}

    def to_json(self) -> dict:
        return {"mode": self.mode, "sequence": self.sequence_doc, "reverse": self.reverse,
                "start": self.start, "seed": self.seed, "discard_fog": self.discard_fog}


def parse_setup(rules: Rules, doc: Any, default_seed: int = 0) -> Setup:
    """Read a setup document (all fields optional); every problem is named by its field."""
    if doc is None:
        doc = {}
    if not isinstance(doc, Mapping):
        raise InputError.at((), f"a game setup must be an object; got {type_name(doc)}")
    problems = Problems()
    bad = problems.add
    for name in doc:
        if name not in SETUP_FIELDS:
            bad((str(name),), f"unknown field; expected some of: {', '.join(SETUP_FIELDS)}")
    mode = doc.get("mode", "normal")
    if mode not in MODES:
        bad(("mode",), unknown("mode", mode, MODES))
        mode = "normal"
    sequence: tuple[str, Any] = ("position", 1)
    seq_doc = doc.get("sequence", {"position": 1})
    if not isinstance(seq_doc, Mapping) or len(seq_doc) != 1 or next(iter(seq_doc)) not in SEQUENCE_KINDS:
        bad(("sequence",), 'expected {"position": 1..8} or {"rulebook": "<name>"}')
    else:
        sequence = next(iter(seq_doc.items()))
    reverse = doc.get("reverse", False)
    if not isinstance(reverse, bool):
        bad(("reverse",), f"expected true or false, got {type_name(reverse)}")
        reverse = False
    start = doc.get("start")
    if start is not None and (not isinstance(start, str) or not rules.board.has_location(start)):
        bad(("start",), unknown("location", start, rules.board.location_ids))
    seed = doc.get("seed", default_seed)
    if seed is None:
        seed = default_seed
    if not is_int(seed) or not 0 <= seed <= MAX_SEED:
        bad(("seed",), f"expected a whole number from 0 to {MAX_SEED}, got {seed!r}")
    discard = doc.get("discard_fog")
    if mode == "expert":
        discard = 1 if discard is None else discard
        if not is_int(discard) or not 1 <= discard <= len(rules.fog) - 1:
            bad(("discard_fog",), f"Expert discards 1 to {len(rules.fog) - 1} fog cards at setup; got {discard!r}")
    elif discard not in (None, 0) or isinstance(discard, bool):
        bad(("discard_fog",), "fog cards are discarded at setup only in expert mode")
    try:
        rules.cards.removed_suit(mode, rules.cards.suit_ids[0])
    except ValueError as exc:
        bad(("mode",), f"this card set cannot be played in {mode} mode: {exc}")
    problems.raise_if_any()
    setup = Setup(mode, sequence, reverse, start, seed, discard if mode == "expert" else 0)
    rules.order(setup.sequence_doc, reverse)  # unknown sequences are refused here, at setup
    return setup


@dataclass(frozen=True)
class Deal:
    """The hidden state dealt at setup: everything the seed decides."""

    start: str
    dark_lady: str
    clue_deck: tuple[str, ...]
    removed: tuple[str, ...]
    fog_deck: tuple[str, ...]
    fog_discarded: tuple[str, ...]
    cut: int


def deal(rules: Rules, setup: Setup, deck: StealthOrder) -> Deal:
    """Shuffle and deal from the seed, in a fixed order, so a seed always gives the same game."""
    rng = random.Random(setup.seed)
    cards = rules.cards
    start = setup.start or rng.choice(rules.board.location_ids)
    fog = [f.id for f in rules.fog]
    rng.shuffle(fog)
    ladies = [lady.id for lady in cards.ladies]
    rng.shuffle(ladies)
    dark = cards.lady(ladies[0])
    partner = cards.partner(dark)
    removed_suit = cards.removed_suit(setup.mode, dark.suit)
    removed = tuple(x.id for x in cards.ladies_of_suit(removed_suit)) if removed_suit else ()
    clue_deck = [x for x in ladies[1:] if x not in removed and (partner is None or x != partner.id)]
    rng.shuffle(clue_deck)
    cut = rng.randrange(deck.length)
    n = setup.discard_fog
    return Deal(start, dark.id, tuple(clue_deck), removed, tuple(fog[n:]), tuple(fog[:n]), cut)


# -- scoring -------------------------------------------------------------------------

def score(mode: str, length: int, cards_above: int, countdown: int, fog_left: int, discarded_at_setup: int = 0) -> int:
    """The rulebook's score of a won game.

    ``cards_above`` is the number of cards above the countdown card; the countdown's
    number counts one whole sequence each; every fog card left is worth 2; then the
    mode's adjustment: Training halves (rounding up), Easy -30, Advanced +5, Expert +5
    and +5 for each fog card discarded at setup.
    """
    points = cards_above + countdown * length + FOG_CARD_POINTS * fog_left
    if mode == "training":
        return -(-points // 2)
    points += MODE_BONUS.get(mode, 0)
    if mode == "expert":
        points += EXPERT_DISCARD_POINTS * discarded_at_setup
    return points


def rank(points: int) -> tuple[str, str]:
    """The rank (id, English name) of a score."""
    best = RANKS[0]
    for entry in RANKS:
        if points >= entry[0]:
            best = entry
    return best[1], best[2]


# -- what the player knows -----------------------------------------------------------

@dataclass(frozen=True)
class PlayerView:
    """Everything a careful player at the table knows, and nothing else."""

    mode: str
    suit: str
    length: int
    moves: str
    slot: int
    pawn: str
    visited: frozenset[str]
    top: str | None                      # the top card's landmark, None for a fog card
    countdown: int
    fog_deck: int
    clues: tuple[str, ...]               # revealed clue cards, in order
    suit_card: str | None                # revealed suit card
    observations: tuple[SlotObservation, ...]

    def track_query(self, now: int | None = None) -> TrackQuery:
        return TrackQuery(self.length, self.moves, self.slot if now is None else now, self.observations)


def who(cards: CardSet, view: PlayerView) -> Deduction:
    """What the revealed clues (and the suit card, once revealed) prove about her traits."""
    clues = [observe_lady(cards, c) for c in view.clues]
    if view.suit_card is not None:
        clues.append(observe_lady(cards, view.suit_card, "suit_card"))
    return deduce(cards, Query(suit=view.suit, clues=tuple(clues)))


def hints(rules: Rules, view: PlayerView) -> dict:
    """WHO (deduction from the revealed clues and her suit) and WHERE (tracking from what
    was seen of the stealth deck), from the player's view alone."""
    return {"who": who(rules.cards, view).to_json(),
            "where": track(rules.board, view.track_query()).to_json()}


# -- the game ------------------------------------------------------------------------

@dataclass
class _State:
    """The mutable state of a game (hidden and visible alike)."""

    pos: int
    countdown: int
    pawn: str
    visited: set[str]
    fog_deck: list[str]
    fog_discarded: list[str]
    fog_in_slot: dict[int, str]
    clue_deck: list[str]
    clues: list[str] = field(default_factory=list)
    suit_card_revealed: bool = False
    observations: list[SlotObservation] = field(default_factory=list)
    state: str = "playing"
    round: int = 0
    moved_this_turn: bool = False
    clue_this_turn: bool = False
    pending: dict | None = None
    end: dict | None = None
    version: int = 0
    proven: bool = False


class Game:
    """One game: create with :meth:`new` (or :func:`replay`), then :meth:`act` per action."""

    def __init__(self, rules: Rules, setup: Setup, deck: StealthOrder, dealt: Deal, state: _State, id: str = ""):
        self.rules = rules
        self.setup = setup
        self.deck = deck
        self.deal = dealt
        self.s = state
        self.id = id
        self._events: list[dict] = []

    # -- creation ------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, setup: Setup, dealt: Deal | None = None, id: str = "") -> Game:
        """Set up a game; ``dealt`` overrides the seed's deal (tests use it to compare hidden states)."""
        deck = rules.order(setup.sequence_doc, setup.reverse)
        if deck.moves not in MOVES:
            raise ValueError(f"stealth deck {deck.name!r} has unknown moves {deck.moves!r}")
        dealt = dealt or deal(rules, setup, deck)
        cards = deck.cards[dealt.cut:] + deck.cards[:dealt.cut]
        deck = StealthOrder(deck.name, cards, deck.moves)
        state = _State(pos=0, countdown=COUNTDOWN_START.get(setup.mode, 2), pawn=dealt.start,
                       visited={dealt.start}, fog_deck=list(dealt.fog_deck),
                       fog_discarded=list(dealt.fog_discarded), fog_in_slot={},
                       clue_deck=list(dealt.clue_deck))
        game = cls(rules, setup, deck, dealt, state, id)
        game._say("setup", f"You start at {game._place(dealt.start)}; her card's back shows the "
                           f"{game._suit_name(game.suit)} suit.")
        game._observe_top()
        game._lady_moves()
        game._events.clear()
        return game

    def clone(self) -> Game:
        """An independent copy to try an action on (rules and deal are shared, immutable)."""
        return Game(self.rules, self.setup, self.deck, self.deal, copy.deepcopy(self.s), self.id)

    # -- facts -----------------------------------------------------------------

    @property
    def cards(self) -> CardSet:
        return self.rules.cards

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def suit(self) -> str:
        return self.cards.lady(self.deal.dark_lady).suit

    @property
    def suit_card(self) -> str | None:
        partner = self.cards.partner(self.cards.lady(self.deal.dark_lady))
        return partner.id if partner else None

    @property
    def length(self) -> int:
        return self.deck.length

    @property
    def slot(self) -> int:
        return self.s.pos % self.length

    @property
    def top_is_fog(self) -> bool:
        return self.slot in self.s.fog_in_slot

    @property
    def over(self) -> bool:
        return self.s.state != "playing"

    @property
    def clues_held(self) -> int:
        """Clues in the player's hand; the revealed suit card is one of them."""
        return len(self.s.clues) + int(self.s.suit_card_revealed)

    def can_reveal_suit_card(self) -> bool:
        return (not self.over and not self.s.suit_card_revealed and self.suit_card is not None
                and self.s.visited >= set(self.board.location_ids))

    def legal_actions(self) -> list[str]:
        """The actions allowed now, in a stable order."""
        if self.over:
            return []
        out: list[str] = []
        if self.s.pending is not None:
            out.append("resolve")
        else:
            if not self.s.moved_this_turn:
                out.append("move")
            if not self.top_is_fog:
                out.append("search")
                if not self.s.clue_this_turn:
                    out.append("confront")
            elif not self.s.moved_this_turn:
                out.append("fog")
            out.append("pass")
        if self.can_reveal_suit_card():
            out.append("reveal_suit_card")
        return out

    # -- the player's view -----------------------------------------------------

    def player_view(self) -> PlayerView:
        top = None if self.top_is_fog else self.board.landmark_of(self.deck.location(self.slot))
        return PlayerView(
            mode=self.setup.mode, suit=self.suit, length=self.length, moves=self.deck.moves,
            slot=self.s.pos, pawn=self.s.pawn, visited=frozenset(self.s.visited), top=top,
            countdown=self.s.countdown, fog_deck=len(self.s.fog_deck), clues=tuple(self.s.clues),
            suit_card=self.suit_card if self.s.suit_card_revealed else None,
            observations=tuple(self.s.observations))

    def view(self) -> dict:
        """The VIEW JSON of SPEC 8: only what the player can know (plus the end, once over)."""
        pv = self.player_view()
        return {
            "id": self.id, "version": self.s.version, "state": self.s.state, "mode": pv.mode,
            "suit": pv.suit, "pawn": pv.pawn,
            "visited": [loc for loc in self.board.location_ids if loc in pv.visited],
            "top": {"fog": True} if pv.top is None else {"landmark": pv.top},
            "slot": pv.slot, "moves": pv.moves, "length": pv.length, "countdown": pv.countdown,
            "fog_deck": pv.fog_deck, "clues": [self._clue_json(c) for c in pv.clues],
            "suit_card": self._clue_json(pv.suit_card) if pv.suit_card else None,
            "pending": copy.deepcopy(self.s.pending), "actions": self.legal_actions(),
            "end": copy.deepcopy(self.s.end),
        }

    def hints(self) -> dict:
        return hints(self.rules, self.player_view())

    # -- acting ----------------------------------------------------------------

    def act(self, doc: Any) -> list[dict]:
        """Carry out one player action; return the events the player saw, in order.

        Malformed actions raise :class:`InputError`, actions the rules forbid now raise
        :class:`Illegal`; in both cases the game is unchanged.
        """
        name = self._check_shape(doc)
        if self.over:
            raise Illegal(f"the game is over ({self.s.state}); no more actions")
        if name not in self.legal_actions():
            raise Illegal(self._why_not(name))
        handler = getattr(self, "_do_" + name)
        handler(doc)  # handlers validate everything before changing anything
        self.s.version += 1
        events, self._events = self._events, []
        return events

    def _check_shape(self, doc: Any) -> str:
        if not isinstance(doc, Mapping):
            raise InputError.at((), f"an action must be an object with an 'action' field; got {type_name(doc)}")
        name = doc.get("action")
        if name not in ACTION_FIELDS:
            raise InputError.at(("action",), f"unknown action {name!r}; expected one of: {', '.join(ACTION_FIELDS)}")
        for key in doc:
            if key not in ("action", "version") + ACTION_FIELDS[name]:
                raise InputError.at((str(key),), f"'{name}' takes no field {key!r}"
                                    + (f"; it takes: {', '.join(ACTION_FIELDS[name])}" if ACTION_FIELDS[name] else ""))
        return name

    def _why_not(self, name: str) -> str:
        if self.s.pending is not None and name != "resolve":
            return f"the fog card '{self.s.pending['card']}' waits for its action: send 'resolve' with '{self.s.pending['asks']}'"
        reasons = {
            "resolve": "there is no fog action waiting to be resolved",
            "move": "you have already moved this turn",
            "search": "the top card is a fog card: you cannot search this turn",
            "confront": ("you gained a clue this turn: confront on a later turn" if self.s.clue_this_turn
                         else "the top card is a fog card: you cannot search this turn"),
            "fog": ("the top card is not a fog card" if not self.top_is_fog
                    else "in Training a fog action cannot follow a move"),
            "reveal_suit_card": ("the suit card is already revealed" if self.s.suit_card_revealed
                                 else "the suit card is revealed only once every location key is claimed"),
        }
        return reasons.get(name, f"'{name}' is not allowed now")

    # -- actions ---------------------------------------------------------------

    def _location_arg(self, doc: Mapping, name: str) -> str:
        value = doc.get(name)
        if not isinstance(value, str) or not self.board.has_location(value):
            raise InputError.at((name,), f"expected a location id such as {self.board.location_ids[0]!r}, got {value!r}")
        return value

    def _do_move(self, doc: Mapping) -> None:
        to = self._location_arg(doc, "to")
        if not self.board.adjacent(self.s.pawn, to):
            raise Illegal(f"{to} is not next to {self.s.pawn}; you can move to: "
                          f"{', '.join(sorted(self.board.neighbours(self.s.pawn)))}")
        self._enter(to)
        if self.setup.mode == "training":
            self.s.moved_this_turn = True  # Training: the turn goes on (search, confront or pass)
        else:
            self._end_turn()

    def _do_pass(self, doc: Mapping) -> None:
        self._say("pass", "You wait.")
        self._end_turn()

    def _do_search(self, doc: Mapping) -> None:
        self._search(None)

    def _do_confront(self, doc: Mapping) -> None:
        traits = doc.get("traits")
        k = self.cards.traits_per_lady
        if (not isinstance(traits, list) or len(traits) != k or len(set(map(str, traits))) != k
                or not all(isinstance(t, str) and self.cards.has_trait(t) for t in traits)):
            raise InputError.at(("traits",), f"name exactly {k} different traits from: {', '.join(self.cards.trait_ids)}")
        self._search(self.cards.mask(traits))

    def _do_reveal_suit_card(self, doc: Mapping) -> None:
        self.s.suit_card_revealed = True
        self._gain_clue_event(self.suit_card, "You turn over the suit card from under the keys")

    def _do_fog(self, doc: Mapping) -> None:
        if not self.s.fog_deck:
            self._lose("no-fog-card", "No fog card was left to slide under the fog card: the Lady is lost.")
            return
        old = self.s.fog_in_slot[self.slot]
        self.s.fog_in_slot[self.slot] = self.s.fog_deck.pop(0)
        card = self.rules.fog_card(old)
        if card.discard:
            self.s.fog_discarded.append(old)
        else:
            self.s.fog_deck.append(old)
        self._say("fog", f"Fog card: {card.name.get()}. {card.text.get()}", card=card.id, fog_action=card.action)
        self._fog_action(card)

    def _do_resolve(self, doc: Mapping) -> None:
        pending = self.s.pending
        asks = pending["asks"]
        for key in doc:
            if key not in ("action", "version", asks):
                raise InputError.at((key,), f"this fog action asks for '{asks}', not {key!r}")
        if asks == "path":
            path = doc.get("path")
            if not isinstance(path, list) or not 1 <= len(path) <= 2:
                raise InputError.at(("path",), "expected a list of one or two location ids")
            for i, loc in enumerate(path):
                if not isinstance(loc, str) or not self.board.has_location(loc):
                    raise InputError.at(("path", i), f"unknown location {loc!r}")
            here = self.s.pawn
            for loc in path:
                if not self.board.adjacent(here, loc):
                    raise Illegal(f"{loc} is not next to {here}")
                here = loc
            for loc in path:
                self._enter(loc)
        else:
            value = self._location_arg(doc, asks)
            if value not in pending["choices"]:
                raise Illegal(f"{value} is not one of the choices: {', '.join(pending['choices'])}")
            self._resolve(pending["action"], value)
        self.s.pending = None
        self._end_turn()

    # -- rules -----------------------------------------------------------------

    def _search(self, confront: int | None) -> None:
        """A search, or a confrontation when ``confront`` (a trait mask) is given."""
        here = self.s.pawn
        if not self.s.fog_deck:
            self._lose("no-fog-card", "No fog card was left to slide under the stealth card: the Lady is lost.")
            return
        self.s.fog_in_slot[self.slot] = self.s.fog_deck.pop(0)
        found = self.deck.location(self.slot) == here
        self.s.observations.append(SlotObservation(self.s.pos, "searched", location=here, found=found))
        if found and confront is not None:
            self._confront(confront)
            return
        if found:
            if self.s.clue_deck:
                self._gain_clue_event(self.s.clue_deck.pop(0), f"She is here, at {self._place(here)}! Clue")
            else:
                self._say("found", f"She is here, at {self._place(here)}, but the clue deck is empty.")
        else:
            self._say("not-found", f"She is not at {self._place(here)}.", location=here)
        self._claim(here)
        self._flee(self.clues_held)
        self._end_turn()

    def _confront(self, named: int) -> None:
        dark = self.cards.lady(self.deal.dark_lady)
        proven = who(self.cards, self.player_view())
        right = named == self.cards.lady_mask(dark)
        verdict = "wrong" if not right else "proven" if proven.status == "solved" else "lucky-guess"
        confronted = {"traits": list(self.cards.unmask(named)), "verdict": verdict}
        if right:
            points = score(self.setup.mode, self.length, self.length - self.slot, self.s.countdown,
                           len(self.s.fog_deck), self.setup.discard_fog)
            rid, rname = rank(points)
            self._finish("won", "unmasked", f"You unmask the Dark Lady: {dark.name.get()}. You win!",
                         confronted=confronted, score=points, rank=rid, rank_name=rname)
        else:
            self._finish("lost", "wrong-traits", f"The Dark Lady is {dark.name.get()}; your traits do not match.",
                         confronted=confronted)

    def _fog_action(self, card: FogCard) -> None:
        """Carry out a revealed fog card's action (or ask for its parameter); impossible loses."""
        action = card.action
        s = self.s
        if action == "glimpse":
            ahead = s.pos + 2
            if ahead % self.length in s.fog_in_slot:
                obs = SlotObservation(ahead, "fog")
                self._say("glimpse", "The card after next is a fog card.", slot=ahead)
            else:
                mark = self.board.landmark_of(self.deck.location(ahead))
                obs = SlotObservation(ahead, "landmark", landmark=mark)
                self._say("glimpse", f"The card after next shows the landmark {self._landmark(mark)}.",
                          slot=ahead, landmark=mark)
            s.observations.append(obs)
        elif action == "lantern":
            if s.fog_discarded:
                s.fog_deck.append(s.fog_discarded.pop())
                self._say("lantern", "A discarded fog card goes back under the fog deck.")
            else:
                s.fog_deck.remove(card.id)
                s.fog_discarded.append(card.id)
                self._say("lantern", "No fog card was discarded: this card is discarded instead.")
        elif action == "slip":
            self._say("slip", "She slips one card further along her path.")
            self._advance(1)
            self._observe_top()
        elif action == "curfew":
            self._flee(self.clues_held)
        elif action == "damp":
            if not s.fog_deck:
                self._lose("fog-impossible", "There is no fog card to discard: the action cannot be carried out.")
                return
            s.fog_discarded.append(s.fog_deck.pop(0))
            self._say("damp", "The top card of the fog deck is discarded.")
        elif action == "lost-key":
            if s.suit_card_revealed:
                self._say("lost-key", "The suit card is already yours: the keys no longer matter.")
            elif s.pawn in s.visited:
                s.visited.discard(s.pawn)
                self._say("lost-key", f"The key of {self._place(s.pawn)} goes back on the stack.", location=s.pawn)
            else:
                self._lose("fog-impossible", "You do not hold the key of your location: the action cannot be carried out.")
        else:
            choices = self._choices(action)
            if not choices:
                self._lose("fog-impossible", "There is no way to carry out this fog action.")
                return
            s.pending = {"card": card.id, "action": action, "asks": ACTIONS[action].asks,
                         "text": card.text.get(), "choices": choices}
            return
        self._end_turn()

    def _choices(self, action: str) -> list[str]:
        """The values a pending fog action accepts (for ``wherry``: reachable destinations)."""
        board, s = self.board, self.s
        if action == "wherry":
            one = board.neighbours(s.pawn)
            two = set(one).union(*(board.neighbours(x) for x in one))
            return [x for x in board.location_ids if x in two]
        if action == "keyhole":
            return list(board.location_ids)
        if action == "linkboy":
            return [x for x in board.location_ids if x not in s.visited]
        if action == "crowd":
            return [x for x in board.location_ids if board.adjacent(s.pawn, x) and x in s.visited]
        raise ValueError(f"fog action {action!r} takes no parameter")  # pragma: no cover

    def _resolve(self, action: str, value: str) -> None:
        if action == "keyhole":
            nxt = self.s.pos + 1
            if nxt % self.length in self.s.fog_in_slot:
                self._say("keyhole", "The next card is a fog card: the keyhole shows nothing.")
            else:
                found = self.deck.location(nxt) == value
                self.s.observations.append(SlotObservation(nxt, "searched", location=value, found=found))
                self._say("keyhole", f"Next turn she will {'' if found else 'not '}be at {self._place(value)}.",
                          slot=nxt, location=value, found=found)
        elif action == "linkboy":
            self._claim(value)
        elif action == "crowd":
            self._enter(value)

    def _enter(self, loc: str) -> None:
        self.s.pawn = loc
        self._say("move", f"You go to {self._place(loc)}.", location=loc)
        self._claim(loc)

    def _claim(self, loc: str) -> None:
        if loc not in self.s.visited:
            self.s.visited.add(loc)
            left = len(self.board.location_ids) - len(self.s.visited)
            self._say("key", f"You claim the key of {self._place(loc)}"
                      + (f"; {left} to go." if left else "; every key is yours: the suit card can be revealed."),
                      location=loc)

    def _gain_clue_event(self, card_id: str, intro: str) -> None:
        lady = self.cards.lady(card_id)
        if card_id != self.suit_card:
            self.s.clues.append(card_id)
        self.s.clue_this_turn = True
        self.s.proven = who(self.cards, self.player_view()).status == "solved"
        self._say("clue", f"{intro}: {lady.name.get()} ({', '.join(self._trait(t) for t in lady.traits)}).",
                  card=card_id)

    def _flee(self, count: int) -> None:
        if count and not self.over:
            self._say("flee", f"She flees {count} card{'s' if count != 1 else ''} along her path, unseen.", cards=count)
            self._advance(count)
            self._observe_top()

    def _advance(self, count: int) -> None:
        """Move ``count`` stealth-deck cards to the bottom; the countdown card is activated
        each time it comes up but never counted."""
        for _ in range(count):
            if self.over:
                return
            self.s.pos += 1
            if self.s.pos % self.length == 0:
                if self.s.countdown == 0:
                    self._lose("countdown", "The countdown card comes up showing 0: time has run out.")
                    return
                self.s.countdown -= 1
                self._say("countdown", f"The countdown card comes up and is turned to {self.s.countdown}.",
                          countdown=self.s.countdown)

    def _observe_top(self) -> None:
        if self.over:
            return
        if self.top_is_fog:
            self.s.observations.append(SlotObservation(self.s.pos, "fog"))
            self._say("top", "The top card is a fog card.", slot=self.s.pos, fog=True)
        else:
            mark = self.board.landmark_of(self.deck.location(self.slot))
            self.s.observations.append(SlotObservation(self.s.pos, "landmark", landmark=mark))
            self._say("top", f"The top card shows the landmark {self._landmark(mark)}.", slot=self.s.pos, landmark=mark)

    def _end_turn(self) -> None:
        if not self.over:
            self._lady_moves()

    def _lady_moves(self) -> None:
        """A new round: the Lady moves one card, then it is the player's turn."""
        self.s.round += 1
        self.s.moved_this_turn = False
        self.s.clue_this_turn = False
        self._advance(1)
        self._observe_top()

    def _lose(self, reason: str, message: str) -> None:
        self._finish("lost", reason, message)

    def _finish(self, state: str, reason: str, message: str, confronted: dict | None = None,
                score: int | None = None, rank: str | None = None, rank_name: str | None = None) -> None:
        dark = self.cards.lady(self.deal.dark_lady)
        self.s.state = state
        self.s.pending = None
        self.s.end = {
            "reason": reason, "message": message,
            "dark_lady": self._clue_json(dark.id) | {"suit": dark.suit},
            "score": score, "rank": rank, "rank_name": rank_name,
            "confronted": confronted, "proven": self.s.proven,
        }
        self._say("end", message, state=state, reason=reason)

    # -- words -------------------------------------------------------------------

    def _say(self, kind: str, text: str, **data: Any) -> None:
        self._events.append({"event": kind, "text": text, **data})

    def _place(self, loc: str) -> str:
        return self.board.location(loc).name.get()

    def _landmark(self, mark: str) -> str:
        return next(m.name.get() for m in self.board.landmarks if m.id == mark)

    def _trait(self, trait: str) -> str:
        return self.cards.trait(trait).name.get()

    def _suit_name(self, suit: str) -> str:
        return self.cards.suit(suit).name.get()

    def _clue_json(self, card_id: str) -> dict:
        lady = self.cards.lady(card_id)
        return {"card": lady.id, "name": lady.name.get(), "traits": list(lady.traits),
                "key": key_to_json(lady.key, self.cards.suit_ids)}


def replay(rules: Rules, setup: Setup, actions: list[Mapping], id: str = "") -> Game:
    """Rebuild a game from its setup and the actions it accepted."""
    game = Game.new(rules, setup, id=id)
    for doc in actions:
        game.act(doc)
    return game


def stealth_orders(deck: StealthCards, sequences: tuple[Sequence, ...]) -> Callable[[Mapping[str, Any], bool], StealthOrder]:
    """The :attr:`Rules.order` of a stealth deck and the rulebook's extra sequences.

    ``{"position": n}`` sorts the cards with a letter in position n (A→Z, or Z→A reversed);
    ``{"rulebook": name}`` takes the named sequence (reversed on request).
    """
    by_name = {s.name: s for s in sequences}

    def order(choice: Mapping[str, Any], reverse: bool) -> StealthOrder:
        kind, value = next(iter(choice.items()))
        if kind == "position":
            if not is_int(value) or not 1 <= value <= POSITIONS:
                raise InputError.at(("sequence", "position"), f"expected a position from 1 to {POSITIONS}, got {value!r}")
            seq = deck.position(value, reverse)
        else:
            if not isinstance(value, str) or value not in by_name:
                raise InputError.at(("sequence", "rulebook"),
                                    f"unknown rulebook sequence {value!r}; expected one of: {', '.join(by_name)}")
            seq = by_name[value].reversed() if reverse else by_name[value]
        return StealthOrder(seq.name, tuple((c, deck.location_of(c)) for c in seq.cards), seq.moves)

    return order
