"""The project as a new user installs it: ``pip install '.[api]'`` into an empty venv, used from
another directory.

The wheel must carry the shipped data (``data/``, installed as ``deduce.data``) and the web
page's files (``api/static``): from a folder that holds neither, ``deduce hint`` reads the
shipped card set and ``deduce serve`` answers ``/healthz`` and serves the page. A data file
missing from a broken install is one clear line naming the file, never a traceback.

The venv installs the pinned versions (``constraints.txt``), which ``make test`` has just
downloaded, so pip takes them from its cache.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import httpx
import pytest

from api.browser import free_port
from tests.api.serving import running

ROOT = Path(__file__).resolve().parents[1]
#: One venv for the module: its tests run on one xdist worker (``--dist loadgroup``).
pytestmark = pytest.mark.xdist_group("install")
#: What a source distribution of the project holds.
SOURCE = ("pyproject.toml", "README.md", "constraints.txt", "deduce", "api", "data")


@pytest.fixture(autouse=True)
def outside_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """The installed commands run with no ``PYTHONPATH`` that could lead them back to a checkout."""
    monkeypatch.delenv("PYTHONPATH", raising=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a new venv holding ``pip install '.[api]'`` of a copy of this checkout
    (setuptools builds in the source tree, which is the copy's, not the repository's)."""
    home = tmp_path_factory.mktemp("installed")
    source = home / "source"
    source.mkdir()
    for part in SOURCE:
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, source / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / part, source / part)
    venv.create(home / "venv", with_pip=True)
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    bin_dir = home / "venv" / "bin"
    done = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "-c", "constraints.txt", ".[api]"],
                          cwd=source, env=environment, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return bin_dir


def site_packages(bin_dir: Path) -> Path:
    """The installed venv's site-packages."""
    done = subprocess.run([str(bin_dir / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


def test_the_installed_command_reads_the_shipped_cards(installed: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(installed / "deduce"), "hint", "--suit", "rose", "--clue", "jacqueline-field",
                           "--json"], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["candidates"]) == 18


def test_the_installed_wheel_is_not_the_checkout(installed: Path) -> None:
    """The modules the installed command runs are the wheel's copies, with the data beside them."""
    packages = site_packages(installed)
    done = subprocess.run([str(installed / "python"), "-c", "import api, deduce; print(deduce.__file__, api.__file__)"],
                          cwd=packages.parent, capture_output=True, text=True, check=True)
    assert all(Path(f).is_relative_to(packages) for f in done.stdout.split())
    assert sorted(p.name for p in (packages / "deduce" / "data").iterdir() if p.suffix != ".py" and p.is_file()) == [
        "board.yaml", "brief.yaml", "clues.yaml", "fog.yaml", "sequences.json", "stealth.yaml"]


def test_the_installed_server_serves_the_api_and_the_page(installed: Path, tmp_path: Path) -> None:
    with running(tmp_path, command=(str(installed / "deduce"),), cards=None) as base:
        assert httpx.get(f"{base}/healthz").json()["status"] == "ok"
        page = httpx.get(f"{base}/")
        assert page.status_code == 200 and "<html" in page.text
        for module in ("app.js", "shared/api.js", "designer/designer.js"):  # the page's folders come with the wheel
            assert httpx.get(f"{base}/static/js/{module}").status_code == 200, module
        assert httpx.get(f"{base}/v1/cards").json()["ladies"][0]["id"]


@pytest.mark.parametrize("name", ["clues.yaml", "board.yaml", "stealth.yaml", "sequences.json", "fog.yaml"])
def test_a_data_file_missing_from_the_install_is_one_clear_line(installed: Path, tmp_path: Path,
                                                                name: str) -> None:
    """A broken install (a shipped file deleted) is named in one line, exit 2: ``deduce serve`` reads them all."""
    data = site_packages(installed) / "deduce" / "data"
    kept = tmp_path / name
    kept.write_bytes((data / name).read_bytes())
    (data / name).unlink()
    try:
        done = subprocess.run([str(installed / "deduce"), "serve", "--port", str(free_port())], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120, check=False)
    finally:
        (data / name).write_bytes(kept.read_bytes())
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stdout + done.stderr
    assert len(lines) == 1 and name in lines[0] and "Traceback" not in done.stderr, done.stderr

