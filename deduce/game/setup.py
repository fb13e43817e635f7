"""A game's setup: the player's choices (SPEC 8, ``POST /v1/games``) and the deal they lead to.

Core module, no I/O. :func:`parse_setup` reads a setup document and names every problem
by its field; :class:`Setup` is the normalised result, written to and read from JSON here
only (:meth:`Setup.to_json`, :meth:`Setup.from_json`: the store keeps games this way).
:func:`deal` makes every random choice of a game, once, from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypedDict, cast

from deduce.document import is_int, key_text, type_name
from deduce.errors import InputError, Problems, Wording, problem_words, shown, unknown
from deduce.game.material import Rules, StealthOrder
from deduce.where.query import board_words
from deduce.who.cards import MODES, Mode, ModeUnavailable

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


def parse_setup(rules: Rules, doc: Any, default_seed: int = 0) -> Setup:
    """Read a setup document (all fields optional); every problem is named by its field."""
    if doc is None:
        doc = {}
    if not isinstance(doc, Mapping):
        raise InputError.at((), board_words("setup.mapping", got=type_name(doc)))
    problems = Problems()
    bad = problems.add
    for name in doc:
        if name not in SETUP_FIELDS:
            bad((key_text(name),), problem_words("field.unknown", fields=", ".join(SETUP_FIELDS)))
    mode = _mode(doc, bad)
    sequence = _sequence(doc, bad)
    reverse = doc.get("reverse", False)
    if not isinstance(reverse, bool):
        bad(("reverse",), board_words("expected.boolean", got=type_name(reverse)))
        reverse = False
    start = doc.get("start")
    if start is not None and (not isinstance(start, str) or not rules.board.has_location(start)):
        bad(("start",), unknown("location", start, rules.board.location_ids))
    seed = doc.get("seed", default_seed)
    seed = default_seed if seed is None else seed
    if not is_int(seed) or not 0 <= seed <= MAX_SEED:
        bad(("seed",), board_words("expected.range", least=0, most=MAX_SEED, got=shown(seed)))
    discard = _discard(rules, mode, doc.get("discard_fog"), bad)
    try:
        rules.cards.removed_suit(mode, rules.cards.suit_ids[0])
    except ModeUnavailable as exc:
        bad(("mode",), board_words("setup.mode", mode=mode, reason=exc.words))
    problems.raise_if_any()
    setup = Setup(mode, sequence, reverse, start, seed, discard)
    rules.order(setup.sequence_doc, reverse)  # unknown sequences are refused here, at setup
    return setup


#: How a setup's field reports a problem: the place under the setup, and what was expected.
Report = Callable[[tuple[str], Wording], None]


def _mode(doc: Mapping[str, Any], bad: Report) -> Mode:
    """The mode (normal when none is given, or a wrong one was)."""
    given = doc.get("mode", "normal")
    if given not in MODES:
        bad(("mode",), unknown("mode", given, MODES))
    mode: Mode = given if given in MODES else "normal"
    return mode


def _sequence(doc: Mapping[str, Any], bad: Report) -> tuple[SequenceKind, Any]:
    """The stealth sequence: an on-card position or a rulebook sequence (its value checked at setup)."""
    seq_doc = doc.get("sequence", {"position": 1})
    if not isinstance(seq_doc, Mapping) or len(seq_doc) != 1 or next(iter(seq_doc)) not in SEQUENCE_KINDS:
        bad(("sequence",), board_words("setup.sequence", position='{"position": 1..8}',
                                       rulebook='{"rulebook": "<name>"}'))
        return ("position", 1)
    kind, value = next(iter(seq_doc.items()))
    return (kind, value)


def _discard(rules: Rules, mode: Mode, discard: Any, bad: Report) -> int:
    """How many fog cards Expert discards at setup (1 unless said); none in any other mode."""
    if mode != "expert":
        if discard not in (None, 0) or isinstance(discard, bool):
            bad(("discard_fog",), board_words("setup.discard.mode"))
        return 0
    discard = 1 if discard is None else discard
    if not is_int(discard) or not 1 <= discard <= len(rules.fog) - 1:
        bad(("discard_fog",), board_words("setup.discard", most=len(rules.fog) - 1, got=shown(discard)))
        return 1
    return int(discard)


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
