"""Placing payment orders on memory adapters, with a fake provider that records what it was asked."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.payments.orders import (
    NO_CHECKOUT,
    GetPaymentOrder,
    ListPaymentOrders,
    OrderPackage,
    OrderVoucher,
    PackageOrderRequest,
    VoucherOrderRequest,
)
from application.payments.payers import ListPayerPhones
from application.payments.vouchers import QuoteVoucher
from application.ports import NotificationKind, PaymentRequest
from domain.accounts import Account
from domain.errors import InvalidPhoneNumber, NotFound, PhoneNotVerified, ValidationError
from domain.payments import PaymentOrder, PaymentStatus
from domain.pricing import CreditPackage
from domain.vouchers import VoucherRateCard, VoucherTier
from domain.webhooks import WebhookEventType
from mobile_money_fake import CHECKOUT_BASE, FakeMobileMoney
from tests_support import ids

ACCOUNT = ids(1)
OTHER = ids(2)
OWN_PHONE = "+255712345678"  # the account's own verified phone
PAYER = "+255754000111"  # a payer phone the account verified
STRANGER = "+255765000222"  # verified by nobody
CARD = VoucherRateCard(min_amount_tzs=1_000, tiers=(
    VoucherTier(9_999, Decimal("35")), VoucherTier(99_999, Decimal("30")), VoucherTier(None, Decimal("25"))))
STARTER = CreditPackage(id=1, name="Starter", credits=100, price_tzs=3_500)


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.provider = FakeMobileMoney()

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    async def seed(self) -> None:
        async with self.uow() as uow:
            for account_id, phone in ((ACCOUNT, OWN_PHONE), (OTHER, None)):
                await uow.accounts.add(Account(
                    id=account_id, email=f"{account_id}@example.com", password_hash="x", business_name="Duka",
                    plan="free", phone=phone, phone_verified=phone is not None, email_verified=True,
                    created_at=self.clock.now()))
            await uow.payer_phones.add(ACCOUNT, PAYER, self.clock.now())
            await uow.packages.save(STARTER)
            await uow.packages.save(CreditPackage(id=2, name="Old", credits=10, price_tzs=500, active=False))
            await uow.voucher_rates.save(CARD)
            await uow.commit()

    async def package(self, phone: str = OWN_PHONE, package_id: int = 1, provider: str = "mobilemoney",
                      account: str = ACCOUNT, order_id: str | None = None) -> PaymentOrder:
        order = OrderPackage(self.uow, self.clock, self.ids, self.provider)
        return await order(PackageOrderRequest(account_id=account, package_id=package_id, provider=provider,
                                               phone=phone, order_id=order_id))

    async def voucher(self, amount: int, provider: str = "mobilemoney", phone: str | None = PAYER,
                      account: str = ACCOUNT, order_id: str | None = None) -> PaymentOrder:
        order = OrderVoucher(self.uow, self.clock, self.ids, self.provider)
        return await order(VoucherOrderRequest(account_id=account, amount=amount, provider=provider, phone=phone,
                                               order_id=order_id))

    async def stored(self, order: PaymentOrder) -> PaymentOrder:
        return await GetPaymentOrder(self.uow)(order.account_id, order.id)

    async def events_and_notifications(self) -> tuple[list[str], list[tuple[NotificationKind, str]]]:
        async with self.uow() as uow:
            events = [e.type for e in await uow.events.undispatched(100)]
            notes, _ = await uow.notifications.page(ACCOUNT, 1, 100)
        return events, [(n.kind, n.message) for n in notes]


@pytest.fixture()
async def world() -> World:
    w = World()
    await w.seed()
    return w


async def test_a_package_order_pushes_once_under_its_reference_at_the_package_price(world: World) -> None:
    order = await world.package(phone="0712 345 678")
    assert (order.status, order.source, order.provider) == (PaymentStatus.PENDING, "package", "mobilemoney")
    assert (order.amount, order.credit_amount, order.package_id, order.currency) == (3_500, 100, 1, "TZS")
    assert order.payer_phone == OWN_PHONE and order.provider_ref == "MM-1"
    assert world.provider.pushed == [PaymentRequest(reference=order.reference, amount=3_500, currency="TZS",
                                                     phone=OWN_PHONE, description="ujumbe Starter: 100 SMS credits")]
    assert OWN_PHONE in order.checkout_message and "3,500 TZS for 100 credits" in order.checkout_message
    assert await world.stored(order) == order


async def test_the_order_is_written_before_the_provider_hears_of_it(world: World) -> None:
    seen: list[PaymentOrder | None] = []

    async def callback_looks_it_up(request: PaymentRequest) -> None:
        async with world.uow() as uow:
            seen.append(await uow.payment_orders.lock_by_reference(request.reference))

    world.provider.during_push = callback_looks_it_up
    order = await world.package()
    assert seen and seen[0] is not None and seen[0].id == order.id and seen[0].status is PaymentStatus.PENDING


async def test_a_settlement_faster_than_the_push_answer_is_not_undone(world: World) -> None:
    async def confirmed_by_callback(request: PaymentRequest) -> None:
        async with world.uow() as uow:
            placed = await uow.payment_orders.lock_by_reference(request.reference)
            assert placed is not None
            await uow.payment_orders.record_settlement(replace(
                placed, status=PaymentStatus.CONFIRMED, confirmed_at=world.clock.now(), settled_by="callback",
                provider_ref="CB-1"))
            await uow.commit()

    world.provider.during_push = confirmed_by_callback
    order = await world.package()
    assert (order.status, order.provider_ref) == (PaymentStatus.CONFIRMED, "CB-1")
    assert await world.stored(order) == order


async def test_an_unverified_payer_phone_is_refused_and_nothing_is_pushed_or_written(world: World) -> None:
    with pytest.raises(PhoneNotVerified) as refused:
        await world.package(phone=STRANGER)
    assert refused.value.code == "phone_not_verified" and refused.value.field == "phone"
    with pytest.raises(PhoneNotVerified):  # another account's verified phone is not this one's
        await world.package(phone=OWN_PHONE, account=OTHER)
    assert world.provider.pushed == []
    assert (await ListPaymentOrders(world.uow)(ACCOUNT)).total == 0


async def test_a_verified_payer_phone_may_pay_as_the_accounts_own_may(world: World) -> None:
    order = await world.package(phone=PAYER)
    assert order.payer_phone == PAYER and world.provider.pushed[0].phone == PAYER


async def test_a_package_order_names_a_package_on_sale_and_the_push_provider(world: World) -> None:
    for package_id in (2, 99):  # retired, unknown
        with pytest.raises(NotFound) as unknown:
            await world.package(package_id=package_id)
        assert unknown.value.field == "package_id"
    for provider in ("manual", "mobilemoney-session", "mpesa"):
        with pytest.raises(ValidationError) as wrong:
            await world.package(provider=provider)
        assert wrong.value.field == "provider"
    with pytest.raises(InvalidPhoneNumber):
        await world.package(phone="+254712345678")
    assert world.provider.pushed == []


async def test_an_order_keeps_the_price_it_was_sold_at(world: World) -> None:
    before = await world.package()
    async with world.uow() as uow:
        await uow.packages.save(replace(STARTER, price_tzs=5_000, credits=120))
        await uow.voucher_rates.save(replace(CARD, tiers=(VoucherTier(None, Decimal("20")),)))
        await uow.commit()
    assert (await world.stored(before)).amount == 3_500
    after = await world.package()
    assert (after.amount, after.credit_amount) == (5_000, 120)


@pytest.mark.parametrize(("amount", "credits", "rate", "leftover"), [
    (1_000, 28, Decimal("35"), 20),  # the minimum: 28 x 35 = 980
    (9_999, 285, Decimal("35"), 24),  # the first tier's top
    (10_000, 333, Decimal("30"), 10),  # the second tier's bottom: cheaper credits
    (100_000, 4_000, Decimal("25"), 0),  # the unbounded tier
])
async def test_a_voucher_is_priced_by_the_tier_holding_its_amount(world: World, amount: int, credits: int,
                                                                  rate: Decimal, leftover: int) -> None:
    order = await world.voucher(amount)
    assert (order.source, order.amount, order.credit_amount) == ("voucher", amount, credits)
    assert (order.rate_tzs_per_credit, order.leftover_tzs, order.package_id) == (rate, leftover, None)
    assert world.provider.pushed[-1].amount == amount and world.provider.pushed[-1].phone == PAYER
    quoted = await QuoteVoucher(world.uow)(amount)  # the quote before paying is the order's price
    assert (quoted.credits, quoted.rate_tzs_per_credit, quoted.leftover_tzs) == (credits, rate, leftover)


@pytest.mark.parametrize("amount", [999, 100_000_001])
async def test_a_voucher_outside_the_card_is_refused_and_so_is_its_quote(world: World, amount: int) -> None:
    with pytest.raises(ValidationError) as refused:
        await world.voucher(amount)
    assert refused.value.field == "amount"
    with pytest.raises(ValidationError) as quoted:
        await QuoteVoucher(world.uow)(amount)
    assert quoted.value.field == "amount"
    assert world.provider.pushed == []


async def test_the_phones_an_account_may_pay_from_are_its_own_verified_one_then_its_payers(world: World) -> None:
    later = "+255754000999"
    world.clock.advance(60)
    async with world.uow() as uow:
        await uow.payer_phones.add(ACCOUNT, later, world.clock.now())
        await uow.payer_phones.add(ACCOUNT, OWN_PHONE, world.clock.now())  # its own, verified as a payer too
        await uow.commit()
    assert await ListPayerPhones(world.uow)(ACCOUNT) == [OWN_PHONE, later, PAYER]
    assert await ListPayerPhones(world.uow)(OTHER) == []  # no phone of its own verified, no payer


@pytest.mark.parametrize("provider", ["mobilemoney", "mobilemoney-session"])
async def test_a_mobile_money_voucher_needs_a_verified_phone(world: World, provider: str) -> None:
    with pytest.raises(ValidationError) as missing:
        await world.voucher(5_000, provider=provider, phone=None)
    assert missing.value.field == "phone"
    with pytest.raises(PhoneNotVerified):
        await world.voucher(5_000, provider=provider, phone=STRANGER)
    assert world.provider.pushed == [] and world.provider.checkouts == []
    assert (await ListPaymentOrders(world.uow)(ACCOUNT)).total == 0


async def test_a_hosted_checkout_gives_its_link_for_the_payer_phone(world: World) -> None:
    order = await world.voucher(5_000, provider="mobilemoney-session", phone="0754 000 111")
    url = CHECKOUT_BASE + order.reference
    assert (order.status, order.checkout_url, order.payer_phone) == (PaymentStatus.PENDING, url, PAYER)
    assert url in order.checkout_message
    assert world.provider.checkouts[0].phone == PAYER and world.provider.pushed == []
    assert world.provider.checkouts[0].description == "ujumbe voucher: 142 SMS credits"
    assert await world.stored(order) == order


async def test_a_manual_voucher_prompts_nobody_and_says_how_to_pay(world: World) -> None:
    order = await world.voucher(20_000, provider="manual", phone=None, order_id=ids(600))
    assert order.status is PaymentStatus.PENDING and order.credit_amount == 666
    assert order.reference in order.checkout_message and "20,000 TZS" in order.checkout_message
    assert await world.voucher(20_000, provider="manual", phone=None, order_id=ids(600)) == order  # a retry
    assert world.provider.pushed == [] and world.provider.checkouts == [] and world.provider.asked == []
    with pytest.raises(PhoneNotVerified):  # a phone named is a payer phone: verified first
        await world.voucher(5_000, provider="manual", phone=STRANGER)


async def test_a_refused_push_fails_the_order_with_the_providers_reason(world: World) -> None:
    world.provider.refuse[PAYER] = "Invalid phone number for collection"
    order = await world.voucher(5_000)
    assert order.status is PaymentStatus.FAILED
    assert (order.failure_reason, order.failed_at, order.settled_by) == (
        "Invalid phone number for collection", world.clock.now(), "provider")
    assert await world.stored(order) == order
    events, notes = await world.events_and_notifications()
    assert events == [WebhookEventType.PAYMENT_FAILED]
    assert len(notes) == 1 and notes[0][0] is NotificationKind.PAYMENT
    assert "Invalid phone number for collection" in notes[0][1]


async def test_a_provider_that_cannot_be_reached_leaves_the_push_pending(world: World) -> None:
    world.provider.unavailable = True
    order = await world.package()
    assert order.status is PaymentStatus.PENDING and order.provider_ref is None
    assert await world.events_and_notifications() == ([], [])


async def test_a_checkout_page_nobody_could_open_fails_at_once(world: World) -> None:
    world.provider.unavailable = True
    order = await world.voucher(5_000, provider="mobilemoney-session")
    assert (order.status, order.failure_reason, order.checkout_url) == (PaymentStatus.FAILED, NO_CHECKOUT, None)


async def test_a_retry_with_the_same_operation_finds_the_order_and_pushes_nothing(world: World) -> None:
    first = await world.package(order_id=ids(500))
    again = await world.package(order_id=ids(500))
    assert again == first and len(world.provider.pushed) == 1
    assert world.provider.asked == []  # handed to the provider: nothing to ask


async def test_a_retry_of_an_order_the_provider_never_heard_of_pushes_it_under_the_same_reference(
        world: World) -> None:
    world.provider.crash_once = RuntimeError("the provider's answer could not be decoded")
    with pytest.raises(RuntimeError):  # the order committed, then the attempt died: no prompt went out
        await world.package(order_id=ids(500))
    (stranded,) = (await ListPaymentOrders(world.uow)(ACCOUNT)).orders
    assert (stranded.status, stranded.provider_ref, world.provider.pushed) == (PaymentStatus.PENDING, None, [])

    again = await world.package(order_id=ids(500))
    assert world.provider.asked == [stranded.reference]  # asked first: it knew nothing of it
    assert [p.reference for p in world.provider.pushed] == [stranded.reference]
    assert (again.id, again.status, again.provider_ref) == (stranded.id, PaymentStatus.PENDING, "MM-1")
    assert await world.package(order_id=ids(500)) == again and len(world.provider.pushed) == 1


async def test_a_retry_of_a_checkout_never_opened_opens_it_under_the_same_reference(world: World) -> None:
    world.provider.crash_once = RuntimeError("connection reset")
    with pytest.raises(RuntimeError):
        await world.voucher(5_000, provider="mobilemoney-session", order_id=ids(500))
    again = await world.voucher(5_000, provider="mobilemoney-session", order_id=ids(500))
    assert again.checkout_url == CHECKOUT_BASE + again.reference and again.checkout_url in again.checkout_message
    assert [c.reference for c in world.provider.checkouts] == [again.reference]


async def test_a_retry_of_an_order_the_provider_did_hear_of_pushes_nothing_again(world: World) -> None:
    async def dies_after_the_push(request: PaymentRequest) -> None:
        raise RuntimeError("the process died before the answer was recorded")

    world.provider.during_push = dies_after_the_push
    with pytest.raises(RuntimeError):
        await world.package(order_id=ids(500))
    world.provider.during_push = None
    again = await world.package(order_id=ids(500))
    assert world.provider.asked == [again.reference]  # waiting at the provider: the payer was prompted
    assert (again.status, again.provider_ref, len(world.provider.pushed)) == (PaymentStatus.PENDING, None, 1)


async def test_orders_are_read_per_account_newest_first_by_status(world: World) -> None:
    world.provider.refuse[STRANGER] = "never used"
    first = await world.package()
    world.clock.advance(1)
    world.provider.refuse[OWN_PHONE] = "Insufficient balance"
    second = await world.package()
    listing = await ListPaymentOrders(world.uow)(ACCOUNT, 1, 10)
    assert [o.id for o in listing.orders] == [second.id, first.id] and listing.total == 2
    failed = await ListPaymentOrders(world.uow)(ACCOUNT, 1, 10, "failed")
    assert [o.id for o in failed.orders] == [second.id]
    assert (await ListPaymentOrders(world.uow)(OTHER)).total == 0
    with pytest.raises(NotFound):
        await GetPaymentOrder(world.uow)(OTHER, first.id)
    with pytest.raises(ValidationError):
        await ListPaymentOrders(world.uow)(ACCOUNT, 1, 10, "paid")
    with pytest.raises(ValidationError):
        await ListPaymentOrders(world.uow)(ACCOUNT, 1, 101)
