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

import hmac
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from belote.web.table import Table

__all__ = ["MEMORY", "Game", "GameStore", "NoSuchGame", "SeatRefused", "StoreFull", "default_db_path"]

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
    updated REAL NOT NULL
)
"""


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
    """

    def __init__(self, path: str | os.PathLike[str] = MEMORY, engines: Mapping[str, str] | None = None,
                 most: int = 200, idle_seconds: float = 3600.0, keep_days: float = 30.0) -> None:
        self.path = str(path)
        if self.path != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.engines = dict(engines or {})
        self.most = most
        self.idle_seconds = idle_seconds
        self.lock = threading.Lock()  # the games in memory, and the database connection
        self.games: dict[str, Game] = {}
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != MEMORY:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(_SCHEMA)
        self.db.execute("DELETE FROM games WHERE updated < ?", (time.time() - keep_days * 86400,))

    def add(self, table: Table) -> Game:
        """Hold a new game, with a token for each person's seat when there are several, and write it.

        Raises:
            StoreFull: memory holds ``most`` games and none is idle.
        """
        people = table.humans
        tokens = {seat: secrets.token_urlsafe(24) for seat in people} if len(people) > 1 else {}
        with self.lock:
            self._make_room()
            game = Game(secrets.token_urlsafe(16), table, tokens)
            self.games[game.key] = game
        self.save(game)
        return game

    def game(self, key: str) -> Game:
        """The game ``key``, read back from the database when it is not in memory.

        Raises:
            NoSuchGame: no such game, or one whose record no longer reads (a bot
                the server no longer offers).
            StoreFull: the game is to be read back and memory is full.
        """
        with self.lock:
            game = self.games.get(key)
            if game is None:
                game = self._load(key)
                self._make_room()
                self.games[key] = game
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

    def _load(self, key: str) -> Game:
        row = self.db.execute("SELECT record, seats, tokens, version, rng FROM games WHERE id = ?",
                              (key,)).fetchone()
        if row is None:
            raise NoSuchGame(key)
        record, seats, tokens, version, rng = row
        try:
            table = Table(record=json.loads(record), seats=json.loads(seats), engines=self.engines,
                          deal_next=False)
        except Exception as exc:  # a record that no longer replays: the game is lost, not the server
            raise NoSuchGame(f"{key}: {exc}") from None
        table.version = int(version)
        state = json.loads(rng)
        table.rng.setstate((state[0], tuple(state[1]), state[2]))
        return Game(key, table, {int(seat): token for seat, token in json.loads(tokens).items()})

    def save(self, game: Game) -> None:
        """Write the game as it is now, in one transaction (call it with the game's lock held)."""
        table = game.table
        row = (game.key, json.dumps(table.record(), separators=(",", ":")),
               json.dumps(table.seats), json.dumps({str(s): t for s, t in game.tokens.items()}),
               table.version, json.dumps(table.rng.getstate()), time.time())
        with self.lock:
            self.db.execute("BEGIN")
            try:
                self.db.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", row)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def delete(self, key: str) -> None:
        """Forget the game, in memory and in the database."""
        with self.lock:
            self.games.pop(key, None)
            self.db.execute("DELETE FROM games WHERE id = ?", (key,))

    def close(self) -> None:
        """Close the database (the games written stay in its file)."""
        with self.lock:
            self.db.close()
