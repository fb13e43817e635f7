"""The terminal game (deduce/cli/play.py): typed commands drive the rules engine, and every
screen fits an 80×24 terminal.

The screens are recorded as the player sees them: everything printed between two lines
read from the player is one screen, which must leave the 24th line for the prompt.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from deduce.cli.play import TRAIL_SHOWN, Say, Terminal, parse_command, play_session, simulate_table
from deduce.game.bot import ActionDoc, Bot
from deduce.game.game import Game
from deduce.game.hand import who, who_progress
from deduce.game.material import Rules
from deduce.game.refusals import refusal_text
from deduce.game.setup import parse_setup
from deduce.game.simulate import simulate
from deduce.shipped import load_rules
from deduce.text.play import PLAY_PHRASES
from deduce.text.refusals import REFUSAL_PHRASES
from tests.game_fixtures import ring_rules

RULES = ring_rules()
LONDON = load_rules()


class Screens:
    """Typed lines for a session, recording the screen drawn before each line is read."""

    def __init__(self, lines: list[str], width: int = 80, height: int = 24) -> None:
        self.console = Console(width=width, height=height, record=True, color_system=None)
        self.lines = lines
        self.screens: list[str] = []

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            self.screens.append(self.console.export_text(clear=True))
            yield line

    def finish(self) -> None:
        """Record what was drawn after the last line read."""
        self.screens.append(self.console.export_text(clear=True))

    @property
    def text(self) -> str:
        return "".join(self.screens)

    @property
    def flat(self) -> str:
        """The text with wrapped lines joined, to look for sentences."""
        return " ".join(self.text.split())


def assert_fits(screens: list[str], width: int = 80, height: int = 24) -> None:
    """Each screen leaves a line for the prompt and no line is wider than the terminal."""
    for shown in screens:
        lines = shown.rstrip("\n").split("\n")
        assert len(lines) <= height - 1, shown
        assert all(cell_len(line) <= width for line in lines), shown


def play(lines: list[str], lang: str = "en", rules: Rules = LONDON, **setup: object) -> tuple[Game, Screens]:
    typed = Screens(lines)
    game = play_session(rules, {"seed": 11, "start": "tower", **setup}, typed, typed.console, lang=lang)
    typed.finish()
    assert_fits(typed.screens)
    return game, typed


def test_commands_take_numbers_ids_and_names() -> None:
    game = Game.new(RULES, parse_setup(RULES, {"start": "l0"}))
    assert parse_command(game, "m 2") == {"action": "move", "to": "l1"}
    assert parse_command(game, "move l1") == {"action": "move", "to": "l1"}
    assert parse_command(game, "c 1 2 court") == {"action": "confront", "traits": ["literary", "married", "court"]}
    assert parse_command(game, "  ") == "" and parse_command(game, "h") == "hints"
    assert parse_command(game, "q") == "quit" and parse_command(game, "t") == "trail"
    london = Game.new(LONDON, parse_setup(LONDON, {"start": "tower"}))
    assert parse_command(london, "m london bridge") == Say(
        "7 London Bridge is not next to 8 The Tower; paths lead to: "
        "6 The Boar's Head, Eastcheap, 11 St Saviour's, Southwark.")
    assert parse_command(london, "m 6") == {"action": "move", "to": "boars-head"}
    assert parse_command(london, "m The Boar's Head, Eastcheap") == {"action": "move", "to": "boars-head"}
    assert parse_command(london, "c married, lover, has children") == {
        "action": "confront", "traits": ["married", "lover", "children"]}


def test_problems_are_said_in_words_and_change_nothing() -> None:
    game, typed = play(["m 1", "m 99", "fly", "c 1 2", "c", "m", "f"])
    text = typed.text
    assert "1 Whitehall Palace is not next to 8 The Tower" in text
    assert "No location 99: give its number (1 to 11) or its name." in text
    assert "Unknown command fly" in text
    assert "Name three traits: c NUMBER NUMBER NUMBER. 1 Literary or artistic · 2 Married" in text
    assert "Where to? m NUMBER: 6 The Boar's Head, Eastcheap, 11 St Saviour's, Southwark" in text
    assert "Not possible: the top card is not a fog card" in text  # f: the engine's refusal, in words
    assert game.version == 0


def test_the_screen_shows_status_map_top_card_and_trail() -> None:
    game, typed = play(["p"] * 10)
    first, last = typed.screens[0], typed.screens[-1]
    assert first.startswith("Normal · round 1 · card 2 of 26 · countdown 2 · fog 10 · keys 1/11 · seed 11")
    assert "Game seed 11: the same seed and options replay this deal." in first
    assert "►8 The Tower" in first and "You are at 8 The Tower · her suit: Sage" in first
    assert "0  key claimed: 8 The Tower" in first and "0  top card: Playhouse" in first
    assert "Top card: Playhouse (5 The Curtain, 9 The Globe, 10 The Rose)" in first
    view = game.view()
    assert f"card {view['slot'] % 26 + 1} of 26" in last and "• You wait." in last
    assert f"Trail, last {TRAIL_SHOWN} of {len(view['trail'])} (t: all of it)" in last


def test_the_whole_trail_a_screen_at_a_time() -> None:
    """`t` pages the trail; a long one takes several screens, each fitting 80×24."""
    game, typed = play(["p"] * 30 + ["t", "", ""])
    trail = game.view()["trail"]
    assert len(trail) > 23
    whole = typed.text.split("Trail (slot: what you saw or did)", 1)[1]
    assert "-- Enter for more, q to stop (or type a command) --" in whole
    for entry in trail:
        assert f"{entry['slot']:>3}  " in whole
    assert whole.count("top card: ") >= sum(e["kind"] in ("landmark", "fog") for e in trail)


def bot_lines(setup: dict[str, Any], until: Callable[[Game], bool]) -> tuple[Game, list[str]]:
    """The commands of a game the bot plays (its view only) until ``until(game)`` or the end,
    with a "y" after each confrontation the clues do not prove (the terminal asks first)."""
    game = Game.new(LONDON, parse_setup(LONDON, setup))
    bot, lines = Bot(LONDON), []
    while not game.over and not until(game):
        action = bot.choose(game.player_view(), game.legal_actions(), game.pending)
        lines.append(command_line(game, action))
        if action["action"] == "confront" and who(LONDON.cards, game.player_view().hand).status != "solved":
            lines.append("y")
        game.act(action)
    return game, lines


def test_hints_show_candidates_reasons_odds_and_advice() -> None:
    game, lines = bot_lines({"seed": 3},
                            lambda g: set(who(LONDON.cards, g.player_view().hand).traits.values()) != {"open"})
    _, typed = play(lines + ["h", "h", "h"] + [""] * 6, seed=3, start=game.setup.start)
    text = typed.text.split("\n• ")[-1]  # after the last screen of the table: the hints
    assert "Dark Lady: still open" in text and "possible Dark Ladies" in text
    assert "Why:" in text and ("certain: with clue 1" in text or "ruled out: with clue 1" in text)
    assert "Now (slot" in text and "Next turn (slot" in text
    # one voice (issue 26): the plan, not the one-turn advice beside it
    assert "What to do now: " in text and "Advice: " not in text


def test_a_confrontation_the_clues_do_not_prove_is_confirmed_first() -> None:
    game, typed = play(["c 1 2 3", "n", "c 1 2 3", "no", "p"])
    assert typed.flat.count("Your clues do not prove Literary or artistic, Married, Court connections. "
                            "Confront her anyway? (y/n)") == 2
    assert game.version == 1 and not game.over  # only the pass was played
    game, _ = play(["c 1 2 3", "y"])
    assert game.version == 1  # confirmed: a search at the Tower (she is not there on slot 1)


def test_quitting_asks_first() -> None:
    game, typed = play(["q", "n", "p", "q", "y", "p"])
    assert typed.text.count("Quit this game? (y/n)") == 2
    assert "Game left (seed 11)." in typed.text
    assert game.version == 1 and not game.over  # the pass after "n", nothing after "y"


def test_a_fog_card_offers_numbered_places_and_takes_them() -> None:
    """Slide fog cards under by searching until one comes up, then use it and answer with a
    number it offers."""
    for seed in range(40):
        game = Game.new(LONDON, parse_setup(LONDON, {"seed": seed, "start": "tower"}))
        lines: list[str] = []
        while not game.over and game.pending is None and len(lines) < 80:
            legal, fog_left = game.legal_actions(), game.view()["fog_deck"]
            line = "f" if "fog" in legal else "s" if "search" in legal and fog_left > 4 else "p"
            lines.append(line)
            game.act(parse_command(game, line))
        if game.pending is not None:
            break
    else:
        pytest.fail("no fog card asking for a place in 40 games")
    assert game.pending is not None  # the loop stopped on it
    choice = game.pending.choices[-1]
    number = LONDON.board.index(choice) + 1
    refused = [f"r {LONDON.board.index(x) + 1}" for x in LONDON.board.location_ids if x not in game.pending.choices]
    played, typed = play([*lines, *refused[:1], f"r {number}"], seed=seed)
    assert f"{number} {LONDON.board.location(choice).name.get()}" in typed.screens[-2]
    assert "Answer r NUMBER" in typed.screens[-2] and "Not possible" not in typed.text  # refused: offered again
    assert played.pending is None and played.version == len(lines) + 1


def test_a_won_game_shows_the_score_as_the_rulebook_counts_it() -> None:
    """Find her with the tracker, gather clues until they prove her traits, confront: the end
    screen shows each term of the score and the total with its rank."""
    for seed in range(20):
        game, lines = bot_lines({"seed": seed, "mode": "easy"}, lambda g: False)
        if game.state == "won":
            break
    else:
        pytest.fail("the bot won none of 20 games")
    played, typed = play(lines, seed=seed, start=game.setup.start, mode="easy")
    end = played.view()["end"]
    assert played.state == "won" and end is not None and end["breakdown"] is not None
    last = typed.screens[-1]
    assert "You win!" in last and "Score, as the rulebook counts it:" in last
    assert "Cards on top of the countdown card: " in last
    assert re.search(r"Number (\d) on the countdown card: \1 × 26 +\+\d+\n", last)
    assert re.search(r"\n  Played in Easy mode +-30\n", last)
    terms = re.findall(r"^  .+ +([+-]\d+)$", last, re.M)  # each term's points, right-aligned
    assert sum(map(int, terms)) == end["score"] and len(terms) == len(end["breakdown"])
    assert f"Total score {end['score']} (" in last


def command_line(game: Game, action: ActionDoc) -> str:
    """The typed command for an action document (locations and traits by number)."""
    letters = {v: k for k, v in {"m": "move", "s": "search", "c": "confront", "f": "fog", "p": "pass",
                                 "u": "reveal_suit_card", "r": "resolve"}.items()}
    words = [letters[action["action"]]]
    if action["action"] == "move":
        words.append(str(game.board.index(action["to"]) + 1))
    if "path" in action:
        words += [str(game.board.index(x) + 1) for x in action["path"]]
    for asks in ("location", "to"):
        if action["action"] == "resolve" and asks in action:
            words.append(str(game.board.index(action[asks]) + 1))
    if "traits" in action:
        words += [str(game.cards.trait_ids.index(t) + 1) for t in action["traits"]]
    return " ".join(words)


@pytest.mark.parametrize("lang, words", [
    ("it", ["Standard · turno 1 · carta 2/26", "Sei a 8 Torre di Londra", "Prima carta: Teatro",
            "Dama Bruna", "Uscire da questa partita? (s/n)", "Partita lasciata (seed 11)."]),
    ("ru", ["Обычный · ход 1 · карта 2 из 26", "Вы здесь: 8 Тауэр", "Верхняя карта: Театр",
            "Смуглая дама", "Выйти из этой партии? (д/н)", "Партия оставлена (сид 11)."]),
])
def test_the_whole_game_in_italian_and_russian(lang: str, words: list[str]) -> None:
    _, typed = play(["p", "h", "h", "h", "q", "q", "s" if lang == "it" else "д"], lang=lang)  # q stops the pages
    for word in words:
        assert word in typed.flat
    assert "Dark Lady" not in typed.text and "Tower" not in typed.text.replace("Тауэр", "")


def test_every_phrase_exists_in_every_language() -> None:
    def keys(lang: str) -> set[str]:  # plural forms differ by language: one key for them all
        return {k.removesuffix("." + k.rsplit(".", 1)[1]) if k.startswith("trail.flee.") else k
                for k in PLAY_PHRASES[lang]}

    for lang in PLAY_PHRASES:
        assert keys(lang) == keys("en"), lang


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_random_games_fit_80_by_24_in_every_language(lang: str) -> None:
    """Random commands (moves, searches, fog cards and their answers, confrontations, hints,
    the trail) on many deals: every screen fits the terminal."""
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(LONDON, parse_setup(LONDON, {"seed": seed, "mode": rng.choice(["normal", "expert"])}))
        lines: list[str] = []
        while not game.over and len(lines) < 120:
            legal = game.legal_actions()
            name = rng.choice(legal)
            if name == "move":
                line = f"m {game.board.index(rng.choice(sorted(game.board.neighbours(game.table.pawn)))) + 1}"
            elif name == "resolve":
                assert game.pending is not None
                line = f"r {game.board.index(rng.choice(game.pending.choices)) + 1}"
            elif name == "confront":
                continue
            else:
                line = {"search": "s", "fog": "f", "pass": "p", "reveal_suit_card": "u"}[name]
            lines.append(line)
            game.act(parse_command(game, line))
        script = [*lines[:8], "h", "h", "h", "", "", "", "t", "", "", "", "?", *lines[8:], "c 1 2 3", "y"]
        play(script, lang=lang, seed=seed, start=game.setup.start, mode=game.setup.mode)


def test_a_game_played_on_a_small_board_to_a_loss() -> None:
    game, typed = play(["p"] * 200, rules=RULES, start="l0", seed=2)
    assert game.state == "lost" and "You lose." in typed.text
    assert f"The Dark Lady was {RULES.cards.lady(game.deal.dark_lady).name.get()}" in typed.text


@pytest.mark.parametrize(("lang", "rows"), [
    ("en", ["Position 1 on the cards", "Position 5 on the cards, reversed", "short, reversed"]),
    ("it", ["Posizione 1 sulle carte", "Posizione 5 sulle carte, al contrario", "short, al contrario"]),
    ("ru", ["Позиция 1 на картах", "Позиция 5 на картах, в обратном порядке", "short, в обратном порядке"]),
])
def test_simulate_table_says_every_rows_sequence_in_the_language(lang: str, rows: list[str]) -> None:
    """A sequence is said from its parts (a position on the cards or a rulebook sequence's name, and
    whether the deck is reversed), as the page says it; its id (``position-5``) is for ``--json``."""
    out = Console(record=True, width=200, color_system=None)
    plan: list[dict[str, Any]] = [{"position": 1}, {"position": 5, "reverse": True},
                                  {"rulebook": "short", "reverse": True}]
    out.print(simulate_table(simulate(RULES, ["normal"], plan, 1), lang))
    said = [line.split("│")[2].strip() for line in out.export_text().splitlines() if line.startswith("│")]
    assert said == rows


def test_cli_simulate_and_play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import json

    from deduce.cli import main
    assert main(["simulate", "--games", "2", "--position", "1", "--rulebook", "hard-1", "--json", "--seed", "5"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["sequence"], r["games"]) for r in rows] == [("position-1", 2), ("hard-1", 2)]
    assert main(["simulate", "--position", "9"]) == 2
    assert "sequence.position" in capsys.readouterr().err
    assert main(["simulate", "--games", "0"]) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO("h\nh\nh\n\n\n\nm 6\np\n"))
    assert main(["play", "--seed", "3", "--start", "tower"]) == 0
    out = capsys.readouterr().out
    assert "Game seed 3" in out and "What to do now: " in out and "You go to The Boar's Head, Eastcheap." in out
    assert main(["play", "--start", "atlantis"]) == 2


def test_ctrl_c_leaves_the_game_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from deduce.cli import main

    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["play", "--seed", "5", "--lang", "ru"]) == 130
    out, err = capsys.readouterr()
    assert out.rstrip().endswith("Партия оставлена (сид 5).") and "Traceback" not in out + err


def test_a_game_without_a_seed_prints_the_one_drawn(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from deduce.cli import main

    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    lines = iter(["q", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play"]) == 0
    out = capsys.readouterr().out
    seed = out.split("Game seed ", 1)[1].split(":", 1)[0]
    assert seed.isdigit() and f"Game left (seed {seed})." in out


def test_a_command_typed_at_more_stops_the_pages_and_is_carried_out() -> None:
    game, typed = play(["p"] * 30 + ["t", "p"])
    assert game.version == 31 and "-- Enter for more" in typed.screens[-2]


def test_the_wherry_takes_one_number_and_goes_through_a_key_still_to_claim() -> None:
    from deduce.cli.play import wherry_path

    game = Game.new(LONDON, parse_setup(LONDON, {"seed": 1, "start": "tower"}))
    assert wherry_path(game, "boars-head") == ["boars-head"]  # next to the Tower: one step
    game.table.visited.add("boars-head")
    assert wherry_path(game, "london-bridge") == ["st-saviours", "london-bridge"]  # not through a visited place
    game.table.visited.discard("boars-head")
    assert wherry_path(game, "london-bridge") == ["boars-head", "london-bridge"]  # both unvisited: board order


@pytest.mark.parametrize("lang, words", [
    ("en", ["Progress towards proving her traits", "The suit card is still needed",
            "Clues still to find, on average (with the suit card):", "by your clues."]),
    ("it", ["A che punto è la prova dei suoi tratti", "Serve ancora la carta del seme",
            "Indizi ancora da trovare, in media (con la carta del seme):", "secondo i tuoi indizi."]),
    ("ru", ["Насколько близко доказательство её черт", "Карта масти ещё нужна",
            "Сколько ещё подсказок найти, в среднем (с картой масти):", "по вашим подсказкам."]),
])
def test_hints_show_progress_in_the_games_language(lang: str, words: list[str]) -> None:
    """The hint screen says how far her traits are from proven, in the game's language, and the
    figures are the view's (:func:`deduce.game.view.who_progress`)."""
    game, lines = bot_lines({"seed": 3}, lambda g: bool(g.player_view().clues))
    _, typed = play(lines + ["h", "h", "h"] + [""] * 6, lang=lang, seed=3, start=game.setup.start)
    for word in words:
        assert word in typed.flat, word
    view = game.player_view()
    found = who_progress(LONDON.cards, view.hand, view.mode)
    mean = f"{found.expected_clues:.1f}"
    assert (mean if lang == "en" else mean.replace(".", ",")) in typed.flat


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_refusals_are_said_in_the_games_language(lang: str) -> None:
    """What the rules refuse is said from its code in the game's language, never in English."""
    game, typed = play(["f", "u", "m 6", "m 8"], lang=lang, mode="training")
    assert game.version == 1 and game.table.pawn == "boars-head"
    for code in ("not-fog-on-top", "suit-card-keys", "already-moved"):
        said = PLAY_PHRASES[lang]["not-possible"].format(reason=REFUSAL_PHRASES[lang][code])
        assert said in typed.flat, (code, typed.flat)
    if lang != "en":
        assert not [text for text in REFUSAL_PHRASES["en"].values() if text in typed.flat]


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_a_refused_path_names_the_places_numbered_in_the_games_language(lang: str) -> None:
    game = Game.new(LONDON, parse_setup(LONDON, {"seed": 11, "start": "tower"}), lang=lang)
    game.table.fog_in_slot[game.slot] = "wherry"
    board = LONDON.board
    first = "boars-head"
    second = next(x for x in board.location_ids if x not in (first, "tower") and not board.adjacent(first, x)
                  and any(board.adjacent("tower", y) and board.adjacent(y, x) for y in board.location_ids))
    typed = Screens(["f", f"r {board.index(first) + 1} {board.index(second) + 1}"])
    Terminal(game, typed.console, iter(typed)).play()
    typed.finish()
    assert game.pending is not None and game.pending.card == "wherry"  # refused: still waiting
    numbered = " ".join(refusal_text(game.words, "not-adjacent", {
        "to": second, "here": first, "choices": [x for x in board.location_ids if board.adjacent(first, x)]},
        place=lambda loc: f"{board.index(loc) + 1} {game.words.place(loc)}").split())
    assert PLAY_PHRASES[lang]["not-possible"].format(reason=numbered) in typed.flat
    assert f"{board.index(second) + 1} {game.words.place(second)}" in numbered


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_h_gives_a_nudge_then_the_focus_then_the_answer_and_starts_again_after_an_action(lang: str) -> None:
    """SPEC 10 in the terminal: each `h` deepens the hint of the turn; an action starts the steps again."""
    words = PLAY_PHRASES[lang]
    nudge, focus = words["hint.step.1"].split("{")[0], words["hint.step.2"].split("{")[0]
    answer = words["plan.title"].split("{")[0]
    _, typed = play(["h"], lang=lang)
    assert nudge in typed.flat and words["hint.again"] in typed.flat and focus not in typed.flat
    _, typed = play(["h", "h"], lang=lang)
    assert focus in typed.flat and answer not in typed.flat
    _, typed = play(["h", "h", "h"] + [""] * 8, lang=lang)
    assert answer in typed.flat
    _, typed = play(["h", "h", "p", "h"], lang=lang)
    assert typed.flat.count(nudge) == 2 and typed.flat.count(focus) == 1


def test_the_terminal_s_nudge_is_the_game_s() -> None:
    game, typed = play(["h"])
    assert game.hint_step(1)["hint"]["text"] in typed.flat.replace("\n", " ")
