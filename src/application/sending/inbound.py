"""SMS that contacts send back, and what STOP and START do.

An inbound SMS belongs to the account whose messages the number received: the account that
most recently sent to it (under the sender ID it replied to, when the gateway names one). The
message is kept for that account; a STOP keyword opts the number out of the account's
campaigns, START opts it back in (`domain.inbound`). An SMS no account ever sent to is kept
aside, unrouted, for the operator.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock, IdGenerator, InboundMessage, InboundSms, UnitOfWorkFactory
from domain.errors import ValidationError
from domain.inbound import OptOutAction, classify_inbound
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging
from domain.phone import normalize_msisdn

MAX_INBOUND_LENGTH = 1600


@dataclass(frozen=True, slots=True)
class InboundPage:
    messages: list[InboundMessage]
    page: int
    per_page: int
    total: int


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
