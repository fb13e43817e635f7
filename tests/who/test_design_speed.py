"""The design search's fast scoring (deduce/who/incremental.py) gives exactly the full audit's
figures and score, so the search follows the same trajectory as with the full audit; restarts
give the same set whatever runs them (issue 21)."""

from __future__ import annotations

import pytest

from deduce.cli import main
from deduce.shipped import load_brief
from deduce.who import cardfile
from deduce.who.design import Targets, _Search, _State, restart_seed, search
from deduce.who.incremental import COUNTED_ERRORS


def states(seed: int, count: int) -> list[tuple[_Search, _State]]:
    """A random walk of the search's moves, accepted whatever they score (broken sets included)."""
    run = _Search(load_brief(), Targets(), seed)
    state = run.initial()
    out = [(run, state)]
    for _ in range(count):
        trial = run.neighbour(state)
        if trial is not None:
            state = trial
            out.append((run, state))
    return out


def broken(run: _Search, state: _State) -> _State:
    """``state`` with two ladies of one card (duplicate traits) and a suit of three (no cases for it)."""
    free = run.free
    out = state.copy()
    out.traits[free[1]] = out.traits[free[0]]
    out.suits[free[2]] = next(s for s in run.suit_ids if s != out.suits[free[2]])
    return out


def test_the_fast_figures_are_the_full_audits() -> None:
    walk = states(seed=4, count=150)
    walk += [(run, broken(run, state)) for run, state in walk[::25]]
    seen = set()
    for run, state in walk:
        value, report, _ = run.score(state)
        seen |= {e.code for e in report.errors} | {f"{c.mode} unsolvable" for c in report.cases if not c.solvable}
        figures = run.trials.figures(state.suits, state.traits, run.keys(state))
        assert figures.errors == {code: sum(e.code == code for e in report.errors) for code in COUNTED_ERRORS}
        assert [(c.mode, c.deck, c.remaining, c.solvable, c.min_clues, c.expected_clues) for c in figures.cases] == [
            (c.mode, c.deck, len(c.remaining), c.solvable, c.min_clues, c.expected_clues) for c in report.cases]
        assert run.value(state) == value
    assert {*COUNTED_ERRORS, "normal unsolvable", "easy unsolvable"} <= seen


def test_restarts_give_the_same_set_on_one_worker_or_two() -> None:
    from deduce.cli.executors import local_executor

    with local_executor(1) as one, local_executor(2) as two:
        a = search(load_brief(), seed=9, steps=200, restarts=3, executor=one)
        b = search(load_brief(), seed=9, steps=200, restarts=3, executor=two)
    c = search(load_brief(), seed=9, steps=200, restarts=3)
    assert cardfile.to_json(a.cards) == cardfile.to_json(b.cards) == cardfile.to_json(c.cards)
    assert a.score == b.score == c.score and a.restarts == 3
    # the best of the restarts, the first of them being the plain search
    assert a.score <= search(load_brief(), seed=9, steps=200).score


def test_restart_seeds_are_distinct_and_the_first_is_the_seed() -> None:
    seeds = [restart_seed(2, r) for r in range(50)]
    assert seeds[0] == 2 and len(set(seeds)) == 50
    assert seeds == [restart_seed(2, r) for r in range(50)]


def test_cli_design_on_one_worker_or_two_reports_the_same_set(capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for workers in ("1", "2"):
        code = main(["design", "--seed", "3", "--steps", "150", "--restarts", "2", "--workers", workers])
        reports.append((code, capsys.readouterr().err))
    assert reports[0] == reports[1]
    assert "Audit of" in reports[0][1]


@pytest.mark.parametrize(("option", "value"), [("--workers", "0"), ("--workers", "-2"), ("--restarts", "0"),
                                               ("--restarts", "1001")])
def test_cli_design_refuses_bad_counts_before_any_work(option: str, value: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", "--steps", "10", option, value]) == 2
    err = capsys.readouterr().err
    assert option in err and "Audit of" not in err
