"""Another version of the project beside this checkout, for the benchmarks that measure a page before
and after a change in one run: its files taken out of git (:func:`archived`) and its app served
(:func:`served`), with this virtualenv's Python."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.api import start_server

ROOT = Path(__file__).resolve().parents[1]
#: The pages before issue 33 (the table, the Designer, the first visit): what its figures compare against.
BASE = "9df5526"


@contextmanager
def archived(commit: str = BASE) -> Iterator[Path]:
    """The project's files at ``commit`` (``git archive``) in a temporary folder, removed after."""
    done = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], capture_output=True, check=False)
    if done.returncode:
        raise SystemExit(f"the benchmark needs the project's git history ({commit}): "
                         f"{done.stderr.decode(errors='replace').strip()}")
    with tempfile.TemporaryDirectory(prefix=f"bench-{commit}-") as folder, \
            tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        tree = Path(folder)
        archive.extractall(tree, filter="data")
        # The package's data (deduce.data) is data/ at the top, mapped by pyproject.toml when installed:
        # linked where Python finds it in the tree, so that the tree's own words and cards are served.
        (tree / "deduce" / "data").symlink_to(tree / "data", target_is_directory=True)
        yield tree


@contextmanager
def served(tree: Path | None = None) -> Iterator[str]:
    """``deduce serve`` of ``tree`` (None: this checkout) on a free loopback port, with a game store
    of its own; its base URL once it answers, stopped after."""
    with tempfile.TemporaryDirectory(prefix="bench-store-") as store:
        proc, base = start_server(None, "--db", str(Path(store) / "games.db"), tree=tree)
        try:
            yield base
        finally:
            proc.terminate()
            proc.wait(10)
