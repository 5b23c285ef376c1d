"""The message log query, its export and its counts answer alike from memory and PostgreSQL;
PostgreSQL serves them by index."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from adapters.postgres.sending.inbound import routing
from adapters.postgres.sending.message_logs import COUNTS, listing
from application.sending.message_logs import MessageLogQuery, message_log_filter
from application.ports import MessageLogFilter
from domain.messages import Message, MessageStatus
from tests_support import ids, pending_message

ACCOUNT, OTHER = ids(1), ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def message(n: int, *, account: str = ACCOUNT, to: str = "+255712345678", body: str = "Habari",
            status: MessageStatus = MessageStatus.SENT, **fields) -> Message:
    return pending_message(ids(1000 + n), account=account, at=T0 + timedelta(minutes=n), to=to, body=body,
                           status=status, **fields)


MESSAGES = [
    message(1, body="Karibu dukani: Élimu kwa wote"),
    message(2, to="+255682000111", body="Bei ya 50% leo", status=MessageStatus.FAILED,
            error="gateway_rejected", credits_used=0, cost="0 credits"),
    message(3, status=MessageStatus.DELIVERED, delivered_at=T0 + timedelta(minutes=4)),
    message(4, to="+255754999888", body="habari za asubuhi", requested_sender="NOTMINE",
            batch_id=ids(77)),
    message(5, status=MessageStatus.PENDING, body="ratiba_ya kesho"),
    message(6, account=OTHER, body="Habari from another account"),
]


@pytest.fixture()
async def logs(backend):
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    async with backend.uow() as uow:
        await uow.messages.add_many(MESSAGES)
        await uow.commit()

    async def query(**asked) -> tuple[list[str], int]:
        log_filter = message_log_filter(MessageLogQuery(account_id=asked.pop("account", ACCOUNT), **asked))
        async with backend.uow() as uow:
            entries, total = await uow.message_logs.page(log_filter)
        return [e.message_id for e in entries], total

    query.backend = backend  # type: ignore[attr-defined]
    return query


def numbered(*ns: int) -> list[str]:
    return [ids(1000 + n) for n in ns]


async def test_the_log_is_the_accounts_messages_newest_first(logs) -> None:
    assert await logs() == (numbered(5, 4, 3, 2, 1), 5)
    assert await logs(account=OTHER) == (numbered(6), 1)


async def test_pages_split_the_log_and_always_tell_the_total(logs) -> None:
    assert await logs(per_page=2) == (numbered(5, 4), 5)
    assert await logs(per_page=2, page=2) == (numbered(3, 2), 5)
    assert await logs(per_page=2, page=3) == (numbered(1), 5)
    assert await logs(per_page=2, page=4) == ([], 5)


async def test_filters(logs) -> None:
    assert await logs(status="failed") == (numbered(2), 1)
    assert await logs(status="pending") == (numbered(5), 1)
    assert await logs(date_from="2026-01-05T09:03:00Z") == (numbered(5, 4, 3), 3)
    assert await logs(date_from="2026-01-05T12:03:00+03:00") == (numbered(5, 4, 3), 3)
    assert await logs(date_from="2026-01-06") == ([], 0)
    assert await logs(status="sent", date_from="2026-01-05") == (numbered(4, 1), 2)


async def test_a_date_range_keeps_its_start_and_leaves_out_its_end(logs) -> None:
    assert await logs(date_before="2026-01-05T09:03:00Z") == (numbered(2, 1), 2)
    assert await logs(date_from="2026-01-05T12:02:00+03:00", date_before="2026-01-05T12:04:00+03:00") == (
        numbered(3, 2), 2)
    assert await logs(date_from="2026-01-05T09:04:00Z", date_before="2026-01-05T09:04:00Z") == ([], 0)


async def test_search_by_whole_number_in_any_written_form(logs) -> None:
    for written in ("+255712345678", "0712345678", "0712 345 678", "255712345678"):
        assert await logs(search=written) == (numbered(5, 3, 1), 3), written
    assert await logs(search="0682000111") == (numbered(2), 1)


async def test_search_by_part_of_a_number(logs) -> None:
    assert await logs(search="0754") == (numbered(4), 1)
    assert await logs(search="999 888") == (numbered(4), 1)


async def test_search_in_the_text_case_insensitively_with_wildcards_taken_literally(logs) -> None:
    assert await logs(search="HABARI") == (numbered(4, 3), 2)  # never the other account's
    assert await logs(search="50%") == (numbered(2), 1)
    assert await logs(search="%") == (numbered(2), 1)
    assert await logs(search="_") == (numbered(5), 1)
    assert await logs(search="nothing like this") == ([], 0)


async def test_search_folds_the_case_of_any_letter(logs) -> None:
    assert await logs(search="ÉLIMU") == (numbered(1), 1)
    assert await logs(search="élimu KWA") == (numbered(1), 1)
    assert await logs(search="dukani: é") == (numbered(1), 1)


async def test_entries_carry_the_log_fields(logs) -> None:
    log_filter = message_log_filter(MessageLogQuery(account_id=ACCOUNT))
    async with logs.backend.uow() as uow:
        entries, _ = await uow.message_logs.page(log_filter)
    by_id = {e.message_id: e for e in entries}
    delivered = by_id[ids(1003)]
    assert (delivered.status, delivered.delivered_at) == ("delivered", T0 + timedelta(minutes=4))
    assert delivered.created_at == T0 + timedelta(minutes=3)
    failed = by_id[ids(1002)]
    assert (failed.status, failed.error, failed.credits_used, failed.cost) == (
        "failed", "gateway_rejected", 0, "0 credits")
    bulk = by_id[ids(1004)]
    assert (bulk.to, bulk.sender, bulk.requested_sender, bulk.batch_id) == (
        "+255754999888", "UJUMBE", "NOTMINE", ids(77))
    assert (bulk.message, bulk.encoding, bulk.sms_parts, bulk.segments, bulk.carrier) == (
        "habari za asubuhi", "GSM-7", 1, 1, "Vodacom")


async def test_every_message_a_filter_keeps_comes_in_chunks_newest_first(logs) -> None:
    async def every(chunk: int, **asked) -> list[list[str]]:
        log_filter = message_log_filter(MessageLogQuery(account_id=ACCOUNT, page=2, per_page=1, **asked))
        async with logs.backend.uow() as uow:
            return [[e.message_id for e in entries] async for entries in uow.message_logs.every(log_filter, chunk)]

    assert await every(2) == [numbered(5, 4), numbered(3, 2), numbered(1)]  # the page is not a limit
    assert await every(10, status="sent") == [numbered(4, 1)]
    assert await every(10, search="habari", date_before="2026-01-05T09:04:00Z") == [numbered(3)]
    assert await every(10, search="nothing like this") == []


async def test_counts_of_a_period_are_the_accounts_own(logs) -> None:
    async with logs.backend.uow() as uow:
        whole = await uow.message_logs.counts(ACCOUNT, since=T0, recent_since=T0 + timedelta(minutes=3))
        later = await uow.message_logs.counts(ACCOUNT, since=T0 + timedelta(minutes=3),
                                              recent_since=T0 + timedelta(minutes=5))
        other = await uow.message_logs.counts(OTHER, since=T0, recent_since=T0)
        none = await uow.message_logs.counts(ACCOUNT, since=T0 + timedelta(days=1), recent_since=T0 + timedelta(days=1))
    assert (whole.total, whole.recent, whole.delivered, whole.failed) == (5, 3, 1, 1)
    assert (later.total, later.recent, later.delivered, later.failed) == (3, 1, 1, 0)
    assert (other.total, other.recent, other.delivered, other.failed) == (1, 1, 0, 0)
    assert (none.total, none.recent, none.delivered, none.failed) == (0, 0, 0, 0)


# PostgreSQL only: at millions of rows, the listing must walk an index, not the table.

def _plan(url: str, log_filter: MessageLogFilter) -> str:
    sql, params = listing(log_filter)
    with psycopg.connect(url) as conn:
        rows = conn.execute(f"EXPLAIN {sql}", params).fetchall()
    return "\n".join(row[0] for row in rows)


def _generic_plan(url: str, log_filter: MessageLogFilter) -> str:
    """The plan PostgreSQL may reuse for a prepared statement (psycopg prepares a query run five
    times on a connection): made without the parameters' values."""
    sql, params = listing(log_filter)
    numbered = sql.split("%s")
    prepared = "".join(part + (f"${n}" if n < len(numbered) else "") for n, part in enumerate(numbered, 1))
    with psycopg.connect(url) as conn:
        conn.execute("SET plan_cache_mode = force_generic_plan")
        conn.execute(f"PREPARE page AS {prepared}")
        cur = psycopg.ClientCursor(conn)  # the values inlined: EXECUTE takes no bound parameters
        cur.execute(f"EXPLAIN EXECUTE page({', '.join(['%s'] * len(params))})", params)
        return "\n".join(row[0] for row in cur.fetchall())


