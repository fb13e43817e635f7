"""A game's setup: the player's choices (SPEC 8, ``POST /v1/games``) and the deal they lead to.

Core module, no I/O. :func:`parse_setup` reads a setup document and names every problem
by its field; :class:`Setup` is the normalised result, written to and read from JSON here
only (:meth:`Setup.to_json`, :meth:`Setup.from_json`: the store keeps games this way).
:func:`deal` makes every random choice of a game, once, from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Required, cast, final

from pydantic import AfterValidator, Discriminator, Field, Tag, ValidationInfo, with_config
from typing_extensions import TypedDict

from deduce.document import type_name
from deduce.errors import InputError, problem_words, shown, unknown
from deduce.game.material import Rules, StealthOrder
from deduce.game.modes import MODE_RULES
from deduce.schema import Definition, entry, known_in, problem, said, strict, tagged, validated
from deduce.text.catalog import Phrase
from deduce.text.names import Choices
from deduce.where.query import board_words
from deduce.where.stealth import POSITIONS
from deduce.who.cards import MODES, Mode, ModeUnavailable, PlainMode

#: Fields of a game's setup document (SPEC 8, POST /v1/games).
SETUP_FIELDS = ("mode", "sequence", "reverse", "start", "seed", "discard_fog")
#: How a stealth sequence is chosen: a position printed on the cards, or a rulebook sequence.
SequenceKind = Literal["position", "rulebook"]
SEQUENCE_KINDS: tuple[SequenceKind, ...] = ("position", "rulebook")
MAX_SEED = 2 ** 63 - 1


class SetupJSON(TypedDict):
    """A normalised setup, as stored with a game."""

    mode: Mode
    sequence: dict[str, Any]
    reverse: bool
    start: str | None
    seed: int
    discard_fog: int


@dataclass(frozen=True)
class Setup:
    """The player's choices for a game, and its seed (normalised; stored with the game)."""

    mode: Mode = "normal"
    sequence: tuple[SequenceKind, Any] = ("position", 1)
    reverse: bool = False
    start: str | None = None
    seed: int = 0
    discard_fog: int = 0

    @property
    def sequence_doc(self) -> dict[str, Any]:
        """The sequence choice as a document: ``{"position": 1}`` or ``{"rulebook": "easy-1"}``."""
        return {self.sequence[0]: self.sequence[1]}

    def to_json(self) -> SetupJSON:
        return {"mode": self.mode, "sequence": self.sequence_doc, "reverse": self.reverse,
                "start": self.start, "seed": self.seed, "discard_fog": self.discard_fog}

    @classmethod
    def from_json(cls, doc: SetupJSON) -> Setup:
        """The setup :meth:`to_json` wrote (trusted: it was checked when the game began)."""
        kind, value = next(iter(doc["sequence"].items()))
        return cls(doc["mode"], (cast(SequenceKind, kind), value), doc["reverse"], doc["start"], doc["seed"],
                   doc["discard_fog"])


#: Most fog cards Expert may discard at setup: all of the printed game's ten fog cards but one (a game plays
#: with at least one). A smaller fog deck allows fewer (the rules the setup is read with say how many).
MAX_DISCARD = 9


def _expected_range(value: Any) -> Phrase:
    return board_words("expected.range", least=0, most=MAX_SEED, got=shown(value))


@final
@with_config(strict("PositionSequence"))
class PositionSequence(TypedDict):
    """One of the stealth deck's eight shuffled orders."""

    position: Annotated[int, Field(ge=1, le=POSITIONS), said(
        lambda value: problem_words("expected.position", most=POSITIONS, got=shown(value)))]


@final
@with_config(strict("RulebookSequence"))
class RulebookSequence(TypedDict):
    """A sequence of the rulebook, by name (``GET /v1/material`` lists them)."""

    rulebook: str


def _sequence_kind(choice: Any) -> SequenceKind | None:
    """Which way the sequence is chosen: the one field of a mapping of one field."""
    if isinstance(choice, Mapping) and len(choice) == 1 and next(iter(choice)) in SEQUENCE_KINDS:
        kind: SequenceKind = next(iter(choice))
        return kind
    return None


