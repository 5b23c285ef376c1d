"""The statements concurrent single sends share (`group_commit`): many sends' debits with their
pending messages, and many callers' outcomes with their outbox events, each group as one statement."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection

from adapters.postgres.sending.message_rows import MESSAGE_COLUMNS, message_values
from application.ports import OutboxEvent
from domain.errors import InsufficientCredits
from domain.ledger import Posting, next_balance
from domain.messages import Message, SubmitOutcome

_MESSAGE_ARRAYS = (  # how each column's array parameter is cast (uuids go as text)
    "text[]::uuid[]", "text[]::uuid[]", "text[]::uuid[]", "text[]::uuid[]", "text[]", "text[]",
    "text[]", "text[]", "text[]", "int[]", "int[]", "int[]", "int[]", "text[]", "text[]", "text[]",
    "text[]", "text[]", "timestamptz[]", "timestamptz[]", "timestamptz[]", "timestamptz[]", "bool[]", "text[]",
)
_UNNESTED = ", ".join(f"%(m_{column})b::{cast}" for column, cast in zip(MESSAGE_COLUMNS, _MESSAGE_ARRAYS, strict=True))
# Single sends' first transactions, any number at once, as one statement: the deductions in
# order (`debit_in_order`, migration 0009: each at its turn only if the balance stays >= 0 and its
# reference is new), and the pending message of each deduction appended. One row per item:
# (item, verdict, balance at its turn).
_PAID = (
    "WITH d AS MATERIALIZED (SELECT item, verdict, balance_at FROM debit_in_order("
    "%(accounts)b::text[]::uuid[], %(entry_ids)b::text[]::uuid[], %(credits)b::int[],"
    " %(descriptions)b::text[], %(references)b::text[], %(ats)b::timestamptz[])),"
    f" m AS (INSERT INTO messages ({', '.join(MESSAGE_COLUMNS)})"
    f" SELECT {', '.join(f'u.{column}' for column in MESSAGE_COLUMNS)}"
    f" FROM unnest({_UNNESTED})"
    f" WITH ORDINALITY AS u({', '.join(MESSAGE_COLUMNS)}, item)"
    " JOIN d ON d.item = u.item WHERE d.verdict = 'appended')"
    " SELECT item, verdict, balance_at FROM d ORDER BY item"
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
class PaidMessage:
    """One single send's first transaction: its pending message and the deduction paying for it."""

    message: Message
    deduction: Posting
    entry_id: str
    at: datetime


async def pay_in_order(conn: AsyncConnection, group: Sequence[PaidMessage]) -> list[bool | Exception]:
    """Per item: True when appended, False when its reference was posted before (nothing moved),
    or the InsufficientCredits its caller raises."""
    rows = [message_values(p.message) for p in group]
    params: dict[str, Any] = {
        "accounts": [p.message.account_id for p in group], "entry_ids": [p.entry_id for p in group],
        "credits": [p.deduction.credits for p in group],
        "descriptions": [p.deduction.description for p in group],
        "references": [p.deduction.reference for p in group], "ats": [p.at for p in group],
        **{f"m_{column}": list(values)
           for column, values in zip(MESSAGE_COLUMNS, zip(*rows, strict=True), strict=True)},
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
class SentOutcomes:
    """One caller's outcomes (no refund needed) and the outbox events of the messages they move."""

    account_id: str
    outcomes: Sequence[SubmitOutcome]
    events: Mapping[str, OutboxEvent]
    at: datetime


async def record_sent_together(conn: AsyncConnection, group: Sequence[SentOutcomes]) -> list[list[str]]:
    """Per item: the ids of its messages moved. A message in more than one item (a send and a
    reconciler racing) goes in a later statement, so only one of them moves it, as in turn."""
    moved: list[list[str]] = [[] for _ in group]
    left = list(enumerate(group))
    while left:
        taken: set[tuple[str, str]] = set()
        now: list[tuple[int, SentOutcomes]] = []
        later: list[tuple[int, SentOutcomes]] = []
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

