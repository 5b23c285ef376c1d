"""`ujumbe audit` as an operator runs it: clean after real use; every rule broken by hand (SQL past
the application, the append-only trigger lifted where it must be) is named with its account."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from audit_support import assert_audit_clean
from conftest import emptied
from entrypoints.container import Container
from entrypoints.worker import jobs_running
from jobs_support import without_periodic_jobs
from ledger_world import REJECTED, World, everyday_activity
from tests_support import ujumbe

Ids = dict[str, str]


@pytest.fixture()
async def world(container: Container, clean_database: str) -> AsyncIterator[World]:
    without_periodic_jobs(container)
    pool = container.pool()
    await pool.open(wait=True)
    try:
        async with jobs_running(container, in_process_worker=False):
            yield World(container, clean_database)
    finally:
        await pool.close()


@pytest.fixture()
def env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    return {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data")}


@pytest.fixture()
def checks_lifted(clean_database: str) -> Iterator[None]:
    """Lets a test write a negative balance (the schema refuses one); the checks hold again after."""
    yield
    emptied(clean_database)
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("ALTER TABLE credit_balances VALIDATE CONSTRAINT credit_balances_balance_check")


# --- ways to break the books, each past the application -----------------------------------------

def _post(conn: psycopg.Connection, account: str, kind: str, amount: int, reference: str,
          refunds: str | None = None) -> None:
    """A ledger entry appended as the ledger would (next seq, running balance, balance row moved),
    but with no rule of the domain asked."""
    conn.execute(
        "WITH b AS (UPDATE credit_balances SET balance = balance + %(amount)s, entries = entries + 1"
        "           WHERE account_id = %(account)s RETURNING balance, entries)"
        " INSERT INTO ledger_entries (account_id, id, seq, type, amount, balance_after, description, reference,"
        "                             refunds, created_at)"
        " SELECT %(account)s, gen_random_uuid(), b.entries, %(kind)s, %(amount)s, b.balance, 'by hand',"
        "        %(reference)s, %(refunds)s, now() FROM b",
        {"account": account, "kind": kind, "amount": amount, "reference": reference, "refunds": refunds})


def _one(conn: psycopg.Connection, query: str, *params: object) -> str:
    row = conn.execute(query, params).fetchone()
    assert row is not None, query
    return str(row[0])


def _single(conn: psycopg.Connection, account: str, status: str = "delivered", to: str = "+255712345678") -> str:
    return _one(conn, "SELECT id FROM messages WHERE account_id = %s AND batch_id IS NULL AND campaign_id IS NULL"
                      " AND status = %s AND to_number = %s", account, status, to)


def _unlocked(conn: psycopg.Connection, statement: str, *params: object) -> None:
    """An UPDATE of the ledger, which its trigger refuses to the application."""
    conn.execute("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only")
    conn.execute(statement, params)
    conn.execute("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only")


def balance_moved_alone(conn: psycopg.Connection, ids: Ids) -> None:
    conn.execute("UPDATE credit_balances SET balance = balance + 5 WHERE account_id = %s", (ids["asha"],))


def an_entry_off_the_running_balance(conn: psycopg.Connection, ids: Ids) -> None:
    _unlocked(conn, "UPDATE ledger_entries SET balance_after = balance_after + 1 WHERE account_id = %s AND seq = 2",
              ids["asha"])


def a_balance_below_zero(conn: psycopg.Connection, ids: Ids) -> None:
    conn.execute("ALTER TABLE credit_balances DROP CONSTRAINT credit_balances_balance_check")
    conn.execute("UPDATE credit_balances SET balance = -3 WHERE account_id = %s", (ids["asha"],))
    conn.execute("ALTER TABLE credit_balances ADD CONSTRAINT credit_balances_balance_check CHECK (balance >= 0)"
                 " NOT VALID")


def a_refund_of_a_grant(conn: psycopg.Connection, ids: Ids) -> None:
    grant = _one(conn, "SELECT reference FROM ledger_entries WHERE account_id = %s AND type = 'grant'", ids["asha"])
    failed = _single(conn, ids["asha"], "failed", REJECTED)
    _post(conn, ids["asha"], "refund", 5, f"refund:{failed}:again", grant)


def a_failed_send_refunded_twice(conn: psycopg.Connection, ids: Ids) -> None:
    failed = _single(conn, ids["asha"], "failed", REJECTED)
    _post(conn, ids["asha"], "refund", 1, f"refund:{failed}:again", f"send:{failed}")


def a_delivered_message_refunded(conn: psycopg.Connection, ids: Ids) -> None:
    delivered = _single(conn, ids["asha"])
    _post(conn, ids["asha"], "refund", 1, f"refund:{delivered}", f"send:{delivered}")


def a_message_charged_twice(conn: psycopg.Connection, ids: Ids) -> None:
    delivered = _single(conn, ids["asha"])
    _post(conn, ids["asha"], "deduct", -1, f"send:{delivered}:again")


def a_charged_message_failed_without_its_refund(conn: psycopg.Connection, ids: Ids) -> None:
    conn.execute("UPDATE messages SET status = 'failed', credits_used = 0, cost = '0', error = 'rejected'"
                 " WHERE account_id = %s AND id = %s", (ids["asha"], _single(conn, ids["asha"])))


def a_send_left_pending_for_hours(conn: psycopg.Connection, ids: Ids) -> None:
    conn.execute("UPDATE messages SET status = 'pending', created_at = now() - interval '3 hours'"
                 " WHERE account_id = %s AND id = %s", (ids["asha"], _single(conn, ids["asha"])))


def every_send_left_pending_for_hours(conn: psycopg.Connection, ids: Ids) -> None:
    """Seven messages: three shown, the rest counted (and the refunds of those that had failed are
    keyed by messages that no longer have)."""
    conn.execute("UPDATE messages SET status = 'pending', created_at = now() - interval '3 hours'"
                 " WHERE account_id = %s AND campaign_id IS NULL", (ids["asha"],))


def a_confirmed_order_never_granted(conn: psycopg.Connection, ids: Ids) -> None:
    conn.execute("UPDATE payment_orders SET status = 'confirmed', confirmed_at = now()"
                 " WHERE account_id = %s AND status = 'failed'", (ids["asha"],))


def a_declined_order_granted(conn: psycopg.Connection, ids: Ids) -> None:
    declined = _one(conn, "SELECT id FROM payment_orders WHERE account_id = %s AND status = 'failed'", ids["asha"])
    _post(conn, ids["asha"], "purchase", 100, f"payment:{declined}")


def a_purchase_of_no_order(conn: psycopg.Connection, ids: Ids) -> None:
    _post(conn, ids["baraka"], "purchase", 100, "payment:from-nowhere")


def campaign_counters_ahead_of_its_messages(conn: psycopg.Connection, ids: Ids) -> None:
    conn.execute("UPDATE campaigns SET delivered_count = delivered_count + 1 WHERE account_id = %s", (ids["asha"],))


BREAKS: list[tuple[Callable[[psycopg.Connection, Ids], None], str, set[str]]] = [
    (balance_moved_alone, "asha", {"balance_matches_ledger"}),
    (an_entry_off_the_running_balance, "asha", {"balance_matches_ledger"}),
    (a_balance_below_zero, "asha", {"balance_matches_ledger", "balance_not_negative"}),
    (a_refund_of_a_grant, "asha", {"refund_matches_deduction"}),
    (a_failed_send_refunded_twice, "asha", {"refund_matches_deduction", "deduction_matches_messages"}),
    (a_delivered_message_refunded, "asha", {"refund_matches_deduction", "deduction_matches_messages"}),
    (a_message_charged_twice, "asha", {"deduction_matches_messages"}),
    (a_charged_message_failed_without_its_refund, "asha", {"deduction_matches_messages"}),
    (a_send_left_pending_for_hours, "asha", {"message_settled_in_time"}),
    (every_send_left_pending_for_hours, "asha", {"message_settled_in_time", "refund_matches_deduction"}),
    (a_confirmed_order_never_granted, "asha", {"payment_granted_once"}),
    (a_declined_order_granted, "asha", {"payment_granted_once"}),
    (a_purchase_of_no_order, "baraka", {"payment_granted_once"}),
    (campaign_counters_ahead_of_its_messages, "asha", {"campaign_counts_match_messages"}),
]


async def test_the_books_after_real_sends_refunds_payments_and_a_campaign_are_clean(
        world: World, env: dict[str, str], clean_database: str) -> None:
    await everyday_activity(world)
    with psycopg.connect(clean_database) as conn:
        kinds = {row[0] for row in conn.execute("SELECT DISTINCT type FROM ledger_entries")}
        campaigns = [row[0] for row in conn.execute("SELECT status FROM campaigns")]
        orders = sorted(row[0] for row in conn.execute("SELECT status FROM payment_orders"))
    assert kinds == {"grant", "deduct", "refund", "purchase"} and campaigns == ["completed"]
    assert orders == ["confirmed", "confirmed", "confirmed", "failed"]

    assert_audit_clean(env)
    on_a_terminal = ujumbe("audit", "--json", env={**env, "TTY_COMPATIBLE": "1", "COLUMNS": "100"})
    assert json.loads(on_a_terminal.stdout)["clean"] and "auditing accounts" in on_a_terminal.stderr  # the bar
    shown = ujumbe("audit", env=env)
    assert (shown.returncode, shown.stdout.strip()) == (0, "ledger clean: 2 accounts checked"), shown.stderr


async def test_each_way_of_breaking_the_books_is_named_by_its_account_and_rule_and_no_other(
        world: World, env: dict[str, str], clean_database: str, checks_lifted: None) -> None:
    broken: dict[str, tuple[str, set[str]]] = {}  # account id -> (email, rules)
    worlds = [await everyday_activity(world, f"{n}-") for n in range(len(BREAKS))]
    with psycopg.connect(clean_database) as conn, conn.transaction():
        for ids, (break_books, who, rules) in zip(worlds, BREAKS, strict=True):
            break_books(conn, ids)
            broken[ids[who]] = (f"{ids['prefix']}{who}@duka.tz", rules)

    audited = ujumbe("audit", "--json", env=env)
    assert audited.returncode == 1, audited.stderr
    report = json.loads(audited.stdout)
    assert (report["clean"], report["accounts_checked"]) == (False, 2 * len(BREAKS))
    named: dict[str, tuple[str, set[str]]] = {}
    for v in report["violations"]:
        assert v["detail"], v
        named.setdefault(v["account_id"], (v["email"], set()))[1].add(v["rule"])
    for ids, (break_books, who, _) in zip(worlds, BREAKS, strict=True):
        assert named.get(ids[who]) == broken[ids[who]], (break_books.__name__, report["violations"])
    assert named.keys() == broken.keys(), "only the broken accounts are named"
    many = worlds[[b for b, _, _ in BREAKS].index(every_send_left_pending_for_hours)]["asha"]
    [stuck] = [v["detail"] for v in report["violations"]
               if v["account_id"] == many and v["rule"] == "message_settled_in_time"]
    assert stuck.count("pending since") == 3 and stuck.endswith("; and 4 more"), stuck

    shown = ujumbe("audit", env=env)
    assert shown.returncode == 1
    for account_id, (email, rules) in broken.items():
        for rule in rules:
            assert f"{email} ({account_id}): {rule} — " in shown.stdout, shown.stdout
