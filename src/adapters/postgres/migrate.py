"""Ordered SQL migrations, tracked in `schema_migrations`, then the shipped reference data
files, one tracked step per file version (`data:packages.v1`: `reference_loader` says how a
version applies without undoing an operator's change).

Safe to run twice and from several processes at once: an advisory lock serialises
runners, and each migration commits together with its tracking row.

A step SQL cannot do alone runs as code in its file's transaction: 0025 seals the webhook
signing secrets stored in the clear, with the service's secret box (which the database never sees).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
import functools
from importlib import resources

import psycopg
from procrastinate.schema import SchemaManager

from adapters.postgres.reference_loader import apply_data_file
from adapters.postgres.webhooks import seal_plain_secrets
from adapters.reference_data import previous, shipped
from application.ports import SecretBox

_LOCK_KEY = 0x756A756D6265  # "ujumbe"
# The job queue's tables and functions (procrastinate's own schema) go in as one tracked step
# between our files, so later migrations may refer to them (0006 queues jobs from a trigger).
JOBS_SCHEMA_VERSION = "0005_procrastinate"


@dataclass(frozen=True, slots=True)
class Migration:
    version: str
    sql: str = ""
    # A step SQL alone cannot say (loading a data file), run in the migration's transaction.
    apply: Callable[[psycopg.Connection], object] | None = None


def reference_data_steps() -> list[Migration]:
    """One step per shipped data file version, each stem's versions in order."""
    return [Migration(file.step, apply=functools.partial(apply_data_file, file=file, earlier=previous(file))) for file in shipped()]


def _seal_webhook_secrets(conn: psycopg.Connection, box: SecretBox | None) -> None:
    seal_plain_secrets(conn, box)
    conn.execute("ALTER TABLE webhook_endpoints VALIDATE CONSTRAINT webhook_endpoints_secret_sealed")


def bundled_migrations(box: SecretBox | None = None) -> list[Migration]:
    """The SQL files shipped in `adapters/postgres/migrations`, in name order, then the reference
    data steps (a data step's version, `data:…`, sorts after every numbered file). `box` seals
    what was stored in the clear; without it, a database holding such rows is not migrated."""
    folder = resources.files("adapters.postgres") / "migrations"
    files = sorted(
        (entry for entry in folder.iterdir() if entry.name.endswith(".sql")),
        key=lambda entry: entry.name,
    )
    code = {"0025_sealed_webhook_secrets": functools.partial(_seal_webhook_secrets, box=box)}
    found = []
    for entry in files:
        version = entry.name.removesuffix(".sql")
        found.append(Migration(version, entry.read_text("utf-8"), code.get(version)))
    found.append(Migration(JOBS_SCHEMA_VERSION, SchemaManager.get_schema()))
    return [*sorted(found, key=lambda migration: migration.version), *reference_data_steps()]


def migrate(
    conninfo: str,
    migrations: Iterable[Migration] | None = None,
    *,
    on_applied: Callable[[str], None] | None = None,
) -> list[str]:
    """Apply every migration not applied yet; return the versions applied now."""
    pending = list(migrations if migrations is not None else bundled_migrations())
    applied_now: list[str] = []
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
        try:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version text PRIMARY KEY,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
            for migration in pending:
                if migration.version in done:
                    continue
                with conn.transaction():
                    if migration.sql:
                        conn.execute(migration.sql.encode())
                    if migration.apply is not None:
                        migration.apply(conn)
                    conn.execute(
                        "INSERT INTO schema_migrations (version) VALUES (%s)", (migration.version,)
                    )
                applied_now.append(migration.version)
                if on_applied:
                    on_applied(migration.version)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK_KEY,))
    return applied_now
