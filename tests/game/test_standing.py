"""The standing (deduce.game.standing): its draws are consistent with the view and follow the deal's
distribution given it, it reads nothing hidden, and it is calibrated against games played out.

The distribution is checked against brute force: many seeds' deals, each played by a fixed policy,
keep those whose view is the target's: they are drawn from the deal given that view, which is what
the standing's draws must follow (a chi-square test on her card and cut, the first clue card, the
first fog card of the deck)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest

from deduce.game.actions import Action, Pass, Pending, Search
from deduce.game.bot import ActionDoc, Policy
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.plan import PlanBot
from deduce.game.setup import parse_setup
from deduce.game.standing import Z95, Chance, Mean, Stopped, draw, fitting_cuts, her_cards, standing
from deduce.game.state import State
from deduce.game.view import PlayerView, player_view
from deduce.shipped import load_rules
from deduce.who.cards import MODES
from deduce.who.query import Observation
from tests.game_fixtures import ring_rules

RULES = ring_rules()
#: The ring's sequences: the walk that always moves, the one that may stay, a short one, each way.
SEQUENCES: tuple[dict[str, Any], ...] = ({"position": 1}, {"position": 5}, {"rulebook": "short"})


class FogFirst(PlanBot):
    """The plan, but every fog card on top used at once: fog cards waiting, discarded and gone astray aplenty."""

    def choose(self, view: PlayerView, actions: Sequence[Action], pending: Pending | None) -> ActionDoc:
        return {"action": "fog"} if "fog" in actions else super().choose(view, actions, pending)


def decisions(rules: Rules, docs: list[dict[str, Any]], bot: Policy | None = None) -> Iterator[Game]:
    """Every decision of the games set up by ``docs``, played by ``bot`` (the plan by default), as it stands."""
    bot = bot or PlanBot(rules)
    for doc in docs:
        game = Game.new(rules, parse_setup(rules, doc))
        while not game.over:
            yield game
            game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))


def ring_docs(games: int) -> list[dict[str, Any]]:
    """Seeded setups on the ring, turn by turn every mode, sequence and direction."""
    return [{"seed": 700 + i, "mode": MODES[i % len(MODES)], "sequence": SEQUENCES[i % 3], "reverse": i % 2 == 1}
            for i in range(games)]


def fog_places(state: State) -> list[str]:
    """Every fog card, wherever it lies (deck, slots, discards), sorted."""
    table = state.table
    return sorted([*table.fog_deck, *table.fog_in_slot.values(), *table.fog_discarded])


def check_draws(rules: Rules, game: Game, rng: random.Random) -> None:
    """Two draws for the game as it stands: each has its view, legal actions and fog card waiting, and
    hides as much as the game does where the game hides it (the same slots under fog, as many cards
    in each pile)."""
    view, table = game.player_view(), game.table
    for _ in range(2):
        drawn = draw(rules, view, game.legal_actions(), game.pending, rng)
        assert player_view(drawn) == view
        assert drawn.legal_actions() == game.legal_actions() and drawn.table.pending == game.pending
        assert drawn.table.fog_in_slot.keys() == table.fog_in_slot.keys()
        assert (len(drawn.table.fog_deck), len(drawn.table.fog_discarded), len(drawn.table.clue_deck)) == (
            len(table.fog_deck), len(table.fog_discarded), len(table.clue_deck))
        assert fog_places(drawn) == sorted(f.id for f in rules.fog)
        assert drawn.setup.discard_fog == game.setup.discard_fog
        assert game.deal.dark_lady in her_cards(rules, view) and game.deal.cut in fitting_cuts(rules, view)


def test_every_draw_has_the_view_it_was_drawn_for_on_the_ring() -> None:
    rng = random.Random(1)
    for game in decisions(RULES, ring_docs(15)):
        check_draws(RULES, game, rng)


def test_every_draw_has_the_view_it_was_drawn_for_when_every_fog_card_is_used() -> None:
    """Fog cards used as soon as they come up: many wait for an answer, and every action is met."""
    rng = random.Random(3)
    waiting, results = 0, set()
    for game in decisions(RULES, ring_docs(20), FogFirst(RULES)):
        check_draws(RULES, game, rng)
        waiting += game.pending is not None
        results |= {e.get("result") for e in game.table.trail if e["kind"] == "fog_card"}
    assert waiting >= 5 and "damp" in results and len(results) >= 8, (waiting, results)


def test_every_draw_has_the_view_it_was_drawn_for_with_the_shipped_rules() -> None:
    shipped = load_rules()
    rng = random.Random(2)
    docs = [{"seed": 40 + i, "mode": mode, "sequence": {"position": 1 + 3 * i % 8}, "reverse": i % 2 == 0}
            for i, mode in enumerate(MODES)]
    for game in decisions(shipped, docs):
        check_draws(shipped, game, rng)


def test_a_view_carries_the_sequence_set_up() -> None:
    game = Game.new(RULES, parse_setup(RULES, {"sequence": {"rulebook": "short"}, "reverse": True}))
    view = game.player_view()
    assert (view.sequence, view.reverse, view.sequence_doc) == (("rulebook", "short"), True, {"rulebook": "short"})


def test_a_view_that_no_hidden_state_fits_has_no_draw() -> None:
    """No cut fits the trail, the sequence is not the view's deck, the game is over, or a card typed matches none."""
    view = Game.new(RULES, parse_setup(RULES, {"seed": 3})).player_view()
    wrong = replace(view, trail=(*view.trail, {"slot": view.slot, "kind": "landmark", "landmark": "nowhere"}))
    with pytest.raises(ValueError, match="no cut"):
        draw(RULES, wrong, ["pass"], None, random.Random(0))
    with pytest.raises(ValueError, match="cards"):
        draw(RULES, replace(view, sequence=("rulebook", "short")), ["pass"], None, random.Random(0))
    with pytest.raises(ValueError, match="over"):
        draw(RULES, view, [], None, random.Random(0))
    typed = Observation(traits=1, counts=frozenset({1}))
    with pytest.raises(ValueError, match="typed"):
        draw(RULES, replace(view, typed=(typed,)), ["pass"], None, random.Random(0))


