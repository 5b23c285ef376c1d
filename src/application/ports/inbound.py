"""SMS that contacts send back, and the numbers that opted out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.inbound import OptOutAction


@dataclass(frozen=True, slots=True)
class InboundSms:
    """What a gateway hands over: who wrote, to which sender ID or number, and what."""

    from_number: str
    text: str
    to: str | None = None
    received_at: datetime | None = None  # when the carrier says; the clock's now when absent
    gateway_ref: str | None = None


@dataclass(frozen=True, slots=True)
class InboundMessage:
    id: str
    account_id: str | None  # None: no account ever sent to this number (kept unrouted)
    from_number: str
    to: str | None
    text: str
    action: OptOutAction | None
    received_at: datetime
    gateway_ref: str | None = None


class InboundRepository(Protocol):
    async def route(self, from_number: str, to: str | None) -> str | None:
        """The account that most recently sent to `from_number` (under sender `to` when given)."""
        ...

    async def add(self, message: InboundMessage) -> None:
        """Kept for its account, or unrouted when it has none."""
        ...

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[InboundMessage], int]:
        """Newest first."""
        ...


class OptOutRepository(Protocol):
    async def opt_out(self, account_id: str, phone: str, at: datetime) -> None:
        """Flag the number (keeps the first time when it is flagged already)."""
        ...

    async def opt_in(self, account_id: str, phone: str) -> None: ...

    async def is_opted_out(self, account_id: str, phone: str) -> bool: ...

    async def opted_out_among(self, account_id: str, phones: Iterable[str]) -> dict[str, datetime]:
        """Of `phones` (E.164), those opted out, with when: what campaigns leave out."""
        ...