SequenceJSON = Annotated[
    Annotated[PositionSequence, Tag("position")] | Annotated[RulebookSequence, Tag("rulebook")],
    Discriminator(_sequence_kind), tagged(_sequence_kind, lambda choice: board_words(
        "setup.sequence", position='{"position": 1..8}', rulebook='{"rulebook": "<name>"}')),
    Field(description="her route")]


def _fog_left(discard: int, info: ValidationInfo) -> int:
    """Fewer discards than the rules' fog cards (the setup is read with the rules as its context)."""
    rules = info.context
    if rules is not None and discard > len(rules.fog) - 1:
        raise problem(board_words("setup.discard", most=len(rules.fog) - 1, got=shown(discard)))
    return discard


class _Choices(TypedDict, total=False):
    """What every setup may choose, whatever its mode."""

    sequence: SequenceJSON
    reverse: Annotated[bool, Field(description="play the sequence backwards"),
                       said(lambda value: board_words("expected.boolean", got=type_name(value)))]
    start: Annotated[str, Field(description="her first location (null: drawn from the seed)"),
                     known_in("location", lambda rules, ident: rules.board.has_location(ident),
                              lambda rules: Choices.of(rules.board.locations))] | None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED, description="the deal's seed (null: a random one)"),
                    said(_expected_range)] | None


@final
@with_config(strict("PlainSetup"))
class PlainSetup(_Choices, total=False):
    """A game in any mode but Expert: no fog card is discarded at setup."""

    mode: Annotated[PlainMode, Field(description="the difficulty"),
                    said(lambda value: unknown("mode", value, MODES))]
    discard_fog: Annotated[int, Field(ge=0, le=0, description="no fog card is discarded but in Expert"),
                           said(lambda value: board_words("setup.discard.mode"))] | None


@final
@with_config(strict("ExpertSetup"))
class ExpertSetup(_Choices, total=False):
    """An Expert game: fog cards are discarded at setup, 1 by default."""

    mode: Required[Literal["expert"]]
    discard_fog: Annotated[int, Field(ge=1, le=MAX_DISCARD, description=f"fog cards discarded at setup, 1 to "
                                                                        f"{MAX_DISCARD} (null: 1)"),
                           said(lambda value: board_words("setup.discard", most=MAX_DISCARD, got=shown(value))),
                           AfterValidator(_fog_left)] | None


def _setup_kind(doc: Any) -> str | None:
    """Expert, or any other mode (None: not a setup at all)."""
    if not isinstance(doc, Mapping):
        return None
    return "expert" if doc.get("mode") == "expert" else "plain"


#: A new game's setup (SPEC 8), read with the game's rules as its context: every field is optional,
#: and no document at all is the default game.
SETUP: Definition[PlainSetup | ExpertSetup] = Definition(Annotated[
    Annotated[PlainSetup, Tag("plain")] | Annotated[ExpertSetup, Tag("expert")], Discriminator(_setup_kind),
    tagged(_setup_kind, lambda doc: board_words("setup.mapping", got=type_name(doc))),
    entry(PlainSetup, fields=SETUP_FIELDS,
          not_mapping=lambda value: board_words("setup.mapping", got=type_name(value))),
    Field(title="GameSetup", description="A new game's setup (SPEC 8); every field is optional, and no body at "
                                         "all is the default game.")])


def parse_setup(rules: Rules, doc: Any, default_seed: int = 0) -> Setup:
    """Read a setup document (all fields optional); every problem is named by its field."""
    choices = validated(SETUP, {} if doc is None else doc, rules)
    mode: Mode = choices.get("mode", "normal")
    try:
        rules.cards.removed_suit(mode, rules.cards.suit_ids[0])
    except ModeUnavailable as exc:
        raise InputError.at(("mode",), board_words("setup.mode", mode=mode, reason=exc.words)) from None
    sequence = choices.get("sequence", {"position": 1})
    kind = _sequence_kind(sequence)
    assert kind is not None, "the definition takes one of the kinds"
    seed = choices.get("seed")
    discard = choices.get("discard_fog")
    if discard is None:
        discard = MODE_RULES[mode].fog_discarded
    setup = Setup(mode, (kind, next(iter(sequence.values()))), choices.get("reverse", False), choices.get("start"),
                  default_seed if seed is None else seed, discard)
    rules.order(setup.sequence_doc, setup.reverse)  # an unknown rulebook sequence is refused here, at setup
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
