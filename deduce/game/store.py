"""Games kept in SQLite: a game is its setup plus the actions it accepted (SPEC 8).

A satellite of the rules engine (it does the I/O). Two tables: ``games`` (id, the SHA-256
of its secret token, seed, setup JSON) and ``actions`` (game id, sequence number, action
JSON). An action is checked against the version the player acted on (the game's action count),
played on a copy of the game, then stored by one atomic compare-and-set: it is inserted with its
sequence number, the version it was made on, unless an action with that number is already there
(``INSERT OR IGNORE`` on the primary key). So of racing actions on one version, in this process or
in another sharing the file (``deduce serve --workers``), exactly one is stored and the others are
refused as stale (:class:`Conflict`), and nothing of theirs is written; the rules engine runs with
no database lock held. The file is in WAL mode with a busy timeout, each process with its own
connection. A game is rebuilt by replaying its actions (the rules engine is deterministic),
so a killed server loses nothing that it had answered. Recently used games are kept in
memory, and checked against the database's action count before each use.

The setup JSON also records the :data:`~deduce.game.game.RULES_VERSION` a game is played
under (games stored before it was recorded have version 1). A game recorded under older
rules is replayed under the current ones when they play it the same way (and is recorded
under them from its next action on); otherwise, or
when a stored action is refused now, loading it raises
:class:`~deduce.game.game.ReplayRefused` (an ``Illegal``: the API answers 409 with the
reason), never an unexpected error.

Tokens are never stored, only their hashes; an unknown game and a wrong token look the
same to the caller (:class:`GameNotFound`).

Games cannot pile up: at most ``max_live`` unfinished games are kept, and an unfinished game left
alone for ``expiry`` seconds is deleted; a finished game is kept ``retention`` seconds after its
last action, for its history and replay, then deleted too. Both are deleted before each new
game, and a game past its time is not found from that moment on, like any unknown game, even
before its rows go. A new game past the cap raises :class:`StoreFull`.

Each game records the client that started it (its address). The store sets no share of its own
for a client: it hands the unfinished games the new game's client holds (:class:`ClientGames`) to
the check it was given (``admit``: the service's quota per client), inside the transaction that
stores the game, so that the count and the insert are one step whatever other processes do, and
the count survives a restart. The check refuses the game by raising.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from deduce.document import is_int
from deduce.errors import Conflict, DeduceError, GameNotFound, InputError, Unauthorized, shown
from deduce.game.events import EventJSON
from deduce.game.game import RULES_VERSION, Game, ReplayRefused, replay
from deduce.game.material import Rules
from deduce.game.replay import replay_words
from deduce.game.setup import Setup, parse_setup
from deduce.text.catalog import Phrase
from deduce.where.query import board_words

#: Default database, relative to the working directory.
DEFAULT_DB = Path("var") / "games.sqlite3"
#: Games kept in memory.
CACHE_SIZE = 256
#: The rules version of games stored before the setup recorded one.
FIRST_RULES = 1
#: Most unfinished games kept at once, and the idle time (seconds) after which one is deleted.
MAX_LIVE_GAMES = 10_000
GAME_EXPIRY = 24 * 3600.0
#: Seconds a finished game is kept after its last action (30 days).
RETENTION = 30 * 24 * 3600.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    seed INTEGER NOT NULL,
    setup TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    client TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
#: Columns added since the first stored games, with how to add them to an older database.
ADDED_COLUMNS = {"touched": "ALTER TABLE games ADD COLUMN touched REAL NOT NULL DEFAULT 0",
                 "finished": "ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0",
                 "client": "ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT ''"}
INDEXES = ("CREATE INDEX IF NOT EXISTS games_live ON games (finished, touched)",
           "CREATE INDEX IF NOT EXISTS games_client ON games (client, finished)")
#: The games past their time at ``?`` (the idle limit) and ``?`` (the retention limit).
PAST_TIME = "(finished = 0 AND touched < ?) OR (finished = 1 AND touched < ?)"


class StoreFull(DeduceError):
    """The store holds its most unfinished games; a new one may start in ``retry_after`` seconds."""

    def __init__(self, max_live: int, retry_after: int):
        super().__init__(f"the service already holds {max_live} unfinished games; finish one, or try again "
                         f"in {retry_after} s, when the oldest abandoned one expires")
        self.retry_after = retry_after


class ClientGames(NamedTuple):
    """The unfinished games one client holds as it starts another: how many, and the seconds until the
    oldest of them expires if it is left alone (until a game started now would, when it holds none)."""

    unfinished: int
    retry_after: int


#: A check of a new game's client (:class:`ClientGames`), run in the transaction that stores the game:
#: it refuses the game by raising.
Admission = Callable[[ClientGames], None]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def open_sqlite(path: str | Path, prepare: Callable[[sqlite3.Connection], object], *, durable: bool,
                unusable: Callable[[str], Phrase]) -> sqlite3.Connection:
    """A SQLite file that the server's processes share (``:memory:``: one of this process alone), made
    with its folder when missing and ``prepare``-d (its schema). Write-ahead logging, so that readers
    never wait for a writer, and a 5 s wait for another process's write; ``durable`` syncs every
    commit to disk (games), else none (counts, which are not worth an fsync). A file that cannot be
    used raises :class:`InputError` (code ``store``) in the words ``unusable(reason)`` gives."""
    db: sqlite3.Connection | None = None
    try:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")
        db.execute("PRAGMA busy_timeout=5000")
        prepare(db)
    except (OSError, sqlite3.Error) as exc:
        if db is not None:
            db.close()
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InputError.at((), unusable(reason), code="store") from None
    return db


def _bring_up_to_date(db: sqlite3.Connection) -> None:
    """The game store's schema, with the columns and indexes later versions added."""
    db.executescript(SCHEMA)
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    for column, alter in ADDED_COLUMNS.items():
        if column not in columns:
            db.execute(alter)
            if column == "touched":  # a database from before the quota: its games count as touched now
                db.execute("UPDATE games SET touched = ?", (time.time(),))
    for index in INDEXES:
        db.execute(index)


