"""What a message log query means, before any repository sees it; and the log as a CSV file."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.memory.store import MemoryStore
from adapters.memory.uow import MemoryUnitOfWork
from application.sending.message_logs import (
    DATE_FROM_PATTERN,
    EXPORT_COLUMNS,
    ExportMessageLogs,
    MessageLogQuery,
    message_log_filter,
)
from domain.errors import ValidationError
from domain.messages import MessageStatus
from tests_support import ids, pending_message

ACCOUNT = "00000000-0000-0000-0000-000000000001"


def filter_of(**asked):  # type: ignore[no-untyped-def]
    return message_log_filter(MessageLogQuery(account_id=ACCOUNT, **asked))


def test_defaults_are_the_first_page_of_25() -> None:
    f = filter_of()
    assert (f.limit, f.offset, f.status, f.number, f.text, f.since) == (25, 0, None, None, None, None)


def test_empty_filters_filter_nothing() -> None:
    f = filter_of(status="", search="", date_from="", date_before="")
    assert (f.status, f.number, f.text, f.since, f.before) == (None, None, None, None, None)


def test_pages_become_offsets() -> None:
    assert (filter_of(page=3, per_page=100).offset, filter_of(page=3, per_page=100).limit) == (200, 100)


@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ({"page": 0}, "page"),
        ({"page": -1}, "page"),
        ({"per_page": 0}, "per_page"),
        ({"per_page": 101}, "per_page"),
        ({"status": "delivered!"}, "status"),
        ({"status": "SENT"}, "status"),
        ({"date_from": "yesterday"}, "date_from"),
        ({"date_from": "2026-13-01"}, "date_from"),
        ({"date_from": "2026-02-30"}, "date_from"),
        ({"date_from": "2025-02-29"}, "date_from"),
        ({"date_from": "20260131T0800"}, "date_from"),  # fromisoformat's basic form: not RFC 3339
        ({"date_from": "2026-01-31T8:00"}, "date_from"),
        ({"date_before": "tomorrow"}, "date_before"),
        ({"search": "x" * 201}, "search"),
    ],
)
def test_out_of_range_values_name_their_field(asked: dict, field: str) -> None:
    with pytest.raises(ValidationError) as raised:
        filter_of(**asked)
    assert raised.value.field == field


@pytest.mark.parametrize("status", ["sent", "delivered", "failed", "pending"])
def test_every_status_can_be_asked_for(status: str) -> None:
    assert filter_of(status=status).status == MessageStatus(status)


@pytest.mark.parametrize(
    ("written", "since"),
    [
        ("2026-01-05", datetime(2026, 1, 5, tzinfo=UTC)),
        ("2026-01-05T08:30:00", datetime(2026, 1, 5, 8, 30, tzinfo=UTC)),
        ("2026-01-05T08:30:00Z", datetime(2026, 1, 5, 8, 30, tzinfo=UTC)),
        ("2026-01-05T11:30:00+03:00", datetime(2026, 1, 5, 11, 30, tzinfo=timezone(timedelta(hours=3)))),
        ("2026-01-05 08:30:00", datetime(2026, 1, 5, 8, 30, tzinfo=UTC)),  # as SQL and many tools write it
        ("2026-01-05T08:30", datetime(2026, 1, 5, 8, 30, tzinfo=UTC)),  # as a browser's datetime-local does
        ("2026-01-05T08:30:00.123456789Z", datetime(2026, 1, 5, 8, 30, 0, 123456, tzinfo=UTC)),  # Go's RFC3339Nano
        ("2026-01-05T11:30:00+0300", datetime(2026, 1, 5, 11, 30, tzinfo=timezone(timedelta(hours=3)))),
        ("2026-01-05T11:30+03", datetime(2026, 1, 5, 11, 30, tzinfo=timezone(timedelta(hours=3)))),
        ("", None),
    ],
)
def test_date_from_is_an_iso_date_or_date_time(written: str, since: datetime | None) -> None:
    assert filter_of(date_from=written).since == since


def test_date_before_is_read_as_date_from_is() -> None:
    assert filter_of(date_before="2026-01-06T00:00+03:00").before == datetime(
        2026, 1, 6, tzinfo=timezone(timedelta(hours=3)))
    assert filter_of(date_before="2026-01-06").before == datetime(2026, 1, 6, tzinfo=UTC)


@settings(max_examples=300)
@given(st.from_regex(DATE_FROM_PATTERN))
def test_every_date_from_the_documented_pattern_allows_is_read(written: str) -> None:
    since = filter_of(date_from=written).since
    assert since is None if not written.strip() else since is not None and since.tzinfo is not None


@pytest.mark.parametrize(
    ("search", "number", "fragment", "text"),
    [
        ("0712345678", "+255712345678", None, None),
        ("+255 712 345 678", "+255712345678", None, None),
        ("255712345678", "+255712345678", None, None),
        ("0712", None, "255712", "0712"),
        ("345-678", None, "345678", "345-678"),
        ("12", None, None, "12"),
        ("Habari", None, None, "Habari"),
        ("  order 42 ", None, None, "order 42"),
        ("   ", None, None, None),
    ],
)
def test_search_is_a_whole_number_part_of_one_or_text(search: str, number, fragment, text) -> None:  # type: ignore[no-untyped-def]
    f = filter_of(search=search)
    assert (f.number, f.number_fragment, f.text) == (number, fragment, text)


async def test_the_export_is_every_message_the_filters_keep_as_csv_in_east_africa_time() -> None:
    store = MemoryStore()
    at = datetime(2026, 1, 5, 21, 30, tzinfo=UTC)  # 00:30 on 6 January in Dar es Salaam
    async with MemoryUnitOfWork(store) as uow:
        await uow.messages.add_many([
            pending_message(ids(11), account=ACCOUNT, at=at, body="=SUM(A1:A9) bei mpya", status=MessageStatus.DELIVERED,
                            delivered_at=at + timedelta(seconds=5)),
            pending_message(ids(12), account=ACCOUNT, at=at + timedelta(minutes=1), status=MessageStatus.FAILED,
                            error="undeliverable", requested_sender="DUKA", batch_id=ids(70)),
            pending_message(ids(13), account=ids(2), at=at, body="another account's"),
        ])
        await uow.commit()
    export = ExportMessageLogs(lambda: MemoryUnitOfWork(store))
    rows = list(csv.reader(io.StringIO(b"".join([c async for c in await export(
        MessageLogQuery(account_id=ACCOUNT, page=3, per_page=1))]).decode())))
    assert rows[0] == list(EXPORT_COLUMNS)
    assert [dict(zip(rows[0], row, strict=True)) for row in rows[1:]] == [
        {"created_at": "2026-01-06T00:31:00+03:00", "to": "+255712345678", "from": "UJUMBE", "requested_from": "DUKA",
         "status": "failed", "error": "undeliverable", "message": "Habari", "encoding": "GSM-7", "sms_parts": "1",
         "credits_used": "1", "carrier": "Vodacom", "delivered_at": "", "message_id": ids(12), "batch_id": ids(70)},
        {"created_at": "2026-01-06T00:30:00+03:00", "to": "+255712345678", "from": "UJUMBE", "requested_from": "",
         "status": "delivered", "error": "", "message": "'=SUM(A1:A9) bei mpya", "encoding": "GSM-7",
         "sms_parts": "1", "credits_used": "1", "carrier": "Vodacom", "delivered_at": "2026-01-06T00:30:05+03:00",
         "message_id": ids(11), "batch_id": ""},
    ]
    only_failed = b"".join([c async for c in await export(MessageLogQuery(account_id=ACCOUNT, status="failed"))])
    assert ids(12) in only_failed.decode() and ids(11) not in only_failed.decode()


async def test_an_export_with_a_bad_filter_is_refused_before_the_file_starts() -> None:
    export = ExportMessageLogs(lambda: MemoryUnitOfWork(MemoryStore()))
    with pytest.raises(ValidationError) as raised:
        await export(MessageLogQuery(account_id=ACCOUNT, date_before="soon"))
    assert raised.value.field == "date_before"
