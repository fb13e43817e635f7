"""What each fog action does: one small registered unit per action of :data:`deduce.game.fog.ACTIONS`
(SPEC 8).

Core module, no I/O. A unit is a subclass of :class:`FogEffect` (an action carried out at once) or
of :class:`AskingEffect` (an action that asks the player for a parameter, answered with
``resolve``), registered with :func:`register` under the action it carries out; the rules
(:meth:`deduce.game.state.State.use_fog`) look the revealed card's action up in
:data:`FOG_EFFECTS`. A unit changes the state only through its steps (enter, claim, flee, advance,
observe the top card, lose) and writes what the player saw: each action used writes a ``fog_card``
entry to the trail (:meth:`~deduce.game.state.State.used`), followed by what it showed (a landmark,
a fog card or a search-like outcome on the slot it concerns), and its events. An action that cannot
be carried out loses the game.

Adding a fog action: describe it in :data:`deduce.game.fog.ACTIONS`, write its unit here, give it
a card in ``data/fog.yaml`` and its words in :mod:`deduce.text.events`, and test it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, TypeVar

from deduce.game.fog import ACTIONS, FogCard
from deduce.game.trail import flee_entry, fog_entry, landmark_entry, search_entry
from deduce.game.view import Pending

if TYPE_CHECKING:
    from deduce.game.state import State


class FogEffect:
    """The effect of one fog action, carried out as soon as its card is revealed."""

    action: ClassVar[str]

    def use(self, state: State, card: FogCard) -> None:
        """Carry out the action of ``card``, just revealed."""
        raise NotImplementedError

    def resolve(self, state: State, pending: Pending, answer: str | tuple[str, ...]) -> None:
        """Carry out the action waiting in ``pending`` with the player's answer (asking actions only)."""
        raise NotImplementedError(f"fog action {self.action!r} takes no parameter")


class AskingEffect(FogEffect):
    """The effect of a fog action that asks the player for a parameter among :meth:`choices`
    (none: it cannot be carried out, and the game is lost)."""

    def choices(self, state: State) -> list[str]:
        """The values the action accepts now."""
        raise NotImplementedError

    def use(self, state: State, card: FogCard) -> None:
        choices = self.choices(state)
        if not choices:
            state.used(card.id, "impossible")
            state.lose("end.fog-impossible.no-choice")
            return
        asks = ACTIONS[self.action].asks
        assert asks is not None  # an asking action names its parameter
        state.table.pending = Pending(card.id, self.action, asks, tuple(choices))

    def resolve(self, state: State, pending: Pending, answer: str | tuple[str, ...]) -> None:
        """Check the answer (one of the choices offered), then :meth:`carry_out` the action."""
        assert isinstance(answer, str)  # a location: parse.py reads a path for wherry only
        if answer not in pending.choices:
            raise state.refused("not-a-choice", value=answer, choices=list(pending.choices))
        self.carry_out(state, pending.card, answer)

    def carry_out(self, state: State, card: str, value: str) -> None:
        """The action of the fog card ``card``, with the chosen ``value``."""
        raise NotImplementedError


#: The effect of each fog action, by action id (see :func:`register`).
FOG_EFFECTS: dict[str, FogEffect] = {}

Effect = TypeVar("Effect", bound=type[FogEffect])


def register(unit: Effect) -> Effect:
    """Register a fog effect under its action (one of :data:`deduce.game.fog.ACTIONS`)."""
    assert unit.action in ACTIONS and unit.action not in FOG_EFFECTS, unit.action
    FOG_EFFECTS[unit.action] = unit()
    return unit


def glimpse(state: State, card: FogCard) -> None:
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


@register
class Glimpse(FogEffect):
    """See the landmark on the back of the stealth card after next."""

    action = "glimpse"

    def use(self, state: State, card: FogCard) -> None:
        glimpse(state, card)


@register
class Lantern(FogEffect):
    """Learn whether she is at the pawn's location now, under the fog card (no clue, no key)."""

    action = "lantern"

    def use(self, state: State, card: FogCard) -> None:
        s = state.table
        found = state.deck.location(state.slot) == s.pawn
        code: Literal["lantern.here", "lantern.not-here"] = "lantern.here" if found else "lantern.not-here"
        state.used(card.id, code, location=s.pawn)
        state.note(search_entry(s.pos, s.pawn, found, fog_card=card.id))
        state.say(code, slot=s.pos, location=s.pawn, found=found)


@register
class Slip(FogEffect):
    """She slips one card further along her path, unseen."""

    action = "slip"

    def use(self, state: State, card: FogCard) -> None:
        state.used(card.id, "slip")
        state.say("slip")
        state.note(flee_entry(state.table.pos, 1))
        state.advance(1)
        state.observe_top()


@register
class Curfew(FogEffect):
    """She flees one card for each clue held, unseen, as after a search."""

    action = "curfew"

    def use(self, state: State, card: FogCard) -> None:
        state.used(card.id, "curfew")
        state.flee(state.clues_held)


@register
class Damp(FogEffect):
    """Discard the top card of the fog deck (impossible when it is empty)."""

    action = "damp"

    def use(self, state: State, card: FogCard) -> None:
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
    """Put the key of the pawn's location back (nothing once the suit card is revealed; impossible
    when the key is not held)."""

    action = "lost-key"

    def use(self, state: State, card: FogCard) -> None:
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
class Wherry(AskingEffect):
    """Move the pawn one or two steps, claiming the key of every place entered."""

    action = "wherry"

    def choices(self, state: State) -> list[str]:
        """The places one or two steps away."""
        board = state.board
        one = board.neighbours(state.table.pawn)
        two = set(one).union(*(board.neighbours(x) for x in one))
        return [x for x in board.location_ids if x in two]

    def resolve(self, state: State, pending: Pending, answer: str | tuple[str, ...]) -> None:
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
    """Hold the next stealth card against any location key: learn whether she will be there."""

    action = "keyhole"

    def choices(self, state: State) -> list[str]:
        return list(state.board.location_ids)

    def carry_out(self, state: State, card: str, value: str) -> None:
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
    """Claim the key of any location not visited yet; with every key claimed, a glimpse instead."""

    action = "linkboy"

    def choices(self, state: State) -> list[str]:
        return [x for x in state.board.location_ids if x not in state.table.visited]

    def use(self, state: State, card: FogCard) -> None:
        if self.choices(state):
            super().use(state, card)
        else:
            glimpse(state, card)

    def carry_out(self, state: State, card: str, value: str) -> None:
        state.used(card, "linkboy", location=value)
        state.claim(value)


@register
class Crowd(AskingEffect):
    """Move the pawn to a visited neighbouring location (impossible when there is none)."""

    action = "crowd"

    def choices(self, state: State) -> list[str]:
        board, s = state.board, state.table
        return [x for x in board.location_ids if board.adjacent(s.pawn, x) and x in s.visited]

    def carry_out(self, state: State, card: str, value: str) -> None:
        state.used(card, "crowd", location=value)
        state.enter(value)
