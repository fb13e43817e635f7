"""Kill the server in the middle of a game (SIGKILL), start it again on the same database,
and finish the game: every answered action is still there (deduce serve --db)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from api.browser import free_port
from tests.budget import wait_until_up

START_TIMEOUT_S = 60


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "deduce.cli", "serve", "--db", str(db), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/healthz", proc, START_TIMEOUT_S)
    except AssertionError:
        proc.kill()
        raise
    return proc


def test_kill_and_restart_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "var" / "games.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port)
    try:
        r = httpx.post(f"{base}/v1/games", json={"seed": 21, "mode": "normal", "start": "globe"}, timeout=10)
        assert r.status_code == 201
        gid, token, view = r.json()["id"], r.json()["token"], r.json()["view"]
        auth = {"Authorization": f"Bearer {token}"}
        for _ in range(5):
            action = "search" if "search" in view["actions"] else "pass"
            r = httpx.post(f"{base}/v1/games/{gid}/actions", json={"version": view["version"], "action": action},
                           headers=auth, timeout=10)
            assert r.status_code == 200
            view = r.json()["view"]
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    proc = start_server(db, port)
    try:
        again = httpx.get(f"{base}/v1/games/{gid}", headers=auth, timeout=10).json()
        assert again == view and again["version"] == 5
        while view["state"] == "playing":
            r = httpx.post(f"{base}/v1/games/{gid}/actions", json={"version": view["version"], "action": "pass"},
                           headers=auth, timeout=10)
            assert r.status_code == 200
            view = r.json()["view"]
        assert view["state"] == "lost" and view["end"]["reason"] == "countdown"
        assert httpx.get(f"{base}/v1/games/{gid}", headers=auth, timeout=10).json() == view
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
