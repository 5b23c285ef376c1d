"""The message log read from the memory messages table (kept by `MemoryMessages`)."""

from __future__ import annotations

from adapters.memory.store import MemoryStore
from application.ports import MessageLogEntry, MessageLogFilter
from domain.messages import Message


def _matches(message: Message, log_filter: MessageLogFilter) -> bool:
    if message.account_id != log_filter.account_id:
        return False
    if log_filter.status is not None and message.status != log_filter.status:
        return False
    if log_filter.since is not None and message.created_at < log_filter.since:
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

    async def page(self, log_filter: MessageLogFilter) -> tuple[list[MessageLogEntry], int]:
        rows: dict[tuple[str, str], Message] = self._store.table("messages")
        found = sorted((m for m in rows.values() if _matches(m, log_filter)),
                       key=lambda m: (m.created_at, m.id), reverse=True)
        page = found[log_filter.offset:log_filter.offset + log_filter.limit]
        return [_entry(m) for m in page], len(found)
