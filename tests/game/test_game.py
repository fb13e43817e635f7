"""Rules engine tests (deduce/game.py) on a small, fully known world (tests/game_fixtures.py).

Where a rule needs a particular hidden state, the test deals it explicitly (``Deal``) or
places the pawn by hand; everything else goes through ``Game.act`` as a player would.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from deduce.errors import Illegal, InputError
from deduce.game.game import Game, replay
from deduce.game.hints import hints
from deduce.game.outcome import VERDICTS
from deduce.game.scoring import breakdown, rank, score
from deduce.game.setup import MAX_DISCARD, parse_setup
from deduce.game.view import EndJSON, ViewJSON
from deduce.shipped import load_rules
from deduce.who.cards import Lady, Mode
from tests.game_fixtures import RING, WALK, ring_rules

RULES = ring_rules()
VIEW_FIELDS = {"id", "version", "state", "mode", "suit", "pawn", "visited", "top", "slot", "moves",
               "length", "countdown", "fog_deck", "clues", "suit_card", "pending", "actions", "end", "trail",
               "fog_warning"}


def new(doc: dict[str, Any] | None = None, **deal: Any) -> Game:
    """A game from a setup document; keyword arguments override parts of the seed's deal."""
    setup = parse_setup(RULES, {"seed": 1, "start": "l0", **(doc or {})})
    game = Game.new(RULES, setup)
    if deal:
        game = Game.new(RULES, setup, dealt=replace(game.deal, **deal))
    return game


def passes(game: Game, n: int) -> None:
    for _ in range(n):
        game.act({"action": "pass"})


def at_lady(game: Game) -> None:
    """Put the pawn where she is now (white-box: the test knows the hidden deck)."""
    game.table.pawn = game.deck.location(game.slot)


def act_alike(games: tuple[Game, ...], step: dict[str, Any] | str) -> None:
    """The same step in each game: an action, or ``"catch"`` (the pawn put where she is, then a search)."""
    for game in games:
        if step == "catch":
            at_lady(game)
            game.act({"action": "search"})
        else:
            game.act(step)


def away_from_lady(game: Game) -> None:
    here = game.deck.location(game.slot)
    game.table.pawn = next(loc for loc in RING if loc != here)


def traits_of_dark_lady(game: Game) -> list[str]:
    return list(RULES.cards.lady(game.deal.dark_lady).traits)


def partner_of(lady: Lady) -> Lady:
    """Her suit card: every suit of the ring world has two ladies, so every lady has a partner."""
    partner = RULES.cards.partner(lady)
    assert partner is not None
    return partner


def end_of(view: ViewJSON) -> EndJSON:
    """The end a finished game's view shows (a game still being played has none)."""
    assert view["end"] is not None, "the game is not over"
    return view["end"]


# -- setup -----------------------------------------------------------------------

def test_setup_claims_start_key_and_sees_first_two_cards() -> None:
    game = new()
    view = game.view()
    assert set(view) == VIEW_FIELDS
    assert view["pawn"] == "l0" and view["visited"] == ["l0"]
    assert view["slot"] == 1 and view["countdown"] == 2 and view["fog_deck"] == 10
    first, second = (RULES.board.landmark_of(WALK[(game.deal.cut + i) % 26]) for i in (0, 1))
    assert view["trail"] == [{"slot": 0, "kind": "key", "location": "l0"},
                             {"slot": 0, "kind": "landmark", "landmark": first},   # seen at setup
                             {"slot": 1, "kind": "landmark", "landmark": second}]
    assert view["actions"] == ["move", "search", "confront", "pass"]
    assert view["state"] == "playing" and view["end"] is None


@pytest.mark.parametrize("mode, clue_deck, countdown", [
    ("training", 10, 2), ("easy", 8, 3), ("normal", 10, 2), ("advanced", 8, 2), ("expert", 8, 2)])
def test_modes_remove_cards_and_set_the_countdown(mode: Mode, clue_deck: int, countdown: int) -> None:
    for seed in range(6):
        game = new({"mode": mode, "seed": seed})
        dark = RULES.cards.lady(game.deal.dark_lady)
        removed = RULES.cards.removed_suit(mode, dark.suit)
        assert len(game.deal.clue_deck) == clue_deck
        assert game.view()["countdown"] == countdown
        deck = set(game.deal.clue_deck)
        assert dark.id not in deck and partner_of(dark).id not in deck
        if removed:
            assert {x.id for x in RULES.cards.ladies_of_suit(removed)} == set(game.deal.removed)
        else:
            assert not game.deal.removed
        assert not deck & set(game.deal.removed)


