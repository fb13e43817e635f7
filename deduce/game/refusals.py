"""Why the rules refuse an action: a stable code and its parameters, said in any language (SPEC 8).

Core module, no I/O. As with events (:mod:`deduce.game.events`), the rules never put words in a
refusal: they raise :class:`~deduce.errors.Illegal` (an action the rules do not allow now, 409)
or :class:`~deduce.errors.InputError` (a malformed action, 422: its one problem carries the code)
with a :data:`RefusalCode` and parameters (ids, numbers, lists of ids); the words come from the
phrase table :mod:`deduce.text.refusals`. The English sentence is the exception's message, made
from that same table, for logs and the API's ``message``; :func:`reason` says a refusal in the
game's language, naming places, traits and fog cards as the editions do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, get_args

from deduce.errors import Illegal, InputError, Loc, Problem, RefusalParam
from deduce.game.events import Words
from deduce.game.material import Rules
from deduce.text.refusals import refusal_phrase

RefusalCode = Literal[
    # malformed (InputError, 422)
    "not-an-action", "unknown-action", "unexpected-field", "takes-no-fields", "resolve-field",
    "bad-location", "bad-path", "bad-path-step", "bad-traits",
    # not allowed now (Illegal, 409)
    "game-over", "fog-card-waiting", "no-fog-card-waiting", "already-moved", "already-searched",
    "fog-on-top", "not-fog-on-top", "fog-after-action", "suit-card-revealed",
    "suit-card-keys", "no-suit-card", "not-adjacent", "not-a-choice",
    # a stored game these rules cannot rebuild (ReplayRefused, an Illegal)
    "replay-refused",
]
#: Every refusal code, in the order of the type above.
REFUSAL_CODES: tuple[RefusalCode, ...] = get_args(RefusalCode)
#: The codes of malformed actions (an :class:`InputError`, 422); the others are :class:`Illegal` (409).
MALFORMED: frozenset[RefusalCode] = frozenset(REFUSAL_CODES[:REFUSAL_CODES.index("game-over")])

#: Parameters that hold a location id, and those that hold a list of them.
PLACE_PARAMS = frozenset({"to", "here", "value"})
PLACE_LIST_PARAMS = frozenset({"choices"})


def refusal_text(words: Words, code: str, params: Mapping[str, RefusalParam],
                 place: Callable[[str], str] | None = None) -> str:
    """The refusal in ``words``' language; ``place`` names a location (its name by default; the
    terminal adds its number)."""
    name = place or words.place
    cards = words.rules.cards
    fields: dict[str, object] = {}
    for key, value in params.items():
        if key in PLACE_PARAMS:
            fields[key] = name(str(value))
        elif key in PLACE_LIST_PARAMS and isinstance(value, list):
            fields[key] = ", ".join(name(v) for v in value)
        elif key == "traits" and isinstance(value, list):
            fields[key] = ", ".join(cards.trait(t).name.get(words.lang) for t in value)
        elif key == "card":
            fields[key] = words.rules.fog_card(str(value)).name.get(words.lang)
        elif isinstance(value, list):  # ids of the API's own words (actions, fields): as they are
            fields[key] = ", ".join(value)
        else:
            fields[key] = value
    return refusal_phrase(words.lang, code).format(**fields)


def reason(words: Words, exc: Illegal | InputError, place: Callable[[str], str] | None = None) -> str:
    """Why an action was refused, in ``words``' language: a refusal of the rules from its code
    and parameters; any other problem (none from the rules) as its English message."""
    if isinstance(exc, Illegal):
        return refusal_text(words, exc.code, exc.params, place)
    return "; ".join(refusal_text(words, p.refusal, p.params, place) if p.refusal else str(p)
                     for p in exc.problems)


def refused(rules: Rules, code: RefusalCode, **params: RefusalParam) -> Illegal:
    """An action the rules do not allow now, its message in English."""
    assert code not in MALFORMED, code
    return Illegal(refusal_text(Words(rules), code, params), code, params)


def malformed(rules: Rules, loc: Loc, code: RefusalCode, **params: RefusalParam) -> InputError:
    """A malformed action: one problem at ``loc``, its message in English."""
    assert code in MALFORMED, code
    return InputError([Problem(loc, refusal_text(Words(rules), code, params), "schema", code, params)])
