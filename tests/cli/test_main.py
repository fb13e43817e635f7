"""Pieces every subcommand of the CLI shares."""

from __future__ import annotations

import builtins
import io
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

from deduce.cli import main
from deduce.cli.common import stderr_progress


def test_progress_in_a_log_is_a_line_per_tenth(capsys: pytest.CaptureFixture[str]) -> None:
    with stderr_progress("work", after=0.0) as report:
        for done in range(1001):
            report(done, 1000)
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"work: {p}%" for p in range(0, 101, 10)]


class Terminal(io.StringIO):
    """A stderr that says it is a terminal, as a person's console does."""

    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_a_bar_taken_down_when_the_work_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the bar runs to the share done, and is stopped when the block ends, even by Ctrl-C."""
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with pytest.raises(KeyboardInterrupt), stderr_progress("work", after=0.0) as report:
        report(1, 4)
        report(2, 4)
        raise KeyboardInterrupt
    drawn = screen.getvalue()
    assert "work" in drawn and "50%" in drawn and "100%" not in drawn
    assert "━" in drawn  # rich's bar


def block_imports(monkeypatch: pytest.MonkeyPatch, top: str) -> None:
    """Make ``top`` and its submodules look uninstalled, as in an install without that extra."""
    real = builtins.__import__

    def fake(name: str, *args: Any, **kwargs: Any) -> ModuleType:
        if name.partition(".")[0] == top:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    for module in [m for m in sys.modules if m.startswith(("api", "deduce.cli.play"))]:
        monkeypatch.delitem(sys.modules, module)  # imported afresh, so they meet the missing module


@pytest.mark.parametrize(("argv", "missing", "message"), [
    (["serve"], "uvicorn", "serve needs the HTTP extra: pip install 'black-sonata-deduce[api]'"),
    (["serve"], "fastapi", "serve needs the HTTP extra: pip install 'black-sonata-deduce[api]'"),
    (["play"], "rich", "play needs the terminal extra: pip install 'black-sonata-deduce[play]'"),
    (["simulate", "--games", "1"], "rich",
     "simulate needs the terminal extra: pip install 'black-sonata-deduce[play]'"),
])
def test_a_missing_extra_is_named_with_exit_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                              argv: list[str], missing: str, message: str) -> None:
    block_imports(monkeypatch, missing)
    assert main(argv) == 2
    assert capsys.readouterr().err == f"deduce: {message}\n"


def test_the_core_commands_import_no_extra() -> None:
    """``deduce hint`` and ``deduce track`` run with the core dependencies only."""
    script = ("import sys, io, contextlib\n"
              "from deduce.cli import main\n"
              "with contextlib.redirect_stdout(io.StringIO()):\n"
              "    assert main(['hint', '--suit', 'rose', '--clue', 'jacqueline-field']) == 0\n"
              "    assert main(['track', '--now', '3', '--landmark', '0:playhouse']) == 0\n"
              "print(sorted({m.split('.')[0] for m in sys.modules} & {'fastapi', 'starlette', 'uvicorn', 'anyio', "
              "'rich'}))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out == "[]\n"
