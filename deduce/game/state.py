"""The rules' state of one game: what is on the table, the legal actions, and one typed action
applied at a time (SPEC 8).

Core module, no I/O, no JSON and no words: :class:`State` applies the typed actions of
:mod:`deduce.game.actions` (documents are parsed by :mod:`deduce.game.parse`) and emits
:class:`~deduce.game.events.Event` values; what it refuses is a code and parameters
(:mod:`deduce.game.refusals`). Each fog card's effect is a registered unit of
:mod:`deduce.game.fogeffects`, which changes the state through the steps below (enter a place,
claim a key, flee, advance the deck, observe the top card, lose). The player's view is built
from the state outside it (:func:`deduce.game.view.player_view`), and games recorded under
older rules are replayed by :mod:`deduce.game.replay`.

The stealth deck is modelled as the cyclic list of its L cards plus the countdown card,
which always sits between the last and the first card of the cycle: ``pos`` counts the
cards moved from top to bottom since the start (the countdown card never counts), so the
top card is slot ``pos mod L`` and the countdown card comes up every time ``pos`` reaches
a multiple of L. A searched card is replaced by a fog card in the same slot, so her path
never changes. What is discarded (at setup in Expert, or after a fog card's action) stays
discarded: no action brings a fog card back, so each fog card is counted once in the score.

The rules of SPEC 8 that a turn follows: a move, a search (or a confrontation), a fog
action or a pass ends the turn, except in Training, where a turn holds one move and one
search in either order; revealing the suit card (once every key is claimed) is a free
action that never ends or uses up a turn, and does not stop a confrontation that turn.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import cast

from deduce.errors import Illegal, RefusalParam
from deduce.game.actions import (
    Action,
    Confront,
    Move,
    Pass,
    PlayerAction,
    Resolve,
    RevealSuitCard,
    Search,
    UseFog,
)
from deduce.game.events import Event, EventCode, Param
from deduce.game.fogeffects import FOG_EFFECTS
from deduce.game.hand import Hand, who
from deduce.game.material import Rules, StealthOrder
from deduce.game.modes import MODE_RULES
from deduce.game.outcome import Confronted, End, EndReason, GameState, Verdict
from deduce.game.refusals import RefusalCode, refused
from deduce.game.scoring import RankId, ScoreTermJSON, breakdown, rank
from deduce.game.setup import Deal, Setup, deal
from deduce.game.table import Table
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
from deduce.game.turn import Turn, legal_actions, suit_card_revealable
from deduce.where.board import Board
from deduce.where.stealth import is_moves
from deduce.who.cards import CardSet


class State:
    """One game's state under the rules: create with :meth:`new`, then :meth:`apply` one typed
    action at a time; :meth:`legal_actions` says which kinds are allowed now."""

    def __init__(self, rules: Rules, setup: Setup, deck: StealthOrder, dealt: Deal, table: Table):
        self.rules = rules
        self.setup = setup
        self.deck = deck
        self.deal = dealt
        self.table = table
        self.events: list[Event] = []

    @classmethod
    def new(cls, rules: Rules, setup: Setup, dealt: Deal | None = None) -> State:
        """Set up a game; ``dealt`` overrides the seed's deal (tests use it to compare hidden states)."""
        deck = rules.order(setup.sequence_doc, setup.reverse)
        if not is_moves(deck.moves):
            raise ValueError(f"stealth deck {deck.name!r} has unknown moves {deck.moves!r}")
        dealt = dealt or deal(rules, setup, deck)
        table = Table(pos=0, countdown=MODE_RULES[setup.mode].countdown, pawn=dealt.start,
                      visited={dealt.start}, fog_deck=list(dealt.fog_deck),
                      fog_discarded=list(dealt.fog_discarded), fog_in_slot={},
                      clue_deck=list(dealt.clue_deck))
        state = cls(rules, setup, deck.cut(dealt.cut), dealt, table)
        state.note(key_entry(0, dealt.start))  # the starting key is claimed at setup
        state.observe_top()                     # the player sees the top card (slot 0) at setup
        state.lady_moves()
        state.events.clear()
        return state

    def clone(self) -> State:
        """An independent copy to try an action on (rules and deal are shared, immutable)."""
        return State(self.rules, self.setup, self.deck, self.deal, copy.deepcopy(self.table))

    # -- facts -----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.table.state != "playing"

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
    def hand(self) -> Hand:
        """The cards in the player's hand: the clues revealed, and the suit card once revealed."""
        return Hand(self.suit, tuple(self.table.clues), self.suit_card if self.table.suit_card_revealed else None)

    @property
    def clues_held(self) -> int:
        """Clues in the player's hand; the revealed suit card is one of them."""
        return len(self.table.clues) + int(self.table.suit_card_revealed)

    # -- what is allowed -------------------------------------------------------------

    def can_reveal_suit_card(self) -> bool:
        return not self.over and suit_card_revealable(self.rules, self.hand, self.table.visited)

    def legal_actions(self) -> list[Action]:
        """The kinds of action allowed now, in a stable order (:func:`deduce.game.turn.legal_actions`)."""
        if self.over:
            return []
        s = self.table
        return list(legal_actions(Turn(pending=s.pending is not None, fog_on_top=self.top_is_fog,
                                       moved=s.moved_this_turn, searched=s.searched_this_turn,
                                       clue=s.clue_this_turn, suit_card=self.can_reveal_suit_card())))

    def check_allowed(self, kind: Action) -> None:
        """Raise :class:`Illegal` saying why when ``kind`` is not allowed now."""
        if self.over:
            raise self.refused("game-over", state=self.table.state)
        if kind not in self.legal_actions():
            raise self._why_not(kind)

    def _why_not(self, name: Action) -> Illegal:
        """Why ``name``, not among the legal actions, is refused now."""
        s = self.table
        if s.pending is not None and name not in ("resolve", "reveal_suit_card"):
            return self.refused("fog-card-waiting", card=s.pending.card, asks=s.pending.asks)
        if name == "resolve":
            return self.refused("no-fog-card-waiting")
        if name == "move":
            return self.refused("already-moved")
        if name in ("search", "confront"):
            # a clue comes only from a search, so a confrontation after one is refused as a second search
            return self.refused("already-searched" if s.searched_this_turn else "fog-on-top")
        if name == "fog":
            return self.refused("fog-after-action" if self.top_is_fog else "not-fog-on-top")
        if s.suit_card_revealed:
            return self.refused("suit-card-revealed")
        if self.suit_card is None:
            return self.refused("no-suit-card")
        return self.refused("suit-card-keys")

    def refused(self, code: RefusalCode, **params: RefusalParam) -> Illegal:
        return refused(self.rules, code, **params)

    def not_adjacent(self, to: str, here: str) -> Illegal:
        neighbours = [x for x in self.board.location_ids if self.board.adjacent(here, x)]
        return self.refused("not-adjacent", to=to, here=here, choices=neighbours)

    def fog_cards_impossible_now(self) -> tuple[str, ...]:
        """The fog cards whose action could not be carried out if revealed now (using one loses).

        Each card is tried on a copy of the state as if it were the fog card on top. Whether an
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
            trial.use_fog()
            if trial.table.end is not None and trial.table.end.reason == "fog-impossible":
                out.append(card.id)
        return tuple(out)

    # -- one action -------------------------------------------------------------------

    def apply(self, action: PlayerAction) -> list[Event]:
        """Carry out one action, if allowed now; return the events it caused, in order.

        Raises :class:`Illegal` (a refusal code and parameters) when the rules do not allow it
        now, changing nothing. The action's values are as :mod:`deduce.game.parse` checks them
        (known places and traits)."""
        self.check_allowed(action.kind)
        match action:
            case Move(to=to):
                self._move(to)
            case Search():
                self.search(None)
            case Confront(traits=traits):
                self.search(self.cards.mask(list(traits)))
            case UseFog():
                self.use_fog()
            case Resolve(answer=answer):
                self._resolve(answer)
            case Pass():
                self.say("pass")
                self.end_turn()
            case RevealSuitCard():
                self._reveal_suit_card()
        self.table.version += 1
        events, self.events = self.events, []
        return events

    def _move(self, to: str) -> None:
        if not self.board.adjacent(self.table.pawn, to):
            raise self.not_adjacent(to, self.table.pawn)
        self.enter(to)
        self.table.moved_this_turn = True
        self._end_turn_unless_training()

    def _reveal_suit_card(self) -> None:
        """A free action: the turn goes on, and a confrontation stays allowed (it is not a search)."""
        self.table.suit_card_revealed = True
        assert self.suit_card is not None  # legal only when there is one
        self.gain_clue("clue.suit-card", self.suit_card, suit_card=True)

    def use_fog(self) -> None:
        """Reveal the fog card on top (another from the fog deck takes its slot) and carry out its
        action through its registered effect (:data:`~deduce.game.fogeffects.FOG_EFFECTS`); the
        turn ends unless the action waits for ``resolve``."""
        if not self.table.fog_deck:
            self.lose("end.no-fog-card.fog")
            return
        old = self.table.fog_in_slot[self.slot]
        self.table.fog_in_slot[self.slot] = self.table.fog_deck.pop(0)
        card = self.rules.fog_card(old)
        if card.discard:
            self.table.fog_discarded.append(old)
        else:
            self.table.fog_deck.append(old)
        self.say("fog", card=card.id, fog_action=card.action)
        FOG_EFFECTS[card.action].use(self, card)
        if self.table.pending is None:
            self.end_turn()

    def _resolve(self, answer: str | tuple[str, ...]) -> None:
        pending = self.table.pending
        assert pending is not None  # legal only when a fog card waits
        FOG_EFFECTS[pending.action].resolve(self, pending, answer)
        self.table.pending = None
        self.end_turn()

    # -- the steps the rules (and the fog effects) are made of ------------------------------

    def search(self, confront: int | None) -> None:
        """A search, or a confrontation when ``confront`` (a trait mask) is given."""
        here = self.table.pawn
        if not self.table.fog_deck:
            self.lose("end.no-fog-card.search")
            return
        self.table.fog_in_slot[self.slot] = self.table.fog_deck.pop(0)
        found = self.deck.location(self.slot) == here
        self.note(search_entry(self.table.pos, here, found))
        if found and confront is not None:
            self._confront(confront)
            return
        if found:
            self._found(here)
        else:
            self.say("not-found", location=here)
        self.claim(here)
        self.flee(self.clues_held)
        self.table.searched_this_turn = True
        self._end_turn_unless_training()

    def _found(self, here: str) -> None:
        """She was where the player searched: a clue, when any is left."""
        if self.table.clue_deck:
            self.gain_clue("clue.found", self.table.clue_deck.pop(0), location=here)
        else:
            self.say("found", extra={"location": here})

    def _confront(self, named: int) -> None:
        dark = self.cards.lady(self.deal.dark_lady)
        proven = who(self.cards, self.hand)
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

    def enter(self, loc: str) -> None:
        """The pawn enters ``loc`` and claims its key."""
        self.table.pawn = loc
        self.say("move", location=loc)
        self.claim(loc)

    def claim(self, loc: str) -> None:
        """Claim the key of ``loc``, unless it is held."""
        if loc not in self.table.visited:
            self.table.visited.add(loc)
            self.note(key_entry(self.table.pos, loc))
            left = len(self.board.location_ids) - len(self.table.visited)
            if left:
                self.say("key", location=loc, extra={"left": left})
            else:
                self.say("key.last", location=loc)

    def gain_clue(self, code: EventCode, card_id: str, suit_card: bool = False, **where: Param) -> None:
        """A clue in hand; one gained by a search (not the suit card) forbids confronting this turn."""
        if not suit_card:
            self.table.clues.append(card_id)
            self.table.clue_this_turn = True
        self.note(clue_entry(self.table.pos, card_id, suit_card))
        self.table.proven = who(self.cards, self.hand).status == "solved"
        self.say(code, card=card_id, extra=where)

    def flee(self, count: int) -> None:
        """She flees ``count`` cards, unseen; the player then sees the new top card."""
        if count and not self.over:
            self.note(flee_entry(self.table.pos, count))
            self.say("flee", cards=count)
            self.advance(count)
            self.observe_top()

    def advance(self, count: int) -> None:
        """Move ``count`` stealth-deck cards to the bottom; the countdown card is activated
        each time it comes up but never counted."""
        for _ in range(count):
            if self.over:
                return
            self.table.pos += 1
            if self.table.pos % self.length == 0:
                self._countdown()

    def _countdown(self) -> None:
        """The countdown card came up: turned down by one, or the game lost when it shows 0."""
        if self.table.countdown == 0:
            self.lose("end.countdown")
            return
        self.table.countdown -= 1
        self.note(countdown_entry(self.table.pos, self.table.countdown))
        self.say("countdown", countdown=self.table.countdown)

    def observe_top(self) -> None:
        """The player sees the back of the top card: a landmark, or a fog card."""
        if self.over:
            return
        if self.top_is_fog:
            self.note(fog_entry(self.table.pos))
            self.say("top.fog", slot=self.table.pos, fog=True)
        else:
            mark = self.board.landmark_of(self.deck.location(self.slot))
            self.note(landmark_entry(self.table.pos, mark))
            self.say("top.landmark", slot=self.table.pos, landmark=mark)

    def _end_turn_unless_training(self) -> None:
        """After a move or a search: the turn ends, except in Training until it holds both."""
        s = self.table
        if not MODE_RULES[self.setup.mode].move_and_search or (s.moved_this_turn and s.searched_this_turn):
            self.end_turn()

    def end_turn(self) -> None:
        if not self.over:
            self.lady_moves()

    def lady_moves(self) -> None:
        """A new round: the Lady moves one card, then it is the player's turn."""
        self.table.round += 1
        self.table.moved_this_turn = False
        self.table.searched_this_turn = False
        self.table.clue_this_turn = False
        self.advance(1)
        self.observe_top()

    def lose(self, code: EventCode) -> None:
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
        self.events.append(event)

    def say(self, code: EventCode, extra: Mapping[str, Param] | None = None, **params: Param) -> None:
        """Emit an event; ``extra`` holds the parameters not shown beside its text (see :class:`Event`)."""
        self.events.append(Event(code, params, extra or {}))

    def note(self, entry: TrailEntryJSON) -> None:
        """Write an entry to the player's trail."""
        self.table.trail.append(entry)

    def used(self, card: str, result: FogResult, location: str | None = None) -> None:
        """A fog card's action was carried out (or could not be): its trail entry."""
        self.note(fog_card_entry(self.table.pos, card, result, location))
