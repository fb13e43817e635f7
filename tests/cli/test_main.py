"""Pieces every subcommand of the CLI shares."""

from __future__ import annotations

from deduce.cli.common import stderr_progress


def test_progress_in_a_log_is_a_line_per_tenth(capsys):
    report = stderr_progress("work", after=0.0)
    for done in range(1001):
        report(done, 1000)
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"work: {p}%" for p in range(0, 101, 10)]
