"""Action documents to typed actions: what a player sends, read and checked (SPEC 8).

Core module, no I/O. :func:`parse_action` reads one action document (``{"action": "move",
"to": "globe"}``, the ``version`` field beside it allowed) into a typed action of
:mod:`deduce.game.actions`, for :meth:`deduce.game.state.State.apply`. It refuses in the order a
player is told: a document that is not an action or names an unknown one, or carries fields the
action does not take (:class:`~deduce.errors.InputError`, 422); an action the rules do not allow now
(:class:`~deduce.errors.Illegal`, 409, from the state); then values that are not places, traits or
walks (422). Each refusal is a code, its parameters and its path (:mod:`deduce.game.refusals`).
What depends on the table beyond that (a place not adjacent, a choice not offered) is the rules'
to refuse, when the action is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from deduce.document import type_name
from deduce.errors import clip, shown
from deduce.game.actions import (
    ACTION_FIELDS,
    Confront,
    Move,
    Pass,
    PlayerAction,
    Resolve,
    RevealSuitCard,
    Search,
    UseFog,
)
from deduce.game.material import Rules
from deduce.game.refusals import malformed
from deduce.game.view import Action

if TYPE_CHECKING:
    from deduce.game.state import State

#: The fields every action document may carry besides its own.
COMMON_FIELDS = ("action", "version")


def parse_action(state: State, doc: Any) -> PlayerAction:
    """The typed action of ``doc``, checked against the rules' ``state`` (see the module)."""
    kind = action_kind(state.rules, doc)
    state.check_allowed(kind)
    return READERS[kind](state, doc)


def action_kind(rules: Rules, doc: Any) -> Action:
    """The kind of action ``doc`` names, once its shape and fields are right."""
    if not isinstance(doc, Mapping):
        raise malformed(rules, (), "not-an-action", got=str(type_name(doc)))  # a JSON parameter: English
    name = doc.get("action")
    if not isinstance(name, str) or name not in ACTION_FIELDS:  # type first: a list is no dict key
        raise malformed(rules, ("action",), "unknown-action", got=shown(name), actions=list(ACTION_FIELDS))
    for key in doc:
        if key not in COMMON_FIELDS + ACTION_FIELDS[name]:
            field = clip(str(key))
            if ACTION_FIELDS[name]:
                raise malformed(rules, (field,), "unexpected-field", action=name, field=str(field),
                                 fields=list(ACTION_FIELDS[name]))
            raise malformed(rules, (field,), "takes-no-fields", action=name, field=str(field))
    return name


def location_field(rules: Rules, doc: Mapping[str, Any], name: str) -> str:
    """The location id in the field ``name``."""
    value = doc.get(name)
    if not isinstance(value, str) or not rules.board.has_location(value):
        raise malformed(rules, (name,), "bad-location", example=rules.board.location_ids[0], got=shown(value))
    return value


def read_move(state: State, doc: Mapping[str, Any]) -> Move:
    return Move(location_field(state.rules, doc, "to"))


def read_confront(state: State, doc: Mapping[str, Any]) -> Confront:
    """The traits named: as many as a lady has, each a known trait, none twice."""
    cards = state.cards
    traits = doc.get("traits")
    k = cards.traits_per_lady
    if (not isinstance(traits, list) or len(traits) != k or len(set(map(str, traits))) != k
            or not all(isinstance(t, str) and cards.has_trait(t) for t in traits)):
        raise malformed(state.rules, ("traits",), "bad-traits", count=k, traits=list(cards.trait_ids))
    return Confront(tuple(traits))


def read_resolve(state: State, doc: Mapping[str, Any]) -> Resolve:
    """The answer to the fog card waiting, in the one field it asks for."""
    pending = state.table.pending
    assert pending is not None  # allowed only when a fog card waits
    asks = pending.asks
    for key in doc:
        if key not in (*COMMON_FIELDS, asks):
            field = clip(str(key))
            raise malformed(state.rules, (field,), "resolve-field", asks=asks, field=str(field))
    if asks == "path":
        return Resolve(read_path(state.rules, doc.get("path")))
    return Resolve(location_field(state.rules, doc, asks))


def read_path(rules: Rules, path: Any) -> tuple[str, ...]:
    """A walk of one or two location ids (whether it follows the paths is the rules' to say)."""
    if not isinstance(path, list) or not 1 <= len(path) <= 2:
        raise malformed(rules, ("path",), "bad-path")
    for i, loc in enumerate(path):
        if not isinstance(loc, str) or not rules.board.has_location(loc):
            raise malformed(rules, ("path", i), "bad-path-step", got=shown(loc))
    return tuple(path)


#: How each kind of action is read, once allowed.
READERS: dict[Action, Callable[[State, Mapping[str, Any]], PlayerAction]] = {
    "move": read_move, "search": lambda state, doc: Search(), "confront": read_confront,
    "fog": lambda state, doc: UseFog(), "resolve": read_resolve, "pass": lambda state, doc: Pass(),
    "reveal_suit_card": lambda state, doc: RevealSuitCard(),
}
