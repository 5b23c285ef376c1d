"""The message log as an account reads it: a validated filter in, a page of entries out."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.messages import MessageStatus


@dataclass(frozen=True, slots=True)
class MessageLogFilter:
    """A validated query: which of an account's messages, and which page of them."""

    account_id: str
    limit: int
    offset: int
    status: MessageStatus | None = None
    number: str | None = None  # exact E.164 (the search was a whole Tanzanian number)
    number_fragment: str | None = None  # digits contained in the E.164 number
    text: str | None = None  # contained in the message text, case-insensitively
    since: datetime | None = None
    before: datetime | None = None  # created before this moment (the range's end, not included)


@dataclass(frozen=True, slots=True)
class MessageLogEntry:
    message_id: str
    to: str
    sender: str
    requested_sender: str | None
    status: str
    message: str
    cost: str
    credits_used: int
    sms_parts: int
    segments: int
    encoding: str
    carrier: str
    error: str | None
    batch_id: str | None
    created_at: datetime
    delivered_at: datetime | None


@dataclass(frozen=True, slots=True)
class SendCounts:
    """An account's messages created from a moment on, counted, and how many of them since a
    later moment (the same day's start, say)."""

    total: int
    recent: int
    delivered: int
    failed: int


class MessageLogs(Protocol):
    async def page(self, log_filter: MessageLogFilter) -> tuple[list[MessageLogEntry], int]:
        """The matching messages newest first (from `offset`, at most `limit`), and how many match."""
        ...

    def every(self, log_filter: MessageLogFilter, chunk: int) -> AsyncGenerator[list[MessageLogEntry], None]:
        """Every matching message newest first (`limit` and `offset` ignored), `chunk` at a time,
        read as they are consumed."""
        ...

    async def counts(self, account_id: str, since: datetime, recent_since: datetime) -> SendCounts:
        """The account's messages created at or after `since`: all, those at or after
        `recent_since` too, and those delivered and failed."""
        ...
