"""The callback route with the real ClickPesa adapter: pushes go to the fake ClickPesa
(tests/fake_clickpesa.py), whose signed callbacks are posted to the app as it sent them; an order
whose callback never comes is found by the poll."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa
from application.ports import PaymentRequest
from domain.payments import PaymentOrder, PaymentStatus
from entrypoints.container import Container
from fake_clickpesa import API_KEY, CHECKSUM_KEY, CLIENT_ID, FakeClickPesa, fake_clickpesa
from tests.http.conftest import MakeAccount
from tests_support import ids

Client = AsyncTestClient  # type: ignore[type-arg]


@pytest.fixture()
def clickpesa(container: Container, clock: FrozenClock) -> Iterator[FakeClickPesa]:
    with fake_clickpesa() as fake:  # no callback URL: the test posts what it would have sent
        adapter = ClickPesa(fake.base_url, CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=clock)
        container.mobile_money.override(providers.Object(adapter))
        yield fake


async def pushed_order(container: Container, clock: FrozenClock, account_id: str, ending: str) -> PaymentOrder:
    at = clock.now() - timedelta(minutes=1)
    order = PaymentOrder(account_id=account_id, id=ids(600 + int(ending)), source="package", provider="mobilemoney",
                         amount=3_000, credit_amount=90, checkout_message="Approve the prompt on your phone",
                         payer_phone=f"+2557120000{ending}", created_at=at, updated_at=at, package_id=1)
    async with container.uow() as uow:
        await uow.payment_orders.add(order)
        await uow.commit()
    await container.mobile_money().push(PaymentRequest(order.reference, 3_000, "TZS", order.payer_phone, "90 credits"))
    return order


async def status_of(container: Container, order: PaymentOrder) -> PaymentOrder:
    async with container.uow() as uow:
        found = await uow.payment_orders.get(order.account_id, order.id)
    assert found is not None
    return found


async def test_every_callback_outcome_of_the_aggregator(client: Client, container: Container, clock: FrozenClock,
                                                        clickpesa: FakeClickPesa, make_account: MakeAccount) -> None:
    account = await make_account()
    paid, declined, twice, tampered, silent = [
        await pushed_order(container, clock, account.id, ending) for ending in ("00", "01", "06", "07", "05")]
    clickpesa.settle()
    answers = {}
    for sent in clickpesa.callbacks_sent:
        response = await client.post("/v1/payments/callback/mobilemoney", content=sent.body,
                                      headers={"Content-Type": "application/json"})
        data = response.json()["data"]
        answers.setdefault(sent.reference, []).append(
            (response.status_code, data["outcome"] if data else response.json()["error"]["code"]))
    assert answers == {paid.reference: [(200, "applied")], declined.reference: [(200, "applied")],
                       twice.reference: [(200, "applied"), (200, "repeat")],
                       tampered.reference: [(401, "invalid_signature")]}
    assert (await status_of(container, declined)).failure_reason == "Insufficient balance"
    assert (await status_of(container, silent)).status is PaymentStatus.PENDING

    # The poll asks about what is still pending: the silent payment and the one whose callback was forged.
    assert await container.poll_pending_payments()() == 2
    settled = [await status_of(container, o) for o in (paid, declined, twice, tampered, silent)]
    assert [(o.status, o.settled_by) for o in settled] == [
        (PaymentStatus.CONFIRMED, "callback"), (PaymentStatus.FAILED, "callback"), (PaymentStatus.CONFIRMED, "callback"),
        (PaymentStatus.CONFIRMED, "poll"), (PaymentStatus.CONFIRMED, "poll")]
    balance = (await client.get("/v1/credits/balance", headers=account.key_headers)).json()["data"]["balance"]
    assert balance == 4 * 90  # four paid orders, each granted once
