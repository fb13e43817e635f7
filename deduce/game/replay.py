"""Rebuilding a game from its setup and the actions it accepted, and games recorded under older
rules (SPEC 8).

Core module, no I/O. A game is its :class:`~deduce.game.setup.Setup` plus the action documents
the player sent: :func:`replay_state` rebuilds its state exactly, because every random choice is
made once, at the deal, from the seed (:mod:`deduce.game.store` keeps games this way;
:func:`deduce.game.game.replay` wraps the state in a :class:`~deduce.game.game.Game`).
:data:`RULES_VERSION` numbers the rules; a game recorded under older ones is replayed under the
current ones when they play it the same way, and refused with :class:`ReplayRefused` when they
would not (:func:`played_differently`, :func:`after_older_rules` know each difference), or when
they refuse one of its actions now. Its reason is words of the catalog (:func:`replay_words`), the
refusal of the rules inside it with the game's names, so that it is said in the player's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from deduce.errors import Illegal, InputError, Sayable
from deduce.game.events import Words
from deduce.game.material import Rules
from deduce.game.modes import MODE_RULES
from deduce.game.parse import parse_action
from deduce.game.refusals import refusal_text
from deduce.game.setup import Setup
from deduce.game.state import State
from deduce.text.catalog import Phrase, PhraseParam

#: The version of the rules. 1: the first engine (a search ended a Training turn, the suit card
#: blocked a confrontation, the lantern returned discarded fog cards); 2: SPEC 8 as revised for issue 10.
RULES_VERSION = 2


#: Why a recorded game is refused: the keys of its words among the catalog's refusals (``replay-refused.<key>``),
#: each said as every refusal is, as a reason (no capital, no full stop).
ReplayReason = Literal["older-rules", "cannot", "setup", "action", "lantern", "training-search", "stored-setup"]
REPLAY_REASONS: tuple[ReplayReason, ...] = get_args(ReplayReason)


def replay_words(key: ReplayReason, **params: PhraseParam) -> Phrase:
    """The words of the catalog's refusals that say why a recorded game is refused."""
    return Phrase("refusals", f"replay-refused.{key}", params)


@dataclass(frozen=True)
class Because:
    """A phrase of :func:`replay_words` whose ``why`` is other words, said in the same language: a
    :class:`~deduce.text.catalog.Phrase` takes only phrases, and a refusal of the rules needs the game's names."""

    key: ReplayReason
    why: Sayable
    params: Mapping[str, PhraseParam] = field(default_factory=dict)

    def said(self, lang: str = "en") -> str:
        return replay_words(self.key, **self.params, why=self.why.said(lang)).said(lang)


@dataclass(frozen=True)
class RulesSaid:
    """What the rules raised while replaying (a refusal, a malformed action or setup), said in any
    language as ``str()`` says it in English: a refusal from its code and parameters with the game's
    names, each problem after its path, anything else (a library's message) as it is."""

    rules: Rules
    exc: Exception

    def said(self, lang: str = "en") -> str:
        words = Words(self.rules, lang)
        if isinstance(self.exc, Illegal):
            return refusal_text(words, self.exc.code, self.exc.params)
        if not isinstance(self.exc, InputError):
            return str(self.exc)
        said = ((p, refusal_text(words, p.refusal, p.params) if p.refusal else p.said(lang)) for p in self.exc.problems)
        return "; ".join(f"{p.path}: {text}" if p.loc else text for p, text in said)


class ReplayRefused(Illegal):
    """A recorded game that these rules refuse, or cannot replay as it was played (one
    recorded under older rules, see :data:`RULES_VERSION`); the API answers it with 409.

    Its code is always ``replay-refused``, with no parameters; its ``words`` say what was refused
    (:meth:`said`, in any language), ``str()`` in English."""

    def __init__(self, words: Sayable):
        self.words = words
        super().__init__(self.said("en"), "replay-refused")

    def said(self, lang: str = "en") -> str:
        """Why, in ``lang``."""
        return self.words.said(lang)

    def __reduce__(self) -> tuple[type[ReplayRefused], tuple[Any, ...]]:
        return type(self), (self.words,)  # its words, not its English message, survive a pickle


def action_name(doc: Any) -> Any:
    """The ``action`` field of a recorded action document (None when it is not a mapping)."""
    return doc.get("action") if isinstance(doc, Mapping) else None


def played_differently(state: State, doc: Any, recorded_under: int) -> Phrase | None:
    """Why ``doc``, recorded under the rules ``recorded_under``, would not be played now as it
    was then (None when it would); ask before applying it, and :func:`after_older_rules` after."""
    if recorded_under >= RULES_VERSION or state.over:
        return None
    top = state.table.fog_in_slot.get(state.slot)
    if (action_name(doc) == "fog" and top is not None and state.table.fog_deck
            and state.rules.fog_card(top).action == "lantern"):
        return replay_words("lantern")
    return None


def after_older_rules(state: State, doc: Any, recorded_under: int, moved_before: bool) -> Phrase | None:
    """Why the action just carried out went differently under the rules ``recorded_under``."""
    if recorded_under >= RULES_VERSION or state.over or not MODE_RULES[state.setup.mode].move_and_search:
        return None
    if action_name(doc) in ("search", "confront") and not moved_before:
        return replay_words("training-search")
    return None


def replay_state(rules: Rules, setup: Setup, actions: list[Mapping[str, Any]],
                 recorded_under: int = RULES_VERSION) -> State:
    """The state of the game of ``setup`` after ``actions``, played under the rules ``recorded_under``;
    :class:`ReplayRefused` when these rules refuse it, or would play it differently."""
    try:
        state = State.new(rules, setup)
    except (InputError, ValueError) as exc:  # e.g. a stealth sequence no longer shipped
        raise ReplayRefused(Because("cannot", Because("setup", RulesSaid(rules, exc)))) from exc
    for number, doc in enumerate(actions, 1):
        why = _replay_one(state, number, doc, recorded_under)
        if why is not None:
            raise ReplayRefused(Because("older-rules" if recorded_under < RULES_VERSION else "cannot", why))
    return state


def _replay_one(state: State, number: int, doc: Mapping[str, Any], recorded_under: int) -> Sayable | None:
    """Apply the ``number``-th recorded action; why it cannot be replayed as it was (None when it can)."""
    why = played_differently(state, doc, recorded_under)
    if why is not None:
        return why
    moved = state.table.moved_this_turn
    try:
        state.apply(parse_action(state, doc))
    except (Illegal, InputError) as exc:
        return Because("action", RulesSaid(state.rules, exc), {"number": number})
    return after_older_rules(state, doc, recorded_under, moved)
