"""Where ``belote serve`` keeps its games: in memory while they are played, and in an SQLite file.

A [`Game`][belote.web.store.Game] is a [`Table`][belote.web.table.Table]
with what the server adds around it: its id, its seats' tokens, a lock, and
who is waiting to hear that it changed. [`GameStore`][belote.web.store.GameStore]
holds the games being played and writes each one, on every change and in one
transaction, to an SQLite database (the standard library's ``sqlite3``): the
match as a match record (the library's own format, replayed on reading), the
seats, the tokens, the view's ``version`` and the state of the table's random
generator, so that the next deal is the one it would have been. A game not in
memory (after a restart, or dropped when idle) is read back when a request
names it, and answers the view it answered last, with the same ``version``.

A change is kept only once it is written. A write that the database does not
take (another process holds its write lock for longer than ``busy_seconds``,
a full disk, a read-only file) raises
[`StoreUnavailable`][belote.web.store.StoreUnavailable] and puts the game
back as it was last written, in memory as on disk. Writes are conditional on
the ``version`` the file holds: when another server on the same file has
saved the game since this one read it, the change is refused
([`SavedElsewhere`][belote.web.store.SavedElsewhere]) and the game is read
again as that server left it. A write waits ``busy_seconds`` at most in
all: for this server's other writes (one at a time, as SQLite takes them)
and for another process's; reads, views and games in memory wait for no
write.

``":memory:"`` keeps the games for the life of the process only (tests).

>>> store = GameStore(":memory:")
>>> game = store.add(Table("classic", seats=["human", "human", "random", "random"], seed=1))
>>> sorted(game.tokens) == [0, 1] and game.seat_of(game.tokens[1])
1
>>> game.seat_of("a guess")
Traceback (most recent call last):
...
belote.web.store.SeatRefused: token: not the token of a seat of this table
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import os
import random
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Final

from belote.agents import close_agents
from belote.web.table import StaleVersion, Table

__all__ = [
    "MEMORY", "BadDatabase", "Game", "GameStore", "NoSuchGame", "SavedElsewhere", "SeatRefused",
    "StoreFull", "StoreUnavailable", "default_db_path",
]

_LOG = logging.getLogger("belote.web")

MEMORY: Final = ":memory:"
"""The database name that keeps the games in memory only."""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    version INTEGER NOT NULL,
    rng TEXT NOT NULL,
    updated REAL NOT NULL,
    names TEXT
)
"""

_COLUMNS: Final = ("id", "record", "seats", "tokens", "version", "rng", "updated")
"""The columns this version needs, by name: a newer version's other columns are left as they are."""

NAMES: Final = "names"
"""The column of the players' names (JSON, a name or ``""`` per seat; ``NULL``: none): added to an
older database when the store opens it; a database that cannot take it is used without names."""

_POOL: Final = 8
"""Idle connections kept open for the next requests (a file database)."""

Row = tuple[str, str, str, int, str, str]
"""A game as written: its record, seats, tokens, version, random state and names (JSON texts but the version)."""


def default_db_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where ``belote serve`` keeps its games without ``--db``: the user's data directory.

    ``$XDG_DATA_HOME/belote/games.sqlite3``, or ``~/.local/share/belote/games.sqlite3``.

    >>> str(default_db_path({"XDG_DATA_HOME": "/data"}))
    '/data/belote/games.sqlite3'
    """
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "belote" / "games.sqlite3"


class SeatRefused(Exception):
    """A request without its seat's token, or with a wrong one: answered ``403``.

    Attributes:
        code: the message key of the page's catalogues (``error.token``, ``error.token_missing``).
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class NoSuchGame(LookupError):
    """No game has this id (never made, deleted, or kept in memory by a server that stopped)."""


class StoreFull(Exception):
    """Memory holds as many games as it may, and none is idle."""


