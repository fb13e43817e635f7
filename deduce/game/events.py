"""What the player sees happen: events, each a stable code and its parameters (SPEC 8).

Core module, no I/O. The rules emit :class:`Event` values and never words; :class:`Words`
says them in a language, from the phrase tables of :mod:`deduce.text.events` and the
names on the cards, the board and the fog cards.

An event's JSON (:class:`EventJSON`) keeps the first version's fields, ``event`` (the
code's family, e.g. ``top`` for ``top.landmark``), ``text`` and the parameters beside
them, and adds ``code`` and ``params``, so a front end may say it in its own language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, NotRequired, cast, get_args

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.material import Rules
from deduce.text.events import event_phrase

EventCode = Literal[
    "pass", "move", "key", "key.last", "not-found", "found", "clue.found", "clue.suit-card",
    "fog", "glimpse.fog", "glimpse.landmark", "lantern.here", "lantern.not-here", "slip", "damp",
    "lost-key", "lost-key.moot", "keyhole.fog", "keyhole.there", "keyhole.not-there",
    "flee", "countdown", "top.fog", "top.landmark",
    "end.unmasked", "end.wrong-traits", "end.countdown", "end.no-fog-card.search", "end.no-fog-card.fog",
    "end.fog-impossible.damp", "end.fog-impossible.lost-key", "end.fog-impossible.no-choice",
]
#: Every event code, in the order of the type above.
EVENT_CODES: tuple[EventCode, ...] = get_args(EventCode)
#: Codes whose words depend on a number, and the parameter that holds it.
COUNTED = {"flee": "cards"}

#: A parameter's value: an id (a location, landmark, clue card, fog card ...), a number or a flag.
Param = str | int | bool


class EventParamsJSON(TypedDict, total=False):
    """The parameters an event may carry (ids, numbers and flags, never words)."""

    location: str
    left: int
    card: str
    fog_action: str
    slot: int
    landmark: str
    fog: bool
    found: bool
    cards: int
    countdown: int
    state: str
    reason: str
    dark_lady: str


class EventJSON(TypedDict):
    """An event as the API answers it: the first version's ``event``, ``text`` and the
    parameters beside them, then the stable ``code`` and all its ``params``."""

    event: str
    text: str
    code: EventCode
    params: EventParamsJSON
    location: NotRequired[str]
    card: NotRequired[str]
    fog_action: NotRequired[str]
    slot: NotRequired[int]
    landmark: NotRequired[str]
    fog: NotRequired[bool]
    found: NotRequired[bool]
    cards: NotRequired[int]
    countdown: NotRequired[int]
    state: NotRequired[str]
    reason: NotRequired[str]


@dataclass(frozen=True)
class Event:
    """Something the player saw happen: a stable code and its parameters.

    ``params`` are also shown beside the text in the event's JSON, as in the first
    version of the API; ``extra`` holds the parameters added since (only in ``params``).
    """

    code: EventCode
    params: Mapping[str, Param] = field(default_factory=dict)
    extra: Mapping[str, Param] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The code's family: ``top`` for ``top.landmark``, ``end`` for every ending."""
        return self.code.split(".")[0]

    @property
    def all_params(self) -> dict[str, Param]:
        return {**self.params, **self.extra}


@dataclass(frozen=True)
class Words:
    """Says events, and names the things in them, in one language."""

    rules: Rules
    lang: str = "en"

    def place(self, location: str) -> str:
        return self.rules.board.location(location).name.get(self.lang)

    def landmark(self, landmark: str) -> str:
        return self.rules.board.landmark(landmark).name.get(self.lang)

    def lady(self, card: str) -> str:
        return self.rules.cards.lady(card).name.get(self.lang)

    def traits(self, card: str) -> str:
        cards = self.rules.cards
        return ", ".join(cards.trait(t).name.get(self.lang) for t in cards.lady(card).traits)

    def fog_text(self, fog_id: str) -> str:
        return self.rules.fog_card(fog_id).text.get(self.lang)

    def text(self, event: Event) -> str:
        """The event in words."""
        params = event.all_params
        fields: dict[str, object] = dict(params)
        if "location" in params:
            fields["location"] = self.place(str(params["location"]))
        if "landmark" in params:
            fields["landmark"] = self.landmark(str(params["landmark"]))
        if event.kind == "clue":
            fields["lady"], fields["traits"] = self.lady(str(params["card"])), self.traits(str(params["card"]))
        if event.code == "fog":
            fields["card"] = self.rules.fog_card(str(params["card"])).name.get(self.lang)
            fields["text"] = self.fog_text(str(params["card"]))
        if "dark_lady" in params:
            fields["lady"] = self.lady(str(params["dark_lady"]))
        counted = COUNTED.get(event.code)
        count = int(params[counted]) if counted else None
        return event_phrase(self.lang, event.code, count).format(**fields)

    def to_json(self, event: Event) -> EventJSON:
        """The event's JSON, its text in this language."""
        return cast(EventJSON, {"event": event.kind, "text": self.text(event), **event.params,
                                "code": event.code, "params": event.all_params})

