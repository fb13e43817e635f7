"""What each fog action does, and what it is: one small registered unit per action (SPEC 8).

Core module, no I/O. A unit is a subclass of :class:`FogEffect` (an action carried out at once) or
of :class:`AskingEffect` (an action that asks the player for a parameter among its choices, answered
with ``resolve``), registered with :func:`register` under the action it carries out. It carries its
own description (its id, what it asks for, whether it helps; its summary is words of the catalog,
``fog-action.<id>`` in ``data/words/phrases.json``): registering it enters that in
:data:`deduce.game.fog.ACTIONS`, the repertoire fog cards name their action from (so
:mod:`deduce.game.fogfile` knows it), and the unit in :data:`FOG_EFFECTS`, where the rules
(:meth:`deduce.game.state.State.use_fog`) look the revealed card's action up. A unit changes the
state only through its steps (:class:`Steps`: enter, claim, flee, advance, observe the top card, lose) and writes
what the player saw: each action used writes a ``fog_card`` entry to the trail
(:meth:`Steps.used`), followed by what it showed (a landmark, a fog card or a
search-like outcome on the slot it concerns), and its events. An action that cannot be carried out
loses the game.

Adding a fog action is adding its unit here and its test (``docs/architecture.md`` lists the steps,
its words and the advisor's worth of it included).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal, Protocol, TypeVar

from deduce.errors import Illegal, RefusalParam
from deduce.game.actions import Pending
from deduce.game.events import EventCode, Param
from deduce.game.fog import ACTIONS, Asks, FogAction, FogCard
from deduce.game.material import StealthOrder
from deduce.game.refusals import RefusalCode
from deduce.game.table import Table
from deduce.game.trail import FogResult, TrailEntryJSON, flee_entry, fog_entry, landmark_entry, search_entry
from deduce.where.board import Board


class Steps(Protocol):
    """What a fog effect reads of a game and the steps it changes it by: the rules' state is one
    (:class:`~deduce.game.state.State`), and the effects know it by these alone."""

    table: Table
    deck: StealthOrder

    @property
    def board(self) -> Board: ...
    @property
    def length(self) -> int: ...
    @property
    def slot(self) -> int: ...
    @property
    def clues_held(self) -> int: ...
    def enter(self, loc: str) -> None: ...
    def claim(self, loc: str) -> None: ...
    def flee(self, count: int) -> None: ...
    def advance(self, count: int) -> None: ...
    def observe_top(self) -> None: ...
    def lose(self, code: EventCode) -> None: ...
    def refused(self, code: RefusalCode, **params: RefusalParam) -> Illegal: ...
    def not_adjacent(self, to: str, here: str) -> Illegal: ...
    def say(self, code: EventCode, extra: Mapping[str, Param] | None = None, **params: Param) -> None: ...
    def note(self, entry: TrailEntryJSON) -> None: ...
    def used(self, card: str, result: FogResult, location: str | None = None) -> None: ...


class FogEffect:
    """The effect of one fog action, carried out as soon as its card is revealed, with its
    description: ``action`` (its id, as fog cards name it), ``helps`` (whether it favours the
    player) and ``asks`` (the parameter it asks for: None, it asks for nothing). What it does, in
    words, is the catalog's (:attr:`deduce.game.fog.FogAction.summary`), in every language."""

    action: ClassVar[str]
    helps: ClassVar[bool]
    asks: ClassVar[Asks | None] = None

    @classmethod
    def description(cls) -> FogAction:
        """The action as fog cards, designers and error messages know it."""
        return FogAction(cls.action, cls.asks, cls.helps)

    def use(self, state: Steps, card: FogCard) -> None:
        """Carry out the action of ``card``, just revealed."""
        raise NotImplementedError

    def resolve(self, state: Steps, pending: Pending, answer: str | tuple[str, ...]) -> None:
        """Carry out the action waiting in ``pending`` with the player's answer (asking actions only)."""
        raise NotImplementedError(f"fog action {self.action!r} takes no parameter")


