"""Messages and sender IDs in PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection, AsyncCursor
from psycopg.rows import RowMaker

from adapters.postgres.group_commit import GroupCommits, autocommit, is_idle, run_grouped
from adapters.postgres.outbox import PostgresEventOutbox
from application.ports import OutboxEvent, SenderId
from domain.errors import InsufficientCredits
from domain.ledger import EntryType, Posting, next_balance
from domain.messages import Message, MessageStatus, SubmitOutcome

_COLUMNS = (
    "account_id", "id", "batch_id", "campaign_id", "to_number", "sender", "requested_sender",
    "body", "encoding", "characters", "sms_parts", "segments", "credits_used", "cost", "carrier",
    "status", "error", "gateway_ref", "created_at", "sent_at", "delivered_at", "updated_at", "handed_over",
    "gateway_bind",
)
_SELECT = (
    "m.account_id::text, m.id::text, m.batch_id::text, m.campaign_id::text, m.to_number AS to,"
    " m.sender, m.requested_sender, m.body, m.encoding, m.characters, m.sms_parts, m.segments,"
    " m.credits_used, m.cost, m.carrier, m.status, m.error, m.gateway_ref, m.created_at,"
    " m.sent_at, m.delivered_at, m.updated_at, m.handed_over, m.gateway_bind"
)


_MESSAGE_ARRAYS = (  # how each column's array parameter is cast (uuids go as text)
    "text[]::uuid[]", "text[]::uuid[]", "text[]::uuid[]", "text[]::uuid[]", "text[]", "text[]",
    "text[]", "text[]", "text[]", "int[]", "int[]", "int[]", "int[]", "text[]", "text[]", "text[]",
    "text[]", "text[]", "timestamptz[]", "timestamptz[]", "timestamptz[]", "timestamptz[]", "bool[]", "text[]",
)
# Single sends' first transactions, any number at once, as one statement: the deductions in
# order (`debit_in_order`, migration 0009: each at its turn only if the balance stays >= 0 and its
# reference is new), and the pending message of each deduction appended. One row per item:
# (item, verdict, balance at its turn).
_PAID = (
    "WITH d AS MATERIALIZED (SELECT item, verdict, balance_at FROM debit_in_order("
    "%(accounts)b::text[]::uuid[], %(entry_ids)b::text[]::uuid[], %(credits)b::int[],"
    " %(descriptions)b::text[], %(references)b::text[], %(ats)b::timestamptz[])),"
    f" m AS (INSERT INTO messages ({', '.join(_COLUMNS)})"
    f" SELECT {', '.join(f'u.{column}' for column in _COLUMNS)}"
    f" FROM unnest({', '.join(f'%(m_{column})b::{cast}' for column, cast in zip(_COLUMNS, _MESSAGE_ARRAYS, strict=True))})"
    f" WITH ORDINALITY AS u({', '.join(_COLUMNS)}, item)"
    " JOIN d ON d.item = u.item WHERE d.verdict = 'appended')"
    " SELECT item, verdict, balance_at FROM d ORDER BY item"
)


# Still-pending messages to their outcomes (`%(...)b`: binary arrays, no text escaping).
_MOVE_OUTCOMES = (
    "UPDATE messages AS m SET status = u.status, gateway_ref = u.gateway_ref, gateway_bind = u.gateway_bind,"
    " error = u.error, credits_used = u.credits_used, cost = u.cost,"
    " sent_at = CASE WHEN u.status = 'sent' THEN %(at)s END, updated_at = %(at)s"
    " FROM unnest(%(ids)b::text[]::uuid[], %(statuses)b::text[], %(refs)b::text[], %(binds)b::text[],"
    " %(errors)b::text[], %(credits)b::int[], %(costs)b::text[])"
    " AS u(id, status, gateway_ref, gateway_bind, error, credits_used, cost)"
    " WHERE m.account_id = %(account_id)s AND m.id = u.id AND m.status = 'pending'"
)

# Outcomes that need no refund, of any number of callers (and accounts) at once, with the
# outbox event of each message moved, in one statement; the (account, id) of those moved.
_SENT_WITH_EVENTS = (
    "WITH moved AS (UPDATE messages AS m SET status = u.status, gateway_ref = u.gateway_ref,"
    " gateway_bind = u.gateway_bind, error = u.error, credits_used = u.credits_used, cost = u.cost,"
    " sent_at = CASE WHEN u.status = 'sent' THEN u.at END, updated_at = u.at"
    " FROM unnest(%(accounts)b::text[]::uuid[], %(ids)b::text[]::uuid[], %(statuses)b::text[],"
    " %(refs)b::text[], %(binds)b::text[], %(errors)b::text[], %(credits)b::int[], %(costs)b::text[],"
    " %(ats)b::timestamptz[]) AS u(account_id, id, status, gateway_ref, gateway_bind, error, credits_used, cost, at)"
    " WHERE m.account_id = u.account_id AND m.id = u.id AND m.status = 'pending'"
    " RETURNING m.account_id, m.id),"
    " added AS (INSERT INTO outbox_events (account_id, id, type, data, created_at)"
    " SELECT e.account_id, e.id, e.type, e.data::jsonb, e.created_at"
    " FROM unnest(%(event_accounts)b::text[]::uuid[], %(event_messages)b::text[]::uuid[],"
    " %(event_ids)b::text[]::uuid[], %(event_types)b::text[], %(event_data)b::text[],"
    " %(event_times)b::timestamptz[]) AS e(account_id, message_id, id, type, data, created_at)"
    " JOIN moved ON moved.account_id = e.account_id AND moved.id = e.message_id)"
    " SELECT account_id::text, id::text FROM moved"
)


@dataclass(frozen=True, slots=True)
class _Paid:
    """One single send's first transaction: its pending message and the deduction paying for it."""

    message: Message
    deduction: Posting
    entry_id: str
    at: datetime


