"""Buying credits over HTTP: package and voucher orders, payer phones, reading orders back.

The whole app on real PostgreSQL; the mobile-money port is a recording provider (the simulator
and the aggregator adapter are tested on their own), so each test sees exactly what was pushed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from domain.pricing import CreditPackage
from domain.vouchers import VoucherRateCard, VoucherTier
from entrypoints.container import Container
from http_helpers import error_of
from mobile_money_fake import CHECKOUT_BASE, FakeMobileMoney

OWN_PHONE = "+255712345678"
PAYER = "+255754000111"
STARTER = CreditPackage(id=1, name="Starter", credits=100, price_tzs=3_500)
CARD = VoucherRateCard(min_amount_tzs=1_000, tiers=(VoucherTier(9_999, Decimal("35")),
                                                     VoucherTier(None, Decimal("30"))))
ORDER_FIELDS = {"id", "reference", "status", "source", "provider", "amount", "currency", "credit_amount",
                "rate_tzs_per_credit", "leftover_tzs", "checkout_message", "checkout_url", "package_id", "phone",
                "failure_reason", "created_at", "confirmed_at", "failed_at"}


@pytest.fixture()
async def provider(container: Container) -> FakeMobileMoney:
    fake = FakeMobileMoney()
    container.mobile_money.override(providers.Object(fake))
    async with container.uow() as uow:
        await uow.packages.save(STARTER)
        await uow.voucher_rates.save(CARD)
        await uow.commit()
    return fake


@pytest.fixture()
async def buyer(make_account, container: Container) -> Any:  # type: ignore[no-untyped-def]
    """An account whose own phone is verified."""
    account = await make_account()
    await container.verify_phone_by_operator()(account.email, OWN_PHONE)
    return account


async def order_package(client: AsyncTestClient, headers: dict[str, str], phone: str = OWN_PHONE,  # type: ignore[type-arg]
                        **extra: Any) -> Any:
    return await client.post("/v1/payments/", json={"package_id": 1, "provider": "mobilemoney", "phone": phone},
                             headers={**headers, **extra})


async def test_a_package_order_pushes_a_prompt_and_answers_the_pending_order(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer) -> None:  # type: ignore[type-arg]
    response = await order_package(client, buyer.jwt_headers, phone="0712 345 678")
    assert response.status_code == 201, response.text
    order = response.json()["data"]
    assert set(order) == ORDER_FIELDS
    assert {k: order[k] for k in ("status", "source", "provider", "amount", "currency", "credit_amount",
                                  "package_id", "phone", "leftover_tzs", "checkout_url", "failure_reason")} == {
        "status": "pending", "source": "package", "provider": "mobilemoney", "amount": 3_500, "currency": "TZS",
        "credit_amount": 100, "package_id": 1, "phone": OWN_PHONE, "leftover_tzs": 0, "checkout_url": None,
        "failure_reason": None}
    assert "enter your mobile-money PIN" in order["checkout_message"]
    assert [(p.reference, p.amount, p.phone) for p in provider.pushed] == [(order["reference"], 3_500, OWN_PHONE)]
    assert order["reference"] == order["id"].replace("-", "")
    # Without the trailing slash, with an API key: the same route.
    again = await client.post("/v1/payments", json={"package_id": 1, "provider": "mobilemoney", "phone": OWN_PHONE},
                              headers=buyer.key_headers)
    assert again.status_code == 201 and len(provider.pushed) == 2


async def test_an_unverified_phone_is_409_and_nothing_is_pushed(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer, make_account) -> None:  # type: ignore[type-arg]
    assert error_of(await order_package(client, buyer.key_headers, phone=PAYER)) == ("phone_not_verified", "phone")
    stranger = await make_account()  # the buyer's verified phone is not anyone's
    refused = await order_package(client, stranger.key_headers)
    assert refused.status_code == 409 and error_of(refused) == ("phone_not_verified", "phone")
    assert provider.pushed == []
    listed = await client.get("/v1/payments", headers=buyer.key_headers)
    assert listed.json()["data"]["total"] == 0


async def test_bad_package_orders_name_the_field(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer, container: Container) -> None:  # type: ignore[type-arg]
    async with container.uow() as uow:
        await uow.packages.save(CreditPackage(id=2, name="Old", credits=10, price_tzs=500, active=False))
        await uow.commit()
    for package_id in (2, 404):
        answered = await client.post("/v1/payments/", json={"package_id": package_id, "provider": "mobilemoney",
                                                            "phone": OWN_PHONE}, headers=buyer.key_headers)
        assert answered.status_code == 404 and error_of(answered) == ("not_found", "package_id")
    manual = await client.post("/v1/payments/", json={"package_id": 1, "provider": "manual", "phone": OWN_PHONE},
                               headers=buyer.key_headers)
    assert manual.status_code == 400 and error_of(manual) == ("validation_error", "provider")
    missing = await client.post("/v1/payments/", json={"package_id": 1, "provider": "mobilemoney"},
                                headers=buyer.key_headers)
    assert missing.status_code == 400 and error_of(missing) == ("validation_error", "phone")
    abroad = await order_package(client, buyer.key_headers, phone="+254712345678")
    assert abroad.status_code == 403 and error_of(abroad)[0] == "invalid_phone_number"
    assert (await client.post("/v1/payments/", json={})).status_code == 401
    assert provider.pushed == []


async def test_an_order_created_before_a_price_change_keeps_its_price(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer, container: Container) -> None:  # type: ignore[type-arg]
    before = (await order_package(client, buyer.key_headers)).json()["data"]
    async with container.uow() as uow:
        await uow.packages.save(replace(STARTER, price_tzs=4_000, credits=110))
        await uow.commit()
    after = (await order_package(client, buyer.key_headers)).json()["data"]
    assert (after["amount"], after["credit_amount"]) == (4_000, 110)
    kept = (await client.get(f"/v1/payments/{before['id']}", headers=buyer.key_headers)).json()["data"]
    assert (kept["amount"], kept["credit_amount"]) == (3_500, 100)


async def test_a_retried_order_with_the_same_idempotency_key_pushes_once(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer) -> None:  # type: ignore[type-arg]
    first = await order_package(client, buyer.key_headers, **{"Idempotency-Key": "buy-1"})
    second = await order_package(client, buyer.key_headers, **{"Idempotency-Key": "buy-1"})
    assert first.status_code == second.status_code == 201
    assert second.content == first.content and second.headers["Idempotent-Replay"] == "true"
    assert len(provider.pushed) == 1
    other = await order_package(client, buyer.key_headers, phone="0712345678", **{"Idempotency-Key": "buy-1"})
    assert other.status_code == 422 and error_of(other)[0] == "idempotency_key_reused"
    voucher = {"amount": 5_000, "provider": "mobilemoney", "phone": OWN_PHONE}
    once = await client.post("/v1/vouchers/", json=voucher, headers={**buyer.key_headers, "Idempotency-Key": "v-1"})
    twice = await client.post("/v1/vouchers", json=voucher, headers={**buyer.key_headers, "Idempotency-Key": "v-1"})
    assert once.status_code == twice.status_code == 201 and twice.content == once.content
    assert len(provider.pushed) == 2


async def test_a_retry_after_a_failure_between_the_order_and_the_push_prompts_the_payer(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer) -> None:  # type: ignore[type-arg]
    provider.crash_once = RuntimeError("the provider's answer could not be decoded")
    failed = await order_package(client, buyer.key_headers, **{"Idempotency-Key": "buy-1"})
    assert failed.status_code == 500 and provider.pushed == []  # the order committed; nobody was prompted
    retried = await order_package(client, buyer.key_headers, **{"Idempotency-Key": "buy-1"})
    assert retried.status_code == 201 and "Idempotent-Replay" not in retried.headers
    order = retried.json()["data"]
    assert order["status"] == "pending" and [p.reference for p in provider.pushed] == [order["reference"]]
    assert provider.asked == [order["reference"]]  # the provider knew nothing of it before the push
    listed = (await client.get("/v1/payments", headers=buyer.key_headers)).json()["data"]
    assert [o["id"] for o in listed["orders"]] == [order["id"]]  # one order, resumed


async def test_a_refused_order_is_answered_failed_and_its_key_is_free_again(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer) -> None:  # type: ignore[type-arg]
    provider.refuse[OWN_PHONE] = "No collection method for this number"
    refused = await order_package(client, buyer.key_headers, **{"Idempotency-Key": "buy-2"})
    assert refused.status_code == 201
    order = refused.json()["data"]
    assert (order["status"], order["failure_reason"]) == ("failed", "No collection method for this number")
    assert order["failed_at"] is not None
    del provider.refuse[OWN_PHONE]
    retried = await order_package(client, buyer.key_headers, **{"Idempotency-Key": "buy-2"})
    assert retried.status_code == 201 and "Idempotent-Replay" not in retried.headers
    assert retried.json()["data"]["status"] == "pending" and retried.json()["data"]["id"] != order["id"]
    notes = (await client.get("/v1/notifications", headers=buyer.key_headers)).json()["data"]
    assert any("No collection method" in n["message"] for n in notes["notifications"])


async def test_voucher_orders_by_each_provider(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer) -> None:  # type: ignore[type-arg]
    pushed = await client.post("/v1/vouchers/", json={"amount": 5_000, "provider": "mobilemoney", "phone": OWN_PHONE},
                               headers=buyer.jwt_headers)
    assert pushed.status_code == 201
    assert {k: pushed.json()["data"][k] for k in ("source", "amount", "credit_amount", "rate_tzs_per_credit",
                                                  "leftover_tzs", "package_id")} == {
        "source": "voucher", "amount": 5_000, "credit_amount": 142, "rate_tzs_per_credit": 35.0,
        "leftover_tzs": 30, "package_id": None}
    session = (await client.post("/v1/vouchers/", json={"amount": 10_000, "provider": "mobilemoney-session",
                                                        "phone": OWN_PHONE}, headers=buyer.key_headers)).json()["data"]
    assert session["checkout_url"] == CHECKOUT_BASE + session["reference"] and session["phone"] == OWN_PHONE
    assert session["checkout_url"] in session["checkout_message"] and session["credit_amount"] == 333
    manual = (await client.post("/v1/vouchers/", json={"amount": 2_000, "provider": "manual"},
                                headers=buyer.key_headers)).json()["data"]
    assert manual["status"] == "pending" and manual["reference"] in manual["checkout_message"]
    assert len(provider.pushed) == 1 and len(provider.checkouts) == 1
    low = await client.post("/v1/vouchers/", json={"amount": 999, "provider": "manual"}, headers=buyer.key_headers)
    assert low.status_code == 400 and error_of(low) == ("validation_error", "amount")
    for mobile_money in ("mobilemoney", "mobilemoney-session"):  # phone required (decision: payment orders)
        no_phone = await client.post("/v1/vouchers/", json={"amount": 5_000, "provider": mobile_money},
                                     headers=buyer.key_headers)
        assert no_phone.status_code == 400 and error_of(no_phone) == ("validation_error", "phone")
        unverified = await client.post("/v1/vouchers/", json={"amount": 5_000, "provider": mobile_money,
                                                              "phone": PAYER}, headers=buyer.key_headers)
        assert unverified.status_code == 409 and error_of(unverified) == ("phone_not_verified", "phone")
    assert len(provider.pushed) == 1 and len(provider.checkouts) == 1


async def test_orders_are_listed_per_account_and_another_accounts_is_not_found(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, provider: FakeMobileMoney, buyer, make_account) -> None:  # type: ignore[type-arg]
    first = (await order_package(client, buyer.key_headers)).json()["data"]
    provider.refuse[OWN_PHONE] = "Insufficient balance"
    second = (await order_package(client, buyer.key_headers)).json()["data"]
    listed = (await client.get("/v1/payments", headers=buyer.jwt_headers)).json()["data"]
    assert (listed["page"], listed["per_page"], listed["total"]) == (1, 25, 2)
    assert {o["id"] for o in listed["orders"]} == {first["id"], second["id"]}
    failed = (await client.get("/v1/payments/?status=failed", headers=buyer.key_headers)).json()["data"]
    assert [o["id"] for o in failed["orders"]] == [second["id"]]
    bad = await client.get("/v1/payments?status=paid", headers=buyer.key_headers)
    assert bad.status_code == 400 and error_of(bad) == ("validation_error", "status")
    one = await client.get(f"/v1/payments/{first['id']}", headers=buyer.key_headers)
    assert one.status_code == 200 and one.json()["data"] == first
    other = await make_account()
    for path in (f"/v1/payments/{first['id']}", "/v1/payments/not-a-uuid"):
        hidden = await client.get(path, headers=other.key_headers)
        assert hidden.status_code == 404 and error_of(hidden)[0] == "not_found"
    assert (await client.get("/v1/payments", headers=other.key_headers)).json()["data"]["total"] == 0


async def test_a_payer_phone_is_verified_by_code_then_pays(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, container: Container, provider: FakeMobileMoney, buyer) -> None:  # type: ignore[type-arg]
    sent = await client.post("/v1/vouchers/otp/send", json={"phone": "0754 000 111"}, headers=buyer.key_headers)
    assert sent.status_code == 200 and sent.json()["data"] == {"phone": PAYER, "status": "sent", "expires_in": 300}
    text = (await container.simulator().received(to=PAYER))[0].text
    code = re.search(r"\b(\d{6})\b", text).group(1)  # type: ignore[union-attr]
    wrong = await client.post("/v1/vouchers/otp/verify", json={"phone": PAYER, "otp": "000000" if code != "000000"
                                                                else "111111"}, headers=buyer.key_headers)
    assert wrong.status_code == 400 and error_of(wrong) == ("invalid_otp", "otp")
    verified = await client.post("/v1/vouchers/otp/verify", json={"phone": PAYER, "otp": code},
                                 headers=buyer.jwt_headers)
    assert verified.status_code == 200, verified.text
    body = verified.json()["data"]
    assert (body["phone"], body["verified"]) == (PAYER, True) and body["verified_at"]
    me = (await client.get("/v1/auth/me", headers=buyer.key_headers)).json()["data"]
    assert me["phone"] == OWN_PHONE  # the account's own phone is unchanged
    paid = await client.post("/v1/vouchers/", json={"amount": 5_000, "provider": "mobilemoney", "phone": PAYER},
                             headers=buyer.key_headers)
    assert paid.status_code == 201 and provider.pushed[-1].phone == PAYER
    throttled = await client.post("/v1/vouchers/otp/send", json={"phone": PAYER}, headers=buyer.key_headers)
    assert throttled.status_code == 429 and error_of(throttled) == ("otp_throttled", "phone")


async def test_with_the_mobile_money_simulator_the_prompt_and_the_checkout_reach_it(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, container: Container, buyer) -> None:  # type: ignore[type-arg]
    async with container.uow() as uow:  # no fake provider: the app as `ujumbe serve` wires it
        await uow.packages.save(STARTER)
        await uow.voucher_rates.save(CARD)
        await uow.commit()
    pushed = (await order_package(client, buyer.key_headers)).json()["data"]
    session = (await client.post("/v1/vouchers/", json={"amount": 10_000, "provider": "mobilemoney-session",
                                                        "phone": OWN_PHONE}, headers=buyer.key_headers)).json()["data"]
    assert pushed["status"] == session["status"] == "pending"
    assert session["checkout_url"] and session["reference"] in session["checkout_url"]
    received = await container.mobile_money_simulator().received()
    assert {(p.reference, p.phone, p.amount) for p in received} == {
        (pushed["reference"], OWN_PHONE, 3_500), (session["reference"], OWN_PHONE, 10_000)}
    # the checkout link is a page the simulator serves (not part of the API document)
    page = await client.get(session["checkout_url"].removeprefix("http://127.0.0.1:8000"))
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert session["reference"] in page.text and "10,000 TZS" in page.text
    assert "paid" in page.text.lower() or "waiting" in page.text.lower()
    assert (await client.get("/simulator/checkout/nosuchorder")).status_code == 404
    assert "/simulator/checkout/{reference}" not in (await client.get("/schema/openapi.json")).json()["paths"]
