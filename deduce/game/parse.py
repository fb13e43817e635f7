"""Action documents to typed actions: what a player sends, defined once, read and checked (SPEC 8).

Core module, no I/O. :data:`ACTION` defines the action documents (``{"action": "move", "to": "globe"}``,
the ``version`` field beside it allowed): one TypedDict per shape, from which come the validation
here, the ``Action`` schema of the OpenAPI document and the static types. :func:`parse_action` reads
one into a typed action of :mod:`deduce.game.actions`, for :meth:`deduce.game.state.State.apply`.

It refuses in the order a player is told, one refusal at a time: a document that is not an action
or names an unknown one, or carries fields the action does not take (:class:`~deduce.errors.InputError`,
422); an action the rules do not allow now (:class:`~deduce.errors.Illegal`, 409, from the state); then
values that are not places, traits or walks (422). Each refusal is a code, its parameters and its path
(:mod:`deduce.game.refusals`). What depends on the table beyond that (a place not adjacent, a choice not
offered) is the rules' to refuse, when the action is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, cast, final, get_args, get_type_hints

from pydantic import AfterValidator, Discriminator, Field, Tag, with_config
from pydantic_core import ErrorDetails, PydanticCustomError
from typing_extensions import TypedDict

from deduce.document import type_name
from deduce.errors import InputError, clip, shown
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
from deduce.game.material import Rules
from deduce.game.refusals import malformed
from deduce.schema import Definition, refusals, strict
from deduce.who.cards import MAX_TRAITS

if TYPE_CHECKING:
    from deduce.game.state import State

#: The fields every action document may carry besides its own.
COMMON_FIELDS = ("action", "version")
class _Acted(TypedDict):
    """What every action document carries: the version of the view it was made on. The game store checks it
    (SPEC 8) before the action is read; a game played without a store (the terminal's, a replay) has none."""

    version: Annotated[int, Field(ge=0, description="the version of the view the action was made on")]


@final
@with_config(strict("MoveAction"))
class MoveAction(_Acted):
    """Move the pawn to a neighbouring location."""

    action: Literal["move"]
    to: Annotated[str, Field(description="a location next to the pawn")]


@final
@with_config(strict("PlainAction"))
class PlainAction(_Acted):
    """An action that takes nothing more: search, use the fog card, pass, reveal the suit card."""

    action: Literal["search", "fog", "pass", "reveal_suit_card"]


def _distinct(traits: list[str]) -> list[str]:
    if len(set(traits)) != len(traits):
        raise PydanticCustomError("unique", "the same trait twice")
    return traits


@final
@with_config(strict("ConfrontAction"))
class ConfrontAction(_Acted):
    """Search the pawn's location naming her traits."""

    action: Literal["confront"]
    traits: Annotated[list[str], Field(min_length=1, max_length=MAX_TRAITS, json_schema_extra={"uniqueItems": True},
                                       description="her traits, as many as a lady has"), AfterValidator(_distinct)]


@final
@with_config(strict("ResolvePath"))
class ResolvePath(_Acted):
    """Answer a fog card that asks for a path of one or two steps."""

    action: Literal["resolve"]
    path: Annotated[list[str], Field(min_length=1, max_length=2)]


@final
@with_config(strict("ResolveLocation"))
class ResolveLocation(_Acted):
    """Answer a fog card that asks for a location."""

    action: Literal["resolve"]
    location: str


@final
@with_config(strict("ResolveTo"))
class ResolveTo(_Acted):
    """Answer a fog card that asks where to move."""

    action: Literal["resolve"]
    to: str


ActionJSON = MoveAction | PlainAction | ConfrontAction | ResolvePath | ResolveLocation | ResolveTo

#: Each shape of action document by its tag: the action's name, for one of the plain actions ``plain``, and for
#: an answer to a fog card ``resolve-`` and the field it answers in.
SHAPES: dict[str, type] = {"move": MoveAction, "confront": ConfrontAction, "plain": PlainAction,
                           "resolve-path": ResolvePath, "resolve-location": ResolveLocation, "resolve-to": ResolveTo}


def _names(shape: type) -> tuple[str, ...]:
    """The actions a shape of document is for (its ``action`` field's values)."""
    return get_args(get_type_hints(shape)["action"])


def _fields_of(name: Action) -> tuple[str, ...]:
    """The fields an action's documents take besides :data:`COMMON_FIELDS`, from its shapes."""
    return tuple(field for shape in SHAPES.values() if name in _names(shape)
                 for field in shape.__annotations__ if field not in COMMON_FIELDS)


#: Every action a player may send, with the fields its document takes besides :data:`COMMON_FIELDS`.
ACTION_FIELDS: dict[Action, tuple[str, ...]] = {name: _fields_of(name) for name in get_args(Action)}
#: The fields that answer a waiting fog card: the one its action asks for.
ANSWERS = ACTION_FIELDS["resolve"]
#: The tag of each action but ``resolve`` (whose tag is the field it answers in).
_TAGS = {name: tag for tag, shape in SHAPES.items() for name in _names(shape)}


def _shape(doc: Any) -> str | None:
    """Which shape ``doc`` has (its tag in :data:`SHAPES`); None if it is not an action at all."""
    if not isinstance(doc, Mapping):
        return None
    name = doc.get("action")
    if name != "resolve":
        return _TAGS.get(name) if isinstance(name, str) else None
    answers = [field for field in ANSWERS if field in doc]  # several, or none: the rules tell which is asked
    return f"resolve-{answers[0] if answers else 'path'}"


#: An action on a game (SPEC 8): which one, and what it needs; the rules decide if it is allowed now.
ACTION: Definition[ActionJSON] = Definition(Annotated[
    Union[tuple(Annotated[shape, Tag(tag)] for tag, shape in SHAPES.items())],  # noqa: UP007 (a union built)
    Discriminator(_shape),
    Field(title="Action", description="An action on a game (SPEC 8): which one, and what it needs; the rules "
                                      "decide if it is allowed now.")])


def parse_action(state: State, doc: Any) -> PlayerAction:
    """The typed action of ``doc``, checked against the rules' ``state`` (see the module)."""
    rules = state.rules
    errors = refusals(ACTION, doc)
    kind = action_kind(rules, doc, errors)
    state.check_allowed(kind)
    if kind == "resolve":
        assert state.table.pending is not None  # allowed only when a fog card waits
        _answers_what_is_asked(rules, doc, state.table.pending.asks)
    wrong = next((err for err in errors if err["loc"][1:2] != ("version",)), None)  # the store's to check
    if wrong is not None:
        raise _wrong_value(rules, doc, wrong)
    return _on_the_table(state, cast(ActionJSON, doc))  # strict: what passes is the document as sent


def action_kind(rules: Rules, doc: Any, errors: list[ErrorDetails]) -> Action:
    """The kind of action ``doc`` names, once it is an action with no field its kind does not take."""
    if not isinstance(doc, Mapping):
        raise malformed(rules, (), "not-an-action", got=str(type_name(doc)))  # a JSON parameter: English
    name = doc.get("action")
    if not isinstance(name, str) or name not in ACTION_FIELDS:  # type first: a list is no dict key
        raise malformed(rules, ("action",), "unknown-action", got=_as_sent(name), actions=list(ACTION_FIELDS))
    for err in errors:
        field = err["loc"][-1]
        if err["type"] == "extra_forbidden" and field not in ACTION_FIELDS[name]:  # a resolve's other answers: below
            said = clip(str(field))
            if ACTION_FIELDS[name]:
                raise malformed(rules, (said,), "unexpected-field", action=name, field=str(said),
                                 fields=list(ACTION_FIELDS[name]))
            raise malformed(rules, (said,), "takes-no-fields", action=name, field=str(said))
    return name


def _answers_what_is_asked(rules: Rules, doc: Mapping[str, Any], asks: str) -> None:
    """An answer to a fog card is in the one field its action asks for (``path``, ``location`` or ``to``)."""
    for key in doc:
        if key not in (*COMMON_FIELDS, asks):
            field = clip(str(key))
            raise malformed(rules, (field,), "resolve-field", asks=asks, field=str(field))
    if asks not in doc:
        raise malformed(rules, ("path",), "bad-path") if asks == "path" else _not_a_place(rules, asks, None)


def _wrong_value(rules: Rules, doc: Mapping[str, Any], err: ErrorDetails) -> InputError:
    """The refusal of a value the definition does not take (``err``, under its shape's tag)."""
    loc = err["loc"][1:]
    if loc[0] == "traits":
        return _not_her_traits(rules)
    if loc[0] == "path":
        step = loc[1:]
        return _not_a_step(rules, int(step[0]), err["input"]) if step else malformed(rules, ("path",), "bad-path")
    return _not_a_place(rules, str(loc[0]), doc.get(str(loc[0])))


def _not_her_traits(rules: Rules) -> InputError:
    return malformed(rules, ("traits",), "bad-traits", count=rules.cards.traits_per_lady,
                     traits=list(rules.cards.trait_ids))


def _as_sent(value: object) -> str:
    """A wrong value as a refusal's ``got`` parameter quotes it: a refusal's parameters are JSON
    values, not words, so a number too long to show is described in English, as the refusal's
    message is (the page never sends one: it builds its actions itself)."""
    return str(shown(value))


def _not_a_step(rules: Rules, i: int, value: object) -> InputError:
    return malformed(rules, ("path", i), "bad-path-step", got=_as_sent(value))


def _not_a_place(rules: Rules, field: str, value: object) -> InputError:
    return malformed(rules, (field,), "bad-location", example=rules.board.location_ids[0], got=_as_sent(value))


def _place(rules: Rules, field: str, value: str) -> str:
    if not rules.board.has_location(value):
        raise _not_a_place(rules, field, value)
    return value


def _on_the_table(state: State, action: ActionJSON) -> PlayerAction:
    """The typed action, once the places and traits it names are the game's own."""
    rules = state.rules
    if action["action"] == "move":
        return Move(_place(rules, "to", action["to"]))
    if action["action"] == "confront":
        cards = state.cards
        if len(action["traits"]) != cards.traits_per_lady or not all(map(cards.has_trait, action["traits"])):
            raise _not_her_traits(rules)
        return Confront(tuple(action["traits"]))
    if action["action"] != "resolve":
        return PLAIN[action["action"]]()
    if "path" in action:
        for i, step in enumerate(action["path"]):
            if not rules.board.has_location(step):
                raise _not_a_step(rules, i, step)
        return Resolve(tuple(action["path"]))
    return Resolve(_place(rules, "to", action["to"]) if "to" in action else
                   _place(rules, "location", action["location"]))


#: The actions that take nothing more, by their name.
PLAIN: dict[str, Callable[[], PlayerAction]] = {"search": Search, "fog": UseFog, "pass": Pass,
                                               "reveal_suit_card": RevealSuitCard}