def open_store(path: str | Path) -> sqlite3.Connection:
    """The game store at ``path`` (a SQLite file, made with its folder when missing; ``:memory:`` for
    one that lasts as long as the process), brought up to the current schema.

    A path that cannot be a game store (a folder, a file of another kind, a place that cannot be
    written) raises :class:`InputError` saying so, naming the path.
    """
    where = Path(path)
    if str(path) != ":memory:" and where.is_dir():
        said = board_words("store.folder", path=repr(str(path)), example=repr(str(where / "games.sqlite3")))
        raise InputError.at((), said, code="store")
    return open_sqlite(path, _bring_up_to_date, durable=True,
                       unusable=lambda reason: board_words("store.unusable", path=repr(str(path)), reason=reason))


class GameStore:
    """Create, load and advance games, durably. Safe to share between threads."""

    def __init__(self, path: str | Path, rules: Rules, max_live: int = MAX_LIVE_GAMES,
                 expiry: float = GAME_EXPIRY, retention: float = RETENTION, admit: Admission | None = None) -> None:
        self.path = Path(path)
        self.rules = rules
        self.max_live = max_live
        self.expiry = expiry
        self.retention = retention
        self.admit = admit
        self._db = open_store(path)
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, Game] = OrderedDict()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- creating --------------------------------------------------------------

    def create(self, doc: Any, client: str = "") -> tuple[Game, str]:
        """A new game from a setup document, started by ``client``; returns the game and its secret token."""
        setup = parse_setup(self.rules, doc, default_seed=secrets.randbits(63))
        game_id = secrets.token_hex(8)
        token = secrets.token_urlsafe(24)
        game = Game.new(self.rules, setup, id=game_id)
        with self._lock:
            now = time.time()
            self._db.execute("BEGIN IMMEDIATE")  # the count and the insert at once, whatever other processes do
            try:
                self._expire(now)
                self._check_room(now, client)
                self._db.execute("INSERT INTO games (id, token_hash, seed, setup, created, touched, client) "
                                 "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                 (game_id, token_hash(token), setup.seed,
                                  json.dumps({**setup.to_json(), "rules": RULES_VERSION}), now, now, client))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._remember(game)
        return game, token

    def _limits(self, now: float) -> tuple[float, float]:
        """The parameters of :data:`PAST_TIME` at ``now``."""
        return now - self.expiry, now - self.retention

    def _expire(self, now: float) -> None:
        """Delete the unfinished games left alone for longer than :attr:`expiry`, and the finished
        ones whose last action is older than :attr:`retention`, with their actions (in the caller's
        transaction)."""
        old = [row[0] for row in self._db.execute(f"SELECT id FROM games WHERE {PAST_TIME}", self._limits(now))]
        for game_id in old:
            self._db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self._cache.pop(game_id, None)

    def _check_room(self, now: float, client: str) -> None:
        """Refuse a new game of ``client`` past the store's cap (:class:`StoreFull`), or as :attr:`admit` does."""
        live, oldest = self._db.execute("SELECT COUNT(*), MIN(touched) FROM games WHERE finished = 0").fetchone()
        if live >= self.max_live:
            raise StoreFull(self.max_live, self._expires_in(oldest, now))
        if self.admit is not None:
            mine, my_oldest = self._db.execute("SELECT COUNT(*), COALESCE(MIN(touched), ?) FROM games WHERE "
                                               "client = ? AND finished = 0", (now, client)).fetchone()
            self.admit(ClientGames(mine, self._expires_in(my_oldest, now)))

    def _expires_in(self, touched: float, now: float) -> int:
        """Whole seconds (at least 1) until an unfinished game last touched at ``touched`` expires."""
        return max(1, int(touched + self.expiry - now) + 1)

    def stored_games(self) -> int:
        """How many games, finished or not, the store holds."""
        with self._lock:
            count: int = self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            return count

    def live_games(self) -> int:
        """How many unfinished games the store holds."""
        with self._lock:
            count: int = self._db.execute("SELECT COUNT(*) FROM games WHERE finished = 0").fetchone()[0]
            return count

    # -- reading ---------------------------------------------------------------

    def get(self, game_id: str, token: str | None) -> Game:
        """The current game, after checking its token; :class:`ReplayRefused` when it cannot be rebuilt."""
        with self._lock:
            setup, rules_version = self._open(game_id, token)
            return self._current(game_id, setup, rules_version, self._count(game_id))

    def _open(self, game_id: str, token: str | None) -> tuple[Setup, int]:
        """The game's setup and the rules version it was recorded under, after checking its token."""
        if not token:
            raise Unauthorized(board_words("store.token"))
        row = self._db.execute(f"SELECT token_hash, setup FROM games WHERE id = ? AND NOT ({PAST_TIME})",
                               (game_id, *self._limits(time.time()))).fetchone()
        if row is None or not hmac.compare_digest(row[0], token_hash(token)):  # unknown, or past its time
            raise GameNotFound(board_words("store.not-found"))
        doc = json.loads(row[1])
        try:
            setup = Setup.from_json(doc)
        except (KeyError, TypeError, ValueError, StopIteration, AttributeError) as exc:
            raise ReplayRefused(replay_words("stored-setup", reason=f"{type(exc).__name__}: {exc}")) from exc
        version = doc.get("rules", FIRST_RULES)
        return setup, version if is_int(version) else FIRST_RULES

    def _count(self, game_id: str) -> int:
        count: int = self._db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
        return count

    def _current(self, game_id: str, setup: Setup, rules_version: int, version: int) -> Game:
        game = self._cache.get(game_id)
        if game is None or game.version != version:
            rows = self._db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            game = replay(self.rules, setup, [json.loads(r[0]) for r in rows], id=game_id,
                          recorded_under=rules_version)
        self._remember(game)
        return game

    def _remember(self, game: Game) -> None:
        self._cache[game.id] = game
        self._cache.move_to_end(game.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    # -- acting ----------------------------------------------------------------

    def act(self, game_id: str, token: str | None, version: Any,
            doc: Mapping[str, Any]) -> tuple[Game, list[EventJSON]]:
        """Apply one action made on ``version``; store it, or change nothing and raise.

        Raises :class:`Conflict` for another version, the rules engine's
        ``InputError``/``Illegal`` for a malformed or forbidden action, and
        :class:`ReplayRefused` for a stored game these rules cannot rebuild.
        """
        if not is_int(version):
            raise InputError.at(("version",), board_words("store.version", got=shown(version)))
        with self._lock:
            setup, rules_version = self._open(game_id, token)
            current = self._count(game_id)
            if version != current:
                raise self._stale(current, version)
            trial = self._current(game_id, setup, rules_version, current).clone()
        events = trial.act(doc)  # no lock held: other games, and other processes, go on meanwhile
        action = {k: v for k, v in doc.items() if k != "version"}
        with self._lock:
            now = time.time()
            self._db.execute("BEGIN IMMEDIATE")
            try:
                stored = self._db.execute("INSERT OR IGNORE INTO actions (game_id, seq, action, created) "
                                          "VALUES (?, ?, ?, ?)", (game_id, current, json.dumps(action), now))
                if stored.rowcount != 1:  # the compare-and-set: another action on this version came first
                    raise self._stale(self._count(game_id), version)
                if not self._db.execute("UPDATE games SET touched = ?, finished = ? WHERE id = ?",
                                        (now, int(trial.over), game_id)).rowcount:
                    raise GameNotFound(board_words("store.not-found"))  # deleted past its time meanwhile
                if rules_version < RULES_VERSION:  # it replayed the same: from now on, played under these rules
                    self._db.execute("UPDATE games SET setup = ? WHERE id = ?",
                                     (json.dumps({**setup.to_json(), "rules": RULES_VERSION}), game_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._remember(trial)
        return trial, events

    @staticmethod
    def _stale(current: int, version: Any) -> Conflict:
        """The refusal of an action made on ``version`` of a game now at ``current``."""
        return Conflict(board_words("store.stale", current=current, sent=shown(version)))
