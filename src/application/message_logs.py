"""The message log an account reads: every send, newest first, filtered and paged.

A read model served straight by the repository (no aggregate): the log is what the `messages`
table holds, shaped for the API (spec "Message log").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from application.ports import MessageLogEntry, MessageLogFilter, UnitOfWorkFactory
from domain.errors import InvalidPhoneNumber, ValidationError
from domain.messages import MessageStatus
from domain.phone import normalize_msisdn
from domain.rules import validate_paging

DEFAULT_PER_PAGE = 25
MAX_PER_PAGE = 100
MAX_SEARCH_LENGTH = 200
# What a person types around the digits of a phone number.
_NUMBER_CHARACTERS = frozenset("+0123456789 ().-")


@dataclass(frozen=True, slots=True)
class MessageLogQuery:
    """What the client asked, as given (validated by `ListMessageLogs`)."""

    account_id: str
    page: int = 1
    per_page: int = DEFAULT_PER_PAGE
    status: str | None = None
    search: str | None = None
    date_from: str | None = None


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
        since=_moment(query.date_from),
    )


def _search_terms(search: str | None) -> tuple[str | None, str | None, str | None]:
    """(exact number, number digits, text): a whole Tanzanian number in any written form is
    matched exactly (an index lookup); anything else is looked for in the text, and, when it
    looks like part of a number, in the numbers too (0712 → +255712...)."""
    term = (search or "").strip()
    if not term:
        return None, None, None
    if len(term) > MAX_SEARCH_LENGTH:
        raise ValidationError(f"search is at most {MAX_SEARCH_LENGTH} characters.", field="search")
    try:
        return normalize_msisdn(term).e164, None, None
    except InvalidPhoneNumber:
        pass
    digits = "".join(c for c in term if c.isascii() and c.isdigit())
    if len(digits) < 3 or not set(term) <= _NUMBER_CHARACTERS:
        return None, None, term
    return None, "255" + digits[1:] if digits.startswith("0") else digits, term


def _moment(value: str | None) -> datetime | None:
    """An ISO date (midnight UTC) or date-time (UTC when it names no offset)."""
    if value is None or not value.strip():
        return None
    text = value.strip().upper()  # RFC 3339 allows a lowercase t and z
    try:
        if len(text) == 10:
            return datetime.combine(date.fromisoformat(text), time(), UTC)
        moment = datetime.fromisoformat(text)
    except ValueError as exc:
        raise ValidationError(
            "date_from is an ISO date (2026-01-31) or date-time (2026-01-31T08:00:00Z).",
            field="date_from",
        ) from exc
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