async def pay_in_order(conn: AsyncConnection, group: Sequence[_Paid]) -> list[bool | Exception]:
    """Per item: True when appended, False when its reference was posted before (nothing moved),
    or the InsufficientCredits its caller raises."""
    rows = [_row(p.message) for p in group]
    params: dict[str, Any] = {
        "accounts": [p.message.account_id for p in group], "entry_ids": [p.entry_id for p in group],
        "credits": [p.deduction.credits for p in group],
        "descriptions": [p.deduction.description for p in group],
        "references": [p.deduction.reference for p in group], "ats": [p.at for p in group],
        **{f"m_{column}": list(values) for column, values in zip(_COLUMNS, zip(*rows, strict=True), strict=True)},
    }
    cur = await conn.execute(_PAID, params)
    verdicts: list[bool | Exception] = []
    for (item, verdict, balance), paid in zip(await cur.fetchall(), group, strict=True):
        if item != len(verdicts) + 1:
            raise RuntimeError("debit_in_order answered out of order")
        if verdict != "refused":
            verdicts.append(verdict == "appended")
            continue
        try:
            next_balance(balance, paid.deduction)  # raises with the domain's wording
        except InsufficientCredits as refused:
            verdicts.append(refused)
            continue
        raise RuntimeError("debit_in_order refused a deduction the balance at its turn covers")
    return verdicts


@dataclass(frozen=True, slots=True)
class _Sent:
    """One caller's outcomes (no refund needed) and the outbox events of the messages they move."""

    account_id: str
    outcomes: Sequence[SubmitOutcome]
    events: Mapping[str, OutboxEvent]
    at: datetime


async def record_sent_together(conn: AsyncConnection, group: Sequence[_Sent]) -> list[list[str]]:
    """Per item: the ids of its messages moved. A message in more than one item (a send and a
    reconciler racing) goes in a later statement, so only one of them moves it, as in turn."""
    moved: list[list[str]] = [[] for _ in group]
    left = list(enumerate(group))
    while left:
        taken: set[tuple[str, str]] = set()
        now: list[tuple[int, _Sent]] = []
        later: list[tuple[int, _Sent]] = []
        for index, sent in left:
            keys = {(sent.account_id, o.message_id) for o in sent.outcomes}
            (later if keys & taken else now).append((index, sent))
            if not keys & taken:
                taken |= keys
        outcomes = [(s.account_id, o, s.at) for _, s in now for o in s.outcomes]
        events = [e for _, s in now for e in s.events.items()]
        cur = await conn.execute(_SENT_WITH_EVENTS, {
            "accounts": [a for a, _, _ in outcomes], "ids": [o.message_id for _, o, _ in outcomes],
            "statuses": [o.status.value for _, o, _ in outcomes],
            "refs": [o.gateway_ref for _, o, _ in outcomes], "binds": [o.gateway_bind for _, o, _ in outcomes],
            "errors": [o.error for _, o, _ in outcomes],
            "credits": [o.credits_used for _, o, _ in outcomes], "costs": [o.cost for _, o, _ in outcomes],
            "ats": [at for _, _, at in outcomes],
            "event_accounts": [e.account_id for _, e in events], "event_messages": [m for m, _ in events],
            "event_ids": [e.id for _, e in events], "event_types": [e.type for _, e in events],
            "event_data": [json.dumps(dict(e.data)) for _, e in events],
            "event_times": [e.created_at for _, e in events],
        })
        done = set(await cur.fetchall())
        for index, sent in now:
            moved[index] = [o.message_id for o in sent.outcomes if (sent.account_id, o.message_id) in done]
        left = later
    return moved


