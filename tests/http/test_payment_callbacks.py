"""POST /v1/payments/callback/{provider} over the whole app, with a provider whose callbacks are
signed (tests/mobile_money_fake.py, put in the container's place of the configured one)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import psycopg
import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.payments.settlement import KEPT_UNVERIFIED_BODY
from application.ports import ProviderResult, ProviderState
from domain.payments import PaymentOrder, PaymentStatus
from entrypoints.container import Container
from entrypoints.http.ratelimit import CALLBACK_RATE_LIMIT
from mobile_money_fake import FakeMobileMoney
from http_helpers import error_of
from tests.http.conftest import MakeAccount, TestAccount
from tests_support import ids

CALLBACK = "/v1/payments/callback/mobilemoney"
Client = AsyncTestClient  # type: ignore[type-arg]


@pytest.fixture()
def provider(container: Container) -> FakeMobileMoney:
    fake = FakeMobileMoney()
    container.mobile_money.override(providers.Object(fake))
    return fake


async def place_order(container: Container, clock: FrozenClock, account: TestAccount, n: int = 1) -> PaymentOrder:
    at = clock.now() - timedelta(seconds=5)
    order = PaymentOrder(account_id=account.id, id=ids(500 + n), source="voucher", provider="mobilemoney",
                         amount=5_000, credit_amount=166, checkout_message="Approve the prompt on your phone",
                         payer_phone="+255712345678", created_at=at, updated_at=at, leftover_tzs=20)
    async with container.uow() as uow:
        await uow.payment_orders.add(order)
        await uow.commit()
    return order


async def stored(container: Container, order: PaymentOrder) -> PaymentOrder:
    async with container.uow() as uow:
        found = await uow.payment_orders.get(order.account_id, order.id)
    assert found is not None
    return found


async def send(client: Client, provider: FakeMobileMoney, result: ProviderResult) -> tuple[int, dict[str, object]]:
    headers, body = provider.callback(result)
    response = await client.post(CALLBACK, content=body, headers=headers)
    return response.status_code, response.json()


async def test_a_signed_paid_callback_grants_the_credits_once_however_often_it_comes(
        client: Client, container: Container, clock: FrozenClock, provider: FakeMobileMoney,
        make_account: MakeAccount) -> None:
    account = await make_account()
    order = await place_order(container, clock, account)
    paid = ProviderResult(order.reference, ProviderState.PAID, amount=5_000, currency="TZS", provider_ref="CP-1")

    status, body = await send(client, provider, paid)
    assert status == 200
    assert body["data"] == {"outcome": "applied", "reason": None}
    for _ in range(2):
        assert (await send(client, provider, paid))[1]["data"] == {"outcome": "repeat", "reason": None}

    balance = await client.get("/v1/credits/balance", headers=account.key_headers)
    assert balance.json()["data"]["balance"] == 166
    history = (await client.get("/v1/credits/history", headers=account.key_headers)).json()["data"]
    assert [(t["type"], t["amount"]) for t in history["transactions"]] == [("purchase", 166)]
    notes = (await client.get("/v1/notifications", headers=account.key_headers)).json()["data"]
    assert [n["type"] for n in notes["notifications"]] == ["payment"]
    async with container.uow() as uow:
        events = await uow.events.undispatched(10)
    assert [e.type for e in events] == ["payment.confirmed"]
    assert (await stored(container, order)).status is PaymentStatus.CONFIRMED


async def test_a_callback_that_does_not_verify_is_401_recorded_and_changes_nothing(
        client: Client, container: Container, clock: FrozenClock, provider: FakeMobileMoney,
        make_account: MakeAccount) -> None:
    order = await place_order(container, clock, await make_account())
    headers, body = provider.callback(ProviderResult(order.reference, ProviderState.PAID, amount=5_000, currency="TZS"))
    tampered = await client.post(CALLBACK, content=body.replace(b"5000", b"50"), headers=headers)
    unsigned = await client.post(CALLBACK, json={"reference": order.reference, "state": "paid"})
    for response in (tampered, unsigned):
        assert response.status_code == 401
        assert error_of(response) == ("invalid_signature", None)
    assert await stored(container, order) == order
    async with container.uow() as uow:
        assert await uow.provider_events.for_order(order.reference) == []  # it names no order we can trust


async def test_an_unknown_reference_or_a_mismatched_amount_is_answered_200_refused(
        client: Client, container: Container, clock: FrozenClock, provider: FakeMobileMoney,
        make_account: MakeAccount) -> None:
    order = await place_order(container, clock, await make_account())
    unknown = await send(client, provider, ProviderResult("nosuchorder", ProviderState.PAID, amount=5_000, currency="TZS"))
    assert unknown == (200, {**unknown[1], "data": {"outcome": "refused", "reason": "no order has this reference"}})
    short = await send(client, provider, ProviderResult(order.reference, ProviderState.PAID, amount=4_000, currency="TZS"))
    assert short[0] == 200 and short[1]["data"]["outcome"] == "refused"  # type: ignore[index]
    flagged = await stored(container, order)
    assert flagged == replace(order, review_reason="the provider collected 4,000 TZS, the order is for 5,000",
                              updated_at=flagged.updated_at)


async def test_a_failed_callback_fails_the_order_and_a_late_payment_then_confirms_it(
        client: Client, container: Container, clock: FrozenClock, provider: FakeMobileMoney,
        make_account: MakeAccount) -> None:
    order = await place_order(container, clock, await make_account())
    failed = await send(client, provider, ProviderResult(order.reference, ProviderState.FAILED,
                                                         reason="Insufficient balance"))
    assert failed[1]["data"] == {"outcome": "applied", "reason": None}
    assert (await stored(container, order)).failure_reason == "Insufficient balance"
    await send(client, provider, ProviderResult(order.reference, ProviderState.PAID, amount=5_000, currency="TZS"))
    late = await stored(container, order)
    assert (late.status, late.confirmed_late) == (PaymentStatus.CONFIRMED, True)


async def test_a_provider_we_take_no_callbacks_from_is_404(client: Client, provider: FakeMobileMoney) -> None:
    response = await client.post("/v1/payments/callback/airtel", json={})
    assert response.status_code == 404
    assert error_of(response) == ("not_found", "provider")


def stored_callbacks(database_url: str) -> list[tuple[str, bool]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute("SELECT body, verified FROM payment_provider_events ORDER BY received_at").fetchall()


async def test_one_address_posting_junk_is_held_to_its_budget_and_nothing_past_it_is_stored(
        client: Client, clean_database: str, provider: FakeMobileMoney) -> None:
    answers = [await client.post(CALLBACK, json={"junk": n}) for n in range(300)]
    assert [a.status_code for a in answers[:CALLBACK_RATE_LIMIT]] == [401] * CALLBACK_RATE_LIMIT
    assert [a.status_code for a in answers[CALLBACK_RATE_LIMIT:]] == [429] * (300 - CALLBACK_RATE_LIMIT)
    refused = answers[-1]
    assert error_of(refused) == ("rate_limit_exceeded", None)
    assert int(refused.headers["retry-after"]) >= 1
    assert (refused.headers["x-ratelimit-limit"], refused.headers["x-ratelimit-remaining"]) == (
        str(CALLBACK_RATE_LIMIT), "0")
    assert len(stored_callbacks(clean_database)) == CALLBACK_RATE_LIMIT


async def test_a_callback_that_does_not_verify_keeps_only_the_first_bytes_of_its_body(
        client: Client, clean_database: str, provider: FakeMobileMoney) -> None:
    response = await client.post(CALLBACK, content=b'{"junk": "' + "ü".encode() * 3_000 + b'"}',
                                 headers={"content-type": "application/json"})
    assert response.status_code == 401
    ((body, verified),) = stored_callbacks(clean_database)
    assert verified is False
    assert len(body.encode()) <= KEPT_UNVERIFIED_BODY and body.startswith('{"junk": "üü')
    assert body.endswith("(6,012 bytes)")
