"""One voice of advice with honest figures (issue 26, items 1 and 2).

Seeded games played by both bots in every mode: on every turn the game's hints' odds and plan are
those :func:`deduce.game.situation.table_advice` gives for the situation a player at the table would
write down (one voice), and every plan is honest: no search, wait or move rests on a place where her
chance is 0, every figure a reason gives is the one its action rests on (checked against the
tracker), a plan with nowhere in reach says so and what the move is for, and once every key is
claimed no word speaks of keys to claim (the plan's reasons and the terminal's hint screen).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from deduce.cli.play import hints_text
from deduce.errors import InputError
from deduce.game.game import Game
from deduce.game.plan import PlanFiguresJSON, PlanJSON, ReasonJSON
from deduce.game.setup import parse_setup
from deduce.game.simulate import BOTS
from deduce.game.situation import SituationJSON, advice_step, parse_situation, table_advice
from deduce.game.steps import HINT_STEPS
from deduce.game.view import PlayerView
from deduce.shipped import load_rules
from deduce.text.phrases import LANGS, PHRASES
from deduce.text.play import play_phrase
from deduce.where.tracker import track_slots
from deduce.who.cards import MODES

RULES = load_rules()
GAMES_PER_BOT = 6
#: Reasons that send the player to search, wait or head for a place, with the chance they rest on.
CHANCE_REASONS = ("search.odds", "move.search", "stay", "move.chase", "confront.proven", "confront.guess",
                  "wait.odds")
#: Words that speak of keys still to claim.
KEY_REASONS = ("move.keys", "resolve.wherry", "resolve.linkboy")


def words(text: str) -> str:
    """The longest part of a phrase between its placeholders (what shows of it whatever they are)."""
    return max(re.split(r"\{\w+\}", text), key=len)


def situation(game: Game) -> SituationJSON:
    """What the player at the table writes down: the game's VIEW, and what she did this turn."""
    view, table = game.view(), game.core.table
    out: SituationJSON = {
        "mode": view["mode"], "suit": view["suit"], "pawn": view["pawn"], "length": view["length"],
        "moves": view["moves"], "now": view["slot"], "trail": view["trail"], "keys": view["visited"],
        "countdown": view["countdown"], "fog_deck": view["fog_deck"], "clues": [c["card"] for c in view["clues"]],
        "suit_card": view["suit_card"]["card"] if view["suit_card"] else None,
        "done": {"moved": table.moved_this_turn, "searched": table.searched_this_turn,
                 "clue": table.clue_this_turn}}
    if view["pending"] is not None:
        out["pending"] = {"card": view["pending"]["card"], "choices": view["pending"]["choices"]}
    return out


def turns() -> Iterator[tuple[str, Game]]:
    """Every decision of seeded games played by each bot in every mode (the game as it stands)."""
    for name, make in BOTS.items():
        bot = make(RULES)
        for seed in range(GAMES_PER_BOT):
            game = Game.new(RULES, parse_setup(RULES, {"seed": 2600 + seed, "mode": MODES[seed % len(MODES)]}))
            while not game.over:
                yield name, game
                game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))


def reach(first: str, turns_ahead: int, training: bool) -> set[str]:
    """Where the pawn at ``first`` next turn can search ``turns_ahead`` turns from now."""
    places = {first}
    for _ in range(turns_ahead - 1 + int(training)):
        places |= {y for x in places for y in RULES.board.neighbours(x)}
    return places


def check_honest(game: Game, plan: PlanJSON) -> None:
    """The figures of every reason are those the action rests on, and none is a chance of 0."""
    view = game.player_view()
    odds = [s.probabilities() for s in track_slots(RULES.board, view.track_query(), 4)] if plan["send"] else []
    if plan["action"] in ("search", "confront"):
        assert plan["figures"]["here_now"] > 0, "a search where she cannot be"
    codes = [r["code"] for r in plan["reasons"]]
    for i, r in enumerate(plan["reasons"]):
        check_chance(r, plan["figures"], odds, view)
        check_counts(r, plan["figures"])
        if r["code"] == "reach.none":
            check_nowhere_in_reach(plan, odds, view, purpose=codes[i + 1])
    if view.visited >= set(RULES.board.location_ids):
        assert not set(codes) & set(KEY_REASONS), codes


def check_chance(reason: ReasonJSON, figures: PlanFiguresJSON, odds: list[dict[str, float]],
                 view: PlayerView) -> None:
    """A reason that rests on her chance somewhere gives the tracker's chance there, never 0:
    at the pawn now, at the place moved to now, or at the target within reach of the move."""
    code, p = reason["code"], reason["params"]
    if code in CHANCE_REASONS:
        assert isinstance(p["chance"], float) and p["chance"] > 0, (code, p)
    if code in ("search.odds", "confront.proven", "confront.guess", "wait.odds"):
        assert p["chance"] == figures["here_now"] == odds[0][view.pawn]
    elif code == "move.search":
        assert p["chance"] == odds[0][str(p["location"])]
    elif code in ("stay", "move.chase"):
        target, turns_ahead = p["target"], p["turns"]
        assert isinstance(target, str) and isinstance(turns_ahead, int)
        assert p["chance"] == odds[turns_ahead][target]
        assert target in reach(str(p["location"]), turns_ahead, view.mode == "training")


