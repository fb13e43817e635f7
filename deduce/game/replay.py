"""Rebuilding a game from its setup and the actions it accepted, and games recorded under older
rules (SPEC 8).

Core module, no I/O. A game is its :class:`~deduce.game.setup.Setup` plus the action documents
the player sent: :func:`replay_state` rebuilds its state exactly, because every random choice is
made once, at the deal, from the seed (:mod:`deduce.game.store` keeps games this way;
:func:`deduce.game.rules.replay` wraps the state in a :class:`~deduce.game.rules.Game`).
:data:`RULES_VERSION` numbers the rules; a game recorded under older ones is replayed under the
current ones when they play it the same way, and refused with :class:`ReplayRefused` when they
would not (:func:`played_differently`, :func:`after_older_rules` know each difference), or when
they refuse one of its actions now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deduce.errors import Illegal, InputError, RefusalParam
from deduce.game.material import Rules
from deduce.game.parse import parse_action
from deduce.game.setup import Setup
from deduce.game.state import State

#: The version of the rules. 1: the first engine (a search ended a Training turn, the suit card
#: blocked a confrontation, the lantern returned discarded fog cards); 2: SPEC 8 as revised for issue 10.
RULES_VERSION = 2


class ReplayRefused(Illegal):
    """A recorded game that these rules refuse, or cannot replay as it was played (one
    recorded under older rules, see :data:`RULES_VERSION`); the API answers it with 409.

    Its code is always ``replay-refused``; its message says in English what was refused."""

    def __init__(self, message: str, code: str = "replay-refused", params: Mapping[str, RefusalParam] | None = None):
        super().__init__(message, code, params)


def action_name(doc: Any) -> Any:
    """The ``action`` field of a recorded action document (None when it is not a mapping)."""
    return doc.get("action") if isinstance(doc, Mapping) else None


def played_differently(state: State, doc: Any, recorded_under: int) -> str | None:
    """Why ``doc``, recorded under the rules ``recorded_under``, would not be played now as it
    was then (None when it would); ask before applying it, and :func:`after_older_rules` after."""
    if recorded_under >= RULES_VERSION or state.over:
        return None
    top = state.table.fog_in_slot.get(state.slot)
    if (action_name(doc) == "fog" and top is not None and state.table.fog_deck
            and state.rules.fog_card(top).action == "lantern"):
        return "the lantern fog card no longer returns discarded fog cards"
    return None


def after_older_rules(state: State, doc: Any, recorded_under: int, moved_before: bool) -> str | None:
    """Why the action just carried out went differently under the rules ``recorded_under``."""
    if recorded_under >= RULES_VERSION or state.over or state.setup.mode != "training":
        return None
    if action_name(doc) in ("search", "confront") and not moved_before:
        return "in Training a search no longer ends the turn before a move"
    return None


def replay_state(rules: Rules, setup: Setup, actions: list[Mapping[str, Any]],
                 recorded_under: int = RULES_VERSION) -> State:
    """The state of the game of ``setup`` after ``actions``, played under the rules ``recorded_under``;
    :class:`ReplayRefused` when these rules refuse it, or would play it differently."""
    try:
        state = State.new(rules, setup)
    except (InputError, ValueError) as exc:  # e.g. a stealth sequence no longer shipped
        raise ReplayRefused(f"this game cannot be replayed: its setup is refused now: {exc}") from exc
    for number, doc in enumerate(actions, 1):
        why = _replay_one(state, number, doc, recorded_under)
        if why is not None:
            raise ReplayRefused(("this game was recorded under older rules and cannot be resumed: "
                                 if recorded_under < RULES_VERSION else "this game cannot be replayed: ") + why)
    return state


def _replay_one(state: State, number: int, doc: Mapping[str, Any], recorded_under: int) -> str | None:
    """Apply the ``number``-th recorded action; why it cannot be replayed as it was (None when it can)."""
    why = played_differently(state, doc, recorded_under)
    if why is not None:
        return why
    moved = state.table.moved_this_turn
    try:
        state.apply(parse_action(state, doc))
    except (Illegal, InputError) as exc:
        return f"action {number} is refused now: {exc}"
    return after_older_rules(state, doc, recorded_under, moved)
