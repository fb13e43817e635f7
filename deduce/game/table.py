"""The plan for a game at the table: the advisor's input built from what the player there knows (issue 26).

Core module, no I/O. A player with the printed game (the table page, ``POST /v1/advice``)
knows what a game's view holds: her suit, the clues and the suit card in hand, the pawn, the
keys claimed, the fog cards left, the countdown, the trail of everything seen or done (SPEC 8)
and what was done this turn. :func:`parse_situation` reads that description, a
:class:`SituationJSON`, into the advisor's input (a :class:`~deduce.game.view.PlayerView`, the
legal actions and the fog card waiting for an answer), and :func:`table_advice` gives her odds
and the plan of :func:`deduce.game.advisor.advise` for it: the same planner as a game's hints,
so the two agree by construction on the same situation (``tests/game/test_voice.py`` plays
seeded games and compares them turn by turn).

The legal actions follow from the situation as the rules give them (SPEC 8): a fog card
waiting asks for ``resolve`` alone; otherwise a move unless one was made this turn (Training),
a search (and a confrontation, unless a clue was gained this turn) under a stealth card unless
one was made this turn, the fog card on top unless the pawn moved or searched this turn, and a
pass; the suit card may be revealed once every key is claimed, when her suit has one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NotRequired, cast, get_args

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.document import type_name
from deduce.errors import InputError, Loc, ProblemJSON, Problems, problem_words, shown
from deduce.game.advisor import PlanJSON, advise
from deduce.game.material import Rules
from deduce.game.trail import TRAIL_FIELDS, TRAIL_KINDS, TrailEntryJSON
from deduce.game.view import Action, Pending, PlayerView
from deduce.where.board import Board
from deduce.where.query import MAX_LENGTH, MAX_OBSERVATIONS, MAX_SLOT, board_words
from deduce.where.stealth import Moves
from deduce.where.tracker import TrackingJSON, track
from deduce.who.cards import MODES, Mode

__all__ = ["DoneJSON", "PendingInJSON", "SituationJSON", "Table", "TableAdviceJSON", "parse_situation",
           "table_actions", "table_advice"]


class DoneJSON(TypedDict, total=False):
    """What was done this turn (all false at the start of a turn): a move (Training allows a
    move and a search in one turn), a search, a clue gained (no confrontation then)."""

    moved: bool
    searched: bool
    clue: bool


#: The most locations a board may have for a plan: the route through the keys is computed over
#: every subset of them (the shipped board has 11).
MAX_LOCATIONS = 14
#: The most trail entries a situation may hold.
MAX_TRAIL = 4 * MAX_OBSERVATIONS
#: The flags of :class:`DoneJSON`.
DONE_FLAGS = ("moved", "searched", "clue")


class PendingInJSON(TypedDict):
    """A fog card revealed and waiting for its answer: its id and the answers the card allows now."""

    card: str
    choices: list[str]


class SituationJSON(TypedDict):
    """A game at the table as its player knows it (the fields of a game's VIEW, SPEC 8).

    ``now`` is the tracking slot of the top card (cards moved since the start); ``length`` and
    ``moves`` describe the stealth sequence played; ``keys`` are the locations whose key is
    claimed (default: the pawn's, as at setup); ``countdown`` and ``fog_deck`` default to a
    game's start (2, 3 in Easy; every fog card, one fewer in Expert); ``trail`` holds the
    trail entries of SPEC 8 (the landmark or fog card seen on each slot, searches, flights,
    fog cards used): the top card is the last ``landmark`` or ``fog`` entry on ``now``."""

    suit: str
    pawn: str
    length: int
    moves: Moves
    now: int
    trail: list[TrailEntryJSON]
    mode: NotRequired[Mode]
    clues: NotRequired[list[str]]
    suit_card: NotRequired[str | None]
    keys: NotRequired[list[str]]
    countdown: NotRequired[int]
    fog_deck: NotRequired[int]
    done: NotRequired[DoneJSON]
    pending: NotRequired[PendingInJSON | None]


@dataclass(frozen=True)
class Table:
    """The advisor's input for a situation at the table."""

    view: PlayerView
    actions: tuple[Action, ...]
    pending: Pending | None


def table_actions(rules: Rules, view: PlayerView, done: DoneJSON, pending: Pending | None) -> tuple[Action, ...]:
    """The actions the rules allow in the situation (see the module), in the game's order."""
    out: list[Action] = []
    if pending is not None:
        out.append("resolve")
    else:
        if not done.get("moved", False):
            out.append("move")
        if view.top is not None:
            if not done.get("searched", False):
                out += ["search"] if done.get("clue", False) else ["search", "confront"]
        elif not done.get("moved", False) and not done.get("searched", False):
            out.append("fog")
        out.append("pass")
    has_suit_card = len(rules.cards.ladies_of_suit(view.suit)) > 1
    if view.suit_card is None and has_suit_card and view.visited >= set(rules.board.location_ids):
        out.append("reveal_suit_card")
    return tuple(out)


class TableAdviceJSON(TypedDict):
    """``POST /v1/advice`` for a situation: her odds from its trail (SPEC 7) and the plan, as a
    game's hints give them, or, when the clues in hand cannot be a hand of her suit (a clue of
    her suit, a card twice), ``plan_problems`` saying why instead of the plan."""

    tracking: TrackingJSON
    plan: NotRequired[PlanJSON]
    plan_problems: NotRequired[list[ProblemJSON]]


def table_advice(rules: Rules, doc: Any, lang: str = "en", board: Board | None = None) -> TableAdviceJSON:
    """Her odds and the plan for the situation ``doc`` (a :class:`SituationJSON`), worded in
    ``lang``, on ``board`` instead of the rules' own when given (problems raise
    :class:`~deduce.errors.InputError` with their paths in ``doc``)."""
    if board is not None:
        rules = replace(rules, board=board)
    table = parse_situation(rules, doc)
    answer: TableAdviceJSON = {"tracking": track(rules.board, table.view.track_query()).to_json()}
    try:
        answer["plan"] = advise(rules, table.view, table.actions, table.pending).to_json(rules, lang)
    except InputError as exc:   # the hand: its problems name the clues as the deduction query has them
        suit_card = ("clues", len(table.view.clues))   # the suit card comes last in the deduction query
        answer["plan_problems"] = [(p.at(("suit_card", *p.loc[2:])) if p.loc[:2] == suit_card else p).to_json(lang)
                                   for p in exc.problems]
    return answer


def parse_situation(rules: Rules, doc: Any) -> Table:
    """Read a :class:`SituationJSON` against the rules' cards, board and fog cards; every problem
    is reported at once, with its path (:class:`~deduce.errors.InputError`)."""
    bad = Problems()
    if not isinstance(doc, Mapping):
        bad.add((), board_words("table.mapping", got=type_name(doc)))
        bad.raise_if_any()
    board, cards = rules.board, rules.cards
    if len(board.location_ids) > MAX_LOCATIONS:
        bad.add((), board_words("table.board.limit", most=MAX_LOCATIONS, n=len(board.location_ids)), code="limit")
    ladies = [lady.id for lady in cards.ladies]
    read = _Reader(doc, bad)
    read.only(SituationJSON.__annotations__)
    mode = cast(Mode, read.choice("mode", MODES, "mode", "normal"))
    suit = read.choice("suit", cards.suit_ids, "suit", required=True)
    pawn = read.choice("pawn", board.location_ids, "location", required=True)
    moves = cast(Moves, read.choice("moves", get_args(Moves), "moves", required=True))
    length = read.number("length", 1, MAX_LENGTH)
    now = read.number("now", 0, MAX_SLOT)
    clues = read.ids("clues", ladies, "lady")
    suit_card = read.choice("suit_card", ladies, "lady")
    keys = read.ids("keys", board.location_ids, "location", [pawn] if pawn else [])
    countdown = read.number("countdown", 0, MAX_SLOT, 3 if mode == "easy" else 2)
    fog_deck = read.number("fog_deck", 0, MAX_SLOT, len(rules.fog) - int(mode == "expert"))
    trail = _trail(rules, doc.get("trail"), bad)
    done = _done(doc.get("done"), bad)
    pending = _pending(rules, doc.get("pending"), pawn, bad)
    bad.raise_if_any()
    assert suit is not None and pawn is not None and length is not None and now is not None
    top = next((e.get("landmark") for e in reversed(trail) if e["slot"] == now and e["kind"] in ("landmark", "fog")),
               None)
    view = PlayerView(mode=mode, suit=suit, length=length, moves=moves, slot=now, pawn=pawn,
                      visited=frozenset(keys), top=top, countdown=countdown or 0, fog_deck=fog_deck or 0,
                      clues=tuple(clues), suit_card=suit_card, trail=tuple(trail))
    return Table(view, table_actions(rules, view, done, pending), pending)


@dataclass
class _Reader:
    """Reads the fields of one object, adding each problem to ``bad`` with its path."""

    doc: Mapping[str, Any]
    bad: Problems
    at: Loc = ()

    def only(self, fields: Iterable[str]) -> None:
        """Refuse the fields not among ``fields`` (a typo is an error, not a field ignored)."""
        known = list(fields)
        for key in self.doc:
            if key not in known:
                self.bad.unknown((*self.at, str(key)), "field", key, known)

    def value(self, field: str, default: Any, required: bool) -> Any:
        if self.doc.get(field) is None:
            if required:
                self.bad.add((*self.at, field), board_words("table.required", field=field))
            return default
        return self.doc[field]

    def choice(self, field: str, choices: Sequence[str], kind: str, default: str | None = None,
               required: bool = False) -> str | None:
        """An id among ``choices``, or ``default`` when absent."""
        value = self.value(field, default, required)
        if value is None or value == default:
            return cast(str | None, value)
        if value not in choices:
            self.bad.unknown((*self.at, field), kind, value, choices)
            return None
        return cast(str, value)

    def number(self, field: str, least: int, most: int, default: int | None = None) -> int | None:
        """A whole number from ``least`` to ``most`` (required unless a ``default`` is given)."""
        value = self.value(field, default, default is None)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            self.bad.add((*self.at, field), board_words("expected.range", least=least, most=most, got=shown(value)))
            return None
        return value

    def ids(self, field: str, choices: Sequence[str], kind: str, default: list[str] | None = None) -> list[str]:
        """A list of ids among ``choices`` (empty, or ``default``, when absent)."""
        value = self.value(field, default or [], False)
        if not isinstance(value, list):
            said = board_words("table.ids", kind=problem_words(f"kind.{kind}"), got=type_name(value))
            self.bad.add((*self.at, field), said)
            return []
        for i, item in enumerate(value):
            if item not in choices:
                self.bad.unknown((*self.at, field, i), kind, item, choices)
        return [x for x in value if x in choices]


def _trail(rules: Rules, value: Any, bad: Problems) -> list[TrailEntryJSON]:
    """The trail entries (SPEC 8): a slot, a kind and the fields of the kind, with known ids."""
    if not isinstance(value, list) or len(value) > MAX_TRAIL:
        bad.add(("trail",), board_words("table.trail", most=MAX_TRAIL, got=type_name(value)))
        return []
    board, fog = rules.board, [f.id for f in rules.fog]
    ladies = [lady.id for lady in rules.cards.ladies]
    ids: dict[str, tuple[str, Sequence[str]]] = {
        "landmark": ("landmark", board.landmark_ids), "location": ("location", board.location_ids),
        "fog_card": ("fog card", fog)}
    out: list[TrailEntryJSON] = []
    for i, entry in enumerate(value):
        at: Loc = ("trail", i)
        if not isinstance(entry, Mapping):
            bad.add(at, board_words("table.trail.entry", got=type_name(entry)))
            continue
        kind, before = entry.get("kind"), len(bad)
        if kind not in TRAIL_KINDS:
            bad.unknown((*at, "kind"), "trail kind", kind, TRAIL_KINDS)
            continue
        _Reader(entry, bad, at).number("slot", 0, MAX_SLOT)
        optional = (f for f in ("fog_card", "location", "suit_card") if f in entry)
        for name in dict.fromkeys((*TRAIL_FIELDS[kind], *optional)):
            field_value = entry.get(name)
            if name in ids or name == "card":
                kind_name, choices = ids.get(name) or (("fog card", fog) if kind == "fog_card" else ("lady", ladies))
                if field_value not in choices:
                    bad.unknown((*at, name), kind_name, field_value, choices)
            elif not _FIELD_TYPES[name](field_value):
                bad.add((*at, name), board_words("table.trail.field", kind=kind, name=name, what=_FIELD_WORDS[name],
                                            got=shown(field_value)))
        if len(bad) == before:
            out.append(cast(TrailEntryJSON, dict(entry)))
    return out


#: The trail fields that are not ids: what each must be.
_FIELD_TYPES: dict[str, Callable[[Any], bool]] = {
    "found": lambda v: isinstance(v, bool), "suit_card": lambda v: isinstance(v, bool),
    "cards": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_SLOT,
    "value": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_SLOT,
    "result": lambda v: isinstance(v, str),
}
_FIELD_WORDS = {"found": board_words("table.trail.boolean"), "suit_card": board_words("table.trail.boolean"),
                "cards": board_words("table.trail.whole", most=MAX_SLOT),
                "value": board_words("table.trail.whole", most=MAX_SLOT), "result": problem_words("type.string")}


def _done(value: Any, bad: Problems) -> DoneJSON:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(k in DONE_FLAGS and isinstance(v, bool) for k, v in value.items()):
        bad.add(("done",), board_words("table.done", flags=", ".join(DONE_FLAGS)))
        return {}
    return cast(DoneJSON, dict(value))


def _pending(rules: Rules, value: Any, pawn: str | None, bad: Problems) -> Pending | None:
    """The fog card waiting for an answer: one that asks for one, with its choices (ids of the
    board; for the wherry, places one or two steps from the pawn)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        bad.add(("pending",), board_words("table.pending", got=type_name(value)))
        return None
    read = _Reader(value, bad, ("pending",))
    read.only(PendingInJSON.__annotations__)
    asking = [f.id for f in rules.fog if f.kind.asks is not None]
    card = read.choice("card", asking, "fog card", required=True)
    choices = read.ids("choices", rules.board.location_ids, "location")
    if card is None or pawn is None:
        return None
    fog = rules.fog_card(card)
    asks = fog.kind.asks
    assert asks is not None
    if asks == "path":
        board = rules.board
        near = set(board.neighbours(pawn))
        far = [x for x in choices if x not in near and not any(board.adjacent(y, x) for y in near)]
        for x in far:
            bad.add(("pending", "choices", choices.index(x)), board_words("table.boat", location=x))
    if not choices:
        bad.add(("pending", "choices"), board_words("table.choices"))
    return Pending(card, fog.action, asks, tuple(choices)) if choices else None