def check_counts(reason: ReasonJSON, figures: PlanFiguresJSON) -> None:
    """A reason that counts cards, fog cards, clues or keys gives the plan's figures."""
    code, p = reason["code"], reason["params"]
    if code == "search.cost":
        assert (p["cards"], p["fog"]) == (figures["clues_held"], figures["fog_left"] - 1)
    elif code == "move.keys":
        assert (p["keys"], p["route"]) == (figures["keys_left"], figures["route"]) and figures["keys_left"] > 0
    elif code == "time":
        assert (p["slots"], p["fog"], p["clues"]) == (figures["slots_left"], figures["fog_left"],
                                                     figures["clues_held"])


def check_nowhere_in_reach(plan: PlanJSON, odds: list[dict[str, float]], view: PlayerView, purpose: str) -> None:
    """A plan that says she can be nowhere within reach is a move or a pass after which she
    truly can be nowhere the pawn could search, and says next what it is for (``purpose``)."""
    assert plan["send"] is not None and plan["action"] in ("move", "pass")
    to = plan["send"].get("to", view.pawn)
    training = view.mode == "training"
    assert all(odds[k][x] == 0 for k in range(1, len(odds)) for x in reach(to, k, training))
    assert purpose == ("wait.landmark" if plan["action"] == "pass" else purpose)
    assert purpose in ("move.keys", "move.closer", "wait.landmark")


def test_the_plan_is_one_voice_and_honest_on_every_turn_of_seeded_games() -> None:
    """The hints' plan equals the plan for the situation at the table on every turn (action,
    document, reasons and figures), and every plan is honest (see the module)."""
    seen: dict[str, int] = {}
    for name, game in turns():
        plan = game.hints()["plan"]
        table = parse_situation(RULES, situation(game))
        assert table.view == game.player_view() and list(table.actions) == game.legal_actions()
        assert table.pending == game.pending
        assert table_advice(RULES, situation(game), game.lang) == {"step": 3, "tracking": game.hints()["where"],
                                                                        "plan": plan}
        check_honest(game, plan)
        for code in (r["code"] for r in plan["reasons"]):
            seen[code] = seen.get(code, 0) + 1
        seen[name] = seen.get(name, 0) + 1
    # both bots played, and the honest words for nowhere in reach were met
    assert seen["advisor"] > 100 and seen["baseline"] > 100
    assert seen.get("reach.none", 0) > 0 and seen.get("move.chase", 0) > 0 and seen.get("search.odds", 0) > 0


def test_with_every_key_claimed_the_hint_screen_speaks_of_no_key_to_claim() -> None:
    """The terminal's hint screen, in every language, once every key is claimed and the suit
    card not yet revealed: it says to reveal the suit card, never to claim keys."""
    checked = 0
    for _, game in turns():
        view = game.player_view()
        if view.suit_card is None and view.visited >= set(RULES.board.location_ids) and checked < 12:
            for lang in LANGS:
                text = hints_text(Game(game.core, lang=lang))
                assert play_phrase(lang, "progress.suit-card.ready") in text
                assert play_phrase(lang, "progress.suit-card.needed") not in text
                assert not any(words(PHRASES[lang][f"plan.{code}"]) in text for code in KEY_REASONS)
            checked += 1
    assert checked > 0


def test_a_situation_with_mistakes_names_each_with_its_path() -> None:
    doc: dict[str, Any] = {"suit": "nettle", "pawn": "globe", "length": 0, "moves": "always", "now": -1,
                           "trail": [{"slot": 0, "kind": "landmark", "landmark": "nowhere"}],
                           "done": {"jumped": True}, "pending": {"card": "nothing", "choices": []}, "colour": "red"}
    with pytest.raises(InputError) as info:
        parse_situation(RULES, doc)
    paths = {p.path for p in info.value.problems}
    assert {"suit", "length", "now", "trail[0].landmark", "done", "pending.card", "colour"} <= paths, paths


def test_a_hand_that_cannot_be_gets_its_problems_instead_of_a_plan() -> None:
    """A clue of her own suit, or the suit card also among the clues: the odds, and why no plan."""
    theirs = RULES.cards.ladies_of_suit("rose")[0].id
    other = next(lady.id for lady in RULES.cards.ladies if lady.suit != "rose")
    base: dict[str, Any] = {"suit": "rose", "pawn": "globe", "length": 26, "moves": "always", "now": 0,
                            "trail": [{"slot": 0, "kind": "landmark", "landmark": "playhouse"}]}
    answer = table_advice(RULES, {**base, "clues": [theirs]})
    assert "plan" not in answer and [p["path"] for p in answer["plan_problems"]] == ["clues[0]"]
    assert answer["tracking"]["status"] == "ok"
    answer = table_advice(RULES, {**base, "clues": [other], "suit_card": other})
    assert "plan" not in answer and [p["path"] for p in answer["plan_problems"]] == ["suit_card"]


def test_the_table_gives_the_game_s_hint_steps() -> None:
    """The nudge and the focus of a situation typed at the table are the game's for the same view (SPEC 10)."""
    for count, (_, game) in enumerate(turns()):
        if count % 7:
            continue
        table = parse_situation(RULES, situation(game))
        for step in HINT_STEPS:
            assert advice_step(RULES, table, game.lang, step) == game.hint_step(step)
