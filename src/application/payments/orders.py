"""Buying credits: a package or a voucher ordered, paid by mobile money (a USSD push, or a
hosted checkout page) or by hand; and the account's orders read back.

The order is written first and the provider asked after: the `pending` order commits before the
provider hears of it, so its callback, however fast, always finds it. The provider's answer
lands in a second transaction. A refusal (`ProviderRejected`: nothing was pushed) fails the order
with the provider's reason, its `payment.failed` event and a `payment` notification. No answer
(`ProviderUnavailable`: a push may have gone through) leaves it pending: the poll job asks the
provider about the same reference, and the expiry job ends it. A checkout page nobody could
open fails at once, as no payer can have seen it. A request retried under the same
Idempotency-Key carries the same order id: the order is found and answered as it stands, so
nobody is prompted twice for one order; only an order no provider ever answered for (the first
attempt died in between) is pushed again, under its reference, once the provider says it knows
nothing of it. An order copies what it was sold at (price, credits,
rate), so a later change to a package or to the rate card never alters it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime

from application.payments.payers import check_payer
from application.payments.settlement import SettlePayment
from application.payments.vouchers import voucher_price
from application.ports import (
    Clock,
    IdGenerator,
    MobileMoney,
    PaymentRequest,
    ProviderRejected,
    ProviderState,
    ProviderUnavailable,
    UnitOfWork,
    UnitOfWorkFactory,
)
from domain.accounts import phone_of
from domain.errors import NotFound, ValidationError
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging
from domain.payment_orders import (
    OrderSource,
    PaymentProvider,
    checkout_message,
    checkout_pending_message,
    manual_message,
    payer_phone,
    provider_for,
    push_message,
)
from domain.payments import PaymentOrder, PaymentStatus, order_reference

SETTLED_BY_PROVIDER = "provider"  # settled_by of an order the provider refused outright
NO_CHECKOUT = "The provider could not be reached to open a checkout page; start a new order."


@dataclass(frozen=True, slots=True)
class PackageOrderRequest:
    account_id: str
    package_id: int
    provider: str
    phone: str
    order_id: str | None = None  # the Idempotency-Key's operation id, when the request has one


@dataclass(frozen=True, slots=True)
class VoucherOrderRequest:
    account_id: str
    amount: int  # TZS
    provider: str
    phone: str | None
    order_id: str | None = None


@dataclass(frozen=True, slots=True)
class PaymentOrderList:
    orders: list[PaymentOrder]  # newest first
    page: int
    per_page: int
    total: int


def _never_handed(order: PaymentOrder) -> bool:
    """A pending order no provider answered for: no provider id, no checkout link."""
    return (order.status is PaymentStatus.PENDING and order.provider != PaymentProvider.MANUAL
            and order.provider_ref is None and order.checkout_url is None)


class _AskProvider:
    """The second half of placing an order: the provider asked, its answer recorded."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._uow, self._clock, self._ids, self._mobile_money = uow, clock, ids, mobile_money
        self._settle = SettlePayment(clock, ids)

    async def __call__(self, order: PaymentOrder, description: str) -> PaymentOrder:
        if order.provider == PaymentProvider.MANUAL:
            return order  # an operator confirms it; nobody is prompted
        request = PaymentRequest(reference=order.reference, amount=order.amount, currency=order.currency,
                                 phone=order.payer_phone, description=description)
        try:
            if order.provider == PaymentProvider.MOBILEMONEY:
                accepted = await self._mobile_money.push(request)
                return await self._record(order, provider_ref=accepted.provider_ref)
            url = await self._mobile_money.checkout_link(request)
            return await self._record(order, checkout_url=url)
        except ProviderRejected as refused:
            return await self._fail(order, refused.reason)
        except ProviderUnavailable:
            if order.provider == PaymentProvider.MOBILEMONEY:
                return order  # the push may have gone through: the poll job asks
            return await self._fail(order, NO_CHECKOUT)

    async def again(self, order: PaymentOrder, description: str) -> PaymentOrder:
        """A retry found the order. Handed to the provider, it is answered as it stands. Never
        handed (the first attempt died between the commit and the provider's answer), the
        provider is asked about its reference; knowing nothing of it, it is asked again under the
        same reference, so the payer gets the prompt (or page) the answer speaks of."""
        if not _never_handed(order):
            return order
        try:
            known = await self._mobile_money.status(order.reference)
        except ProviderUnavailable:
            return order  # the poll job asks later
        return await self(order, description) if known.state is ProviderState.UNKNOWN else order

    async def _record(self, order: PaymentOrder, *, provider_ref: str | None = None,
                      checkout_url: str | None = None) -> PaymentOrder:
        async with self._uow() as uow:
            # Re-read under lock: the provider may have settled it already (its callback is fast).
            current = await uow.payment_orders.lock(order.account_id, order.id) or order
            now = self._clock.now()
            if checkout_url is not None:
                current = replace(current, checkout_url=checkout_url, updated_at=now,
                                  checkout_message=checkout_message(checkout_url, order.amount, order.credit_amount))
                await uow.payment_orders.record_checkout(current)
            if provider_ref is not None and current.provider_ref is None:
                current = replace(current, provider_ref=provider_ref, updated_at=now)
                await uow.payment_orders.record_settlement(current)
            await uow.commit()
        return current

    async def _fail(self, order: PaymentOrder, reason: str) -> PaymentOrder:
        async with self._uow() as uow:
            current = await uow.payment_orders.lock(order.account_id, order.id) or order
            if current.status is not PaymentStatus.PENDING:
                return current  # settled meanwhile: that answer stands
            # its `payment.failed` event and `payment` notification with it
            current = await self._settle.fail(uow, current, reason, SETTLED_BY_PROVIDER)
            await uow.commit()
        return current


