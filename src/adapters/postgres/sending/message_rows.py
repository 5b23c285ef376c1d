"""The `messages` table's rows: the columns a message is written to and read from, and the mapping
both ways (every module that reads or writes messages uses these)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from psycopg import AsyncCursor
from psycopg.rows import RowMaker

from domain.messages import Message, MessageStatus

MESSAGE_COLUMNS = (
    "account_id", "id", "batch_id", "campaign_id", "to_number", "sender", "requested_sender",
    "body", "encoding", "characters", "sms_parts", "segments", "credits_used", "cost", "carrier",
    "status", "error", "gateway_ref", "created_at", "sent_at", "delivered_at", "updated_at", "handed_over",
    "gateway_bind",
)
MESSAGE_SELECT = (
    "m.account_id::text, m.id::text, m.batch_id::text, m.campaign_id::text, m.to_number AS to,"
    " m.sender, m.requested_sender, m.body, m.encoding, m.characters, m.sms_parts, m.segments,"
    " m.credits_used, m.cost, m.carrier, m.status, m.error, m.gateway_ref, m.created_at,"
    " m.sent_at, m.delivered_at, m.updated_at, m.handed_over, m.gateway_bind"
)


def message_values(message: Message) -> tuple[Any, ...]:
    return (
        message.account_id, message.id, message.batch_id, message.campaign_id, message.to,
        message.sender, message.requested_sender, message.body, message.encoding,
        message.characters, message.sms_parts, message.segments, message.credits_used,
        message.cost, message.carrier, message.status.value, message.error, message.gateway_ref,
        message.created_at, message.sent_at, message.delivered_at, message.updated_at, message.handed_over,
        message.gateway_bind,
    )


_STATUSES = {status.value: status for status in MessageStatus}
_NAMES = tuple("to" if column == "to_number" else column for column in MESSAGE_COLUMNS)  # `MESSAGE_SELECT`'s


def message_rows(cursor: AsyncCursor[Any]) -> RowMaker[Message]:
    """A row factory: rows of `MESSAGE_SELECT` (then `campaign_batch`, when selected) straight into
    messages, with no dict per row in between (a campaign reads every message twice: to hand it
    over, and to apply its delivery report). The columns are read by position, so their names are
    checked once a result, against `MESSAGE_SELECT`'s."""
    names = tuple(column.name for column in cursor.description or ())
    if names and names not in (_NAMES, (*_NAMES, "campaign_batch")):
        raise TypeError(f"message_rows reads the columns of MESSAGE_SELECT (then campaign_batch), not {names}")

    def message(values: Sequence[Any]) -> Message:
        (account_id, message_id, batch_id, campaign_id, to, sender, requested_sender, body, encoding, characters,
         sms_parts, segments, credits_used, cost, carrier, status, error, gateway_ref, created_at, sent_at,
         delivered_at, updated_at, handed_over, gateway_bind, *campaign_batch) = values
        return Message(
            account_id=account_id, id=message_id, to=to, sender=sender, body=body, encoding=encoding,
            characters=characters, sms_parts=sms_parts, segments=segments, credits_used=credits_used, cost=cost,
            carrier=carrier, status=_STATUSES[status], created_at=created_at, updated_at=updated_at,
            requested_sender=requested_sender, batch_id=batch_id, campaign_id=campaign_id,
            campaign_batch=campaign_batch[0] if campaign_batch else None, error=error, gateway_ref=gateway_ref,
            sent_at=sent_at, delivered_at=delivered_at, handed_over=handed_over, gateway_bind=gateway_bind,
        )

    return message

