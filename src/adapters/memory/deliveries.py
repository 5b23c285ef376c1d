"""Delivery reports in memory (messages are the memory messages adapter's rows)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import DeliveryReport, ReceivedReport, UnmatchedReport
from domain.messages import Message


class MemoryDeliveryReports:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _messages(self) -> dict[tuple[str, str], Message]:
        rows: dict[tuple[str, str], Message] = self._store.table("messages")
        return rows

    def _unmatched(self) -> dict[int, UnmatchedReport]:
        rows: dict[int, UnmatchedReport] = self._store.table("unmatched_delivery_reports")
        return rows

    async def messages_by_gateway_refs(self, gateway_refs: Sequence[str], limit: int) -> dict[str, list[Message]]:
        wanted = set(gateway_refs)
        found: dict[str, list[Message]] = {}
        for message in sorted(self._messages().values(), key=lambda m: (m.account_id, m.id)):
            if message.gateway_ref in wanted and len(found.setdefault(message.gateway_ref, [])) < limit:
                found[message.gateway_ref].append(message)
        return found

    async def record_statuses(self, messages: Sequence[Message]) -> None:
        rows = self._messages()
        for message in messages:
            rows[(message.account_id, message.id)] = replace(
                rows[(message.account_id, message.id)], status=message.status, delivered_at=message.delivered_at,
                error=message.error, updated_at=message.updated_at)

    async def add_unmatched(self, report: DeliveryReport, received_at: datetime) -> None:
        report_id = len(self._unmatched()) + 1
        self._unmatched()[report_id] = UnmatchedReport(report_id, report, received_at)

    async def unmatched(self, received_since: datetime, limit: int) -> list[UnmatchedReport]:
        matched: set[int] = self._store.table("matched_delivery_reports", set)
        found = [u for u in self._unmatched().values() if u.id not in matched and u.received_at >= received_since]
        return sorted(found, key=lambda u: (u.received_at, u.id))[:limit]

    async def mark_matched(self, report_id: int, at: datetime) -> None:
        self._store.table("matched_delivery_reports", set).add(report_id)

    def _received(self) -> list[tuple[datetime, ReceivedReport]]:
        rows: list[tuple[datetime, ReceivedReport]] = self._store.table("received_delivery_reports", list)
        return rows

    async def take_received(self, due_by: datetime, limit: int) -> list[ReceivedReport]:
        due = sorted((row for row in self._received() if row[0] <= due_by), key=lambda row: row[0])[:limit]
        for row in due:
            self._received().remove(row)
        return [received for _, received in due]

    async def receive_again(self, received: Sequence[ReceivedReport], due_at: datetime) -> None:
        self._received().extend((due_at, r) for r in received)

    async def next_received(self) -> datetime | None:
        return min((due for due, _ in self._received()), default=None)


class MemoryReceivedReports:
    """`ReceivedReports` in memory: written under the store's lock, as a transaction of its own."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    async def put(self, reports: Sequence[DeliveryReport], received_at: datetime) -> None:
        async with self._store.lock:
            self._store.table("received_delivery_reports", list).extend(
                (r.reported_at, ReceivedReport(r, received_at)) for r in reports)