class AskingEffect(FogEffect):
    """The effect of a fog action that asks the player for a parameter (``asks``) among
    :meth:`choices` (none: it cannot be carried out, and the game is lost)."""

    asks: ClassVar[Asks]

    def choices(self, state: Steps) -> list[str]:
        """The values the action accepts now."""
        raise NotImplementedError

    def use(self, state: Steps, card: FogCard) -> None:
        choices = self.choices(state)
        if not choices:
            state.used(card.id, "impossible")
            state.lose("end.fog-impossible.no-choice")
            return
        state.table.pending = Pending(card.id, self.action, self.asks, tuple(choices))

    def resolve(self, state: Steps, pending: Pending, answer: str | tuple[str, ...]) -> None:
        """Check the answer (one of the choices offered), then :meth:`carry_out` the action."""
        assert isinstance(answer, str)  # a location: parse.py reads a path for wherry only
        if answer not in pending.choices:
            raise state.refused("not-a-choice", value=answer, choices=list(pending.choices))
        self.carry_out(state, pending.card, answer)

    def carry_out(self, state: Steps, card: str, value: str) -> None:
        """The action of the fog card ``card``, with the chosen ``value``."""
        raise NotImplementedError


#: The effect of each fog action, by action id, in the order registered (see :func:`register`).
FOG_EFFECTS: dict[str, FogEffect] = {}

Effect = TypeVar("Effect", bound=type[FogEffect])


def register(unit: Effect) -> Effect:
    """Register a fog effect under its action, with its description (in :data:`deduce.game.fog.ACTIONS`).

    Refused (AssertionError) when the action has a unit already, or the unit's description is
    not whole: an id and ``helps``, and a parameter named exactly when it asks for one. (Its summary's
    words are the catalog's; ``tests/game/test_fogeffects.py`` checks every action has them.)
    """
    missing = [name for name in ("action", "helps") if not hasattr(unit, name)]
    assert not missing, f"{unit.__name__} lacks {', '.join(missing)}"
    assert unit.action not in FOG_EFFECTS, f"fog action {unit.action!r} has a unit already"
    assert issubclass(unit, AskingEffect) == (unit.asks is not None), f"{unit.__name__}: asks {unit.asks!r}"
    FOG_EFFECTS[unit.action] = unit()
    ACTIONS[unit.action] = unit.description()
    return unit


def glimpse(state: Steps, card: FogCard) -> None:
    """Show the player the back of the stealth card after next: its landmark, or a fog card."""
    ahead = state.table.pos + 2
    if ahead % state.length in state.table.fog_in_slot:
        state.used(card.id, "glimpse.fog")
        state.note(fog_entry(ahead))
        state.say("glimpse.fog", slot=ahead)
    else:
        mark = state.board.landmark_of(state.deck.location(ahead))
        state.used(card.id, "glimpse.landmark")
        state.note(landmark_entry(ahead, mark))
        state.say("glimpse.landmark", slot=ahead, landmark=mark)


# The units, in the order of the repertoire (the ones that help first): the order in which an
# unknown action's error message lists the known ones.

@register
class Glimpse(FogEffect):
    """The landmark (or fog card) on the back of the card after next, on the trail at its slot."""

    action = "glimpse"
    helps = True

    def use(self, state: Steps, card: FogCard) -> None:
        glimpse(state, card)


@register
class Wherry(AskingEffect):
    """A walk of one or two steps, each checked before the pawn moves; every place entered claims its key."""

    action = "wherry"
    asks = "path"
    helps = True

    def choices(self, state: Steps) -> list[str]:
        """The places one or two steps away."""
        board = state.board
        one = board.neighbours(state.table.pawn)
        two = set(one).union(*(board.neighbours(x) for x in one))
        return [x for x in board.location_ids if x in two]

    def resolve(self, state: Steps, pending: Pending, answer: str | tuple[str, ...]) -> None:
        """The answer is a walk along the paths (each step checked before the pawn moves)."""
        assert isinstance(answer, tuple)  # parse.py reads a path for wherry
        here = state.table.pawn
        for loc in answer:
            if not state.board.adjacent(here, loc):
                raise state.not_adjacent(loc, here)
            here = loc
        state.used(pending.card, "wherry", location=answer[-1])
        for loc in answer:
            state.enter(loc)


