"""The message log read from the memory messages table (kept by `MemoryMessages`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import MessageLogEntry, MessageLogFilter, SendCounts
from domain.messages import Message, MessageStatus


def _matches(message: Message, log_filter: MessageLogFilter) -> bool:
    if message.account_id != log_filter.account_id:
        return False
    if log_filter.status is not None and message.status != log_filter.status:
        return False
    if log_filter.since is not None and message.created_at < log_filter.since:
        return False
    if log_filter.before is not None and message.created_at >= log_filter.before:
        return False
    if log_filter.number is not None and message.to != log_filter.number:
        return False
    if log_filter.text is None:
        return True
    in_text = log_filter.text.lower() in message.body.lower()
    in_number = log_filter.number_fragment is not None and log_filter.number_fragment in message.to
    return in_text or in_number


def _entry(message: Message) -> MessageLogEntry:
    return MessageLogEntry(
        message_id=message.id, to=message.to, sender=message.sender,
        requested_sender=message.requested_sender, status=message.status.value,
        message=message.body, cost=message.cost, credits_used=message.credits_used,
        sms_parts=message.sms_parts, segments=message.segments, encoding=message.encoding,
        carrier=message.carrier, error=message.error, batch_id=message.batch_id,
        created_at=message.created_at, delivered_at=message.delivered_at,
    )


class MemoryMessageLogs:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _messages(self) -> list[Message]:
        rows: dict[tuple[str, str], Message] = self._store.table("messages")
        return list(rows.values())

    def _found(self, log_filter: MessageLogFilter) -> list[Message]:
        return sorted((m for m in self._messages() if _matches(m, log_filter)),
                      key=lambda m: (m.created_at, m.id), reverse=True)

    async def page(self, log_filter: MessageLogFilter) -> tuple[list[MessageLogEntry], int]:
        found = self._found(log_filter)
        page = found[log_filter.offset:log_filter.offset + log_filter.limit]
        return [_entry(m) for m in page], len(found)

    async def every(self, log_filter: MessageLogFilter, chunk: int) -> AsyncIterator[list[MessageLogEntry]]:
        found = self._found(log_filter)
        for start in range(0, len(found), chunk):
            yield [_entry(m) for m in found[start:start + chunk]]

    async def counts(self, account_id: str, since: datetime, recent_since: datetime) -> SendCounts:
        period = [m for m in self._messages() if m.account_id == account_id and m.created_at >= since]
        return SendCounts(total=len(period), recent=sum(m.created_at >= recent_since for m in period),
                          delivered=sum(m.status is MessageStatus.DELIVERED for m in period),
                          failed=sum(m.status is MessageStatus.FAILED for m in period))