def _outcome_params(account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime) -> dict[str, Any]:
    return {
        "account_id": account_id, "at": at,
        "ids": [o.message_id for o in outcomes],
        "statuses": [o.status.value for o in outcomes],
        "refs": [o.gateway_ref for o in outcomes],
        "binds": [o.gateway_bind for o in outcomes],
        "errors": [o.error for o in outcomes],
        "credits": [o.credits_used for o in outcomes],
        "costs": [o.cost for o in outcomes],
    }


def _row(message: Message) -> tuple[Any, ...]:
    return (
        message.account_id, message.id, message.batch_id, message.campaign_id, message.to,
        message.sender, message.requested_sender, message.body, message.encoding,
        message.characters, message.sms_parts, message.segments, message.credits_used,
        message.cost, message.carrier, message.status.value, message.error, message.gateway_ref,
        message.created_at, message.sent_at, message.delivered_at, message.updated_at, message.handed_over,
        message.gateway_bind,
    )


_STATUSES = {status.value: status for status in MessageStatus}
_NAMES = tuple("to" if column == "to_number" else column for column in _COLUMNS)  # `_SELECT`'s


def message_rows(cursor: AsyncCursor[Any]) -> RowMaker[Message]:
    """A row factory: rows of `_SELECT` (then `campaign_batch`, when selected) straight into
    messages, with no dict per row in between (a campaign reads every message twice: to hand it
    over, and to apply its delivery report). The columns are read by position, so their names are
    checked once a result, against `_SELECT`'s."""
    names = tuple(column.name for column in cursor.description or ())
    if names and names not in (_NAMES, (*_NAMES, "campaign_batch")):
        raise TypeError(f"message_rows reads the columns of _SELECT (then campaign_batch), not {names}")

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