@pytest.fixture()
def large_log(clean_database: str) -> str:
    """40,000 messages over 40 accounts, analysed, so the planner sees a realistic table."""
    with psycopg.connect(clean_database) as conn:
        conn.execute(
            "INSERT INTO accounts (id, email, password_hash, created_at)"
            " SELECT ('00000000-0000-0000-0000-' || lpad(a::text, 12, '0'))::uuid,"
            " a || '@example.test', 'x', now() FROM generate_series(1, 40) a"
        )
        conn.execute(
            "INSERT INTO messages (account_id, id, to_number, sender, body, encoding, characters,"
            " sms_parts, segments, credits_used, cost, carrier, status, created_at, updated_at)"
            " SELECT ('00000000-0000-0000-0000-' || lpad((1 + i % 40)::text, 12, '0'))::uuid,"
            " gen_random_uuid(), '+2557' || lpad((i % 5000)::text, 8, '0'), 'UJUMBE',"
            " 'message ' || i, 'GSM-7', 10, 1, 1, 1, '1 credit', 'Vodacom',"
            " (ARRAY['sent','delivered','failed','pending'])[1 + i % 4],"
            " now() - i * interval '1 second', now() FROM generate_series(1, 40000) i"
        )
        conn.execute("ANALYZE messages")
    return clean_database