Build = Callable[[UnitOfWork, str, datetime], Awaitable[PaymentOrder]]  # (uow, order id, now) -> a new order


class _PlaceOrder:
    """Placing an order, whatever it buys: a retry finds its order; a new one is priced by the
    use case's `build`, its payer phone checked, and it commits `pending` before the provider is
    asked."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids
        self._ask_provider = _AskProvider(uow, clock, ids, mobile_money)

    async def __call__(self, account_id: str, order_id: str | None, build: Build) -> PaymentOrder:
        order_id = order_id or self._ids.new_id()
        async with self._uow() as uow:
            placed = await uow.payment_orders.get(account_id, order_id)
            order = placed or await build(uow, order_id, self._clock.now())
            if placed is None:
                if order.payer_phone is not None:  # any payer phone named is verified, prompted or not
                    await check_payer(uow, account_id, order.payer_phone)
                await uow.payment_orders.add(order)
            description = await _description(uow, order)
            await uow.commit()
        if placed is not None:  # a retry of a placed order
            return await self._ask_provider.again(placed, description)
        return await self._ask_provider(order, description)


async def _description(uow: UnitOfWork, order: PaymentOrder) -> str:
    """What the order buys, as the provider shows it (on its checkout page)."""
    package = await uow.packages.get(order.package_id) if order.package_id is not None else None
    return f"ujumbe {package.name if package else 'voucher'}: {order.credit_amount:,} SMS credits"


class OrderPackage:
    """A package bought by USSD push to a verified payer phone, at the package's price today."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._place = _PlaceOrder(uow, clock, ids, mobile_money)

    async def __call__(self, request: PackageOrderRequest) -> PaymentOrder:
        provider, phone = provider_for(OrderSource.PACKAGE, request.provider), phone_of(request.phone)

        async def build(uow: UnitOfWork, order_id: str, now: datetime) -> PaymentOrder:
            package = await uow.packages.get(request.package_id)
            if package is None or not package.active:
                # 404 as for any id that names nothing of ours (a campaign's contact_list_id too)
                raise NotFound(f"No package {request.package_id} is on sale; see GET /v1/packages.",
                               field="package_id")
            return PaymentOrder(
                account_id=request.account_id, id=order_id, source=OrderSource.PACKAGE.value, provider=provider.value,
                amount=package.price_tzs, credit_amount=package.credits, package_id=package.id,
                checkout_message=push_message(phone, package.price_tzs, package.credits), payer_phone=phone,
                created_at=now, updated_at=now)
        return await self._place(request.account_id, request.order_id, build)


class OrderVoucher:
    """Credits for any amount from the rate card's minimum, priced by the tier holding it."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._place = _PlaceOrder(uow, clock, ids, mobile_money)

    async def __call__(self, request: VoucherOrderRequest) -> PaymentOrder:
        provider = provider_for(OrderSource.VOUCHER, request.provider)
        phone = payer_phone(provider, request.phone)

        async def build(uow: UnitOfWork, order_id: str, now: datetime) -> PaymentOrder:
            price = await voucher_price(uow, request.amount)
            return PaymentOrder(
                account_id=request.account_id, id=order_id, source=OrderSource.VOUCHER.value, provider=provider.value,
                amount=price.amount_tzs, credit_amount=price.credits, rate_tzs_per_credit=price.rate_tzs_per_credit,
                leftover_tzs=price.leftover_tzs, payer_phone=phone, created_at=now, updated_at=now,
                checkout_message=_first_message(provider, order_id, phone, price.amount_tzs, price.credits))
        return await self._place(request.account_id, request.order_id, build)


def _first_message(provider: PaymentProvider, order_id: str, phone: str | None, amount: int, credits: int) -> str:
    if provider is PaymentProvider.MOBILEMONEY:
        assert phone is not None
        return push_message(phone, amount, credits)
    if provider is PaymentProvider.MANUAL:
        return manual_message(order_reference(order_id), amount, credits)
    return checkout_pending_message(amount, credits)


class GetPaymentOrder:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, order_id: str) -> PaymentOrder:
        async with self._uow() as uow:
            order = await uow.payment_orders.get(account_id, order_id)
        if order is None:
            raise NotFound("No such payment order.", field="order_id")
        return order


class ListPaymentOrders:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, page: int = 1, per_page: int = DEFAULT_PER_PAGE,
                       status: str | None = None) -> PaymentOrderList:
        page, per_page = validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        wanted = _status_of(status)
        async with self._uow() as uow:
            found = await uow.payment_orders.page(account_id, wanted, page, per_page)
        return PaymentOrderList(orders=found.orders, page=page, per_page=per_page, total=found.total)


def _status_of(value: str | None) -> PaymentStatus | None:
    """The `status` filter: an order status, or none (absent or empty)."""
    if not value:
        return None
    try:
        return PaymentStatus(value)
    except ValueError:
        raise ValidationError(f"status is one of {', '.join(PaymentStatus)}.", field="status") from None
