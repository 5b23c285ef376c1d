"""Small helpers shared by tests."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import psycopg

from cli_processes import run_command
from domain.messages import Message, MessageStatus
from domain.pricing import cost_text

T = TypeVar("T")


def ids(n: int) -> str:
    """A readable, valid uuid: ids(1) == '00000000-0000-0000-0000-000000000001'."""
    return str(uuid.UUID(int=n))


def pending_message(message_id: str, *, account: str, at: datetime, credits: int = 1, **fields: Any) -> Message:
    """A message as the send path writes it before submit: paid (`credits` parts of GSM-7 to
    one Tanzanian number), `pending`, created and updated at `at`. `fields` override the rest."""
    body = fields.pop("body", "Habari")
    return Message(**{
        "account_id": account, "id": message_id, "to": "+255712345678", "sender": "UJUMBE", "body": body,
        "encoding": "GSM-7", "characters": len(body), "sms_parts": credits, "segments": credits,
        "credits_used": credits, "cost": cost_text(credits), "carrier": "Vodacom",
        "status": MessageStatus.PENDING, "created_at": at, "updated_at": at, **fields,
    })


def applied_versions(conninfo: str) -> list[str]:
    """The migrations the database records as applied (`schema_migrations`), in order; none before
    the first run."""
    with psycopg.connect(conninfo) as conn:
        exists = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()
        if not exists or not exists[0]:
            return []
        return [row[0] for row in conn.execute("SELECT version FROM schema_migrations ORDER BY 1")]


def ujumbe(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the real `ujumbe` CLI in a process of its own, as an operator would (forked from one that
    imported the CLI already: `cli_processes`)."""
    return run_command(args, {**os.environ, **env}, timeout=60)


def wait_until(condition: Callable[[], T], timeout: float = 30.0) -> T:
    """The condition's first truthy value, polled every 0.1 s: for a condition another process
    makes true (a server, a worker); fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        time.sleep(0.1)
    return found


async def until_a_session_waits_on_a_lock(database_url: str) -> None:
    """Return once some session of this database waits on a lock (a race made deterministic:
    the second party is known to be blocked behind the first); fail after about 5 s."""
    import psycopg  # only the race tests need it

    for _ in range(500):
        async with await psycopg.AsyncConnection.connect(database_url) as probe:
            cur = await probe.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                                      " AND wait_event_type = 'Lock'")
            row = await cur.fetchone()
        if row and row[0]:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no session ever waited on a lock")


@dataclass
class Backend:
    """One storage backend for contract tests (see tests/adapters/conftest.py)."""

    name: str
    uow: Callable[[], Any]
    # Inserts a bare account row (tenant root) for repositories whose rows need one.
    seed_account: Callable[[str], Awaitable[None]]
    # Where a gateway's listener writes the reports it is handed (`ReceivedReports`).
    received_reports: Any = None
    # The API key lookup every API call makes, outside any unit of work (`ApiKeyLookup`).
    api_key_lookup: Any = None


async def until(condition: Callable[[], Awaitable[T] | T], timeout: float = 30.0) -> T:
    """`wait_until` inside an event loop: the condition (sync or async) is polled every 0.05 s
    while the loop runs what makes it true."""
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if isinstance(found, Awaitable):
            found = await found
        if found:
            return found  # type: ignore[return-value]
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(0.05)
