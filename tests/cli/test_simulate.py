"""``deduce simulate`` on local processes and on a Dask cluster (deduce/cli/executors.py):
the same figures everywhere, and bad choices refused with a message and exit 2."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, nullcontext, suppress
from typing import Any

import pytest

from deduce.cli import main
from deduce.cli.executors import default_workers
from tests.cli.test_main import block_imports
from tests.game.test_simulate import interrupt_at_chunk

RUN = ["simulate", "--games", "3", "--position", "1", "--rulebook", "hard-1", "--seed", "9", "--json"]


def figures(capsys: pytest.CaptureFixture[str], *options: str) -> list[dict[str, object]]:
    assert main([*RUN, *options]) == 0
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_one_or_two_workers_or_a_dask_cluster_give_the_same_figures(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from distributed import LocalCluster

    pools: list[int | None] = []

    class Pool(ProcessPoolExecutor):
        def __init__(self, max_workers: int | None = None, **options: Any) -> None:
            pools.append(max_workers)
            super().__init__(max_workers, **options)

    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", Pool)
    serial = figures(capsys, "--workers", "1")
    assert [(r["sequence"], r["games"]) for r in serial] == [("position-1", 3), ("hard-1", 3)]
    assert figures(capsys, "--workers", "2") == serial
    assert figures(capsys) == serial
    cpus = default_workers()
    assert pools == [2] + ([cpus] if cpus > 1 else [])  # one worker plays in this process, without a pool
    # A cluster in this process, reached over TCP as a remote one would be.
    # distributed leaves LocalCluster.__init__ unannotated, hence the ignore
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,  # type: ignore[no-untyped-call]
                      protocol="tcp://", host="127.0.0.1", dashboard_address=None) as cluster:
        assert figures(capsys, "--scheduler", cluster.scheduler_address) == serial
        assert "play_chunk" in cluster.scheduler.task_prefixes  # the cluster played them


@pytest.mark.parametrize("workers", ["0", "-2"])
def test_fewer_than_one_worker_is_refused(capsys: pytest.CaptureFixture[str], workers: str) -> None:
    assert main([*RUN, "--workers", workers]) == 2
    assert capsys.readouterr().err == f"deduce: --workers: must be at least 1, got {workers}\n"


def test_more_workers_than_the_machine_can_run_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    too_many = 4 * default_workers() + 1
    assert main([*RUN, "--workers", str(too_many)]) == 2
    assert capsys.readouterr().err == (f"deduce: --workers: at most {too_many - 1} here (4 per CPU), got {too_many}: "
                                       "more processes than CPUs play no faster; "
                                       "for more, use a cluster (--scheduler)\n")


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_a_connect_timeout_must_be_positive_seconds(capsys: pytest.CaptureFixture[str], seconds: str) -> None:
    assert main([*RUN, "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", seconds]) == 2
    assert capsys.readouterr().err == (f"deduce: --connect-timeout: must be a positive number of seconds, "
                                       f"got {float(seconds)}\n")


def test_workers_beside_a_scheduler_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RUN, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert capsys.readouterr().err.startswith("deduce: --workers: counts local processes; do not combine it with "
                                              "--scheduler")


@pytest.mark.parametrize(("address", "reason"), [
    # Dask's own words, said only when its connect deadline (the 0.5 s given) fires: the wait is bounded by it
    ("tcp://127.0.0.1:1", "Timed out trying to connect to tcp://127.0.0.1:1 after 0.5 s"),
    ("127.0.0.1", "not a scheduler address (missing port number in address '127.0.0.1')"),
    ("ftp://127.0.0.1:8786", "not a scheduler address (unknown address scheme 'ftp'"),
])
def test_a_scheduler_that_does_not_answer_is_named(capsys: pytest.CaptureFixture[str], address: str,
                                                   reason: str) -> None:
    assert main([*RUN, "--scheduler", address, "--connect-timeout", "0.5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deduce: --scheduler: no Dask scheduler answered at {address} within 0.5 s: {reason}")
    assert err.count("\n") == 1  # the message alone, no traceback


@contextmanager
def listener(answer: bytes) -> Iterator[str]:
    """The address of a TCP server that is no Dask scheduler: each connection gets ``answer`` (nothing:
    it stays silent) and is held open until the client leaves."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                conn.sendall(answer)
                conn.settimeout(5)
                with suppress(OSError):
                    while conn.recv(4096):  # what the client says, until it leaves (or 5 s of silence)
                        pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        server.close()


@pytest.mark.parametrize(("answer", "reasons"), [
    (None, {"en": "not a scheduler address (missing port number in address 'nonsense')",
            "it": "non è un indirizzo di scheduler (missing port number in address 'nonsense')",
            "ru": "это не адрес планировщика (missing port number in address 'nonsense')"}),
    (b"", {"en": "timed out", "it": "tempo scaduto", "ru": "время ожидания истекло"}),
    (b"\xff" * 64, {"en": "what answered is not a Dask scheduler (OverflowError)",
                    "it": "ciò che ha risposto non è uno scheduler Dask (OverflowError)",
                    "ru": "ответил не планировщик Dask (OverflowError)"}),
], ids=["not-an-address", "silent", "not-dask"])
def test_why_a_scheduler_is_not_reached_is_said_in_the_language(capsys: pytest.CaptureFixture[str],
                                                                 answer: bytes | None,
                                                                 reasons: dict[str, str]) -> None:
    """Not an address, a server that says nothing, one that answers but not in Dask's protocol: the
    reason is the command's words (the library's own detail kept in brackets)."""
    with nullcontext("nonsense") if answer is None else listener(answer) as address:
        for lang, reason in reasons.items():
            assert main([*RUN, "--scheduler", address, "--connect-timeout", "0.5", "--lang", lang]) == 2
            said = capsys.readouterr().err
            assert said.startswith("deduce: --scheduler: ") and f" {address} " in said
            assert said.endswith(f" 0.5 {'с' if lang == 'ru' else 's'}: {reason}\n"), said


def test_without_the_dask_extra_the_scheduler_needs_it(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    block_imports(monkeypatch, "distributed")
    assert main([*RUN, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert capsys.readouterr().err == ("deduce: simulate --scheduler needs the Dask extra: "
                                       "pip install 'black-sonata-deduce[dask]'\n")


def test_ctrl_c_prints_the_games_played_so_far(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    interrupt_at_chunk(monkeypatch, 2)
    assert main(["simulate", "--games", "6", "--position", "1", "--seed", "4", "--workers", "1", "--json"]) == 130
    out, err = capsys.readouterr()
    assert [row["games"] for row in json.loads(out)] == [4]
    assert err.splitlines()[-1] == "deduce simulate: interrupted after 4 games; the figures are of those"