class PostgresMessages:
    def __init__(self, conn: AsyncConnection, events: PostgresEventOutbox,
                 groups: GroupCommits | None = None) -> None:
        self._conn = conn
        self._events = events  # the unit of work's outbox: events written here count for its wake-up
        self._groups = groups  # None: every statement alone
        self.paid: list[Posting] = []  # deductions appended in this transaction (counted once it commits)

    async def add_many(self, messages: Sequence[Message]) -> None:
        if len(messages) == 1:  # a single send: one INSERT beats COPY's extra round trips
            await self._conn.execute(
                f"INSERT INTO messages ({', '.join(_COLUMNS)})"
                f" VALUES ({', '.join(['%s'] * len(_COLUMNS))})",
                _row(messages[0]),
            )
            return
        async with self._conn.cursor() as cur:
            async with cur.copy(f"COPY messages ({', '.join(_COLUMNS)}) FROM STDIN") as copy:
                for message in messages:
                    await copy.write_row(_row(message))

    async def add_paid(self, message: Message, deduction: Posting, entry_id: str, at: datetime) -> bool:
        if deduction.type != EntryType.DEDUCT:
            raise ValueError("a paid message is paid by a deduction")
        # Nothing else in the transaction: the statement joins the next group commit, so the
        # account's balance row is locked once for many sends' debits and one commit's sync.
        paid = await run_grouped(self._groups, pay_in_order, self._conn, _Paid(message, deduction, entry_id, at))
        if paid:
            self.paid.append(deduction)
        return paid

    async def get(self, account_id: str, message_id: str) -> Message | None:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(
                f"SELECT {_SELECT} FROM messages m WHERE m.account_id = %s AND m.id = %s",
                (account_id, message_id),
            )
            return await cur.fetchone()

    async def list_batch(self, account_id: str, batch_id: str) -> list[Message]:
        # Only a retry resuming a crashed bulk asks, so no index of its own slows every bulk's
        # 1000-row insert: the primary key's account_id prefix bounds the scan to the account.
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(
                f"SELECT {_SELECT} FROM messages m WHERE m.account_id = %s AND m.batch_id = %s",
                (account_id, batch_id),
            )
            return await cur.fetchall()

    async def record_outcomes(
        self, account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime
    ) -> list[str]:
        cur = await self._conn.execute(_MOVE_OUTCOMES + " RETURNING m.id::text",
                                       _outcome_params(account_id, outcomes, at))
        return [row[0] for row in await cur.fetchall()]

    async def record_sent(self, account_id: str, outcomes: Sequence[SubmitOutcome],
                          events: Mapping[str, OutboxEvent], at: datetime) -> list[str]:
        if any(e.account_id != account_id for e in events.values()):
            raise ValueError("every event belongs to the account whose messages moved")
        moved = await run_grouped(self._groups, record_sent_together, self._conn,
                                  _Sent(account_id, outcomes, events, at))
        self._events.added += sum(1 for message_id in moved if message_id in events)  # wakes the dispatch
        return moved

    async def record_senders(self, account_id: str, messages: Sequence[Message]) -> None:
        if messages:
            await self._conn.execute(
                "UPDATE messages AS m SET sender = u.sender, requested_sender = u.requested"
                " FROM unnest(%s::uuid[], %s::text[], %s::text[]) AS u(id, sender, requested)"
                " WHERE m.account_id = %s AND m.id = u.id",
                ([m.id for m in messages], [m.sender for m in messages], [m.requested_sender for m in messages],
                 account_id),
            )

    async def mark_handed_over(self, account_id: str, message_ids: Sequence[str], at: datetime) -> None:
        if message_ids:
            await self._conn.execute(
                "UPDATE messages SET handed_over = true, updated_at = %s"
                " WHERE account_id = %s AND id = ANY(%b::text[]::uuid[]) AND status = 'pending'",
                (at, account_id, list(message_ids)),
            )

    async def claim_stuck(self, older_than: datetime, now: datetime, limit: int) -> list[Message]:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(
                "UPDATE messages AS m SET updated_at = %s"
                " FROM (SELECT account_id, id FROM messages"
                "       WHERE status = 'pending' AND updated_at < %s AND (campaign_id IS NULL"
                "         OR EXISTS (SELECT 1 FROM campaigns c WHERE c.account_id = messages.account_id"
                "                    AND c.id = messages.campaign_id AND c.status IN ('completed', 'failed')))"
                "       ORDER BY updated_at LIMIT %s FOR UPDATE SKIP LOCKED) AS stuck"
                f" WHERE m.account_id = stuck.account_id AND m.id = stuck.id RETURNING {_SELECT}, m.campaign_batch",
                (now, older_than, limit),
            )
            rows = await cur.fetchall()
        return sorted(rows, key=lambda m: (m.created_at, m.id))


class PostgresSenderIds:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, account_id: str, sender: SenderId) -> bool:
        cur = await self._conn.execute(
            "INSERT INTO sender_ids (account_id, sender_id, created_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (account_id, sender_id) DO NOTHING",
            (account_id, sender.sender_id, sender.created_at),
        )
        return cur.rowcount == 1

    async def remove(self, account_id: str, sender_id: str) -> bool:
        cur = await self._conn.execute(
            "DELETE FROM sender_ids WHERE account_id = %s AND sender_id = %s",
            (account_id, sender_id),
        )
        return cur.rowcount == 1

    async def list(self, account_id: str) -> list[SenderId]:
        cur = await self._conn.execute(
            "SELECT sender_id, created_at FROM sender_ids WHERE account_id = %s ORDER BY sender_id",
            (account_id,),
        )
        return [SenderId(sender_id=row[0], created_at=row[1]) for row in await cur.fetchall()]

    async def is_registered(self, account_id: str, sender_id: str) -> bool:
        query = ("SELECT 1 FROM sender_ids WHERE account_id = %s AND sender_id = %s", (account_id, sender_id))
        if not is_idle(self._conn):
            return await (await self._conn.execute(*query)).fetchone() is not None
        # A send asks before its debit: a lone read in autocommit leaves no transaction open, so
        # the debit that follows can still join the group commit.
        async with autocommit(self._conn):
            return await (await self._conn.execute(*query)).fetchone() is not None
