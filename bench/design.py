"""`deduce design`'s scoring per step, incremental against the full audit; the default design's
time; and restarts on one local process against two (issue 21).

The annealing scores a trial card set at every step. Today it reads the incremental audit
(:class:`deduce.who.incremental.TrialAudit`: only what the score needs, with the cases of the
decks a step leaves alone kept); the peer is the full :func:`deduce.who.audit.audit` of the
same trial set (findings, messages and all), which every step paid before. Both score the
same trial sets, those the default search (seed 2) tries in its first ``--steps`` steps, in
the order it tries them, and must give the same scores. Rounds are interleaved and each
path's best round is kept, since noise only slows; a fresh search is used each round, so the
incremental path's kept cases are rebuilt as the real search builds them. Then the default
design (20,000 steps) is timed whole, in wall and CPU seconds: the goal is 10 s on one core.
Last, ``--restarts 2`` of ``--restart-steps`` steps each on one local process against two
(the same set either way; two only help with two free cores: the load average is printed).

    .venv/bin/python -m bench.design [--steps 600] [--rounds 3] [--restart-steps 4000]
"""

from __future__ import annotations

import argparse
import os
import time

from deduce.cli.executors import local_executor
from deduce.shipped import load_brief
from deduce.who import cardfile
from deduce.who.design import DEFAULT_SEED, DEFAULT_STEPS, Targets, _Search, _State, search


class _Recording(_Search):
    """The search, keeping every trial set it scores."""

    def __init__(self, seed: int):
        super().__init__(load_brief(), Targets(), seed)
        self.tried: list[_State] = []

    def value(self, state: _State) -> float:
        self.tried.append(state)
        return super().value(state)


def per_step(tried: list[_State], full: bool) -> tuple[float, list[float]]:
    """Milliseconds per trial set scored, by the full audit or the incremental one, and the scores."""
    run = _Search(load_brief(), Targets(), DEFAULT_SEED)
    started = time.perf_counter()
    scores = [run.score(s)[0] for s in tried] if full else [run.value(s) for s in tried]
    return (time.perf_counter() - started) / len(tried) * 1e3, scores


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.design", description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=600, help="steps of the default search whose trials are scored")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--restart-steps", type=int, default=4000, help="steps of each restart (last figure)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    recording = _Recording(DEFAULT_SEED)
    recording.run(args.steps, None)
    tried = recording.tried
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        ms_fast, fast = per_step(tried, full=False)
        ms_full, full = per_step(tried, full=True)
        assert fast == full, "the incremental audit must score every trial set as the full audit does"
        best["fast"] = min(best.get("fast", ms_fast), ms_fast)
        best["full"] = min(best.get("full", ms_full), ms_full)
    print(f"{len(tried)} trial sets of the default search (seed {DEFAULT_SEED}), the same scores both ways; best of "
          f"{args.rounds} interleaved rounds; {os.cpu_count()} CPUs, load average {load:.1f}")
    print(f"{'scoring a step':46} {'ms/step':>12} {'ratio':>8}")
    print(f"{'incremental audit (deduce design now)':46} {best['fast']:12.3f} {best['fast'] / best['full']:7.2f}x")
    print(f"{'full audit of the trial set (peer: before)':46} {best['full']:12.3f} {1:7.2f}x")
    wall, cpu = time.perf_counter(), time.process_time()
    search(load_brief(), seed=DEFAULT_SEED, steps=DEFAULT_STEPS)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"default design ({DEFAULT_STEPS} steps): {wall:.1f} s wall, {cpu:.1f} s CPU (goal: 10 s on one core)")
    times: dict[int, float] = {}
    sets: dict[int, object] = {}
    for workers in (1, 2):
        started = time.perf_counter()
        with local_executor(workers) as executor:
            found = search(load_brief(), seed=DEFAULT_SEED, steps=args.restart_steps, restarts=2,
                           executor=executor)
        sets[workers] = cardfile.to_json(found.cards)
        times[workers] = time.perf_counter() - started
    assert sets[1] == sets[2], "the restarts must give the same set on one process or two"
    print(f"--restarts 2 --steps {args.restart_steps}: {times[2]:.1f} s on 2 workers against {times[1]:.1f} s on 1 "
          f"({times[1] / times[2]:.2f}x); load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
