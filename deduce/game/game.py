"""The rules: a whole game of Black Sonata, played one action document at a time (SPEC 8).

Core module, no I/O. :class:`Game` is the facade the API, the terminal and the tests play
through: it reads each action document into a typed action (:mod:`deduce.game.parse`), has the
rules' state apply it (:class:`~deduce.game.state.State`, where the rules are, each fog card's
effect a unit of :mod:`deduce.game.fogeffects`), and answers the events in the game's language
(:mod:`deduce.game.events`). What the player can know is built outside the state, from it: the
VIEW (:mod:`deduce.game.view`) and the hints (:mod:`deduce.game.hints`). A game is its
:class:`~deduce.game.setup.Setup` plus the actions it accepted: :func:`replay` rebuilds it
exactly (:mod:`deduce.game.replay`, which also knows the games recorded under older rules).

What the rules refuse is a code and parameters (:mod:`deduce.game.refusals`), its English
sentence the exception's message: :class:`~deduce.errors.InputError` for a malformed action,
:class:`~deduce.errors.Illegal` for one not allowed now; in both cases the game is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from deduce.game.actions import Action, Pending, PlayerAction
from deduce.game.events import EventJSON, Words
from deduce.game.hints import HintsJSON, HintStepJSON, hint_step, hints
from deduce.game.material import Rules, StealthOrder
from deduce.game.outcome import End, GameState
from deduce.game.parse import ACTION_FIELDS, parse_action
from deduce.game.replay import RULES_VERSION, ReplayRefused, replay_state
from deduce.game.setup import Deal, Setup
from deduce.game.standing import PLAYOUTS, Standing, standing
from deduce.game.state import State
from deduce.game.steps import HintStep
from deduce.game.table import Table
from deduce.game.view import FogWarningJSON, PlayerView, ViewJSON, fog_warning, player_view, view_json
from deduce.where.board import Board
from deduce.who.cards import CardSet

#: Names kept here for those who import them from the rules (the API's tests, the game store).
__all__ = ["ACTION_FIELDS", "RULES_VERSION", "Game", "ReplayRefused", "replay"]


class Game:
    """One game: create with :meth:`new` (or :func:`replay`), then :meth:`act` per action.

    Read where it stands through :attr:`state`, :attr:`version`, :attr:`round`,
    :attr:`pending`, :attr:`end` and :meth:`view`; its words are in :attr:`lang`. The rules'
    state is :attr:`core`; :attr:`table` is its table (tests stage positions there).
    """

    def __init__(self, core: State, id: str = "", lang: str = "en"):
        self.core = core
        self.id = id
        self.words = Words(core.rules, lang)

    @classmethod
    def new(cls, rules: Rules, setup: Setup, dealt: Deal | None = None, id: str = "", lang: str = "en") -> Game:
        """Set up a game; ``dealt`` overrides the seed's deal (tests use it to compare hidden states)."""
        return cls(State.new(rules, setup, dealt), id, lang)

    def clone(self) -> Game:
        """An independent copy to try an action on (rules and deal are shared, immutable)."""
        return Game(self.core.clone(), self.id, self.lang)

    # -- what it is played with ---------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.core.rules

    @property
    def setup(self) -> Setup:
        return self.core.setup

    @property
    def deck(self) -> StealthOrder:
        return self.core.deck

    @property
    def deal(self) -> Deal:
        return self.core.deal

    @property
    def table(self) -> Table:
        return self.core.table

    @property
    def cards(self) -> CardSet:
        return self.core.cards

    @property
    def board(self) -> Board:
        return self.core.board

    @property
    def lang(self) -> str:
        return self.words.lang

    # -- where it stands ---------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.core.table.state

    @property
    def version(self) -> int:
        """How many actions the game has accepted."""
        return self.core.table.version

    @property
    def round(self) -> int:
        return self.core.table.round

    @property
    def pending(self) -> Pending | None:
        """The fog card waiting for ``resolve``, if any."""
        return self.core.table.pending

    @property
    def end(self) -> End | None:
        return self.core.table.end

    @property
    def over(self) -> bool:
        return self.core.over

    @property
    def suit(self) -> str:
        return self.core.suit

    @property
    def suit_card(self) -> str | None:
        return self.core.suit_card

    @property
    def length(self) -> int:
        return self.core.length

    @property
    def slot(self) -> int:
        return self.core.slot

    @property
    def top_is_fog(self) -> bool:
        return self.core.top_is_fog

    @property
    def clues_held(self) -> int:
        """Clues in the player's hand; the revealed suit card is one of them."""
        return self.core.clues_held

    def can_reveal_suit_card(self) -> bool:
        return self.core.can_reveal_suit_card()

    def fog_cards_impossible_now(self) -> tuple[str, ...]:
        """The fog cards whose action could not be carried out if revealed now (see
        :meth:`State.fog_cards_impossible_now`)."""
        return self.core.fog_cards_impossible_now()

    def legal_actions(self) -> list[Action]:
        """The actions allowed now, in a stable order."""
        return self.core.legal_actions()

    # -- what the player sees ------------------------------------------------------

    def player_view(self) -> PlayerView:
        return player_view(self.core)

    def view(self) -> ViewJSON:
        """The VIEW JSON of SPEC 8: only what the player can know (plus the end, once over)."""
        return view_json(self.core, self.words, self.id)

    def fog_warning(self) -> FogWarningJSON | None:
        """What to know before using the fog card on top (None when no fog card may be used)."""
        return fog_warning(self.core, self.lang)

    def hints(self) -> HintsJSON:
        """WHO from the revealed clues, WHERE from the trail alone, and the plan from the view, the legal
        actions and the fog card waiting (:func:`~deduce.game.hints.hints`): the hints' answer, step 3."""
        return hints(self.rules, self.player_view(), self.legal_actions(), self.pending, self.lang)

    def hint_step(self, step: HintStep) -> HintStepJSON:
        """The nudge (1) or the focus (2) before that answer (:func:`~deduce.game.hints.hint_step`)."""
        return hint_step(self.rules, self.player_view(), self.legal_actions(), self.pending, self.lang, step)

    def standing(self, playouts: int = PLAYOUTS, stop: Callable[[], bool] | None = None) -> Standing:
        """How the game stands if the plan is followed from here (:func:`~deduce.game.standing.standing`): from
        the player's view alone, so the same view gives the same figures. Refused once the game is over (its end
        says how it stands)."""
        if self.over:
            raise self.core.refused("game-over", state=self.state)
        return standing(self.rules, self.player_view(), self.legal_actions(), self.pending, playouts, stop=stop)

    # -- acting ----------------------------------------------------------------

    def act(self, doc: Any) -> list[EventJSON]:
        """Carry out one action document; return the events the player saw, in order, in the game's language.

        Malformed actions raise :class:`InputError`, actions the rules forbid now raise
        :class:`Illegal`, each with a refusal code and parameters (:mod:`deduce.game.refusals`);
        in both cases the game is unchanged.
        """
        return self.apply(parse_action(self.core, doc))

    def apply(self, action: PlayerAction) -> list[EventJSON]:
        """Carry out one typed action (:mod:`deduce.game.actions`); the events, as :meth:`act`."""
        return [self.words.to_json(e) for e in self.core.apply(action)]


def replay(rules: Rules, setup: Setup, actions: list[Mapping[str, Any]], id: str = "", lang: str = "en",
           recorded_under: int = RULES_VERSION) -> Game:
    """Rebuild a game from its setup and the actions it accepted (:func:`~deduce.game.replay.replay_state`).

    ``recorded_under`` is the :data:`RULES_VERSION` the actions were played under; a game
    that these rules refuse, or would play differently, raises :class:`ReplayRefused`.
    """
    return Game(replay_state(rules, setup, actions, recorded_under), id, lang)