# -- the deal's distribution, by brute force -------------------------------------------------

def searching(state: State) -> State:
    """A fixed policy, cheap enough to play thousands of deals: search when allowed, else pass."""
    state.apply(Search() if "search" in state.legal_actions() else Pass())
    return state


def played(doc: dict[str, Any], seed: int, actions: int) -> State:
    state = State.new(RULES, parse_setup(RULES, {**doc, "seed": seed}))
    for _ in range(actions):
        if not state.over:
            searching(state)
    return state


#: What the deal hid, as compared: her card and the cut, the first card of the clue deck, of the fog deck.
FACTS: dict[str, Callable[[State], Hashable]] = {
    "her card and cut": lambda s: (s.deal.dark_lady, s.deck.cards[0]),
    "first clue card": lambda s: s.table.clue_deck[0] if s.table.clue_deck else None,
    "first fog card": lambda s: s.table.fog_deck[0] if s.table.fog_deck else None,
}


def chi_square_z(observed: Counter[Hashable], expected: dict[Hashable, float]) -> float:
    """How far ``observed`` counts are from ``expected`` ones (categories expected fewer than 5 times pooled),
    as the normal deviate of Pearson's chi-square by the Wilson-Hilferty approximation."""
    small = [k for k, e in expected.items() if e < 5]
    cells = [(observed[k], e) for k, e in expected.items() if e >= 5]
    cells.append((sum(observed[k] for k in small), sum(expected[k] for k in small)))
    assert not set(observed) - set(expected), "a hidden state the draws never give"
    cells = [(o, e) for o, e in cells if e > 0]
    df = len(cells) - 1
    if df < 1:
        return 0.0
    chi = sum((o - e) ** 2 / e for o, e in cells)
    return (math.pow(chi / df, 1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))


@pytest.mark.parametrize(("doc", "target", "actions"), [
    ({"start": "l0", "mode": "normal", "sequence": {"position": 1}}, 0, 4),
    ({"start": "l0", "mode": "expert", "sequence": {"position": 5}}, 1, 4),
])
def test_the_draws_follow_the_deal_given_the_view(doc: dict[str, Any], target: int, actions: int) -> None:
    """The seeds whose deal, played the same way, shows the target's view: their hidden facts are as
    often each value as the draws' (the draws' frequencies taken as the expected ones, 6000 of them)."""
    view = player_view(played(doc, target, actions))
    same = [s for seed in range(12_000) if player_view(s := played(doc, 10 ** 6 + seed, actions)) == view]
    assert len(same) >= 150, "too few deals show the view for the test to tell"
    game = played(doc, target, actions)
    rng = random.Random(5)
    draws = [draw(RULES, view, game.legal_actions(), game.table.pending, rng) for _ in range(6000)]
    for name, fact in FACTS.items():
        freq = Counter(fact(d) for d in draws)
        expected = {k: n * len(same) / len(draws) for k, n in freq.items()}
        assert chi_square_z(Counter(fact(s) for s in same), expected) < 3.5, name


# -- nothing hidden, and calibrated ---------------------------------------------------------

def test_two_games_with_the_same_view_have_the_same_standing() -> None:
    """Another deal showing the same view (her other card, another cut that fits, the clues and fog cards
    in another order) gives the same standing: it reads the view alone."""
    one = Game.new(RULES, parse_setup(RULES, {"seed": 11, "start": "l2"}))
    view = one.player_view()
    deal = one.deal
    other_lady = next(x for x in her_cards(RULES, view) if x != deal.dark_lady)
    other_cut = next(c for c in fitting_cuts(RULES, view) if c != deal.cut)
    other = Game.new(RULES, one.setup, replace(deal, dark_lady=other_lady, cut=other_cut,
                                               clue_deck=deal.clue_deck[::-1], fog_deck=deal.fog_deck[::-1]))
    assert other.player_view() == view and other.deal != deal
    assert standing(RULES, view, one.legal_actions(), playouts=12) == standing(
        RULES, other.player_view(), other.legal_actions(), playouts=12)