@register
class Keyhole(AskingEffect):
    """Any location, against the next card: whether she will be there (a search-like entry on
    the next slot), or nothing when that card is a fog card."""

    action = "keyhole"
    asks = "location"
    helps = True

    def choices(self, state: Steps) -> list[str]:
        return list(state.board.location_ids)

    def carry_out(self, state: Steps, card: str, value: str) -> None:
        nxt = state.table.pos + 1
        if nxt % state.length in state.table.fog_in_slot:
            state.used(card, "keyhole.fog", location=value)
            state.note(fog_entry(nxt))
            state.say("keyhole.fog")
            return
        found = state.deck.location(nxt) == value
        code: Literal["keyhole.there", "keyhole.not-there"] = "keyhole.there" if found else "keyhole.not-there"
        state.used(card, code, location=value)
        state.note(search_entry(nxt, value, found, fog_card=card))
        state.say(code, slot=nxt, location=value, found=found)


@register
class Linkboy(AskingEffect):
    """The key of a place not visited yet; with every key claimed, a glimpse instead (no question asked)."""

    action = "linkboy"
    asks = "location"
    helps = True

    def choices(self, state: Steps) -> list[str]:
        return [x for x in state.board.location_ids if x not in state.table.visited]

    def use(self, state: Steps, card: FogCard) -> None:
        if self.choices(state):
            super().use(state, card)
        else:
            glimpse(state, card)

    def carry_out(self, state: Steps, card: str, value: str) -> None:
        state.used(card, "linkboy", location=value)
        state.claim(value)


@register
class Lantern(FogEffect):
    """Whether she is at the pawn's place on this slot: a search-like entry, which finds no clue
    and claims no key."""

    action = "lantern"
    helps = True

    def use(self, state: Steps, card: FogCard) -> None:
        s = state.table
        found = state.deck.location(state.slot) == s.pawn
        code: Literal["lantern.here", "lantern.not-here"] = "lantern.here" if found else "lantern.not-here"
        state.used(card.id, code, location=s.pawn)
        state.note(search_entry(s.pos, s.pawn, found, fog_card=card.id))
        state.say(code, slot=s.pos, location=s.pawn, found=found)


@register
class Slip(FogEffect):
    """One card further along her path, written to the trail as a flight of one card."""

    action = "slip"
    helps = False

    def use(self, state: Steps, card: FogCard) -> None:
        state.used(card.id, "slip")
        state.say("slip")
        state.note(flee_entry(state.table.pos, 1))
        state.advance(1)
        state.observe_top()


@register
class Curfew(FogEffect):
    """The flight that follows a search: one card for each clue held."""

    action = "curfew"
    helps = False

    def use(self, state: Steps, card: FogCard) -> None:
        state.used(card.id, "curfew")
        state.flee(state.clues_held)


@register
class Damp(FogEffect):
    """The top card of the fog deck discarded, unseen (impossible when the fog deck is empty)."""

    action = "damp"
    helps = False

    def use(self, state: Steps, card: FogCard) -> None:
        s = state.table
        if not s.fog_deck:
            state.used(card.id, "impossible")
            state.lose("end.fog-impossible.damp")
            return
        s.fog_discarded.append(s.fog_deck.pop(0))
        state.used(card.id, "damp")
        state.say("damp")


@register
class LostKey(FogEffect):
    """The key of the pawn's place given back (nothing once the suit card is revealed; impossible
    when the key is not held)."""

    action = "lost-key"
    helps = False

    def use(self, state: Steps, card: FogCard) -> None:
        s = state.table
        if s.suit_card_revealed:
            state.used(card.id, "lost-key.moot")
            state.say("lost-key.moot")
        elif s.pawn in s.visited:
            s.visited.discard(s.pawn)
            state.used(card.id, "lost-key", location=s.pawn)
            state.say("lost-key", location=s.pawn)
        else:
            state.used(card.id, "impossible")
            state.lose("end.fog-impossible.lost-key")


@register
class Crowd(AskingEffect):
    """The pawn swept to a visited neighbour of the player's choice (impossible when there is none)."""

    action = "crowd"
    asks = "to"
    helps = False

    def choices(self, state: Steps) -> list[str]:
        board, s = state.board, state.table
        return [x for x in board.location_ids if board.adjacent(s.pawn, x) and x in s.visited]

    def carry_out(self, state: Steps, card: str, value: str) -> None:
        state.used(card, "crowd", location=value)
        state.enter(value)
