"""Inbound SMS, their routing to an account, and opt-outs in memory."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import InboundMessage
from domain.messages import Message


class MemoryInbound:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[str, InboundMessage]:
        rows: dict[str, InboundMessage] = self._store.table("inbound_messages")
        return rows

    async def route(self, from_number: str, to: str | None) -> str | None:
        messages: dict[tuple[str, str], Message] = self._store.table("messages")
        sent = [m for m in messages.values()
                if m.to == from_number and (to is None or m.sender.lower() == to.lower())]
        return max(sent, key=lambda m: m.created_at).account_id if sent else None

    async def add(self, message: InboundMessage) -> None:
        self._rows()[message.id] = message

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[InboundMessage], int]:
        found = sorted((m for m in self._rows().values() if m.account_id == account_id),
                       key=lambda m: (m.received_at, m.id), reverse=True)
        return found[(page - 1) * per_page: page * per_page], len(found)


class MemoryOptOuts:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], datetime]:
        rows: dict[tuple[str, str], datetime] = self._store.table("opt_outs")
        return rows

    async def opt_out(self, account_id: str, phone: str, at: datetime) -> None:
        self._rows().setdefault((account_id, phone), at)

    async def opt_in(self, account_id: str, phone: str) -> None:
        self._rows().pop((account_id, phone), None)

    async def is_opted_out(self, account_id: str, phone: str) -> bool:
        return (account_id, phone) in self._rows()

    async def opted_out_among(self, account_id: str, phones: Iterable[str]) -> dict[str, datetime]:
        rows = self._rows()
        return {phone: rows[(account_id, phone)] for phone in phones if (account_id, phone) in rows}