def test_expert_discards_fog_cards_at_setup() -> None:
    game = new({"mode": "expert", "discard_fog": 3})
    assert game.view()["fog_deck"] == 7 and len(game.deal.fog_discarded) == 3
    assert new({"mode": "expert"}).view()["fog_deck"] == 9  # one by default


@pytest.mark.parametrize("doc, field", [
    ({"mode": "hard"}, "mode"), ({"sequence": {"position": 9}}, "sequence.position"),
    ({"sequence": {"rulebook": "nope"}}, "sequence"), ({"sequence": 3}, "sequence"),
    ({"start": "atlantis"}, "start"), ({"seed": -1}, "seed"), ({"seed": "x"}, "seed"),
    ({"seed": True}, "seed"), ({"reverse": "yes"}, "reverse"), ({"discard_fog": 1}, "discard_fog"),
    ({"mode": "expert", "discard_fog": 0}, "discard_fog"), ({"mode": "expert", "discard_fog": 10}, "discard_fog"),
    ({"colour": "red"}, "colour")])
def test_bad_setups_name_the_field(doc: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_setup(RULES, doc)
    assert exc.value.problems[0].path == field


def test_sequence_choice_and_reverse_shape_the_deck() -> None:
    game = new({"sequence": {"position": 5}, "reverse": True})
    assert game.view()["moves"] == "may_stay" and game.view()["length"] == 26
    short = new({"sequence": {"rulebook": "short"}})
    assert short.view()["length"] == 12


# -- determinism -------------------------------------------------------------------

def random_action(game: Game, rng: random.Random) -> dict[str, Any]:
    """A random legal action with random (legal) parameters."""
    name = rng.choice(game.legal_actions())
    if name == "move":
        return {"action": "move", "to": rng.choice(sorted(RULES.board.neighbours(game.table.pawn)))}
    if name == "confront":
        return {"action": "confront", "traits": rng.sample(RULES.cards.trait_ids, 3)}
    if name == "resolve":
        pending = game.pending
        assert pending is not None  # "resolve" is legal only while a fog card waits
        if pending.asks == "path":
            first = rng.choice(sorted(RULES.board.neighbours(game.table.pawn)))
            return {"action": "resolve", "path": [first, rng.choice(sorted(RULES.board.neighbours(first)))]}
        return {"action": "resolve", pending.asks: rng.choice(pending.choices)}
    return {"action": name}


def play_random(game: Game, rng: random.Random, limit: int = 400) -> list[Mapping[str, Any]]:
    actions: list[Mapping[str, Any]] = []
    while not game.over and len(actions) < limit:
        action = random_action(game, rng)
        if action["action"] == "confront" and rng.random() < 0.7:
            action = {"action": "pass"}
        game.act(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("mode", ["training", "easy", "normal", "advanced", "expert"])
def test_replay_rebuilds_the_same_game(mode: Mode) -> None:
    for seed in range(4):
        setup = parse_setup(RULES, {"mode": mode, "seed": seed})
        game = Game.new(RULES, setup)
        actions = play_random(game, random.Random(seed))
        assert game.over or len(actions) == 400
        again = replay(RULES, setup, actions)
        assert again.view() == game.view()
        assert again.table == game.table


def test_seed_decides_the_deal() -> None:
    a, b = new({"seed": 7}), new({"seed": 7})
    assert a.deal == b.deal
    assert len({new({"seed": s}).deal for s in range(10)}) == 10


def test_random_games_keep_the_invariants() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        game = new({"mode": rng.choice(["training", "easy", "normal", "advanced", "expert"]), "seed": seed})
        while not game.over:
            before = game.version
            game.act(random_action(game, rng))
            view = game.view()
            assert set(view) == VIEW_FIELDS and view["version"] == before + 1
            # one fog card for each card taken out: deck, slots and discards account for all ten
            assert len(game.table.fog_deck) + len(game.table.fog_in_slot) + len(game.table.fog_discarded) == 10
            assert game.table.countdown >= 0
        end = end_of(game.view())
        assert game.view()["actions"] == [] and end["reason"]
        assert (end["score"] is not None) == (game.state == "won")


# -- the round, the countdown, fleeing ---------------------------------------------

def test_each_round_the_lady_moves_one_card() -> None:
    game = new()
    passes(game, 3)
    assert game.view()["slot"] == 4
    landmarks = [e["landmark"] for e in game.view()["trail"] if e["kind"] == "landmark"]
    assert landmarks == [RULES.board.landmark_of(WALK[(game.deal.cut + i) % 26]) for i in range(5)]


@pytest.mark.parametrize("mode, passes_to_lose", [("normal", 77), ("easy", 103), ("training", 77)])
def test_countdown_reaching_the_top_at_zero_loses(mode: Mode, passes_to_lose: int) -> None:
    game = new({"mode": mode})
    passes(game, passes_to_lose - 1)
    assert game.view()["state"] == "playing" and game.view()["countdown"] == 0
    game.act({"action": "pass"})
    view = game.view()
    assert view["state"] == "lost" and end_of(view)["reason"] == "countdown"
    assert end_of(view)["score"] is None and end_of(view)["dark_lady"]["card"] == game.deal.dark_lady


def test_countdown_turns_down_each_time_it_comes_up() -> None:
    game = new()
    passes(game, 24)
    assert (game.view()["slot"], game.view()["countdown"]) == (25, 2)
    events = game.act({"action": "pass"})
    assert [e["event"] for e in events] == ["pass", "countdown", "top"]
    assert (game.view()["slot"], game.view()["countdown"]) == (26, 1)


def test_the_lady_flees_one_card_per_clue_and_the_countdown_is_not_counted() -> None:
    game = new(cut=0)
    game.table.clues = ["lady-0", "lady-1"]  # two clues in hand
    passes(game, 23)                      # slot 24: she is at l0
    game.table.pawn = "l5"                    # a failed search
    events = game.act({"action": "search"})
    # she flees 2 cards (to slots 25 and 26; the countdown card comes up between them
    # and is not counted), then moves one (slot 27)
    view = game.view()
    assert view["slot"] == 24 + 2 + 1 and view["countdown"] == 1
    assert [e["event"] for e in events] == ["not-found", "key", "flee", "countdown", "top", "top"]


def test_flee_crossing_the_countdown_at_zero_loses() -> None:
    game = new(cut=0)
    game.table.clues = ["lady-0", "lady-1", "lady-2"]
    passes(game, 74)                      # slot 75, countdown 0: fleeing 3 reaches it
    game.table.pawn = "l5"
    game.act({"action": "search"})
    assert game.view()["state"] == "lost" and end_of(game.view())["reason"] == "countdown"


# -- searching ----------------------------------------------------------------------

def test_successful_search_gives_a_clue_claims_the_key_and_makes_her_flee() -> None:
    game = new(cut=0)
    passes(game, 2)                     # slot 3: she is at l3
    at_lady(game)
    slot = game.view()["slot"]
    events = game.act({"action": "search"})
    view = game.view()
    assert events[0]["event"] == "clue" and events[0]["card"] == game.deal.clue_deck[0]
    assert [c["card"] for c in view["clues"]] == [game.deal.clue_deck[0]]
    assert "l3" in view["visited"]
    assert view["slot"] == slot + 1 + 1     # one clue: flees one card, then moves
    assert view["fog_deck"] == 9 and game.table.fog_in_slot == {slot % 26: game.deal.fog_deck[0]}
    searched = [e for e in view["trail"] if e["kind"] == "search"]
    assert searched == [{"slot": slot, "kind": "search", "location": "l3", "found": True}]
    assert view["trail"][-5:-2] == [
        {"slot": slot, "kind": "clue", "card": game.deal.clue_deck[0], "suit_card": False},
        {"slot": slot, "kind": "key", "location": "l3"}, {"slot": slot, "kind": "flee", "cards": 1}]


def test_failed_search_without_clues_does_not_flee_and_leaves_fog() -> None:
    game = new(cut=0)
    away_from_lady(game)
    events = game.act({"action": "search"})
    assert events[0]["event"] == "not-found"
    assert game.view()["slot"] == 2 and game.view()["clues"] == []
    passes(game, 25)                       # back round to the searched card: it is fog now
    assert game.view()["top"] == {"fog": True}
    assert "search" not in game.view()["actions"] and "fog" in game.view()["actions"]
    with pytest.raises(Illegal, match="fog card"):
        game.act({"action": "search"})


def test_search_with_an_empty_fog_deck_loses() -> None:
    game = new(fog_deck=(), fog_discarded=tuple(f.id for f in RULES.fog))
    game.act({"action": "search"})
    assert end_of(game.view())["reason"] == "no-fog-card"


def test_empty_clue_deck_gives_nothing() -> None:
    game = new(cut=0, clue_deck=())
    at_lady(game)
    events = game.act({"action": "search"})
    assert events[0]["event"] == "found" and game.view()["clues"] == []


# -- confronting -------------------------------------------------------------------

def test_confronting_where_she_is_not_is_a_failed_search() -> None:
    game = new(cut=0)
    away_from_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    assert game.view()["state"] == "playing" and game.view()["fog_deck"] == 9


def test_wrong_traits_lose() -> None:
    game = new(cut=0)
    at_lady(game)
    wrong = next(t for t in (["literary", "married", "court"], ["lover", "musical", "documented"])
                 if t != traits_of_dark_lady(game))
    game.act({"action": "confront", "traits": wrong})
    end = end_of(game.view())
    assert game.view()["state"] == "lost" and end["reason"] == "wrong-traits"
    assert end["confronted"] == {"traits": [t for t in RULES.cards.trait_ids if t in wrong], "verdict": "wrong"}


def test_right_traits_unproven_are_a_lucky_guess() -> None:
    game = new(cut=0)
    at_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    end = end_of(game.view())
    assert end["confronted"] is not None
    assert game.view()["state"] == "won" and end["confronted"]["verdict"] == "lucky-guess"
    assert end["proven"] is False


def chase_until_proven(game: Game) -> None:
    """Catch her again and again (pawn placed by hand) until the view proves her traits."""
    while not game.table.proven:
        assert not game.over
        if game.can_reveal_suit_card():
            game.act({"action": "reveal_suit_card"})
            continue
        if not game.table.clue_deck:
            if game.table.suit_card_revealed:
                return  # this deal cannot be proven
            game.table.visited = set(RING)
            continue
        if game.top_is_fog:
            game.act({"action": "pass"})
            continue
        at_lady(game)
        game.act({"action": "search"})


def test_proven_traits_are_reported_as_proven() -> None:
    for seed in range(5):
        game = new({"seed": seed, "mode": "easy"})
        chase_until_proven(game)
        if game.view()["state"] != "playing" or not game.table.proven:
            continue
        assert hints(RULES, game.player_view())["who"]["dark_lady"] == traits_of_dark_lady(game)
        game.act({"action": "pass"})
        while game.top_is_fog:
            game.act({"action": "pass"})
        at_lady(game)
        game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
        end = end_of(game.view())
        assert end["confronted"] is not None
        assert end["confronted"]["verdict"] == "proven" and end["proven"] and game.view()["state"] == "won"
        return
    pytest.fail("no seed reached a proof")


def test_no_confrontation_on_the_turn_a_clue_is_gained() -> None:
    game = new({"mode": "training"}, cut=0)
    passes(game, 2)                       # slot 3: she is at l3
    at_lady(game)
    game.act({"action": "search"})        # Training: the turn goes on after a search
    view = game.view()
    assert view["clues"] and "confront" not in view["actions"] and "search" not in view["actions"]
    with pytest.raises(Illegal, match="already searched"):
        game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    game.act({"action": "pass"})
    assert "confront" in game.view()["actions"] or game.top_is_fog


def test_the_suit_card_does_not_stop_a_confrontation() -> None:
    """It is not a search: confronting on the turn it is revealed is allowed (SPEC 8)."""
    game = new()
    game.table.visited = set(RING)
    game.act({"action": "reveal_suit_card"})
    view = game.view()
    assert view["suit_card"] is not None
    assert view["suit_card"]["card"] == partner_of(RULES.cards.lady(game.deal.dark_lady)).id
    assert "confront" in view["actions"] and "reveal_suit_card" not in view["actions"]
    assert view["trail"][-1] == {"slot": 1, "kind": "clue", "card": view["suit_card"]["card"], "suit_card": True}


def test_suit_card_needs_every_key() -> None:
    game = new()
    game.table.visited = set(RING[:-1])
    with pytest.raises(Illegal, match="every location key"):
        game.act({"action": "reveal_suit_card"})
    game.act({"action": "move", "to": "l10"})
    assert "reveal_suit_card" in game.view()["actions"]


def test_revealed_suit_card_counts_as_a_clue_when_she_flees() -> None:
    game = new(cut=0)
    game.table.visited = set(RING)
    game.act({"action": "reveal_suit_card"})
    away_from_lady(game)
    slot = game.view()["slot"]
    game.act({"action": "search"})
    assert game.view()["slot"] == slot + 1 + 1


# -- scoring --------------------------------------------------------------------------

def test_rulebook_scoring_example() -> None:
    assert score("easy", 26, cards_above=4, countdown=2, fog_left=3) == 32
    assert rank(32) == ("golden-lad", "golden lad/girl")


def test_rulebook_scoring_example_played() -> None:
    """Easy game, countdown on 2, 4 cards above it, 3 fog cards left: 32, golden lad."""
    fog = tuple(f.id for f in RULES.fog)
    game = new({"mode": "easy"}, cut=0, fog_deck=fog[:4], fog_discarded=fog[4:])
    passes(game, 26 + 22 - 1)  # slot 48: second time round, 22 cards gone, 4 above the countdown
    assert game.view()["countdown"] == 2
    at_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    end = end_of(game.view())
    assert (end["score"], end["rank"], end["rank_name"]) == (32, "golden-lad", "golden lad/girl")
    assert end["breakdown"] is not None
    # the end carries the rulebook's tally, line by line, as in its example
    assert [(t["term"], t["count"], t["points"]) for t in end["breakdown"]] == [
        ("cards-above", 4, 4), ("countdown", 2, 52), ("fog-left", 3, 6), ("easy", None, -30)]


@pytest.mark.parametrize("mode, last", [
    ("training", [("training", None, -39)]), ("normal", []), ("advanced", [("advanced", None, 5)]),
    ("expert", [("expert", None, 5), ("discarded", 1, 5)])])
def test_breakdown_terms_sum_to_the_score(mode: Mode, last: list[tuple[str, int | None, int]]) -> None:
    terms = breakdown(mode, 26, 11, 2, 8, discarded_at_setup=1)
    assert [(t["term"], t["count"], t["points"]) for t in terms[3:]] == last
    assert sum(t["points"] for t in terms) == score(mode, 26, 11, 2, 8, discarded_at_setup=1)


@pytest.mark.parametrize("mode, expected", [
    ("training", 40), ("normal", 79), ("easy", 49), ("advanced", 84), ("expert", 89)])
def test_mode_adjustments(mode: Mode, expected: int) -> None:
    # 11 above + 2 x 26 + 2 x 8 fog = 79 (odd, so Training rounds up); Expert: +5, +5 per discard
    assert score(mode, 26, 11, 2, 8, discarded_at_setup=1) == expected


@pytest.mark.parametrize("points, rank_id", [
    (-30, "chimney-sweeper"), (19, "chimney-sweeper"), (20, "golden-lad"), (40, "golden-lad"),
    (41, "fair-youth"), (60, "fair-youth"), (61, "immortal-bard"), (120, "immortal-bard")])
def test_ranks(points: int, rank_id: str) -> None:
    assert rank(points)[0] == rank_id


def test_training_lets_you_move_and_search_and_halves_the_score() -> None:
    game = new({"mode": "training"}, cut=0)
    passes(game, 2)                                   # slot 3, she is at l3; pawn at l0
    game.table.pawn = "l2"
    game.act({"action": "move", "to": "l3"})
    view = game.view()
    assert view["slot"] == 3 and view["actions"] == ["search", "confront", "pass"]
    with pytest.raises(Illegal, match="already moved"):
        game.act({"action": "move", "to": "l4"})
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    end = end_of(game.view())
    assert end["score"] == -(-(23 + 2 * 26 + 2 * 9) // 2) == 47


# -- fog actions ----------------------------------------------------------------------

def fog_on_top(card: str, fog_after: tuple[str, ...] | None = None) -> Game:
    """A game whose top card is the fog card ``card``, with ``fog_after`` as the fog deck
    (three cards by default); every other fog card is discarded."""
    if fog_after is None:
        fog_after = tuple(x for x in ("damp", "slip", "glimpse", "keyhole") if x != card)[:3]
    others = tuple(f.id for f in RULES.fog if f.id != card and f.id not in fog_after)
    game = new(cut=0, fog_deck=(card, *fog_after), fog_discarded=others)
    game.table.pawn = "l5"
    game.act({"action": "search"})         # slot 1 gets the fog card
    passes(game, 25)
    assert game.view()["top"] == {"fog": True} and game.view()["slot"] == 27
    return game


# -- illegal and malformed actions ---------------------------------------------------

@pytest.mark.parametrize("action, error", [
    ({"action": "move", "to": "l5"}, Illegal), ({"action": "move", "to": "atlantis"}, InputError),
    ({"action": "move"}, InputError), ({"action": "fly"}, InputError), ([], InputError),
    ({"action": "confront", "traits": ["literary", "married"]}, InputError),
    ({"action": "confront", "traits": ["literary", "literary", "court"]}, InputError),
    ({"action": "confront", "traits": ["literary", "married", "x"]}, InputError),
    ({"action": "search", "to": "l1"}, InputError), ({"action": "fog"}, Illegal),
    ({"action": "resolve", "to": "l1"}, Illegal), ({"action": "reveal_suit_card"}, Illegal)])
def test_illegal_actions_change_nothing(action: Any, error: type[Exception]) -> None:
    game = new()
    before = json.dumps(game.view()), repr(game.table)
    with pytest.raises(error):
        game.act(action)
    assert (json.dumps(game.view()), repr(game.table)) == before


def test_no_action_after_the_end() -> None:
    game = new(cut=0)
    at_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    with pytest.raises(Illegal, match="over"):
        game.act({"action": "pass"})


# -- hidden information and hints ------------------------------------------------------

def test_two_hidden_states_with_the_same_view_give_the_same_hints() -> None:
    """Dark Lady and suit card swapped, other clue and fog orders: the player cannot tell."""
    one = new({"seed": 3}, cut=0)
    dark = RULES.cards.lady(one.deal.dark_lady)
    partner = partner_of(dark).id
    first, rest = one.deal.clue_deck[0], one.deal.clue_deck[1:]
    other = new({"seed": 3}, cut=0, dark_lady=partner, clue_deck=(first, *tuple(reversed(rest))),
                fog_deck=tuple(reversed(one.deal.fog_deck)))
    script: list[dict[str, Any] | str] = [
        {"action": "pass"}, {"action": "pass"}, "catch", {"action": "move", "to": "l4"},
        {"action": "search"}, {"action": "pass"}, {"action": "move", "to": "l5"}]
    for step in script:
        act_alike((one, other), step)
    assert one.view() == other.view()
    assert one.player_view() == other.player_view()
    assert one.hints() == other.hints()
    assert one.deal.dark_lady != other.deal.dark_lady


def test_the_view_never_shows_the_hidden_state() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        game = new({"seed": seed, "mode": rng.choice(["easy", "normal", "expert"])})
        dark = RULES.cards.lady(game.deal.dark_lady)
        while not game.over:
            view = game.view()
            text = json.dumps(view)
            assert f'"{dark.id}"' not in text and f'"{dark.name.get()}"' not in text
            assert "c1" not in text and "cut" not in text
            # the trail's clues are the clues in hand, no more (nothing of the clue deck's order)
            in_hand = {c["card"] for c in view["clues"]} | ({view["suit_card"]["card"]} if view["suit_card"] else set())
            assert {e["card"] for e in view["trail"] if e["kind"] == "clue"} == in_hand
            game.act(random_action(game, rng))
        assert dark.id in json.dumps(game.view()["end"])


def test_verdicts_are_the_documented_ones() -> None:
    assert VERDICTS == ("proven", "lucky-guess", "wrong")


# -- SPEC 8 as the rulebook says (issue 10) ---------------------------------------------

def unchanged(game: Game, action: dict[str, Any], match: str) -> None:
    """The action is refused with Illegal and changes nothing (view, version, table)."""
    before = json.dumps(game.view()), repr(game.table)
    with pytest.raises(Illegal, match=match):
        game.act(action)
    assert (json.dumps(game.view()), repr(game.table)) == before


@pytest.mark.parametrize("mode", ["normal", "training"])
def test_suit_card_right_after_the_move_that_claims_the_last_key_then_confront(mode: Mode) -> None:
    game = new({"mode": mode}, cut=0)
    game.table.visited = set(RING) - {"l1"}
    unchanged(game, {"action": "reveal_suit_card"}, "every location key")   # before the 11th key
    game.act({"action": "move", "to": "l1"})                               # the last key
    view = game.view()
    assert "reveal_suit_card" in view["actions"]
    game.act({"action": "reveal_suit_card"})                               # free: the turn goes on
    after = game.view()
    assert after["version"] == view["version"] + 1 and after["slot"] == view["slot"]
    assert game.round == (1 if mode == "training" else 2)
    assert "confront" in after["actions"] and after["suit_card"] is not None
    at_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})  # same turn: allowed
    assert game.state == "won"


def test_training_search_then_move() -> None:
    game = new({"mode": "training"}, cut=0)
    passes(game, 2)                                   # slot 3, she is at l3
    game.table.pawn = "l5"
    game.act({"action": "search"})                    # not found, no clue: she does not flee
    view = game.view()
    assert view["slot"] == 3 and view["actions"] == ["move", "pass"]
    unchanged(game, {"action": "search"}, "already searched")
    unchanged(game, {"action": "confront", "traits": traits_of_dark_lady(game)}, "already searched")
    events = game.act({"action": "move", "to": "l4"})  # the move ends the turn: she moves on
    assert [e["code"] for e in events][:2] == ["move", "key"] and events[-1]["code"] == "top.landmark"
    assert game.view()["slot"] == 4 and game.round == 4


def test_training_move_then_search_and_no_second_move() -> None:
    game = new({"mode": "training"}, cut=0)
    game.act({"action": "move", "to": "l1"})
    assert game.view()["actions"] == ["search", "confront", "pass"]
    unchanged(game, {"action": "move", "to": "l2"}, "already moved")
    game.table.pawn = "l5"
    game.act({"action": "search"})                    # both done: the turn ends
    assert game.view()["slot"] == 2 and "move" in game.view()["actions"]


def test_other_modes_end_the_turn_with_a_search() -> None:
    game = new(cut=0)
    away_from_lady(game)
    game.act({"action": "search"})
    assert game.view()["slot"] == 2 and game.round == 2


def test_nothing_discarded_comes_back_and_each_fog_card_scores_once() -> None:
    """Expert, three fog cards discarded at setup: the lantern brings none back, and the won
    game's score counts the fog deck's cards once each, plus 5 per card discarded at setup."""
    deck = ("lantern", "damp", "slip", "glimpse")
    others = tuple(f.id for f in RULES.fog if f.id not in deck)
    game = new({"mode": "expert", "discard_fog": 3}, cut=0, fog_deck=deck, fog_discarded=others)
    game.table.pawn = "l5"
    game.act({"action": "search"})             # the lantern goes under slot 1
    passes(game, 25)
    assert game.view()["top"] == {"fog": True}
    game.act({"action": "fog"})
    assert game.table.fog_discarded == list(others) and game.table.fog_deck == ["slip", "glimpse", "lantern"]
    at_lady(game)
    game.act({"action": "confront", "traits": traits_of_dark_lady(game)})
    end = end_of(game.view())
    # the confrontation slid one more under: two left, each counted once
    assert end["score"] == score("expert", 26, 26 - 28 % 26, 1, 2, discarded_at_setup=3) == 24 + 26 + 4 + 5 + 15


def test_expert_discards_never_return_in_random_games() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        game = new({"mode": "expert", "discard_fog": 1 + seed % 4, "seed": seed})
        setup_discards = set(game.deal.fog_discarded)
        while not game.over:
            game.act(random_action(game, rng))
            t = game.table
            in_play = t.fog_deck + list(t.fog_in_slot.values())
            assert not setup_discards & set(in_play) and setup_discards <= set(t.fog_discarded)
            assert len(set(in_play + t.fog_discarded)) == len(in_play + t.fog_discarded) == 10


def test_the_setups_discard_limit_is_the_shipped_fog_deck_but_one() -> None:
    """The setup's definition (and so the OpenAPI document) allows what the shipped fog deck allows."""
    assert len(load_rules().fog) - 1 == MAX_DISCARD
    new({"mode": "expert", "discard_fog": MAX_DISCARD})


def test_a_smaller_fog_deck_allows_fewer_discards() -> None:
    rules = replace(RULES, fog=RULES.fog[:4])
    with pytest.raises(InputError) as exc:
        parse_setup(rules, {"mode": "expert", "discard_fog": 4})
    assert [(p.path, p.message) for p in exc.value.problems] == [
        ("discard_fog", "Expert discards 1 to 3 fog cards at setup; got 4")]
