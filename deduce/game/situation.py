"""A game at the table as its player knows it: the situation read into the plan's input (issue 26).

Core module, no I/O. A player with the printed game (the table page, ``POST /v1/advice``)
knows what a game's view holds: her suit, the clues and the suit card in hand, the pawn, the
keys claimed, the fog cards left, the countdown, the trail of everything seen or done (SPEC 8)
and what was done this turn. :func:`parse_situation` reads that description, a
:class:`SituationJSON`, into the plan's input, a :class:`Situation` (a :class:`~deduce.game.view.PlayerView`, the
legal actions and the fog card waiting for an answer), and :func:`table_advice` gives her odds
and the plan of :func:`deduce.game.plan.make_plan` for it: the same planner as a game's hints,
so the two agree by construction on the same situation (``tests/game/test_voice.py`` plays
seeded games and compares them turn by turn).

The legal actions follow from the situation by the rules' one rule for them
(:func:`deduce.game.turn.legal_actions`), the rules' state reading the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    NotRequired,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import Discriminator, Field, Tag, ValidationError, ValidationInfo, WrapValidator, with_config
from pydantic_core import ErrorDetails
from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.document import type_name
from deduce.errors import InputError, Loc, Problem, ProblemJSON, Problems, Wording, problem_words, shown, unknown
from deduce.game.actions import Action, Pending
from deduce.game.hints import HintStepJSON, hint_step
from deduce.game.material import Rules
from deduce.game.modes import MODE_RULES
from deduce.game.plan import PlanJSON, make_plan
from deduce.game.setup import SequenceJSON, SequenceKind
from deduce.game.standing import NoDeal, StandingJSON, standing
from deduce.game.steps import HintStep
from deduce.game.trail import TRAIL_FIELDS, TRAIL_KINDS, TrailEntryJSON, TrailKind, track_query_from_trail
from deduce.game.turn import Turn, legal_actions, suit_card_revealable
from deduce.game.view import PlayerView
from deduce.schema import (
    Definition,
    known_in,
    outcome,
    problem,
    raised,
    refused,
    said,
    said_at,
    strict,
    tagged,
    validated,
)
from deduce.text.catalog import PhraseParam
from deduce.text.names import Choices, Named, NameList
from deduce.where.board import Board
from deduce.where.query import MAX_LENGTH, MAX_OBSERVATIONS, MAX_SLOT, TrackQuery, board_words
from deduce.where.stealth import Moves
from deduce.where.tracker import TrackingJSON, track
from deduce.who.cards import MODES, CardSet, Mode, card_words
from deduce.who.progress import removed_suit
from deduce.who.query import MAX_CLUES, ROLES, CountsClue, KeyClue, Observation, Role, parse_query, recognised

__all__ = [
    "SITUATION",
    "TRAIL_EXAMPLE",
    "TRAIL_QUERY",
    "DoneJSON",
    "PendingInJSON",
    "Situation",
    "SituationJSON",
    "TableAdviceJSON",
    "TrailQueryJSON",
    "advice_for",
    "advice_step",
    "parse_situation",
    "parse_trail_query",
    "standing_for",
    "table_actions",
    "table_advice",
]


#: The most locations a board may have for a plan: the route through the keys is computed over
#: every subset of them (the shipped board has 11).
MAX_LOCATIONS = 14
#: The most trail entries a situation may hold.
MAX_TRAIL = 4 * MAX_OBSERVATIONS


@dataclass(frozen=True)
class _Given:
    """What a situation is read with (the validation's context): the rules, and the pawn's location when the
    situation names one of the board's (the boat of a fog card waiting goes one or two steps from it)."""

    rules: Rules
    pawn: str | None


#: The things a situation names by id, by their kind: those the rules define.
_KNOWN: dict[str, Callable[[Rules], Sequence[Named]]] = {
    "suit": lambda rules: rules.cards.suits,
    "lady": lambda rules: rules.cards.ladies,
    "location": lambda rules: rules.board.locations,
    "landmark": lambda rules: [rules.board.landmark(m) for m in rules.board.landmark_ids],
    "fog card": lambda rules: rules.fog,
    "asking fog card": lambda rules: [f for f in rules.fog if f.kind.asks is not None],
}


def _among(kind: str) -> WrapValidator:
    """An id of the rules' (:data:`_KNOWN`), else an unknown ``kind`` listing them by name, ids beside (a fog card
    that asks for an answer is one)."""
    things = _KNOWN[kind]
    return known_in(kind.removeprefix("asking "), lambda given, value: any(t.id == value for t in things(given.rules)),
                    lambda given: Choices.of(things(given.rules)))


def _required(field: str) -> WrapValidator:
    """A field the situation must give: null (or no field: read as null) ``is required``."""
    def check(value: Any, handler: Callable[[Any], Any]) -> Any:
        if value is None:
            raise problem(board_words("table.required", field=field))
        return handler(value)
    return WrapValidator(check)


def _whole(least: int, most: int) -> WrapValidator:
    return said(lambda value: board_words("expected.range", least=least, most=most, got=shown(value)))


def _ids(kind: str) -> WrapValidator:
    return said(lambda value: board_words("table.ids", kind=problem_words(f"kind.{kind}"), got=type_name(value)))


def _one_problem(words: Callable[[Any], Wording]) -> WrapValidator:
    """A value refused as a whole, in ``words``, whatever is wrong in it."""
    def check(value: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return handler(value)
        except ValidationError:
            raise problem(words(value)) from None
    return WrapValidator(check)


# -- the trail -----------------------------------------------------------------------------------------------------

def _entry_field(kind: TrailKind, name: str, base: Any) -> Any:
    """How a trail entry of ``kind`` reads its field ``name`` (of :class:`TrailEntryJSON`'s type ``base``): an id
    of the rules', else a value of the type; a fog card's ``result`` is any text (the reader does not check it)."""
    ids = {"landmark": "landmark", "location": "location", "fog_card": "fog card",
           "card": "fog card" if kind == "fog_card" else "lady"}
    if name in ids:
        return Annotated[str, _among(ids[name])]
    what = {bool: board_words("table.trail.boolean"), int: board_words("table.trail.whole", most=MAX_SLOT)}.get(
        base, problem_words("type.string"))
    words = said(lambda value: board_words("table.trail.field", kind=kind, name=name, what=what, got=shown(value)))
    if base is int:
        return Annotated[int, Field(ge=0, le=MAX_SLOT), words]
    return Annotated[base if base is bool else str, words]


def _trail_shape(kind: TrailKind) -> type:
    """The shape of a trail entry of ``kind``, from :class:`TrailEntryJSON`: ``slot``, ``kind``, the fields of
    :data:`TRAIL_FIELDS` and the optional ones any entry may carry; other fields are kept, unread."""
    types = get_type_hints(TrailEntryJSON)
    fields: dict[str, Any] = {"slot": Annotated[int, Field(ge=0, le=MAX_SLOT), _whole(0, MAX_SLOT), _required("slot")],
                              "kind": Literal[kind]}
    fields |= {name: _entry_field(kind, name, types[name]) for name in TRAIL_FIELDS[kind]}
    fields |= {name: NotRequired[_entry_field(kind, name, types[name])] for name in OPTIONAL_TRAIL_FIELDS
               if name not in fields}
    title = "".join(part.title() for part in kind.split("_")) + "Entry"
    return cast(type, with_config(strict(title, extra="allow"))(TypedDict(title, fields)))  # type: ignore[operator]


def _trail_kind(entry: Any) -> str | None:
    kind = entry.get("kind") if isinstance(entry, Mapping) else None
    return kind if isinstance(kind, str) and kind in TRAIL_KINDS else None


def _unknown_kind(entry: Mapping[str, Any]) -> Callable[[], Wording]:
    return lambda: unknown("trail kind", entry.get("kind"), TRAIL_KINDS)


def _trail_entry(entry: Any, handler: Callable[[Any], Any]) -> Any:
    """An entry of the trail: an object of a known kind, read as the old notebook reader did: a field of its
    kind left out is read as null, a field no kind has (or whose name is not text) is kept and not read."""
    if not isinstance(entry, Mapping):
        raise problem(board_words("table.trail.entry", got=type_name(entry)))
    kind = _trail_kind(entry)
    if kind is None:
        raise refused((("kind",), _unknown_kind(entry), "schema"))
    fields = {"slot": None, **dict.fromkeys(TRAIL_FIELDS[cast(TrailKind, kind)])}
    return handler(fields | {key: value for key, value in entry.items() if isinstance(key, str)})


#: The fields any trail entry may carry, whatever its kind (SPEC 8: a search made by a fog card, the place a fog
#: card's action concerned, whether a clue was the suit card).
OPTIONAL_TRAIL_FIELDS = ("fog_card", "location", "suit_card")

if TYPE_CHECKING:   # mypy reads an entry as the one TypedDict every kind's shape is built from
    _TrailEntry = TrailEntryJSON
else:
    #: A trail entry as a situation gives it: one shape a kind, told apart by ``kind``.
    _TrailEntry = Annotated[Union[tuple(Annotated[_trail_shape(kind), Tag(kind)] for kind in TRAIL_KINDS)],  # noqa: UP007
                            Discriminator(_trail_kind), tagged(_trail_kind, _unknown_kind),
                            WrapValidator(_trail_entry)]


# -- the deck and the trail, as a situation and a trail query both give them --------------------------------------

_Length = Annotated[int, Field(ge=1, le=MAX_LENGTH, description="cards in the stealth deck"),
                    _whole(1, MAX_LENGTH), _required("length")]
_DeckMoves = Annotated[Moves, Field(description="how the stealth sequence played moves"),
                       said(lambda value: unknown("moves", value, get_args(Moves))), _required("moves")]
_Now = Annotated[int, Field(ge=0, le=MAX_SLOT, description="the tracking slot of the top card, whose odds come first"),
                 _whole(0, MAX_SLOT), _required("now")]
_Trail = Annotated[list[_TrailEntry], Field(max_length=MAX_TRAIL, description="the trail entries of SPEC 8"),
                   said(lambda value: board_words("table.trail", most=MAX_TRAIL, got=type_name(value)))]


# -- a tracking query given by its trail --------------------------------------------------------------------------

#: A trail query: SPEC 6's example tracking query (:data:`deduce.where.query.EXAMPLE`) as a game's trail writes it,
#: with a key claimed and a flight, which the odds do not read.
TRAIL_EXAMPLE: dict[str, Any] = {
    "length": 26, "moves": "always", "now": 7,
    "trail": [{"slot": 0, "kind": "landmark", "landmark": "playhouse"}, {"slot": 3, "kind": "fog"},
              {"slot": 5, "kind": "search", "location": "globe", "found": False},
              {"slot": 5, "kind": "key", "location": "globe"}, {"slot": 5, "kind": "flee", "cards": 2}]}


@with_config(strict("TrailQuery", TRAIL_EXAMPLE))
class TrailQueryJSON(TypedDict):
    """A tracking query given by a trail (SPEC 8) in place of its observations: the deck's ``length``, how it
    ``moves``, the slot ``now`` to give the odds for, and the ``trail`` (what a game's view holds), whose
    ``landmark``, ``fog`` and ``search`` entries are its observations (:func:`track_query_from_trail`), as a
    game's hints read them."""

    length: _Length
    moves: _DeckMoves
    now: _Now
    trail: Annotated[_Trail, _required("trail")]


def _trail_query_read(doc: Any, handler: Callable[[Any], Any]) -> Any:
    """A trail query: an object, every problem found at once, in the order of its fields."""
    if not isinstance(doc, Mapping):
        raise problem(board_words("query.mapping", got=type_name(doc)))
    result, errors = outcome(handler, _filled(TrailQueryJSON, doc))
    if errors:
        raise raised(_in_order(errors, TrailQueryJSON))
    return result


#: A tracking query given by its trail, read with the rules as its context (:class:`_Given`).
TRAIL_QUERY: Definition[TrailQueryJSON] = Definition(Annotated[TrailQueryJSON, WrapValidator(_trail_query_read)])


def parse_trail_query(rules: Rules, doc: Any) -> TrackQuery:
    """The tracking query of a :class:`TrailQueryJSON` read against the rules' board, cards and fog cards (the
    ids its entries name); every problem is reported at once, with its path (:class:`~deduce.errors.InputError`)."""
    query = validated(TRAIL_QUERY, doc, _Given(rules, None))
    return track_query_from_trail(query["trail"], query["length"], query["moves"], query["now"])


# -- the situation ---------------------------------------------------------------------------------------------------

@with_config(strict("Done"))
class DoneJSON(TypedDict, total=False):
    """What was done this turn (all false at the start of a turn): a move (Training allows a
    move and a search in one turn), a search, a clue gained (no confrontation then)."""

    moved: bool
    searched: bool
    clue: bool


#: The flags of :class:`DoneJSON`.
DONE_FLAGS = tuple(DoneJSON.__annotations__)


def _pending_read(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """The fog card waiting: an object (unknown fields named first), whose card asks for an answer, and at least
    one answer of the board's; the wherry's boat goes one or two steps from the pawn."""
    if not isinstance(value, Mapping):
        raise problem(board_words("table.pending", got=type_name(value)))
    listed = value.get("choices")
    result, errors = outcome(handler, _filled(PendingInJSON, value))
    if listed is None or listed == []:   # said below, as no choice at all
        errors = [err for err in errors if err["loc"] != ("choices",)]
    given: _Given | None = info.context
    if given is not None and given.pawn is not None and not any(err["loc"][:1] == ("card",) for err in errors):
        errors += _said_of(_choices(given.rules, value["card"], given.pawn, listed))
    if errors:
        raise raised(_in_order(errors, PendingInJSON))
    return result


def _choices(rules: Rules, card: str, pawn: str, listed: Any) -> Iterator[tuple[Loc, Wording, str]]:
    """The problems of the answers a fog card waiting allows: a boat goes one or two steps from the pawn, and
    there is at least one answer of the board's."""
    board = rules.board
    choices = [(i, x) for i, x in enumerate(listed) if isinstance(x, str) and board.has_location(x)] \
        if isinstance(listed, list) else []
    if rules.fog_card(card).kind.asks == "path":
        near = set(board.neighbours(pawn))
        for i, x in choices:
            if x not in near and not any(board.adjacent(y, x) for y in near):
                yield ("choices", i), board_words("table.boat", location=x), "schema"
    if not choices:
        yield ("choices",), board_words("table.choices"), "schema"


@with_config(strict("PendingFogCard"))
class PendingInJSON(TypedDict):
    """A fog card revealed and waiting for its answer: its id and the answers the card allows now."""

    card: Annotated[str, Field(description="a fog card that asks for an answer"), _among("asking fog card"),
                    _required("card")]
    choices: Annotated[list[Annotated[str, _among("location")]],
                       Field(min_length=1, description="the answers it allows now: locations of the board"),
                       _ids("location")]


def _typed_schema(schema: dict[str, Any]) -> None:
    """The JSON Schema of the cards typed: each is a query's typed clue (with its counts, or a whole key), whose
    role may also be the suit card (read by :func:`_typed_cards`; made when the schema is asked for)."""
    def with_role(shape: type) -> dict[str, Any]:
        clue = Definition(shape).inline_schema()
        clue["properties"]["role"] = {"enum": list(ROLES), "description": "suit_card for the suit card"}
        return clue
    schema["items"] = {"anyOf": [with_role(CountsClue), with_role(KeyClue)]}


@with_config(strict("Situation"))
class SituationJSON(TypedDict):
    """A game at the table as its player knows it (the fields of a game's VIEW, SPEC 8).

    ``now`` is the tracking slot of the top card (cards moved since the start); ``length`` and
    ``moves`` describe the stealth sequence played; ``keys`` are the locations whose key is
    claimed (default: the pawn's, as at setup); ``countdown`` and ``fog_deck`` default to a
    game's start (2, 3 in Easy; every fog card, one fewer in Expert); ``trail`` holds the
    trail entries of SPEC 8 (the landmark or fog card seen on each slot, searches, flights,
    fog cards used): the top card is the last ``landmark`` or ``fog`` entry on ``now``.
    ``sequence`` and ``reverse`` name the stealth sequence set up (default: position 1, not
    reversed), as a game's setup does; only the standing reads them."""

    suit: Annotated[str, Field(description="her suit"), _among("suit"), _required("suit")]
    pawn: Annotated[str, Field(description="the pawn's location"), _among("location"), _required("pawn")]
    length: _Length
    moves: _DeckMoves
    now: _Now
    trail: _Trail
    sequence: NotRequired[SequenceJSON | None]  # the sequence set up, for the standing (null: position 1)
    reverse: NotRequired[Annotated[bool, Field(description="the sequence played backwards (null: not)"),
                                   said(lambda value: board_words("expected.boolean", got=type_name(value)))] | None]
    mode: NotRequired[Annotated[Mode, Field(description="the difficulty (null: normal)"),
                                _one_problem(lambda value: unknown("mode", value, MODES))] | None]
    clues: NotRequired[Annotated[list[Annotated[str, _among("lady")]], Field(description="the clues in hand"),
                                 _ids("lady")] | None]
    suit_card: NotRequired[Annotated[str, Field(description="the suit card in hand"), _among("lady")] | None]
    typed: NotRequired[Annotated[list[dict[str, Any]],
                                 Field(max_length=MAX_CLUES, json_schema_extra=_typed_schema,
                                       description="cards in hand typed as they lie, as a query's clues give them "
                                                   "(traits, and counts for her suit or the whole key), with "
                                                   "role suit_card for the suit card: each is the card of the set "
                                                   "it matches, else read as typed"),
                                 said(lambda value: board_words("table.typed", most=MAX_CLUES,
                                                                got=type_name(value)))] | None]
    keys: NotRequired[Annotated[list[Annotated[str, _among("location")]],
                                Field(description="the locations whose key is claimed (null: the pawn's)"),
                                _ids("location")] | None]
    countdown: NotRequired[Annotated[int, Field(ge=0, le=MAX_SLOT, description="the countdown (null: a game's "
                                                                               "start)"), _whole(0, MAX_SLOT)] | None]
    fog_deck: NotRequired[Annotated[int, Field(ge=0, le=MAX_SLOT, description="the fog cards left (null: a game's "
                                                                             "start)"), _whole(0, MAX_SLOT)] | None]
    done: NotRequired[Annotated[DoneJSON, Field(description="what was done this turn (null: nothing)"),
                                _one_problem(lambda value: board_words("table.done", flags=", ".join(DONE_FLAGS)))]
                      | None]
    pending: NotRequired[Annotated[PendingInJSON, Field(description="the fog card waiting for an answer"),
                                   WrapValidator(_pending_read)] | None]


def _situation_read(doc: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """A situation: an object, every problem found at once: the board's size first, then the fields it does not
    know, then each field's in the order they are read."""
    if not isinstance(doc, Mapping):
        raise problem(board_words("table.mapping", got=type_name(doc)))
    given: _Given | None = info.context
    result, errors = outcome(handler, _filled(SituationJSON, doc))
    locations = len(given.rules.board.location_ids) if given is not None else 0
    if locations > MAX_LOCATIONS:
        errors[:0] = _said_of([((), board_words("table.board.limit", most=MAX_LOCATIONS, n=locations), "limit")])
    if errors:
        raise raised(_in_order(errors, SituationJSON, READ_ORDER))
    return result


#: The order a situation's fields are read in, and their problems said.
READ_ORDER = ("mode", "suit", "pawn", "moves", "length", "sequence", "reverse", "now", "clues", "suit_card", "typed",
              "keys", "countdown", "fog_deck", "trail", "done", "pending")
#: A game at the table as its player knows it, read with the rules as its context (:class:`_Given`).
SITUATION: Definition[SituationJSON] = Definition(Annotated[SituationJSON, WrapValidator(_situation_read)])


def _filled(shape: type, doc: Mapping[str, Any]) -> dict[str, Any]:
    """``doc`` with the fields ``shape`` requires that it lacks read as null: each says so in its own words."""
    return dict.fromkeys(_required_fields(shape)) | dict(doc)


@cache
def _required_fields(shape: type) -> tuple[str, ...]:
    """The fields of the TypedDict ``shape`` that are not ``NotRequired`` (its annotations are text, which
    ``__required_keys__`` does not read)."""
    hints = get_type_hints(shape, include_extras=True)
    return tuple(field for field, hint in hints.items() if get_origin(hint) is not NotRequired)


def _said_of(found: Iterable[tuple[Loc, Wording, str]]) -> list[ErrorDetails]:
    return [said_at(loc, words, code) for loc, words, code in found]


def _near_field(key: object, known: list[str]) -> Callable[[], Wording]:
    """``unknown field`` with its near miss, searched for only if the problem is kept."""
    return lambda: unknown("field", key, known)


def _in_order(errors: list[ErrorDetails], shape: type, fields: Sequence[str] = ()) -> list[ErrorDetails]:
    """The problems of a mapping of ``shape`` as the reader says them: its own first (the board's size), then the
    fields it does not know (``unknown field``, with a near miss), then the others in the order they are read
    (``fields``, by default the shape's)."""
    known = list(shape.__annotations__)
    order = {field: rank for rank, field in enumerate(fields or known)}
    for err in errors:
        if err["type"] in ("extra_forbidden", "invalid_key") and len(err["loc"]) == 1:
            err.update(said_at((str(err["loc"][0]),), _near_field(err["loc"][0], known)))

    def rank(err: ErrorDetails) -> tuple[int, int]:
        if not err["loc"]:
            return 0, 0
        return (1, 0) if err["loc"][0] not in order else (2, order[str(err["loc"][0])])
    return sorted(errors, key=rank)


@dataclass(frozen=True)
class _TypedHand:
    """The cards in hand: the set's by id (picked, or typed and recognised), and those typed that the set lacks."""

    clues: tuple[str, ...]
    suit_card: str | None
    typed: tuple[Observation, ...]


def _hand(cards: CardSet, situation: SituationJSON) -> _TypedHand:
    """The cards in hand of a situation: its ``clues`` and ``suit_card``, then each card of ``typed`` as the card of
    the set it matches (:func:`~deduce.who.query.recognised`; one of her suit is the suit card, ticked or not), or
    as it was typed when none does. A card that could be two of the set, a suit card of another suit and a second
    suit card are named by their place under ``typed``."""
    suit = situation["suit"]
    clues, suit_card = list(situation.get("clues") or ()), situation.get("suit_card")
    kept: list[Observation] = []
    problems = Problems()
    for i, (obs, role) in enumerate(_typed_cards(cards, suit, situation.get("typed") or [])):
        matches = recognised(cards, suit, obs)
        if len(matches) > 1:
            problems.add(("typed", i, "traits"),
                         card_words("progress.which-card", ladies=NameList(tuple(m.name for m in matches))))
            continue
        lady = matches[0] if matches else None
        of_hers = role == "suit_card" or (lady is not None and lady.suit == suit)
        if lady is not None and lady.suit != suit and role == "suit_card":
            problems.add(("typed", i, "role"), card_words("progress.suit-card-suit", suit=cards.suit(suit).name,
                                                          lady=lady.name, other=cards.suit(lady.suit).name))
        elif not of_hers:
            clues.extend([lady.id] if lady is not None else ())
            kept.extend([] if lady is not None else [replace(obs, role="clue")])
        elif suit_card is not None or any(o.role == "suit_card" for o in kept):
            problems.add(("typed", i, "role"), card_words("progress.suit-card-twice",
                                                          card=_suit_card_name(cards, suit_card)))
        elif lady is not None:
            suit_card = lady.id
        else:
            kept.append(replace(obs, role="suit_card", suit=suit))
    problems.raise_if_any()
    return _TypedHand(tuple(clues), suit_card, tuple(kept))


def _suit_card_name(cards: CardSet, card: str | None) -> PhraseParam:
    """The suit card given already: its name, or the word for a card typed as the suit card."""
    return cards.lady(card).name if card is not None else board_words("table.typed.suit-card")


def _typed_cards(cards: CardSet, suit: str, typed: list[dict[str, Any]]) -> list[tuple[Observation, Role]]:
    """The cards typed, as a query reads its clues (her suit known), each with its role: every problem is
    named by its place under ``typed``."""
    roles: list[Role] = []
    problems = Problems()
    for i, item in enumerate(typed):
        role = item.get("role", "clue")
        if role not in ROLES:
            problems.add(("typed", i, "role"), card_words("role.expected", choices=", ".join(ROLES), got=shown(role)))
        roles.append(cast(Role, role))
    problems.raise_if_any()
    query = {"suit": suit, "clues": [{k: v for k, v in item.items() if k != "role"} for item in typed]}
    try:
        read = parse_query(cards, query)
    except InputError as exc:
        raise InputError(p.at(("typed", *p.loc[1:])) for p in exc.problems) from None
    return list(zip(read.clues, roles, strict=True))


@dataclass(frozen=True)
class Situation:
    """The advisor's input for a situation at the table."""

    view: PlayerView
    actions: tuple[Action, ...]
    pending: Pending | None


def table_actions(rules: Rules, view: PlayerView, done: DoneJSON, pending: Pending | None) -> tuple[Action, ...]:
    """The actions the rules allow in the situation (:func:`deduce.game.turn.legal_actions`)."""
    return legal_actions(Turn(pending=pending is not None, fog_on_top=view.top is None,
                              moved=done.get("moved", False), searched=done.get("searched", False),
                              clue=done.get("clue", False),
                              suit_card=suit_card_revealable(rules, view.hand, view.visited)))


class TableAdviceJSON(TypedDict):
    """``POST /v1/advice`` for a situation: her odds from its trail (SPEC 7) and the plan, as a
    game's hints give them, or, when the clues in hand cannot be a hand of her suit (a clue of
    her suit, a card twice), ``plan_problems`` saying why instead of the plan."""

    step: Literal[3]
    tracking: TrackingJSON
    plan: NotRequired[PlanJSON]
    plan_problems: NotRequired[list[ProblemJSON]]


def table_advice(rules: Rules, doc: Any, lang: str = "en", board: Board | None = None) -> TableAdviceJSON:
    """Her odds and the plan for the situation ``doc`` (a :class:`SituationJSON`), worded in
    ``lang``, on ``board`` instead of the rules' own when given (problems raise
    :class:`~deduce.errors.InputError` with their paths in ``doc``)."""
    if board is not None:
        rules = replace(rules, board=board)
    return advice_for(rules, parse_situation(rules, doc), lang)


def advice_for(rules: Rules, table: Situation, lang: str = "en") -> TableAdviceJSON:
    """Her odds and the plan for a situation read with ``rules`` (:func:`parse_situation`), worded in ``lang``:
    the advice's answer, step 3 (SPEC 10)."""
    answer: TableAdviceJSON = {"step": 3, "tracking": track(rules.board, table.view.track_query()).to_json()}
    try:
        answer["plan"] = make_plan(rules, table.view, table.actions, table.pending).to_json(rules, lang)
    except InputError as exc:
        answer["plan_problems"] = [p.to_json(lang) for p in _hand_problems(table, exc)]
    return answer


def advice_step(rules: Rules, table: Situation, lang: str, step: HintStep) -> HintStepJSON:
    """The nudge (``step`` 1) or the focus (2) before the advice's answer (:func:`deduce.game.hints.hint_step`);
    a hand that cannot be raises :class:`~deduce.errors.InputError`, its problems named as the situation has them."""
    try:
        return hint_step(rules, table.view, table.actions, table.pending, lang, step)
    except InputError as exc:
        raise InputError(_hand_problems(table, exc)) from None


def standing_for(rules: Rules, table: Situation) -> StandingJSON:
    """How the game at the table stands if the plan is followed from here (:func:`deduce.game.standing.standing`):
    the game's standing for the same view; a hand that cannot be raises :class:`~deduce.errors.InputError`, its
    problems named as the situation has them."""
    if table.view.typed:
        raise InputError.at(("typed",), board_words("table.standing.typed"))
    try:
        return standing(rules, table.view, table.actions, table.pending).to_json()
    except InputError as exc:
        raise InputError(_hand_problems(table, exc)) from None
    except NoDeal:
        raise InputError.at((), board_words("table.standing.none")) from None


def _hand_problems(table: Situation, exc: InputError) -> list[Problem]:
    """The problems of the hand, which the deduction query names as its clues, named as the situation has them:
    the suit card, last in the query, under ``suit_card``."""
    suit_card = ("clues", len(table.view.clues))
    return [p.at(("suit_card", *p.loc[2:])) if p.loc[:2] == suit_card else p for p in exc.problems]


def _sequence(chosen: Mapping[str, Any] | None) -> tuple[SequenceKind, Any]:
    """The stealth sequence a situation names, as a setup holds it (none named: position 1, the default setup's)."""
    kind, value = next(iter((chosen or {"position": 1}).items()))
    return cast(SequenceKind, kind), value


def parse_situation(rules: Rules, doc: Any) -> Situation:
    """Read a :class:`SituationJSON` against the rules' cards, board and fog cards; every problem
    is reported at once, with its path (:class:`~deduce.errors.InputError`)."""
    pawn = doc.get("pawn") if isinstance(doc, Mapping) else None
    given = _Given(rules, pawn if isinstance(pawn, str) and rules.board.has_location(pawn) else None)
    situation = validated(SITUATION, doc, given)
    mode: Mode = situation.get("mode") or "normal"
    removed_suit(rules.cards, mode, situation["suit"])   # a mode the card set defines, else said under `mode`
    keys = situation.get("keys")
    countdown, fog_deck = situation.get("countdown"), situation.get("fog_deck")
    trail, now = situation["trail"], situation["now"]
    top = next((e.get("landmark") for e in reversed(trail) if e["slot"] == now and e["kind"] in ("landmark", "fog")),
               None)
    pawn = situation["pawn"]
    hand = _hand(rules.cards, situation)
    view = PlayerView(mode=mode, suit=situation["suit"], length=situation["length"], moves=situation["moves"],
                      slot=now, pawn=pawn, visited=frozenset([pawn] if keys is None else keys),
                      top=top, countdown=MODE_RULES[mode].countdown if countdown is None else countdown,
                      fog_deck=len(rules.fog) - MODE_RULES[mode].fog_discarded if fog_deck is None else fog_deck,
                      clues=hand.clues, suit_card=hand.suit_card, trail=tuple(trail), typed=hand.typed,
                      sequence=_sequence(situation.get("sequence")), reverse=situation.get("reverse") or False)
    pending = situation.get("pending")
    waiting = None
    if pending is not None:
        fog = rules.fog_card(pending["card"])
        assert fog.kind.asks is not None, "the definition takes a fog card that asks"
        waiting = Pending(fog.id, fog.action, fog.kind.asks, tuple(pending["choices"]))
    return Situation(view, table_actions(rules, view, situation.get("done") or {}, waiting), waiting)
