"""The terminal game (deduce/gamecli.py): typed commands drive the rules engine."""

from __future__ import annotations

from rich.console import Console

from deduce.cli.play import parse_command, play_session, simulate_table
from deduce.game.rules import Game
from deduce.game.setup import parse_setup
from deduce.game.simulate import simulate
from tests.game_fixtures import ring_rules

RULES = ring_rules()


def console() -> Console:
    return Console(record=True, width=120, color_system=None)


def test_commands_by_id_or_number():
    game = Game.new(RULES, parse_setup(RULES, {"start": "l0"}))
    assert parse_command(game, "m 2") == {"action": "move", "to": "l1"}
    assert parse_command(game, "move l10") == {"action": "move", "to": "l10"}
    assert parse_command(game, "c 1 2 court") == {"action": "confront", "traits": ["literary", "married", "court"]}
    assert parse_command(game, "  ") == "" and parse_command(game, "h") == "hints"
    assert parse_command(game, "q") == "quit"


def test_a_game_played_in_the_terminal_to_a_loss():
    out = console()
    lines = ["?", "h", "m 6", "fly", "c 1 2", "m 2"] + ["p"] * 200
    game = play_session(RULES, {"start": "l0", "seed": 2}, lines, out)
    text = out.export_text()
    assert "Not possible" in text and "is not next to" in text and "exactly 3 different traits" in text
    assert "Where now" in text and "Who (open" in text
    assert game.state == "lost" and "You lose" in text and "countdown" in text.lower()
    assert f"The Dark Lady was {RULES.cards.lady(game.deal.dark_lady).name.get()}" in text


def test_quit_leaves_the_game_unfinished():
    out = console()
    game = play_session(RULES, {"start": "l0"}, ["p", "q", "p"], out)
    assert not game.over and game.version == 1


def test_simulate_table_lists_every_row():
    out = console()
    out.print(simulate_table(simulate(RULES, ["normal"], [{"position": 1}, {"position": 5}], 2)))
    text = out.export_text()
    assert "position-1" in text and "position-5" in text and "win rate" in text


def test_cli_simulate_and_play(capsys, monkeypatch):
    import io
    import json

    from deduce.cli import main
    assert main(["simulate", "--games", "2", "--position", "1", "--rulebook", "hard-1", "--json", "--seed", "5"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["sequence"], r["games"]) for r in rows] == [("position-1", 2), ("hard-1", 2)]
    assert main(["simulate", "--position", "9"]) == 2
    assert "sequence.position" in capsys.readouterr().err
    assert main(["simulate", "--games", "0"]) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO("h\nm 1\np\n"))
    assert main(["play", "--seed", "3", "--start", "globe"]) == 0
    out = capsys.readouterr().out
    assert "Where now" in out and "London" in out
    assert main(["play", "--start", "atlantis"]) == 2


def test_the_seed_and_the_trail_are_on_screen(capsys):
    from rich.console import Console

    from deduce.cli.play import TRAIL_SHOWN, play_session
    from deduce.shipped import load_rules

    console = Console(width=80, record=True)
    play_session(load_rules(), {"seed": 11, "start": "tower"}, ["p", "p", "p", "t"], console)
    text = console.export_text()
    assert "Game seed 11: the same seed and options replay this deal." in text
    assert "card   0  key of The Tower claimed" in text and "card   0  the top card shows" in text
    assert f"Trail (last {TRAIL_SHOWN} of" in text  # after three passes the trail is longer than shown
    whole = text.rsplit("\nTrail\n", 1)[1]  # `t`: the whole trail, under its plain title
    assert whole.count("  card ") > TRAIL_SHOWN


def test_ctrl_c_leaves_the_game_cleanly(monkeypatch, capsys):
    from deduce.cli import main

    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["play", "--seed", "5"]) == 130
    out, err = capsys.readouterr()
    assert "Game left (seed 5)." in out and "Traceback" not in out + err


def test_play_speaks_italian_names(monkeypatch, capsys):
    from deduce.cli import main

    lines = iter(["q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "--seed", "11", "--start", "tower", "--lang", "it"]) == 0
    assert "Torre di Londra" in capsys.readouterr().out
