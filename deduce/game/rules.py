"""The rules: a whole game of Black Sonata, played one action at a time (SPEC 8).

Core module, no I/O. A game is its :class:`~deduce.game.setup.Setup` (mode, stealth
sequence, start, seed, ...) plus the list of actions the player took: :func:`replay`
rebuilds it exactly, because every random choice (the Dark Lady, the clue and fog decks,
the cut, the start when none is given) is made once, at the deal, from the seed.

The stealth deck is modelled as the cyclic list of its L cards plus the countdown card,
which always sits between the last and the first card of the cycle: ``pos`` counts the
cards moved from top to bottom since the start (the countdown card never counts), so the
top card is slot ``pos mod L`` and the countdown card comes up every time ``pos`` reaches
a multiple of L. A searched card is replaced by a fog card in the same slot, so her path
never changes. What is discarded (at setup in Expert, or after a fog card's action) stays
discarded: no action brings a fog card back, so each fog card is counted once in the score.

The rules emit :class:`~deduce.game.events.Event` values, never words; :meth:`Game.act`
answers them in the game's language. What they refuse is a code and parameters too
(:mod:`deduce.game.refusals`), its English sentence the exception's message. What the
player can know is kept apart from the hidden state: the rules write everything the
player sees or does to the trail (:mod:`deduce.game.trail`) as it happens;
:meth:`Game.player_view` projects the visible part, and the VIEW, the verdict on a
confrontation and the hints are computed from that alone (the WHERE hints from the trail alone).

The rules of SPEC 8 that a turn follows: a move, a search (or a confrontation), a fog
action or a pass ends the turn, except in Training, where a turn holds one move and one
search in either order; revealing the suit card (once every key is claimed) is a free
action that never ends or uses up a turn, and does not stop a confrontation that turn.
:data:`RULES_VERSION` numbers these rules; :func:`replay` refuses, with
:class:`ReplayRefused`, a game recorded under older rules that they would play differently.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from deduce.document import type_name
from deduce.errors import Illegal, InputError, RefusalParam, clip, shown
from deduce.game.events import Event, EventCode, EventJSON, Param, Words
from deduce.game.fog import ACTIONS, FogCard
from deduce.game.hints import HintsJSON, hints
from deduce.game.material import Rules, StealthOrder
from deduce.game.refusals import RefusalCode, malformed, refused
from deduce.game.scoring import RankId, ScoreTermJSON, breakdown, rank
from deduce.game.setup import Deal, Setup, deal
from deduce.game.trail import (
    FogResult,
    TrailEntryJSON,
    clue_entry,
    countdown_entry,
    flee_entry,
    fog_card_entry,
    fog_entry,
    key_entry,
    landmark_entry,
    search_entry,
)
from deduce.game.view import (
    Action,
    Confronted,
    End,
    EndReason,
    FogWarningJSON,
    GameState,
    Pending,
    PlayerView,
    Verdict,
    ViewJSON,
    clue_json,
    who,
)
from deduce.text.phrases import phrase
from deduce.where.board import Board
from deduce.where.stealth import is_moves
from deduce.who.cards import CardSet

#: The countdown card's starting number, by mode (2 unless listed).
COUNTDOWN_START = {"easy": 3}
#: Every action a player may send, with the fields each one takes.
ACTION_FIELDS: dict[Action, tuple[str, ...]] = {
    "move": ("to",), "search": (), "confront": ("traits",), "fog": (),
    "resolve": ("path", "location", "to"), "pass": (), "reveal_suit_card": (),
}
#: Verdicts on a confrontation, judged from the player's view at the time.
VERDICTS: tuple[Verdict, ...] = ("proven", "lucky-guess", "wrong")
#: The version of the rules below. 1: the first engine (a search ended a Training turn,
#: the suit card blocked a confrontation, the lantern returned discarded fog cards);
#: 2: SPEC 8 as revised for issue 10.
RULES_VERSION = 2


class ReplayRefused(Illegal):
    """A recorded game that these rules refuse, or cannot replay as it was played (one
    recorded under older rules, see :data:`RULES_VERSION`); the API answers it with 409.

    Its code is always ``replay-refused``; its message says in English what was refused."""

    def __init__(self, message: str, code: str = "replay-refused", params: Mapping[str, RefusalParam] | None = None):
        super().__init__(message, code, params)


@dataclass
class Table:
    """Everything on the table, hidden and visible alike: the rules change it as the game
    goes; outside the rules, only tests read or set it (to stage a position)."""

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
    trail: list[TrailEntryJSON] = field(default_factory=list)
    state: GameState = "playing"
    round: int = 0
    moved_this_turn: bool = False
    searched_this_turn: bool = False
    clue_this_turn: bool = False
    pending: Pending | None = None
    end: End | None = None
    version: int = 0
    proven: bool = False


class Game:
    """One game: create with :meth:`new` (or :func:`replay`), then :meth:`act` per action.

    Read where it stands through :attr:`state`, :attr:`version`, :attr:`round`,
    :attr:`pending`, :attr:`end` and :meth:`view`; its words are in :attr:`lang`.
    """

    def __init__(self, rules: Rules, setup: Setup, deck: StealthOrder, dealt: Deal, table: Table,
                 id: str = "", lang: str = "en"):
        self.rules = rules
        self.setup = setup
        self.deck = deck
        self.deal = dealt
        self.table = table
        self.id = id
        self.words = Words(rules, lang)
        self._events: list[Event] = []

    # -- creation ------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, setup: Setup, dealt: Deal | None = None, id: str = "", lang: str = "en") -> Game:
        """Set up a game; ``dealt`` overrides the seed's deal (tests use it to compare hidden states)."""
        deck = rules.order(setup.sequence_doc, setup.reverse)
        if not is_moves(deck.moves):
            raise ValueError(f"stealth deck {deck.name!r} has unknown moves {deck.moves!r}")
        dealt = dealt or deal(rules, setup, deck)
        table = Table(pos=0, countdown=COUNTDOWN_START.get(setup.mode, 2), pawn=dealt.start,
                      visited={dealt.start}, fog_deck=list(dealt.fog_deck),
                      fog_discarded=list(dealt.fog_discarded), fog_in_slot={},
                      clue_deck=list(dealt.clue_deck))
        game = cls(rules, setup, deck.cut(dealt.cut), dealt, table, id, lang)
        game._note(key_entry(0, dealt.start))  # the starting key is claimed at setup
        game._observe_top()                     # the player sees the top card (slot 0) at setup
        game._lady_moves()
        game._events.clear()
        return game

    def clone(self) -> Game:
        """An independent copy to try an action on (rules and deal are shared, immutable)."""
        return Game(self.rules, self.setup, self.deck, self.deal, copy.deepcopy(self.table), self.id, self.lang)

    # -- where it stands ---------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.words.lang

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def version(self) -> int:
        """How many actions the game has accepted."""
        return self.table.version

    @property
    def round(self) -> int:
        return self.table.round

    @property
    def pending(self) -> Pending | None:
        """The fog card waiting for ``resolve``, if any."""
        return self.table.pending

    @property
    def end(self) -> End | None:
        return self.table.end

    @property
    def over(self) -> bool:
        return self.table.state != "playing"

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
        return self.table.pos % self.length

    @property
    def top_is_fog(self) -> bool:
        return self.slot in self.table.fog_in_slot

    @property
    def clues_held(self) -> int:
        """Clues in the player's hand; the revealed suit card is one of them."""
        return len(self.table.clues) + int(self.table.suit_card_revealed)

    def can_reveal_suit_card(self) -> bool:
        return (not self.over and not self.table.suit_card_revealed and self.suit_card is not None
                and self.table.visited >= set(self.board.location_ids))

    def fog_cards_impossible_now(self) -> tuple[str, ...]:
        """The fog cards whose action could not be carried out if revealed now (using one loses).

        Each card is tried on a copy of the game as if it were the fog card on top. Whether an
        action can be carried out depends only on what the player sees (the pawn, the keys,
        the fog cards left), so the answer reveals nothing hidden. Empty unless a fog card is
        on top and ``fog`` is legal.
        """
        if "fog" not in self.legal_actions():
            return ()
        out = []
        for card in self.rules.fog:
            trial = self.clone()
            trial.table.fog_in_slot[trial.slot] = card.id
            trial._do_fog({})
            if trial.end is not None and trial.end.reason == "fog-impossible":
                out.append(card.id)
        return tuple(out)

    def legal_actions(self) -> list[Action]:
        """The actions allowed now, in a stable order."""
        if self.over:
            return []
        out: list[Action] = []
        s = self.table
        if s.pending is not None:
            out.append("resolve")
        else:
            if not s.moved_this_turn:
                out.append("move")
            if not self.top_is_fog:
                if not s.searched_this_turn:
                    out.append("search")
                    if not s.clue_this_turn:
                        out.append("confront")
            elif not s.moved_this_turn and not s.searched_this_turn:
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
            slot=self.table.pos, pawn=self.table.pawn, visited=frozenset(self.table.visited), top=top,
            countdown=self.table.countdown, fog_deck=len(self.table.fog_deck), clues=tuple(self.table.clues),
            suit_card=self.suit_card if self.table.suit_card_revealed else None,
            trail=tuple(self.table.trail))

    def view(self) -> ViewJSON:
        """The VIEW JSON of SPEC 8: only what the player can know (plus the end, once over)."""
        pv = self.player_view()
        pending, end = self.table.pending, self.table.end
        return {
            "id": self.id, "version": self.table.version, "state": self.table.state, "mode": pv.mode,
            "suit": pv.suit, "pawn": pv.pawn,
            "visited": [loc for loc in self.board.location_ids if loc in pv.visited],
            "top": {"fog": True} if pv.top is None else {"landmark": pv.top},
            "slot": pv.slot, "moves": pv.moves, "length": pv.length, "countdown": pv.countdown,
            "fog_deck": pv.fog_deck, "clues": [clue_json(self.words, c) for c in pv.clues],
            "suit_card": clue_json(self.words, pv.suit_card) if pv.suit_card else None,
            "pending": pending.to_json(self.words) if pending else None, "actions": self.legal_actions(),
            "end": end.to_json(self.words) if end else None,
            "trail": [cast(TrailEntryJSON, dict(entry)) for entry in pv.trail],
            "fog_warning": self.fog_warning(),
        }

    def fog_warning(self) -> FogWarningJSON | None:
        """What to know before using the fog card on top: an impossible action loses, and which
        fog cards would be impossible now (None when no fog card may be used)."""
        if "fog" not in self.legal_actions():
            return None
        impossible = self.fog_cards_impossible_now()
        if not impossible:
            return {"text": phrase(self.lang, "fog.warning.safe"), "impossible": []}
        names = ", ".join(self.rules.fog_card(c).name.get(self.lang) for c in impossible)
        return {"text": phrase(self.lang, "fog.warning.risk", cards=names), "impossible": list(impossible)}

    def hints(self) -> HintsJSON:
        """WHO from the revealed clues, WHERE from the trail alone, and the plan from the view, the legal
        actions and the fog card waiting (:func:`~deduce.game.hints.hints`)."""
        return hints(self.rules, self.player_view(), self.legal_actions(), self.table.pending, self.lang)

    # -- acting ----------------------------------------------------------------

    def act(self, doc: Any) -> list[EventJSON]:
        """Carry out one player action; return the events the player saw, in order, in the game's language.

        Malformed actions raise :class:`InputError`, actions the rules forbid now raise
        :class:`Illegal`, each with a refusal code and parameters (:mod:`deduce.game.refusals`);
        in both cases the game is unchanged.
        """
        name = self._check_shape(doc)
        if self.over:
            raise self._refused("game-over", state=self.table.state)
        if name not in self.legal_actions():
            raise self._why_not(name)
        handlers = {"move": self._do_move, "search": self._do_search, "confront": self._do_confront,
                    "fog": self._do_fog, "resolve": self._do_resolve, "pass": self._do_pass,
                    "reveal_suit_card": self._do_reveal_suit_card}
        handlers[name](doc)  # handlers validate everything before changing anything
        self.table.version += 1
        events, self._events = self._events, []
        return [self.words.to_json(e) for e in events]

    def _refused(self, code: RefusalCode, **params: RefusalParam) -> Illegal:
        return refused(self.rules, code, **params)

    def _malformed(self, loc: tuple[str | int, ...], code: RefusalCode, **params: RefusalParam) -> InputError:
        return malformed(self.rules, loc, code, **params)

    def _check_shape(self, doc: Any) -> Action:
        if not isinstance(doc, Mapping):
            raise self._malformed((), "not-an-action", got=type_name(doc))
        name = doc.get("action")
        if not isinstance(name, str) or name not in ACTION_FIELDS:  # type first: a list is no dict key
            raise self._malformed(("action",), "unknown-action", got=shown(name), actions=list(ACTION_FIELDS))
        for key in doc:
            if key not in ("action", "version") + ACTION_FIELDS[name]:
                field = clip(str(key))
                if ACTION_FIELDS[name]:
                    raise self._malformed((field,), "unexpected-field", action=name, field=str(field),
                                          fields=list(ACTION_FIELDS[name]))
                raise self._malformed((field,), "takes-no-fields", action=name, field=str(field))
        return name

    def _why_not(self, name: Action) -> Illegal:
        """Why ``name``, not among the legal actions, is refused now."""
        s = self.table
        if s.pending is not None and name not in ("resolve", "reveal_suit_card"):
            return self._refused("fog-card-waiting", card=s.pending.card, asks=s.pending.asks)
        if name == "resolve":
            return self._refused("no-fog-card-waiting")
        if name == "move":
            return self._refused("already-moved")
        if name in ("search", "confront"):
            # a clue comes only from a search, so a confrontation after one is refused as a second search
            return self._refused("already-searched" if s.searched_this_turn else "fog-on-top")
        if name == "fog":
            return self._refused("fog-after-action" if self.top_is_fog else "not-fog-on-top")
        if s.suit_card_revealed:
            return self._refused("suit-card-revealed")
        if self.suit_card is None:
            return self._refused("no-suit-card")
        return self._refused("suit-card-keys")

    # -- actions ---------------------------------------------------------------

    def _location_arg(self, doc: Mapping[str, Any], name: str) -> str:
        value = doc.get(name)
        if not isinstance(value, str) or not self.board.has_location(value):
            raise self._malformed((name,), "bad-location", example=self.board.location_ids[0], got=shown(value))
        return value

    def _do_move(self, doc: Mapping[str, Any]) -> None:
        to = self._location_arg(doc, "to")
        if not self.board.adjacent(self.table.pawn, to):
            raise self._not_adjacent(to, self.table.pawn)
        self._enter(to)
        self.table.moved_this_turn = True
        self._end_turn_unless_training()

    def _do_pass(self, doc: Mapping[str, Any]) -> None:
        self._say("pass")
        self._end_turn()

    def _do_search(self, doc: Mapping[str, Any]) -> None:
        self._search(None)

    def _do_confront(self, doc: Mapping[str, Any]) -> None:
        traits = doc.get("traits")
        k = self.cards.traits_per_lady
        if (not isinstance(traits, list) or len(traits) != k or len(set(map(str, traits))) != k
                or not all(isinstance(t, str) and self.cards.has_trait(t) for t in traits)):
            raise self._malformed(("traits",), "bad-traits", count=k, traits=list(self.cards.trait_ids))
        self._search(self.cards.mask(traits))

    def _do_reveal_suit_card(self, doc: Mapping[str, Any]) -> None:
        """A free action: the turn goes on, and a confrontation stays allowed (it is not a search)."""
        self.table.suit_card_revealed = True
        assert self.suit_card is not None  # legal only when there is one
        self._gain_clue("clue.suit-card", self.suit_card, suit_card=True)

    def _do_fog(self, doc: Mapping[str, Any]) -> None:
        if not self.table.fog_deck:
            self._lose("end.no-fog-card.fog")
            return
        old = self.table.fog_in_slot[self.slot]
        self.table.fog_in_slot[self.slot] = self.table.fog_deck.pop(0)
        card = self.rules.fog_card(old)
        if card.discard:
            self.table.fog_discarded.append(old)
        else:
            self.table.fog_deck.append(old)
        self._say("fog", card=card.id, fog_action=card.action)
        self._fog_action(card)

    def _do_resolve(self, doc: Mapping[str, Any]) -> None:
        pending = self.table.pending
        assert pending is not None  # legal only when a fog card waits
        asks = pending.asks
        for key in doc:
            if key not in ("action", "version", asks):
                field = clip(str(key))
                raise self._malformed((field,), "resolve-field", asks=asks, field=str(field))
        if asks == "path":
            path = doc.get("path")
            if not isinstance(path, list) or not 1 <= len(path) <= 2:
                raise self._malformed(("path",), "bad-path")
            for i, loc in enumerate(path):
                if not isinstance(loc, str) or not self.board.has_location(loc):
                    raise self._malformed(("path", i), "bad-path-step", got=shown(loc))
            here = self.table.pawn
            for loc in path:
                if not self.board.adjacent(here, loc):
                    raise self._not_adjacent(loc, here)
                here = loc
            self._used(pending.card, "wherry", location=path[-1])
            for loc in path:
                self._enter(loc)
        else:
            value = self._location_arg(doc, asks)
            if value not in pending.choices:
                raise self._refused("not-a-choice", value=value, choices=list(pending.choices))
            self._resolve(pending.card, pending.action, value)
        self.table.pending = None
        self._end_turn()

    def _not_adjacent(self, to: str, here: str) -> Illegal:
        neighbours = [x for x in self.board.location_ids if self.board.adjacent(here, x)]
        return self._refused("not-adjacent", to=to, here=here, choices=neighbours)

    # -- rules -----------------------------------------------------------------

    def _search(self, confront: int | None) -> None:
        """A search, or a confrontation when ``confront`` (a trait mask) is given."""
        here = self.table.pawn
        if not self.table.fog_deck:
            self._lose("end.no-fog-card.search")
            return
        self.table.fog_in_slot[self.slot] = self.table.fog_deck.pop(0)
        found = self.deck.location(self.slot) == here
        self._note(search_entry(self.table.pos, here, found))
        if found and confront is not None:
            self._confront(confront)
            return
        if found:
            if self.table.clue_deck:
                self._gain_clue("clue.found", self.table.clue_deck.pop(0), location=here)
            else:
                self._say("found", extra={"location": here})
        else:
            self._say("not-found", location=here)
        self._claim(here)
        self._flee(self.clues_held)
        self.table.searched_this_turn = True
        self._end_turn_unless_training()

    def _confront(self, named: int) -> None:
        dark = self.cards.lady(self.deal.dark_lady)
        proven = who(self.cards, self.player_view())
        right = named == self.cards.lady_mask(dark)
        verdict: Verdict = "wrong" if not right else "proven" if proven.status == "solved" else "lucky-guess"
        confronted = Confronted(tuple(self.cards.unmask(named)), verdict)
        if right:
            terms = breakdown(self.setup.mode, self.length, self.length - self.slot, self.table.countdown,
                              len(self.table.fog_deck), self.setup.discard_fog)
            points = sum(t["points"] for t in terms)
            rid, rname = rank(points)
            self._finish("end.unmasked", confronted=confronted, score=points, rank=rid, rank_name=rname,
                         breakdown=tuple(terms))
        else:
            self._finish("end.wrong-traits", confronted=confronted)

    def _fog_action(self, card: FogCard) -> None:
        """Carry out a revealed fog card's action (or ask for its parameter); impossible loses.

        Each action used writes a ``fog_card`` entry to the trail, followed by what it showed
        (a landmark, a fog card or a search-like outcome on the slot it concerns)."""
        action = card.action
        s = self.table
        if action == "glimpse" or (action == "linkboy" and not self._choices(action)):
            self._glimpse(card)
        elif action == "lantern":
            found = self.deck.location(self.slot) == s.pawn
            self._used(card.id, "lantern.here" if found else "lantern.not-here", location=s.pawn)
            self._note(search_entry(s.pos, s.pawn, found, fog_card=card.id))
            self._say("lantern.here" if found else "lantern.not-here", slot=s.pos, location=s.pawn, found=found)
        elif action == "slip":
            self._used(card.id, "slip")
            self._say("slip")
            self._note(flee_entry(s.pos, 1))
            self._advance(1)
            self._observe_top()
        elif action == "curfew":
            self._used(card.id, "curfew")
            self._flee(self.clues_held)
        elif action == "damp":
            if not s.fog_deck:
                self._used(card.id, "impossible")
                self._lose("end.fog-impossible.damp")
                return
            s.fog_discarded.append(s.fog_deck.pop(0))
            self._used(card.id, "damp")
            self._say("damp")
        elif action == "lost-key":
            if s.suit_card_revealed:
                self._used(card.id, "lost-key.moot")
                self._say("lost-key.moot")
            elif s.pawn in s.visited:
                s.visited.discard(s.pawn)
                self._used(card.id, "lost-key", location=s.pawn)
                self._say("lost-key", location=s.pawn)
            else:
                self._used(card.id, "impossible")
                self._lose("end.fog-impossible.lost-key")
        else:
            choices = self._choices(action)
            if not choices:
                self._used(card.id, "impossible")
                self._lose("end.fog-impossible.no-choice")
                return
            asks = ACTIONS[action].asks
            assert asks is not None  # the actions carried out at once are handled above
            s.pending = Pending(card.id, action, asks, tuple(choices))
            return
        self._end_turn()

    def _glimpse(self, card: FogCard) -> None:
        """Show the player the back of the stealth card after next (the glimpse; the link-boy's word
        when every key is already claimed)."""
        s = self.table
        ahead = s.pos + 2
        if ahead % self.length in s.fog_in_slot:
            self._used(card.id, "glimpse.fog")
            self._note(fog_entry(ahead))
            self._say("glimpse.fog", slot=ahead)
        else:
            mark = self.board.landmark_of(self.deck.location(ahead))
            self._used(card.id, "glimpse.landmark")
            self._note(landmark_entry(ahead, mark))
            self._say("glimpse.landmark", slot=ahead, landmark=mark)

    def _choices(self, action: str) -> list[str]:
        """The values a pending fog action accepts (for ``wherry``: reachable destinations)."""
        board, s = self.board, self.table
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

    def _resolve(self, card: str, action: str, value: str) -> None:
        if action == "keyhole":
            nxt = self.table.pos + 1
            if nxt % self.length in self.table.fog_in_slot:
                self._used(card, "keyhole.fog", location=value)
                self._note(fog_entry(nxt))
                self._say("keyhole.fog")
            else:
                found = self.deck.location(nxt) == value
                self._used(card, "keyhole.there" if found else "keyhole.not-there", location=value)
                self._note(search_entry(nxt, value, found, fog_card=card))
                self._say("keyhole.there" if found else "keyhole.not-there", slot=nxt, location=value, found=found)
        elif action == "linkboy":
            self._used(card, "linkboy", location=value)
            self._claim(value)
        elif action == "crowd":
            self._used(card, "crowd", location=value)
            self._enter(value)

    def _enter(self, loc: str) -> None:
        self.table.pawn = loc
        self._say("move", location=loc)
        self._claim(loc)

    def _claim(self, loc: str) -> None:
        if loc not in self.table.visited:
            self.table.visited.add(loc)
            self._note(key_entry(self.table.pos, loc))
            left = len(self.board.location_ids) - len(self.table.visited)
            if left:
                self._say("key", location=loc, extra={"left": left})
            else:
                self._say("key.last", location=loc)

    def _gain_clue(self, code: EventCode, card_id: str, suit_card: bool = False, **where: Param) -> None:
        """A clue in hand; one gained by a search (not the suit card) forbids confronting this turn."""
        if not suit_card:
            self.table.clues.append(card_id)
            self.table.clue_this_turn = True
        self._note(clue_entry(self.table.pos, card_id, suit_card))
        self.table.proven = who(self.cards, self.player_view()).status == "solved"
        self._say(code, card=card_id, extra=where)

    def _flee(self, count: int) -> None:
        if count and not self.over:
            self._note(flee_entry(self.table.pos, count))
            self._say("flee", cards=count)
            self._advance(count)
            self._observe_top()

    def _advance(self, count: int) -> None:
        """Move ``count`` stealth-deck cards to the bottom; the countdown card is activated
        each time it comes up but never counted."""
        for _ in range(count):
            if self.over:
                return
            self.table.pos += 1
            if self.table.pos % self.length == 0:
                if self.table.countdown == 0:
                    self._lose("end.countdown")
                    return
                self.table.countdown -= 1
                self._note(countdown_entry(self.table.pos, self.table.countdown))
                self._say("countdown", countdown=self.table.countdown)

    def _observe_top(self) -> None:
        if self.over:
            return
        if self.top_is_fog:
            self._note(fog_entry(self.table.pos))
            self._say("top.fog", slot=self.table.pos, fog=True)
        else:
            mark = self.board.landmark_of(self.deck.location(self.slot))
            self._note(landmark_entry(self.table.pos, mark))
            self._say("top.landmark", slot=self.table.pos, landmark=mark)

    def _end_turn_unless_training(self) -> None:
        """After a move or a search: the turn ends, except in Training until it holds both."""
        s = self.table
        if self.setup.mode != "training" or (s.moved_this_turn and s.searched_this_turn):
            self._end_turn()

    def _end_turn(self) -> None:
        if not self.over:
            self._lady_moves()

    def _lady_moves(self) -> None:
        """A new round: the Lady moves one card, then it is the player's turn."""
        self.table.round += 1
        self.table.moved_this_turn = False
        self.table.searched_this_turn = False
        self.table.clue_this_turn = False
        self._advance(1)
        self._observe_top()

    def _lose(self, code: EventCode) -> None:
        self._finish(code)

    def _finish(self, code: EventCode, confronted: Confronted | None = None, score: int | None = None,
                rank: RankId | None = None, rank_name: str | None = None,
                breakdown: tuple[ScoreTermJSON, ...] = ()) -> None:
        """End the game with the ending ``end.<reason>[.<detail>]``."""
        reason = cast(EndReason, code.split(".")[1])
        state: GameState = "won" if reason == "unmasked" else "lost"
        params: dict[str, Param] = {"state": state, "reason": reason}
        extra = {"dark_lady": self.deal.dark_lady} if confronted else {}
        event = Event(code, params, extra)
        self.table.state = state
        self.table.pending = None
        self.table.end = End(state, reason, event, self.deal.dark_lady, self.table.proven, confronted,
                             score, rank, rank_name, breakdown)
        self._events.append(event)

    def _say(self, code: EventCode, extra: Mapping[str, Param] | None = None, **params: Param) -> None:
        """Emit an event; ``extra`` holds the parameters not shown beside its text (see :class:`Event`)."""
        self._events.append(Event(code, params, extra or {}))

    def _note(self, entry: TrailEntryJSON) -> None:
        """Write an entry to the player's trail."""
        self.table.trail.append(entry)

    def _used(self, card: str, result: FogResult, location: str | None = None) -> None:
        """A fog card's action was carried out (or could not be): its trail entry."""
        self._note(fog_card_entry(self.table.pos, card, result, location))

    # -- games recorded under older rules ----------------------------------------

    def played_differently(self, doc: Mapping[str, Any], recorded_under: int) -> str | None:
        """Why ``doc``, recorded under the rules ``recorded_under``, would not be played now as it
        was then (None when it would); call it before acting, and :meth:`after_older_rules` after."""
        if recorded_under >= RULES_VERSION or self.over:
            return None
        name = doc.get("action") if isinstance(doc, Mapping) else None
        top = self.table.fog_in_slot.get(self.slot)
        if name == "fog" and top is not None and self.table.fog_deck and self.rules.fog_card(top).action == "lantern":
            return "the lantern fog card no longer returns discarded fog cards"
        return None

    def after_older_rules(self, doc: Mapping[str, Any], recorded_under: int, moved_before: bool) -> str | None:
        """Why the action just carried out went differently under the rules ``recorded_under``."""
        if recorded_under >= RULES_VERSION or self.over or self.setup.mode != "training":
            return None
        name = doc.get("action") if isinstance(doc, Mapping) else None
        if name in ("search", "confront") and not moved_before:
            return "in Training a search no longer ends the turn before a move"
        return None


def replay(rules: Rules, setup: Setup, actions: list[Mapping[str, Any]], id: str = "", lang: str = "en",
           recorded_under: int = RULES_VERSION) -> Game:
    """Rebuild a game from its setup and the actions it accepted.

    ``recorded_under`` is the :data:`RULES_VERSION` the actions were played under; a game
    that these rules refuse, or would play differently, raises :class:`ReplayRefused`.
    """
    older = recorded_under < RULES_VERSION
    try:
        game = Game.new(rules, setup, id=id, lang=lang)
    except (InputError, ValueError) as exc:  # e.g. a stealth sequence no longer shipped
        raise ReplayRefused(f"this game cannot be replayed: its setup is refused now: {exc}") from exc
    for number, doc in enumerate(actions, 1):
        why = game.played_differently(doc, recorded_under)
        moved = game.table.moved_this_turn
        try:
            if why is None:
                game.act(doc)
                why = game.after_older_rules(doc, recorded_under, moved)
        except (Illegal, InputError) as exc:
            why = f"action {number} is refused now: {exc}"
        if why is not None:
            raise ReplayRefused(("this game was recorded under older rules and cannot be resumed: " if older
                              else "this game cannot be replayed: ") + why)
    return game