def test_the_accounts_listing_is_an_index_scan_that_stops_after_a_page(large_log: str) -> None:
    plan = _plan(large_log, message_log_filter(MessageLogQuery(account_id=ACCOUNT)))
    assert "Limit" in plan and "Index Scan using messages_log on messages" in plan, plan
    assert "Seq Scan" not in plan and "Sort" not in plan, plan


def test_filters_by_status_and_number_use_their_indexes(large_log: str) -> None:
    by_status = _plan(large_log, message_log_filter(MessageLogQuery(account_id=ACCOUNT, status="failed")))
    assert "messages_by_status" in by_status and "Seq Scan" not in by_status, by_status
    generic = _generic_plan(large_log, message_log_filter(MessageLogQuery(account_id=ACCOUNT, status="failed")))
    assert "messages_by_status" in generic and "Seq Scan" not in generic, generic
    by_number = _plan(large_log, message_log_filter(MessageLogQuery(account_id=ACCOUNT, search="0700000001")))
    assert "messages_by_recipient" in by_number and "Seq Scan" not in by_number, by_number
    delivered = _plan(large_log, message_log_filter(MessageLogQuery(account_id=ACCOUNT, status="delivered")))
    assert "messages_log" in delivered and "Seq Scan" not in delivered and "Sort" not in delivered, delivered
    by_date = _plan(large_log, message_log_filter(
        MessageLogQuery(account_id=ACCOUNT, date_from="2026-01-05")))
    assert "Seq Scan" not in by_date, by_date
    by_range = _plan(large_log, message_log_filter(
        MessageLogQuery(account_id=ACCOUNT, date_from="2026-01-05", date_before="2026-01-06")))
    assert "Seq Scan" not in by_range, by_range


def test_the_counts_of_a_period_read_the_accounts_rows_by_index(large_log: str) -> None:
    with psycopg.connect(large_log) as conn:
        rows = conn.execute(f"EXPLAIN {COUNTS}", {"account": ACCOUNT, "since": T0, "recent": T0}).fetchall()
    plan = "\n".join(row[0] for row in rows)
    condition = next(line for line in plan.splitlines() if "Index Cond" in line)
    assert "account_id" in condition and "Seq Scan" not in plan, plan


def test_a_search_by_number_reads_only_the_accounts_own_sends_to_it(large_log: str) -> None:
    """Another account's 20,000 sends to the same number are not walked: the index by number
    holds the account next, so the page and its count read this account's rows of it only."""
    with psycopg.connect(large_log) as conn:
        conn.execute(
            "INSERT INTO messages (account_id, id, to_number, sender, body, encoding, characters,"
            " sms_parts, segments, credits_used, cost, carrier, status, created_at, updated_at)"
            " SELECT %s, gen_random_uuid(), '+255700000001', 'UJUMBE', 'hot ' || i, 'GSM-7', 5, 1, 1, 1,"
            " '1 credit', 'Vodacom', 'delivered', now() - i * interval '1 millisecond', now()"
            " FROM generate_series(1, 20000) i", (OTHER,))
        conn.execute("ANALYZE messages")
    plan = _plan(large_log, message_log_filter(MessageLogQuery(account_id=ACCOUNT, search="0700000001")))
    condition = next(line for line in plan.splitlines() if "Index Cond" in line)
    assert "messages_by_recipient" in plan and "to_number" in condition and "account_id" in condition, plan
    # Inbound routing from that number reads one send per account that sent to it, not 20,000.
    with psycopg.connect(large_log) as conn:
        for by_sender in (False, True):
            analysed = "\n".join(row[0] for row in conn.execute(
                f"EXPLAIN (ANALYZE, COSTS OFF) {routing(by_sender)}", {"number": "+255700000001", "to": "UJUMBE"}))
            assert max(int(rows) for rows in re.findall(r"rows=(\d+)", analysed)) < 100, analysed
