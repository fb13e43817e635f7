"""``deduce serve``'s options for several processes, the write timeout and where the rate is counted:
each bound named in ``--help``, and each bad value one clear line, exit 2, before anything is served."""

from __future__ import annotations

from pathlib import Path

import pytest

from api import protocol
from deduce.cli import main
from deduce.cli import serve as serve_cli


def test_help_names_the_workers_bound_the_write_timeout_and_the_rate_storage(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for option in ("--workers N", f"1 to {serve_cli.MAX_WORKERS}", "--write-timeout S",
                   f"(default: {serve_cli.WRITE_SECONDS:g})", "--rate-storage URI", "redis://"):
        assert option in shown
    assert serve_cli.WRITE_SECONDS == protocol.WRITE_SECONDS  # the CLI's copy (it runs without the [api] extra)


@pytest.mark.parametrize(("workers", "said"), [
    ("0", "deduce: --workers: must be 1 to 64, got 0"),
    ("-3", "deduce: --workers: must be 1 to 64, got -3"),
    ("65", "deduce: --workers: must be 1 to 64, got 65"),
])
def test_a_number_of_workers_out_of_bounds_is_one_line(capsys: pytest.CaptureFixture[str], workers: str,
                                                        said: str) -> None:
    assert main(["serve", "--workers", workers, "--port", "1"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [said]


def test_workers_need_a_store_they_can_share(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--workers", "2", "--db", ":memory:", "--port", "1"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "--db" in line and "give a file" in line


def test_workers_on_a_store_that_cannot_be_one_make_no_quotas_file(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--workers", "2", "--db", str(tmp_path), "--port", "1"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "is a folder" in line
    assert list(tmp_path.parent.glob(f"{tmp_path.name}-quotas*")) == []


@pytest.mark.parametrize("uri", ["nosuch://somewhere", "memcached://localhost:11211"])
def test_a_rate_storage_that_cannot_count_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      uri: str) -> None:
    assert main(["serve", "--rate-storage", uri, "--db", str(tmp_path / "games.sqlite3"), "--port", "1"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert f"cannot count the rate in {uri!r}" in line


@pytest.mark.parametrize(("uri", "lang", "said"), [
    ("bogus://x", "it", "deduce: impossibile contare la frequenza in 'bogus://x': unknown storage scheme : bogus://x"),
    ("bogus://x", "ru", "deduce: нельзя считать частоту запросов в 'bogus://x': unknown storage scheme : bogus://x"),
    ("async+memory://", "en", "deduce: cannot count the rate in 'async+memory://': that storage has no moving window, "
                              "or is asynchronous"),
    ("async+memory://", "it", "deduce: impossibile contare la frequenza in 'async+memory://': quell'archivio non ha "
                              "una finestra mobile, o è asincrono"),
    ("async+memory://", "ru", "deduce: нельзя считать частоту запросов в 'async+memory://': у этого хранилища нет "
                              "скользящего окна, или оно асинхронное"),
], ids=["unknown-it", "unknown-ru", "no-window-en", "no-window-it", "no-window-ru"])
def test_why_a_rate_storage_cannot_count_is_said_in_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 uri: str, lang: str, said: str) -> None:
    """The service's words, in the command's language; the ``limits`` library's own reason kept as it says it."""
    assert main(["serve", "--rate-storage", uri, "--db", str(tmp_path / "games.sqlite3"), "--port", "1",
                 "--lang", lang]) == 2
    assert capsys.readouterr().err == said + "\n"
