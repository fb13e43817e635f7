"""The one rule for what may be done (deduce/game/turn.py) and the one table of what a mode changes
(deduce/game/modes.py), each read by the rules' state and a situation at the table alike (issue 34).

The two readers are compared turn by turn over seeded games in tests/game/test_voice.py; here the
rule itself is held to the rulebook's statements (SPEC 8), over every turn its facts can describe.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from deduce.game.game import Game
from deduce.game.hand import Hand
from deduce.game.modes import MODE_RULES
from deduce.game.scoring import breakdown
from deduce.game.setup import parse_setup
from deduce.game.situation import parse_situation
from deduce.game.turn import Turn, legal_actions, suit_card_revealable
from deduce.shipped import load_rules
from deduce.who.cards import MODES

RULES = load_rules()
turns = st.builds(Turn, pending=st.booleans(), fog_on_top=st.booleans(), moved=st.booleans(),
                  searched=st.booleans(), clue=st.booleans(), suit_card=st.booleans())


@given(turns)
def test_a_fog_card_waiting_asks_for_its_answer_alone(turn: Turn) -> None:
    allowed = legal_actions(turn)
    if turn.pending:
        assert allowed == ("resolve", "reveal_suit_card")[:1 + turn.suit_card]
    else:
        assert "resolve" not in allowed and "pass" in allowed


@given(turns)
def test_each_action_is_allowed_exactly_when_the_rulebook_says(turn: Turn) -> None:
    allowed = set(legal_actions(turn))
    free = not turn.pending
    assert ("move" in allowed) == (free and not turn.moved)
    assert ("search" in allowed) == (free and not turn.fog_on_top and not turn.searched)
    assert ("confront" in allowed) == (free and not turn.fog_on_top and not turn.searched and not turn.clue)
    assert ("fog" in allowed) == (free and turn.fog_on_top and not turn.moved and not turn.searched)
    assert ("reveal_suit_card" in allowed) == turn.suit_card   # a free action, even with a fog card waiting


def test_the_order_is_stable() -> None:
    assert legal_actions(Turn(suit_card=True)) == ("move", "search", "confront", "pass", "reveal_suit_card")
    assert legal_actions(Turn(fog_on_top=True)) == ("move", "fog", "pass")


def test_the_suit_card_may_be_revealed_once_every_key_is_claimed_when_her_suit_has_one() -> None:
    cards, keys = RULES.cards, set(RULES.board.location_ids)
    paired = next(s for s in cards.suit_ids if len(cards.ladies_of_suit(s)) == 2)
    assert suit_card_revealable(RULES, Hand(paired), keys)
    assert not suit_card_revealable(RULES, Hand(paired), keys - {RULES.board.location_ids[0]})
    suit_card = cards.ladies_of_suit(paired)[0].id
    assert not suit_card_revealable(RULES, Hand(paired, suit_card=suit_card), keys)
    for suit in cards.suit_ids:
        assert suit_card_revealable(RULES, Hand(suit), keys) == (len(cards.ladies_of_suit(suit)) == 2)


def test_every_mode_is_in_the_table_with_the_rulebook_values() -> None:
    assert set(MODE_RULES) == set(MODES)
    assert {m: r.countdown for m, r in MODE_RULES.items()} == {"training": 2, "easy": 3, "normal": 2,
                                                                 "advanced": 2, "expert": 2}
    assert [m for m, r in MODE_RULES.items() if r.move_and_search] == ["training"]
    assert [m for m, r in MODE_RULES.items() if r.fog_discarded] == ["expert"]


def test_the_state_and_the_setup_read_the_mode_table() -> None:
    for mode in MODES:
        changes = MODE_RULES[mode]
        setup = parse_setup(RULES, {"mode": mode, "seed": 5})
        assert setup.discard_fog == changes.fog_discarded
        game = Game.new(RULES, setup)
        assert game.core.table.countdown == changes.countdown
        assert len(game.core.table.fog_discarded) == changes.fog_discarded


def test_a_situation_starts_where_a_game_of_its_mode_starts() -> None:
    """A situation that leaves the countdown and the fog cards out reads them as a new game of its mode has them."""
    for mode in MODES:
        changes = MODE_RULES[mode]
        doc = {"mode": mode, "suit": RULES.cards.suit_ids[0], "pawn": RULES.board.location_ids[0], "length": 26,
               "moves": "always", "now": 0, "trail": []}
        view = parse_situation(RULES, doc).view
        assert view.countdown == changes.countdown
        assert view.fog_deck == len(RULES.fog) - changes.fog_discarded


def test_the_score_has_the_mode_s_term() -> None:
    base = breakdown("normal", 26, 10, 1, 3)
    for mode in MODES:
        changes = MODE_RULES[mode]
        terms = breakdown(mode, 26, 10, 1, 3, discarded_at_setup=2)
        extra = {t["term"]: t["points"] for t in terms[len(base):]}
        assert terms[:len(base)] == base
        if changes.halves:
            assert extra == {mode: -(sum(t["points"] for t in base) // 2)}
        else:
            expected = ({mode: changes.bonus} if changes.bonus else {}) | (
                {"discarded": 2 * changes.discard_points} if changes.discard_points else {})
            assert extra == expected