def test_the_standing_is_a_function_of_the_view_and_a_seed_changes_the_draws() -> None:
    game = Game.new(RULES, parse_setup(RULES, {"seed": 4}))
    args = (RULES, game.player_view(), game.legal_actions())
    assert standing(*args, playouts=8) == standing(*args, playouts=8)
    assert standing(*args, playouts=8, seed=1) != standing(*args, playouts=8, seed=2)


def test_the_standing_is_calibrated_against_games_played_out() -> None:
    """Over seeded games in every mode, the standing asked after a few actions predicts the points the plan
    then scores: the mean of (scored − predicted) is within 3 standard errors of 0, and the wins
    likewise. Each prediction's own noise is part of the spread measured."""
    bot = PlanBot(RULES)
    points: list[float] = []
    wins: list[float] = []
    for i in range(60):
        game = Game.new(RULES, parse_setup(RULES, {"seed": 9000 + i, "mode": MODES[i % len(MODES)]}))
        for _ in range(3 + i % 4):
            if not game.over:
                game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
        if game.over:
            continue
        told = standing(RULES, game.player_view(), game.legal_actions(), game.pending, playouts=8)
        while not game.over:
            game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
        assert game.end is not None
        won = game.end.state == "won"
        points.append(((game.end.score or 0) if won else 0) - told.points.mean)
        wins.append(won - told.win.chance)
    assert len(points) >= 50
    for name, diffs in (("points", points), ("wins", wins)):
        spread = Mean.of(diffs)
        error = (spread.high - spread.mean) / Z95
        assert abs(spread.mean) <= 3 * error, (name, spread.mean, error)


def test_the_intervals() -> None:
    """Wilson's interval for a chance (never past 0 or 1, not empty at 0 or 1 wins); the mean's, ± 1.96
    standard errors."""
    assert Chance.of(0, 10).low == 0 and 0.2 < Chance.of(0, 10).high < 0.35
    assert Chance.of(10, 10).high == 1 and Chance.of(10, 10).low < 1
    half = Chance.of(50, 100)
    assert half.chance == 0.5 and math.isclose(half.low, 1 - half.high)
    mean = Mean.of([0, 10, 20])
    assert mean.mean == 10 and math.isclose(mean.high - mean.mean, Z95 * 10 / math.sqrt(3))
    assert Mean.of([7]) == Mean(7, 7, 7)


def test_the_terminal_says_the_standing_in_the_games_language() -> None:
    """The hint screen's last line (deduce play, the third h): the game's standing, its figures rounded."""
    from deduce.cli.play import standing_line

    game = Game.new(RULES, parse_setup(RULES, {"seed": 6}), lang="it")
    figures = game.standing()
    line = standing_line(game)
    assert line.startswith("Se segui il piano: ") and f"da {figures.playouts} partite" in line
    assert f"{round(100 * figures.win.chance)} %" in line and f"{round(figures.points.mean)} punti" in line


def test_the_tables_standing_for_what_a_player_entered_is_the_games() -> None:
    """A situation at the table naming the sequence set up reads into the game's own view, so its standing is
    the game's; one that names none is position 1, not reversed; a sequence not known is said where it is."""
    from deduce.errors import InputError
    from deduce.game.situation import parse_situation
    from tests.game.test_voice import situation

    game = Game.new(RULES, parse_setup(RULES, {"seed": 8, "sequence": {"rulebook": "short"}, "reverse": True}))
    bot = PlanBot(RULES)
    for _ in range(4):
        game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
    doc = {**situation(game), "sequence": {"rulebook": "short"}, "reverse": True}
    table = parse_situation(RULES, doc)
    assert table.view == game.player_view()
    assert standing(RULES, table.view, table.actions, table.pending, playouts=10) == game.standing(playouts=10)
    plain = parse_situation(RULES, situation(game)).view
    assert (plain.sequence, plain.reverse) == (("position", 1), False)
    with pytest.raises(InputError) as info:
        parse_situation(RULES, {**doc, "sequence": {"position": 9}, "reverse": "yes"})
    assert [p.loc for p in info.value.problems] == [("sequence", "position"), ("reverse",)]


def test_a_standing_whose_asker_has_gone_stops_between_playouts() -> None:
    """The service asks ``stop`` before each playout (the page drops a standing when the view changes): once it
    says so the work ends, having played no more than it had begun."""
    game = Game.new(load_rules(), parse_setup(load_rules(), {"seed": 4}))
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(Stopped):
        game.standing(stop=stop)
    assert len(asked) == 4
    assert game.standing(playouts=5, stop=lambda: False).playouts == 5
