"""The simulator in chunks (deduce/game/simulate.py): the figures are those of the games
played one by one in order, whatever the chunks and whichever executor plays them."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

import pytest

from deduce.errors import InputError
from deduce.executor import Future, InProcess
from deduce.game import simulate as simulate_module
from deduce.game.bot import Bot
from deduce.game.material import Rules
from deduce.game.simulate import (
    BOTS,
    Interrupted,
    Summary,
    SummaryJSON,
    play,
    setup_docs,
    simulate,
)
from deduce.shipped import load_rules
from tests.game_fixtures import ring_rules

RULES = ring_rules()
T = TypeVar("T")
PLAN: dict[str, Any] = {"modes": ["easy", "normal"], "games": 5, "seed": 7,
                        "sequences": [{"position": 1}, {"rulebook": "short", "reverse": True}]}


def one_by_one(rules: Rules, modes: list[str], sequences: list[Mapping[str, Any]], games: int,
               seed: int) -> list[SummaryJSON]:
    """The simulator as it was before chunks: every game in turn, its seed drawn in turn."""
    rng = random.Random(seed)
    rows = []
    for mode in modes:
        for seq in sequences:
            summary = None
            chosen, reverse = {k: v for k, v in seq.items() if k != "reverse"}, bool(seq.get("reverse", False))
            for _ in range(games):
                doc = {"mode": mode, "seed": rng.randrange(2 ** 62), "sequence": chosen, "reverse": reverse}
                outcome = play(rules, doc, Bot(rules))
                summary = summary or Summary(mode, outcome.sequence, chosen=chosen, reverse=reverse)
                summary.add(outcome)
            assert summary is not None  # at least one game was played
            rows.append(summary.to_json())
    return rows


def figures(**options: Any) -> list[SummaryJSON]:
    return [s.to_json() for s in simulate(RULES, **PLAN, **options)]


def test_chunks_add_up_to_the_games_played_one_by_one() -> None:
    expected = one_by_one(RULES, **PLAN)
    assert figures() == expected
    for chunk in (1, 3, 1000):
        assert figures(chunk=chunk) == expected


def test_one_and_two_worker_processes_give_the_same_figures() -> None:
    """The chunks go through pickling to other processes and come back in any order."""
    serial = figures(executor=InProcess())
    for workers in (1, 2):
        with ProcessPoolExecutor(max_workers=workers) as pool:
            assert figures(executor=pool, chunk=3) == serial


def test_a_row_per_mode_and_sequence_in_the_order_asked() -> None:
    rows = figures()
    assert [(r["mode"], r["sequence"]) for r in rows] == [
        ("easy", "position-1"), ("easy", "rulebook-short"), ("normal", "position-1"), ("normal", "rulebook-short")]
    assert all(r["games"] == 5 for r in rows)


def test_progress_counts_every_game_in_order() -> None:
    seen: list[tuple[int, int]] = []
    simulate(RULES, ["normal"], [{"position": 1}], 5, chunk=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_the_layout_of_games_repeats_and_depends_on_the_seed() -> None:
    one = setup_docs(["normal"], [{"position": 1}, {"position": 5}], 3, seed=1)
    assert one == setup_docs(["normal"], [{"position": 1}, {"position": 5}], 3, seed=1)
    assert [len(row) for row in one] == [3, 3]
    assert len({d["seed"] for row in one for d in row}) == 6
    assert one != setup_docs(["normal"], [{"position": 1}, {"position": 5}], 3, seed=2)


class Recorder:
    """An executor that only counts what it is given."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        self.submitted += 1
        return InProcess().submit(fn, *args)


@pytest.mark.parametrize(("options", "where"), [
    ({"bot": "oracle"}, "bot"),
    ({"sequences": [{"position": 1}, {"position": 9}]}, "sequence"),
    ({"sequences": [{"rulebook": "nowhere"}]}, "sequence"),
    ({"modes": ["normal", "nightmare"]}, "mode"),
])
def test_bad_choices_are_refused_before_any_game_is_sent(options: dict[str, Any], where: str) -> None:
    plan = {**PLAN, **options}
    recorder = Recorder()
    with pytest.raises(InputError) as caught:
        simulate(RULES, **plan, executor=recorder)
    assert where in str(caught.value)
    assert recorder.submitted == 0


def test_the_bots_go_by_name_and_the_shipped_rules_travel() -> None:
    """A worker gets the rules pickled and the bot's name: the game it plays is the same."""
    assert BOTS["baseline"] is Bot
    rules = load_rules()
    doc = {"mode": "normal", "seed": 5, "sequence": {"rulebook": "hard-1"}, "reverse": True}
    travelled = pickle.loads(pickle.dumps(rules))
    assert play(travelled, doc, BOTS["baseline"](travelled)) == play(rules, doc)


def interrupt_at_chunk(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """Make a run's ``chunk``-th chunk of games (from 1) stop as Ctrl-C does, once the ones before are played."""
    real = simulate_module.play_chunk
    calls: list[int] = []

    def play_then_stop(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == chunk:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(simulate_module, "play_chunk", play_then_stop)


def test_an_interrupted_run_keeps_the_games_it_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during a run stops it with the summaries of the games played so far."""
    interrupt_at_chunk(monkeypatch, 3)
    with pytest.raises(Interrupted) as stop:
        simulate(RULES, ["normal"], [{"position": 1}, {"position": 5}], 6, seed=4, chunk=4)
    assert [s.games for s in stop.value.summaries] == [6, 2]


def test_a_process_plays_the_chunks_of_a_run_with_the_first_copy_of_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks reach a worker process with fresh copies of the rules; given the run's fingerprint,
    the process plays them all with the first copy (what the bots worked out for it stays), and
    the games are the same. Without one, a chunk is played with the rules it came with."""
    seen: list[Rules] = []

    def recording(rules: Rules) -> Bot:
        seen.append(rules)
        return Bot(rules)

    monkeypatch.setitem(BOTS, "recording", recording)
    first, second = (pickle.loads(pickle.dumps(RULES)) for _ in range(2))
    docs = setup_docs(["normal"], [{"position": 1}], 2, seed=3)[0]
    fingerprint = "test-first-copy"
    assert simulate_module.play_chunk(first, "recording", docs, fingerprint) == \
        simulate_module.play_chunk(second, "recording", docs, fingerprint)
    assert seen[0] is first and seen[1] is first
    simulate_module.play_chunk(second, "recording", docs)
    assert seen[2] is second
