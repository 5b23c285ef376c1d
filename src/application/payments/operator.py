"""The operator's side of payment orders (`ujumbe payments list|show|confirm|fail`).

An operator confirms an order whose money they saw arrive (a `manual` order, or one a provider
never answered for) and fails one that will not be paid. Both go through the settlement core
(`payment_settlement`) under the order's lock, so they race callbacks and polls safely: doing it
twice, or after the provider did the same, is a no-op the answer shows. An operator cannot
confirm an order that failed (only the provider's proof of payment confirms it late) nor fail a
confirmed one (its credits are granted): both are `illegal_transition` errors.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.payments.settlement import SettlePayment
from application.ports import Clock, IdGenerator, ProviderEvent, UnitOfWorkFactory
from domain.errors import ValidationError
from domain.payments import PaymentEvent, PaymentOrder, PaymentStatus, no_payment_order

DEFAULT_OPERATOR_LIMIT = 50
MAX_OPERATOR_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class OrderRecord:
    """One order with every answer its provider gave about it, oldest first."""

    order: PaymentOrder
    provider_events: list[ProviderEvent]


@dataclass(frozen=True, slots=True)
class OperatorSettlement:
    order: PaymentOrder
    changed: bool  # False: it was settled that way already


class OperatorPaymentOrders:
    """Every account's orders, newest first, optionally of one status."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, status: PaymentStatus | None = None,
                       limit: int = DEFAULT_OPERATOR_LIMIT) -> list[PaymentOrder]:
        if not 1 <= limit <= MAX_OPERATOR_LIMIT:
            raise ValidationError(f"The limit must be 1 to {MAX_OPERATOR_LIMIT}.", field="limit")
        async with self._uow() as uow:
            return await uow.payment_orders.operator_list(status, limit)


class ShowPaymentOrder:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, order_id: str) -> OrderRecord:
        async with self._uow() as uow:
            order = await uow.payment_orders.find(order_id)
            if order is None:
                raise no_payment_order(order_id)
            return OrderRecord(order, await uow.provider_events.for_order(order.reference))


class SettleByOperator:
    """`ConfirmPaymentOrder` and `FailPaymentOrder`: an operator's word on one order."""

    event: PaymentEvent

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow = uow
        self._settle = SettlePayment(clock, ids)

    async def __call__(self, order_id: str, operator: str, reason: str | None = None) -> OperatorSettlement:
        if not operator.strip():
            raise ValidationError("Name the operator.", field="by")
        async with self._uow() as uow:
            found = await uow.payment_orders.find(order_id)
            order = await uow.payment_orders.lock(found.account_id, found.id) if found else None
            if order is None:
                raise no_payment_order(order_id)
            settled, changed = await self._settle.by_operator(uow, order, self.event, operator.strip(), reason)
            await uow.commit()
        return OperatorSettlement(settled, changed)


class ConfirmPaymentOrder(SettleByOperator):
    """Confirm a pending order by hand: its credits granted, its notification and webhook, once."""

    event = PaymentEvent.CONFIRM


class FailPaymentOrder(SettleByOperator):
    """Fail a pending order by hand, with the operator's reason (`failed by operator` when none)."""

    event = PaymentEvent.FAIL
