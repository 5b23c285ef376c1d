"""Contact lists for campaign tests, written straight to PostgreSQL (the schema of migration 0012),
and what the ledger and the simulator hold afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import psycopg

T0 = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)


def seed_list(database_url: str, account_id: str,
              contacts: Sequence[tuple[str, str, str]], *, name: str = "Wateja") -> str:
    """A list of (phone E.164, first_name, last_name) contacts, in that order; its id."""
    list_id = str(uuid.uuid4())
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("INSERT INTO contact_lists (account_id, id, name, created_at, updated_at)"
                     " VALUES (%s, %s, %s, %s, %s)", (account_id, list_id, name, T0, T0))
        with conn.cursor() as cur:
            with cur.copy("COPY contacts (account_id, list_id, id, phone, first_name, last_name, created_at,"
                          " updated_at) FROM STDIN") as copy:
                for n, (phone, first, last) in enumerate(contacts):
                    at = T0 + timedelta(microseconds=n)
                    copy.write_row((account_id, list_id, str(uuid.uuid4()), phone, first, last, at, at))
            cur.execute("INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)"
                        " SELECT account_id, list_id, id, id, phone, true, created_at FROM contacts"
                        " WHERE account_id = %s AND list_id = %s", (account_id, list_id))
    return list_id


def opt_out(database_url: str, account_id: str, phone: str) -> None:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("INSERT INTO opt_outs (account_id, phone, opted_out_at) VALUES (%s, %s, %s)",
                     (account_id, phone, T0))


def numbers(n: int, start: int = 0) -> list[str]:
    return [f"+2557130{i:05d}" for i in range(start, start + n)]


def received(database_url: str, account_id: str) -> list[str]:
    """Every number the gateway simulator received for the account, once per submit recorded."""
    with psycopg.connect(database_url) as conn:
        return [row[0] for row in conn.execute(
            "SELECT to_number FROM simulator_messages WHERE account_id = %s ORDER BY seq", (account_id,))]


def ledger(database_url: str, account_id: str) -> dict[str, int]:
    """Credits by entry type, as positive sums."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute("SELECT type, sum(abs(amount)) FROM ledger_entries WHERE account_id = %s GROUP BY type",
                            (account_id,)).fetchall()
    return {kind: int(total) for kind, total in rows}


def charged_for_sent(database_url: str, campaign_id: str) -> int:
    """The credits of the campaign's messages that went out (sent, delivered, or failed on delivery)."""
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT coalesce(sum(credits_used), 0) FROM messages WHERE campaign_id = %s"
                           " AND (sent_at IS NOT NULL OR status = 'delivered')", (campaign_id,)).fetchone()
    return int(row[0]) if row else 0