class StoreUnavailable(Exception):
    """The database did not take a change, or could not be read: answered ``503``.

    A change it did not take is undone: the game is as it was last written,
    in memory and on disk.

    Attributes:
        code: the message key of the page's catalogues: ``error.not_saved``
            (a change refused), ``error.store_unavailable`` (a game that could
            not be read).
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class SavedElsewhere(StaleVersion):
    """Another server on the same file saved the game since this one read it: answered ``409``.

    The change is refused and the game is read again as the file holds it
    (``version``: its version there), as for any request made on a stale view.
    """


class BadDatabase(ValueError):
    """The file is an SQLite database whose ``games`` table lacks a column this version needs."""


class Game:
    """A game the server holds: its table, its id and its seats' tokens.

    Args:
        key: the game's id.
        table: the match.
        tokens: each person's seat and its secret token (none at a table of one person).

    Attributes:
        lock: held while a request reads or changes the table.
        seen: when a request last named the game (``time.monotonic``).
        watchers: called, from any thread, after each change (the event streams).
    """

    def __init__(self, key: str, table: Table, tokens: Mapping[int, str]) -> None:
        self.key = key
        self.table = table
        self.tokens = dict(tokens)
        self.lock = threading.Lock()
        self.seen = time.monotonic()
        self.watchers: set[Callable[[], None]] = set()
        self.saved: Row | None = None  # as last written (None: not yet)

    def seat_of(self, token: object) -> int | None:
        """The seat whose token this is; ``None`` at a table of one person, where no token is asked.

        Tokens are compared in constant time, with every seat's.

        Raises:
            SeatRefused: no token, or not the token of a seat of this game.
        """
        if not self.tokens:
            return None
        if token is None or token == "":
            raise SeatRefused("token: this table has several people: open it with your seat's "
                              "link, which holds its token", "error.token_missing")
        given = str(token).encode("utf-8", "replace")
        found = None
        for seat, secret in self.tokens.items():
            if hmac.compare_digest(given, secret.encode()):
                found = seat
        if found is None:
            raise SeatRefused("token: not the token of a seat of this table", "error.token")
        return found

    def changed(self) -> None:
        """Tell every watcher that the table changed."""
        for wake in list(self.watchers):
            wake()


class GameStore:
    """The games of one server: in memory, and in the SQLite database ``path``.

    Args:
        path: the database file (made with its folder when missing), or
            ``":memory:"``.
        engines: the engines the server offers (a game read back seats them again).
        most: games held in memory at once.
        idle_seconds: a game untouched this long leaves memory (not the
            database) when room is needed.
        keep_days: a game untouched this long is deleted from the database
            when the store opens it.
        busy_seconds: how long a request waits for the database when another
            process is writing it, before its change is refused.

    Raises:
        BadDatabase: the file's ``games`` table lacks a column this version needs.
        sqlite3.Error: the file is no SQLite database, or cannot be opened.
    """

    def __init__(self, path: str | os.PathLike[str] = MEMORY, engines: Mapping[str, str] | None = None,
                 most: int = 200, idle_seconds: float = 3600.0, keep_days: float = 30.0,
                 busy_seconds: float = 2.0) -> None:
        self.path = str(path)
        if self.path != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.engines = dict(engines or {})
        self.most = most
        self.idle_seconds = idle_seconds
        self.busy_seconds = busy_seconds
        self.lock = threading.Lock()  # the games in memory; never held while the database is used
        self.games: dict[str, Game] = {}
        self._idle: list[sqlite3.Connection] = []  # connections no request is using
        self._idle_lock = threading.Lock()
        self._writing = threading.Lock()  # this server's writes, one at a time (as SQLite takes them)
        self._closed = False
        db = self._connect()
        # ":memory:" is one connection's own database: its requests take turns on it
        self._memory = (db, threading.Lock()) if self.path == MEMORY else None
        try:
            if self.path != MEMORY:
                db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)
            found = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            missing = [name for name in _COLUMNS if name not in found]
            if missing:
                raise BadDatabase(f"its table games has no column {', '.join(missing)}: it is "
                                  "not a database of belote serve")
            self.names = NAMES in found
            """Whether the database keeps the players' names (an older one gets the column here)."""
            if not self.names:
                try:
                    db.execute(f"ALTER TABLE games ADD COLUMN {NAMES} TEXT")
                    self.names = True
                except sqlite3.OperationalError as exc:  # busy or read-only: names stay in memory
                    _LOG.warning("belote serve: %s keeps no players' names: %s", self.path, exc)
            try:
                db.execute("DELETE FROM games WHERE updated < ?", (time.time() - keep_days * 86400,))
            except sqlite3.OperationalError as exc:  # busy: the old games go at the next start
                _LOG.warning("belote serve: old games not deleted from %s: %s", self.path, exc)
        except BaseException:
            db.close()
            raise
        if self._memory is None:
            self._idle.append(db)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.busy_seconds, check_same_thread=False,
                             isolation_level=None)
        if self.path != MEMORY:
            db.execute("PRAGMA synchronous=NORMAL")
        return db

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection for this request alone; any transaction left open is rolled back."""
        if self._memory is not None:
            db, lock = self._memory
            with lock:
                try:
                    yield db
                finally:
                    _end(db)
            return
        with self._idle_lock:
            idle = self._idle.pop() if self._idle else None
        own = self._connect() if idle is None else idle
        try:
            yield own
        finally:
            _end(own)
            with self._idle_lock:
                keep = not self._closed and len(self._idle) < _POOL
                if keep:
                    self._idle.append(own)
            if not keep:
                own.close()

    @contextlib.contextmanager
    def _writer(self) -> Iterator[sqlite3.Connection]:
        """A connection to write with, once this server's other writes are done; ``busy_seconds`` in all.

        SQLite takes one writer at a time: this server's own writes take turns
        on a lock (each is short), rather than polling the file's lock, and
        the time left is what the write then waits for another process.
        """
        deadline = time.monotonic() + self.busy_seconds
        if not self._writing.acquire(timeout=max(0.0, self.busy_seconds)):
            raise sqlite3.OperationalError("this server's other writes kept the database busy")
        try:
            with self._db() as db:
                left = max(0.0, deadline - time.monotonic())
                db.execute(f"PRAGMA busy_timeout = {int(left * 1000)}")
                try:
                    yield db
                finally:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
        finally:
            self._writing.release()

    def add(self, table: Table) -> Game:
        """Hold a new game, with a token for each person's seat when there are several, and write it.

        Raises:
            StoreFull: memory holds ``most`` games and none is idle.
            StoreUnavailable: the database did not take it (the game is not kept).
        """
        people = table.humans
        tokens = {seat: secrets.token_urlsafe(24) for seat in people} if len(people) > 1 else {}
        with self.lock:
            self._make_room()
            game = Game(secrets.token_urlsafe(16), table, tokens)
            self.games[game.key] = game
        try:
            self.save(game)
        except StoreUnavailable:
            with self.lock:
                self.games.pop(game.key, None)
            _close(table)
            raise
        return game

    def game(self, key: str) -> Game:
        """The game ``key``, read back from the database when it is not in memory.

        Raises:
            NoSuchGame: no such game, or one whose saved row no longer reads
                (a bot the server no longer offers, a damaged row).
            StoreFull: the game is to be read back and memory is full.
            StoreUnavailable: the database could not be read.
        """
        with self.lock:
            game = self.games.get(key)
        if game is None:
            row = self._read(key)
            if row is None:
                raise NoSuchGame(key)
            table, tokens = self._decode(key, row)
            read = Game(key, table, tokens)
            read.saved = row
            with self.lock:
                game = self.games.get(key)
                if game is None:
                    try:
                        self._make_room()
                    except StoreFull:
                        _close(table)
                        raise
                    game = self.games[key] = read
            if game is not read:  # another request read it first
                _close(table)
        game.seen = time.monotonic()
        return game

    def _make_room(self) -> None:
        """Drop idle games from memory (not from the database) when it is full; with the lock held."""
        if len(self.games) >= self.most:
            now = time.monotonic()
            for key, held in list(self.games.items()):
                if now - held.seen > self.idle_seconds and not held.watchers:
                    del self.games[key]
        if len(self.games) >= self.most:
            raise StoreFull

    def _read(self, key: str) -> Row | None:
        try:
            with self._db() as db:
                names = NAMES if self.names else "NULL"
                row = db.execute(f"SELECT record, seats, tokens, version, rng, {names} FROM games WHERE id = ?",
                                 (key,)).fetchone()
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"the games' database cannot be read now ({exc}): try again "
                                   "shortly", "error.store_unavailable") from None
        return None if row is None else (row[0], row[1], row[2], row[3], row[4], row[5] or "null")

    def _decode(self, key: str, row: Row) -> tuple[Table, dict[int, str]]:
        """The table and tokens of a saved row; a row that does not read is a game lost, not the server."""
        record, seats, tokens, version, rng, names = row
        try:
            if isinstance(version, bool) or not isinstance(version, int) or version < 0:
                raise ValueError(f"version {version!r} is no count of actions")
            people = json.loads(tokens)
            if not isinstance(people, dict) or not all(
                    isinstance(token, str) and token for token in people.values()):
                raise ValueError("tokens: not a seat's token each")
            keys = {int(seat): token for seat, token in people.items()}
            state = json.loads(rng)
            generator = (state[0], tuple(state[1]), state[2])
            random.Random().setstate(generator)  # a state that does not set is refused here
            named = _names(names)
            table = Table(record=json.loads(record), seats=json.loads(seats), engines=self.engines,
                          deal_next=False, names=named)
            if set(keys) != (set(table.humans) if len(table.humans) > 1 else set()):
                _close(table)  # a table of several people is never opened without its tokens
                raise ValueError("tokens: not one for each person's seat")
        except Exception as exc:
            _LOG.warning("belote serve: the saved game %s does not read: %s", key, exc)
            raise NoSuchGame(f"{key}: {exc}") from None
        table.version = version
        table.rng.setstate(generator)
        return table, keys

    def _row(self, game: Game) -> Row:
        table = game.table
        return (json.dumps(table.record(), separators=(",", ":")), json.dumps(table.seats),
                json.dumps({str(s): t for s, t in game.tokens.items()}), table.version,
                json.dumps(table.rng.getstate()), json.dumps(table.names if any(table.names) else None))

    def save(self, game: Game) -> None:
        """Write the game as it is now, in one transaction (call it with the game's lock held).

        The write is conditional on the version the file holds being the one
        this store last wrote or read.

        Raises:
            StoreUnavailable: the database did not take it (busy longer than
                ``busy_seconds``, full, read-only...): the game is put back as
                it was last written.
            SavedElsewhere: another server saved the game since: the game is
                read again as the file holds it.
            NoSuchGame: another server deleted the game, or the row it wrote
                does not read: the game leaves memory.
        """
        row = self._row(game)
        last = game.saved
        try:
            with self._writer() as db:
                db.execute("BEGIN IMMEDIATE")  # waits for the write lock, busy_seconds at most
                kept, names = row[:5], row[5]  # the names: where the database has their column
                if last is None:
                    columns = [*_COLUMNS, *([NAMES] if self.names else [])]
                    values = (game.key, *kept, time.time(), *([names] if self.names else []))
                    db.execute(f"INSERT INTO games ({', '.join(columns)}) "
                               f"VALUES ({', '.join('?' * len(columns))})", values)
                    written = True
                else:
                    also = f", {NAMES} = ?" if self.names else ""
                    written = db.execute(
                        "UPDATE games SET record = ?, seats = ?, tokens = ?, version = ?, rng = ?, "
                        f"updated = ?{also} WHERE id = ? AND version = ?",
                        (*kept, time.time(), *([names] if self.names else []), game.key,
                         last[3])).rowcount == 1
                db.execute("COMMIT" if written else "ROLLBACK")
        except sqlite3.Error as exc:
            self._put_back(game)
            raise _not_saved(exc) from None
        if not written:
            assert last is not None
            self._read_again(game, last[3])
        game.saved = row

    def _put_back(self, game: Game) -> None:
        """The game as it was last written (a change the database did not take is undone)."""
        last = game.saved
        if last is None:
            return
        try:
            table, _ = self._decode(game.key, last)
        except NoSuchGame:  # pragma: no cover - a row this store wrote reads back
            with self.lock:
                self.games.pop(game.key, None)
            return
        _close(game.table)
        game.table = table

    def _read_again(self, game: Game, sent: int) -> None:
        """The game as another server left it in the file; raises why the change made on ``sent`` was refused."""
        try:
            row = self._read(game.key)
            if row is None:
                raise NoSuchGame(game.key)
            table, _ = self._decode(game.key, row)
        except NoSuchGame:
            with self.lock:
                self.games.pop(game.key, None)
            raise
        except StoreUnavailable:
            self._put_back(game)
            raise
        _close(game.table)
        game.table, game.saved = table, row
        game.changed()
        raise SavedElsewhere(sent, table.version)

    def delete(self, key: str) -> None:
        """Forget the game, in the database and in memory.

        Raises:
            StoreUnavailable: the database did not take it (the game stays).
        """
        try:
            with self._writer() as db:
                db.execute("DELETE FROM games WHERE id = ?", (key,))
        except sqlite3.Error as exc:
            raise _not_saved(exc) from None
        with self.lock:
            self.games.pop(key, None)

    def close(self) -> None:
        """Close the database (the games written stay in its file)."""
        with self._idle_lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for db in idle:
            db.close()
        if self._memory is not None:
            db, lock = self._memory
            with lock:
                db.close()


def _names(text: str) -> list[str | None] | None:
    """The players' names of a saved row (``None``: none saved); a name that does not check is refused."""
    names = json.loads(text)
    if names is None:
        return None
    if not isinstance(names, list) or not all(name is None or isinstance(name, str) for name in names):
        raise ValueError("names: not a name per seat")
    return names


def _not_saved(exc: sqlite3.Error) -> StoreUnavailable:
    return StoreUnavailable(f"not saved: the games' database did not take the change ({exc}), so "
                            "nothing changed: try again shortly", "error.not_saved")


def _end(db: sqlite3.Connection) -> None:
    """Roll back a transaction a failed request left open (the connection is used again)."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def _close(table: Table) -> None:
    """Stop the engines' processes of a table that is dropped."""
    with contextlib.suppress(Exception):
        close_agents([agent for agent in table.agents if agent is not None])
