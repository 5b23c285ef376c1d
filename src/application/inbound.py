"""SMS that contacts send back, and what STOP and START do.

An inbound SMS belongs to the account whose messages the number received: the account that
most recently sent to it (under the sender ID it replied to, when the gateway names one). The
message is kept for that account; a STOP keyword opts the number out of the account's
campaigns, START opts it back in (`domain.inbound`). An SMS no account ever sent to is kept
aside, unrouted, for the operator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from application.ports import Clock, IdGenerator, UnitOfWork, UnitOfWorkFactory
from domain.errors import ValidationError
from domain.inbound import OptOutAction, classify_inbound
from domain.phone import normalize_msisdn
from domain.rules import validate_paging

DEFAULT_PER_PAGE = 25
MAX_PER_PAGE = 100
MAX_INBOUND_LENGTH = 1600


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


@dataclass(frozen=True, slots=True)
class InboundPage:
    messages: list[InboundMessage]
    page: int
    per_page: int
    total: int


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


class ReceiveInboundSms:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, sms: InboundSms) -> InboundMessage:
        sender = normalize_msisdn(sms.from_number).e164
        text = sms.text.strip()
        if not text or len(text) > MAX_INBOUND_LENGTH:
            raise ValidationError(f"An SMS has 1 to {MAX_INBOUND_LENGTH} characters.", field="text")
        received_at = sms.received_at or self._clock.now()
        async with self._uow() as uow:
            account_id = await uow.inbound.route(sender, sms.to)
            message = InboundMessage(
                id=self._ids.new_id(), account_id=account_id, from_number=sender, to=sms.to,
                text=text, action=classify_inbound(text), received_at=received_at,
                gateway_ref=sms.gateway_ref,
            )
            await uow.inbound.add(message)
            if account_id is not None and message.action is OptOutAction.STOP:
                await uow.opt_outs.opt_out(account_id, sender, received_at)
            elif account_id is not None and message.action is OptOutAction.START:
                await uow.opt_outs.opt_in(account_id, sender)
            await uow.commit()
        return message


class ListInboundMessages:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, page: int = 1, per_page: int = DEFAULT_PER_PAGE) -> InboundPage:
        validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            messages, total = await uow.inbound.page(account_id, page, per_page)
        return InboundPage(messages, page, per_page, total)


class IsOptedOut:
    """Whether a number opted out of an account's campaigns (for operators and other areas)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, phone: str) -> bool:
        e164 = normalize_msisdn(phone).e164
        async with self._uow() as uow:
            return await uow.opt_outs.is_opted_out(account_id, e164)
