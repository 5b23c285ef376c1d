"""The message log an account reads: every send, newest first, filtered and paged, or every one
of them the filter keeps as a CSV file.

A read model served straight by the repository (no aggregate): the log is what the `messages`
table holds, shaped for the API's message log.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import aclosing
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from application.csv_files import csv_chunks
from application.ports import MessageLogEntry, MessageLogFilter, UnitOfWorkFactory
from domain.campaigns import EAST_AFRICA_TIME
from domain.contact_files import neutralise_cell
from domain.contacts import contact_search
from domain.errors import ValidationError
from domain.messages import MessageStatus
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging
from domain.texts import WHITESPACE

# date_from and date_before: blank (no filter), an ISO 8601 date, or date-time (`T`, `t` or a space between; seconds
# and offset optional, UTC when none), whitespace around it trimmed; only real calendar days. The API
# document states it.
_YEAR = "(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])"
_MONTH_DAY = ("(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
              "|02-(?:0[1-9]|1[0-9]|2[0-8]))")
_LEAP_DAY = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29"
_TIME = "(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:[.][0-9]+)?)?"
_OFFSET = "(?:[Zz]|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)"
DATE_FROM_PATTERN = (f"^[{WHITESPACE}]*(?:(?:{_YEAR}-{_MONTH_DAY}|{_LEAP_DAY})(?:[Tt ]{_TIME}{_OFFSET}?)?)?"
                     f"[{WHITESPACE}]*$")
_DATE_FROM = re.compile(DATE_FROM_PATTERN)


@dataclass(frozen=True, slots=True)
class MessageLogQuery:
    """What the client asked, as given (validated by `ListMessageLogs`)."""

    account_id: str
    page: int = 1
    per_page: int = DEFAULT_PER_PAGE
    status: str | None = None
    search: str | None = None
    date_from: str | None = None
    date_before: str | None = None  # created before this moment; with date_from, a range


@dataclass(frozen=True, slots=True)
class MessageLogPage:
    messages: list[MessageLogEntry]
    page: int
    per_page: int
    total: int


class ListMessageLogs:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, query: MessageLogQuery) -> MessageLogPage:
        log_filter = message_log_filter(query)
        async with self._uow() as uow:
            messages, total = await uow.message_logs.page(log_filter)
        return MessageLogPage(messages, query.page, query.per_page, total)


# The export's columns: what a business files or hands to its accountant, one row per message.
EXPORT_COLUMNS = ("created_at", "to", "from", "requested_from", "status", "error", "message", "encoding",
                  "sms_parts", "credits_used", "carrier", "delivered_at", "message_id", "batch_id")
_EXPORT_READ = 1000  # messages read from the log at a time


class ExportMessageLogs:
    """Every message the query's filters keep (its page ignored), newest first, as CSV (UTF-8),
    read from the log as the file is consumed. Times are East Africa Time with their offset, as a
    Tanzanian business reads them; every text cell is kept from being read as a formula."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, query: MessageLogQuery) -> AsyncIterator[bytes]:
        log_filter = message_log_filter(query)  # refused here, before the file starts
        return self._chunks(log_filter)

    async def _chunks(self, log_filter: MessageLogFilter) -> AsyncIterator[bytes]:
        async with self._uow() as uow, aclosing(uow.message_logs.every(log_filter, _EXPORT_READ)) as read:
            async for chunk in csv_chunks(EXPORT_COLUMNS, (map(_export_row, entries) async for entries in read)):
                yield chunk.encode()


def _local(at: datetime | None) -> str:
    return at.astimezone(EAST_AFRICA_TIME).isoformat(timespec="seconds") if at is not None else ""


def _export_row(entry: MessageLogEntry) -> tuple[str, ...]:
    return (_local(entry.created_at), entry.to, neutralise_cell(entry.sender),
            neutralise_cell(entry.requested_sender or ""), entry.status, neutralise_cell(entry.error or ""),
            neutralise_cell(entry.message), entry.encoding, str(entry.sms_parts), str(entry.credits_used),
            neutralise_cell(entry.carrier), _local(entry.delivered_at), entry.message_id, entry.batch_id or "")


def message_log_filter(query: MessageLogQuery) -> MessageLogFilter:
    validate_paging(query.page, query.per_page, max_per_page=MAX_PER_PAGE)
    status = None
    if query.status:  # an empty status= (a form's "any") filters nothing, as an empty search does
        if query.status not in {s.value for s in MessageStatus}:
            allowed = ", ".join(s.value for s in MessageStatus)
            raise ValidationError(f"status is one of {allowed}.", field="status")
        status = MessageStatus(query.status)
    number, fragment, text = _search_terms(query.search)
    return MessageLogFilter(
        account_id=query.account_id,
        limit=query.per_page,
        offset=(query.page - 1) * query.per_page,
        status=status,
        number=number,
        number_fragment=fragment,
        text=text,
        since=parse_moment(query.date_from, "date_from"),
        before=parse_moment(query.date_before, "date_before"),
    )


def _search_terms(search: str | None) -> tuple[str | None, str | None, str | None]:
    """(exact number, number digits, text): the contact search's rule (`domain.contacts`). Log
    numbers are all E.164, so a fragment that starts with 0 is looked for in its 255 form only."""
    terms = contact_search(search)
    return terms.number, terms.digits[-1] if terms.digits else None, terms.text


def parse_moment(value: str | None, field: str) -> datetime | None:
    """An ISO date (midnight UTC) or date-time (UTC when it names no offset): DATE_FROM_PATTERN."""
    if value is None:
        return None
    if not _DATE_FROM.fullmatch(value):
        raise ValidationError(
            f"{field} is an ISO date (2026-01-31) or date-time (2026-01-31T08:00, 2026-01-31T08:00:00Z).",
            field=field,
        )
    text = value.strip().upper()  # RFC 3339 allows a lowercase t and z
    if not text:
        return None
    if len(text) == 10:
        return datetime.combine(date.fromisoformat(text), time(), UTC)
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
