"""The bot and the simulator (deduce/bot.py): it plays from the view alone, and its
reports add up."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deduce.game.bot import Bot
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.outcome import VERDICTS
from deduce.game.setup import Setup, parse_setup
from deduce.game.simulate import Summary, play, simulate
from tests.game_fixtures import ring_rules

RULES = ring_rules()


def twins(rules: Rules, setup: Setup) -> tuple[Game, Game]:
    """Two games the player cannot tell apart at first: the second has her card and the suit
    card swapped, the clues after the first and the fog cards in the other order."""
    one = Game.new(rules, setup)
    partner = rules.cards.partner(rules.cards.lady(one.deal.dark_lady))
    assert partner is not None, "her suit has two cards"
    other = Game.new(rules, setup, dealt=replace(
        one.deal, dark_lady=partner.id,
        clue_deck=one.deal.clue_deck[:1] + tuple(reversed(one.deal.clue_deck[1:])),
        fog_deck=tuple(reversed(one.deal.fog_deck))))
    return one, other


def test_bot_decides_from_the_view_alone() -> None:
    """Same view, different hidden state (Dark Lady and suit card swapped, other clue and
    fog orders): the bot makes the same choices, until a hidden difference shows."""
    one, other = twins(RULES, parse_setup(RULES, {"seed": 8, "start": "l0"}))
    bot = Bot(RULES)
    steps = 0
    while not one.over and len(one.table.clues) < 2 and "reveal_suit_card" not in one.legal_actions():
        assert one.view() == other.view()
        a = bot.choose(one.player_view(), one.legal_actions(), one.pending)
        assert a == bot.choose(other.player_view(), other.legal_actions(), other.pending)
        one.act(a)
        other.act(a)
        steps += 1
    assert steps > 5


def test_bot_plays_whole_games() -> None:
    outcomes = [play(RULES, {"seed": s, "mode": m}) for s in range(6) for m in ("training", "normal", "expert")]
    assert all(o.state in ("won", "lost") for o in outcomes)
    assert any(o.state == "won" for o in outcomes)
    for o in outcomes:
        assert (o.score is not None) == (o.state == "won")
        assert o.verdict in (*VERDICTS, None)
        if o.state == "won":
            assert o.verdict in ("proven", "lucky-guess")


def test_simulate_adds_up_and_repeats() -> None:
    plan: dict[str, Any] = {"modes": ["easy", "normal"], "sequences": [{"position": 1}, {"rulebook": "short"}],
                            "games": 4, "seed": 3}
    summaries = simulate(RULES, **plan)
    assert [(s.mode, s.sequence) for s in summaries] == [
        ("easy", "position-1"), ("easy", "rulebook-short"), ("normal", "position-1"), ("normal", "rulebook-short")]
    for s in summaries:
        assert s.games == 4 and sum(s.reasons.values()) == 4
        assert s.wins == sum(s.ranks.values()) == len(s.scores) == s.reasons["unmasked"]
    assert [s.to_json() for s in simulate(RULES, **plan)] == [s.to_json() for s in summaries]


def test_summary_of_nothing() -> None:
    s = Summary("normal", "x", chosen={"position": 1}, reverse=False)
    assert s.win_rate == 0.0 and s.mean_score is None
