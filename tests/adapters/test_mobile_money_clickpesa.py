"""The ClickPesa-shaped mobile-money adapter against a fake ClickPesa over real HTTP on loopback:
every outcome of the fake's table, the token's life, the checksum, the never-twice push rule, and
callbacks checked by their checksum."""

from __future__ import annotations

from typing import Any

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest
from dependency_injector import providers

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa, canonical_json, checksum, signed
from adapters.mobilemoney.simulator import MobileMoneySimulator
from application.ports import (
    InvalidCallback,
    PaymentRequest,
    ProviderRejected,
    ProviderResult,
    ProviderState,
    ProviderUnavailable,
)
from entrypoints.container import Container
from entrypoints.settings import Settings
from fake_clickpesa import API_KEY, CHECKSUM_KEY, CLIENT_ID, EXPIRED_MESSAGE, FakeClickPesa, fake_clickpesa
from webhook_receiver import WebhookReceiver


@pytest.fixture()
def receiver() -> Iterator[WebhookReceiver]:
    with WebhookReceiver() as callbacks:
        yield callbacks


@pytest.fixture()
def fake(receiver: WebhookReceiver) -> Iterator[FakeClickPesa]:
    with fake_clickpesa(callback_url=receiver.url) as clickpesa:
        yield clickpesa


def adapter_for(fake: FakeClickPesa, clock: FrozenClock | None = None, **options: object) -> ClickPesa:
    settings: dict[str, object] = {"clock": clock or FrozenClock(), "timeout": 5.0, "initial_wait": 0.0,
                                   "max_wait": 0.0, **options}
    return ClickPesa(fake.base_url, CLIENT_ID, API_KEY, str(settings.pop("checksum_key", CHECKSUM_KEY)),
                     **settings)  # type: ignore[arg-type]


@pytest.fixture()
def adapter(fake: FakeClickPesa) -> ClickPesa:
    return adapter_for(fake)


def payer(ending: str) -> str:
    return f"+2557123456{ending}"


def order(reference: str = "ord1", ending: str = "00", amount: int = 5000) -> PaymentRequest:
    return PaymentRequest(reference=reference, amount=amount, currency="TZS", phone=payer(ending),
                          description="Kifurushi cha SMS 200")


def read_all(adapter: ClickPesa, receiver: WebhookReceiver) -> list[ProviderResult]:
    return [adapter.read_callback(r.headers, r.body) for r in receiver.snapshot()]


# -- the checksum ---------------------------------------------------------------------------

def test_canonical_json_sorts_keys_at_every_level_compactly_and_keeps_non_ascii() -> None:
    payload = {"b": [{"z": 1, "a": "Dar es Salaam – Zanzibar"}], "a": {"y": None, "x": True}, "c": 1000.0}
    assert canonical_json(payload) == '{"a":{"x":true,"y":null},"b":[{"a":"Dar es Salaam – Zanzibar","z":1}],"c":1000}'


def test_checksum_matches_a_vector_computed_by_hand_and_ignores_key_order_and_its_own_fields() -> None:
    # printf '%s' '{"amount":"1000","currency":"TZS","customer":{"name":"Asha Mwita","phone":"255712345678"},
    #   "items":[{"name":"Kifurushi cha SMS","price":"1000"}],"orderReference":"abc123"}'
    #   | openssl dgst -sha256 -hmac secret-key
    expected = "1ce241782fbdf0c3a1c30e8479ef741f1258c2eb882aed233ed290dd9acbf903"
    payload = {"orderReference": "abc123", "items": [{"price": "1000", "name": "Kifurushi cha SMS"}],
               "customer": {"phone": "255712345678", "name": "Asha Mwita"}, "currency": "TZS", "amount": "1000"}
    assert checksum("secret-key", payload) == expected
    assert checksum("secret-key", dict(reversed(payload.items()))) == expected
    assert checksum("secret-key", {**payload, "checksum": "x", "checksumMethod": "canonical"}) == expected
    # printf '%s' '{"a":{"b":"Dar es Salaam – Zanzibar","c":1}}' | openssl dgst -sha256 -hmac k
    assert checksum("k", {"a": {"c": 1, "b": "Dar es Salaam – Zanzibar"}}) == (
        "474ad2490e91600da086cc742262194dfdf077e4af9c9fc81a99a37da622720d")


# -- the outcomes of the fake's table ---------------------------------------------------------

async def test_a_paying_number_waits_after_the_push_then_is_paid_and_called_back(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    accepted = await adapter.push(order(ending="00"))
    assert accepted.provider_ref
    waiting = await adapter.status("ord1")
    assert waiting.state is ProviderState.WAITING and waiting.provider_ref == accepted.provider_ref

    fake.settle()
    paid = await adapter.status("ord1")
    assert paid == ProviderResult(reference="ord1", state=ProviderState.PAID, amount=5000, currency="TZS",
                                  provider_ref=accepted.provider_ref)
    assert read_all(adapter, receiver) == [paid]
    body = fake.calls("POST", "/payments/initiate-ussd-push-request")[0].body
    assert body is not None
    assert {k: body[k] for k in ("amount", "currency", "orderReference", "phoneNumber")} == {
        "amount": "5000", "currency": "TZS", "orderReference": "ord1", "phoneNumber": "255712345600"}


@pytest.mark.parametrize(("ending", "reason"), [
    ("01", "Insufficient balance"), ("02", "Invalid PIN"), ("03", "Cancelled by payer"),
])
async def test_a_declined_payment_fails_with_the_providers_reason(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver, ending: str, reason: str) -> None:
    await adapter.push(order(ending=ending))
    fake.settle()
    failed = await adapter.status("ord1")
    assert (failed.state, failed.reason) == (ProviderState.FAILED, reason)
    assert [(r.state, r.reason) for r in read_all(adapter, receiver)] == [(ProviderState.FAILED, reason)]


async def test_a_prompt_nobody_answers_stays_waiting_until_it_expires(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    await adapter.push(order(ending="04"))
    fake.settle()
    assert (await adapter.status("ord1")).state is ProviderState.WAITING
    assert receiver.snapshot() == []

    fake.expire_prompts()
    expired = await adapter.status("ord1")
    assert (expired.state, expired.reason) == (ProviderState.FAILED, EXPIRED_MESSAGE)
    assert [r.state for r in read_all(adapter, receiver)] == [ProviderState.FAILED]


async def test_a_payment_that_never_calls_back_is_found_paid_by_polling(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    await adapter.push(order(ending="05"))
    fake.settle()
    assert fake.callbacks_sent == [] and receiver.snapshot() == []
    assert (await adapter.status("ord1")).state is ProviderState.PAID


async def test_a_payment_called_back_twice_reads_as_the_same_result_twice(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    await adapter.push(order(ending="06"))
    fake.settle()
    first, second = read_all(adapter, receiver)
    assert first == second and first.state is ProviderState.PAID and first.amount == 5000


async def test_a_callback_changed_after_signing_is_refused_and_polling_tells_the_truth(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    await adapter.push(order(ending="07"))
    fake.settle()
    [tampered] = receiver.snapshot()
    assert tampered.json["data"]["collectedAmount"] == "50000.00"
    with pytest.raises(InvalidCallback, match="checksum"):
        adapter.read_callback(tampered.headers, tampered.body)
    assert (await adapter.status("ord1")).amount == 5000


async def test_a_push_answered_500_is_asked_about_and_never_pushed_twice(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    accepted = await adapter.push(order(ending="08"))
    assert fake.pushes("ord1") == 1
    assert [(c.method, c.status) for c in fake.requests if c.method != "POST" or "token" not in c.path] == [
        ("POST", 500), ("GET", 200)]
    assert accepted.provider_ref == fake.payments["ord1"].id
    fake.settle()
    assert (await adapter.status("ord1")).state is ProviderState.PAID
    assert [r.state for r in read_all(adapter, receiver)] == [ProviderState.PAID]


async def test_a_settled_payment_is_paid(adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    await adapter.push(order(ending="09"))
    fake.settle()
    assert fake.payments["ord1"].status == "SETTLED"
    assert (await adapter.status("ord1")).state is ProviderState.PAID
    assert [r.state for r in read_all(adapter, receiver)] == [ProviderState.PAID]


async def test_a_reference_the_provider_never_saw_is_unknown(adapter: ClickPesa) -> None:
    assert await adapter.status("nothere") == ProviderResult(reference="nothere", state=ProviderState.UNKNOWN)


# -- never twice: lost answers, reused references --------------------------------------------

async def test_a_push_whose_answer_was_lost_is_asked_about_not_pushed_again(
        adapter: ClickPesa, fake: FakeClickPesa) -> None:
    fake.drop_next_push_answer = True
    accepted = await adapter.push(order())
    assert accepted.provider_ref == fake.payments["ord1"].id
    assert fake.pushes("ord1") == 1


async def test_a_push_that_failed_before_the_provider_made_anything_is_pushed_again_after_a_404(
        adapter: ClickPesa, fake: FakeClickPesa) -> None:
    fake.fail_next_pushes = 1
    accepted = await adapter.push(order())
    calls = [(c.method, c.path.rsplit("/", 1)[-1], c.status) for c in fake.requests if "token" not in c.path]
    assert calls == [("POST", "initiate-ussd-push-request", 503), ("GET", "ord1", 404),
                     ("POST", "initiate-ussd-push-request", 200)]
    assert accepted.provider_ref == fake.payments["ord1"].id


async def test_when_the_provider_cannot_say_whether_a_push_arrived_it_is_not_pushed_again(
        adapter: ClickPesa, fake: FakeClickPesa) -> None:
    fake.fail_next_status_queries = 10
    with pytest.raises(ProviderUnavailable):
        await adapter.push(order(ending="08"))
    assert fake.pushes("ord1") == 1
    assert len(fake.calls("GET", "/payments/")) == 2  # the remaining attempts only asked


async def test_a_status_query_is_retried_over_a_transient_fault_then_gives_up(
        adapter: ClickPesa, fake: FakeClickPesa) -> None:
    await adapter.push(order())
    fake.fail_next_status_queries = 2
    assert (await adapter.status("ord1")).state is ProviderState.WAITING
    fake.fail_next_status_queries = 3
    with pytest.raises(ProviderUnavailable):
        await adapter.status("ord1")


async def test_a_reference_pushed_before_answers_409_and_the_earlier_push_stands(
        adapter: ClickPesa, fake: FakeClickPesa) -> None:
    first = await adapter.push(order())
    again = await adapter.push(order())
    assert again == first
    assert [c.status for c in fake.calls("POST", "/payments/initiate-ussd-push-request")] == [200, 409]
    assert len(fake.payments) == 1


async def test_a_reference_used_by_a_checkout_without_payment_is_rejected_for_a_push(adapter: ClickPesa) -> None:
    await adapter.checkout_link(order())
    with pytest.raises(ProviderRejected, match="already used"):
        await adapter.push(order())


async def test_requests_the_provider_refuses_are_rejected_with_its_message(adapter: ClickPesa) -> None:
    with pytest.raises(ProviderRejected, match="Invalid phone number"):
        await adapter.push(PaymentRequest(reference="ord1", amount=1000, currency="TZS", phone="+2557123",
                                          description="x"))
    with pytest.raises(ProviderRejected, match="alphanumeric"):
        await adapter.push(order(reference="ord-1"))
    with pytest.raises(ProviderRejected, match="phone"):
        await adapter.push(PaymentRequest(reference="ord1", amount=1000, currency="TZS", phone=None, description="x"))


# -- the token and the checksum key ------------------------------------------------------------

async def test_one_token_serves_many_calls_and_an_expired_one_is_replaced_once(
        adapter: ClickPesa, fake: FakeClickPesa) -> None:
    await adapter.push(order())
    await adapter.status("ord1")
    assert fake.tokens_issued == 1
    fake.expire_tokens()
    assert (await adapter.status("ord1")).state is ProviderState.WAITING
    assert fake.tokens_issued == 2
    assert [c.status for c in fake.calls("GET", "/payments/")] == [200, 401, 200]


async def test_a_token_is_replaced_before_its_hour_is_out(fake: FakeClickPesa) -> None:
    clock = FrozenClock()
    adapter = adapter_for(fake, clock)
    await adapter.status("ord1")
    clock.advance(minutes=54)
    await adapter.status("ord1")
    assert fake.tokens_issued == 1
    clock.advance(minutes=2)  # within five minutes of the hour
    await adapter.status("ord1")
    assert fake.tokens_issued == 2
    assert 401 not in [c.status for c in fake.requests]


async def test_credentials_the_provider_refuses_make_it_unavailable(fake: FakeClickPesa) -> None:
    adapter = ClickPesa(fake.base_url, CLIENT_ID, "wrong-key", CHECKSUM_KEY, clock=FrozenClock(), initial_wait=0)
    with pytest.raises(ProviderUnavailable, match="Unauthorized"):
        await adapter.push(order())
    assert fake.pushes("ord1") == 0


async def test_a_body_signed_with_the_wrong_checksum_key_is_refused(fake: FakeClickPesa) -> None:
    adapter = adapter_for(fake, checksum_key="not-the-key")
    with pytest.raises(ProviderRejected, match="Invalid checksum"):
        await adapter.push(order())
    assert fake.payments == {}


# -- hosted checkout ----------------------------------------------------------------------------

async def test_a_checkout_link_is_paid_on_the_page_and_called_back(
        adapter: ClickPesa, fake: FakeClickPesa, receiver: WebhookReceiver) -> None:
    link = await adapter.checkout_link(PaymentRequest(reference="ord2", amount=12000, currency="TZS", phone=None,
                                                      description="Voucher 12,000 TZS"))
    assert link == f"{fake.base_url}/checkout/ord2"
    body = fake.calls("POST", "/checkout-link/")[0].body
    assert body is not None and body["orderItems"] == [{"name": "Voucher 12,000 TZS", "price": "12000", "quantity": 1}]
    assert (await adapter.status("ord2")).state is ProviderState.UNKNOWN  # nobody has paid yet

    fake.pay_checkout("ord2", "255754000100")
    assert (await adapter.status("ord2")).state is ProviderState.WAITING  # PENDING
    fake.settle()
    assert (await adapter.status("ord2")).state is ProviderState.PAID
    assert [(r.reference, r.state, r.amount) for r in read_all(adapter, receiver)] == [
        ("ord2", ProviderState.PAID, 12000)]


async def test_a_checkout_link_for_a_used_reference_is_rejected(adapter: ClickPesa) -> None:
    await adapter.push(order())
    with pytest.raises(ProviderRejected, match="already used"):
        await adapter.checkout_link(order())


# -- callbacks ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "problem"), [
    (b"not json", "not JSON"),
    (b"[1, 2]", "not a JSON object"),
    (json.dumps({"event": "PAYMENT RECEIVED", "data": {"orderReference": "ord1"}}).encode(), "no checksum"),
    (json.dumps({"event": "PAYMENT RECEIVED", "data": {"orderReference": "ord1"},
                 "checksum": "0" * 64}).encode(), "does not verify"),
    (json.dumps({**signed(CHECKSUM_KEY, {"event": "PAYMENT RECEIVED", "data": {"orderReference": "ord1"}}),
                 "checksumMethod": "legacy"}).encode(), "not accepted"),
    (json.dumps({"event": "PAYMENT RECEIVED", "data": {"orderReference": "ord1"}, "checksum": "é" * 64},
                ensure_ascii=False).encode(), "does not verify"),  # non-ASCII: refused, not a crash
    (b"[" * 100_000 + b"]" * 100_000, "not JSON"),  # nested past the parser's recursion limit
    (b"\xff\xfe{", "not JSON"),  # not UTF-8
])
def test_a_callback_that_is_unsigned_forged_or_not_a_payment_result_is_refused(body: bytes, problem: str) -> None:
    adapter = ClickPesa("http://127.0.0.1:9", CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=FrozenClock())
    with pytest.raises(InvalidCallback, match=problem):
        adapter.read_callback({}, body)


@pytest.mark.parametrize("payload", [
    {"event": "PAYOUT INITIATED", "data": {"orderReference": "ord1"}},  # another kind of event
    {"event": "PAYMENT RECEIVED", "data": {"status": "SUCCESS"}},  # names no order
])
def test_a_signed_callback_that_is_not_a_payment_result_is_read_as_nothing_to_do(payload: dict[str, Any]) -> None:
    adapter = ClickPesa("http://127.0.0.1:9", CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=FrozenClock())
    assert adapter.read_callback({}, json.dumps(signed(CHECKSUM_KEY, payload)).encode()) is None


def test_a_signed_callback_in_the_documented_shape_is_read() -> None:
    adapter = ClickPesa("http://127.0.0.1:9", CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=FrozenClock())
    failed = signed(CHECKSUM_KEY, {"event": "PAYMENT FAILED", "data": {
        "id": "0969231256LCP2C95", "status": "FAILED", "orderReference": "0969231256",
        "message": "Insufficient balance", "updatedAt": "2024-04-11T04:58:31.036Z"}})
    assert adapter.read_callback({}, json.dumps(failed).encode()) == ProviderResult(
        reference="0969231256", state=ProviderState.FAILED, provider_ref="0969231256LCP2C95",
        reason="Insufficient balance")


# -- configuration -----------------------------------------------------------------------------

def test_the_settings_read_the_aggregator_and_its_credentials_from_the_environment() -> None:
    assert Settings.from_env({}).mobile_money == "simulator"
    settings = Settings.from_env({
        "UJUMBE_MOBILE_MONEY": "https://api.clickpesa.com", "UJUMBE_MOBILE_MONEY_CLIENT_ID": "id",
        "UJUMBE_MOBILE_MONEY_API_KEY": "key", "UJUMBE_MOBILE_MONEY_CHECKSUM_KEY": "sum",
        "UJUMBE_SIMULATOR_PAYMENT_DELAY": "0.5", "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1",  # beside the gateway simulator
    })
    assert (settings.mobile_money, settings.mobile_money_client_id, settings.mobile_money_api_key,
            settings.mobile_money_checksum_key, settings.simulator_payment_delay) == (
        "https://api.clickpesa.com", "id", "key", "sum", 0.5)


def test_the_container_gives_the_simulator_by_default(settings: Settings) -> None:
    container = Container()
    container.settings.override(providers.Object(replace(settings, mobile_money="simulator")))
    assert isinstance(container.mobile_money(), MobileMoneySimulator)


async def test_an_aggregator_url_with_its_credentials_selects_the_http_adapter(
        settings: Settings, fake: FakeClickPesa) -> None:
    container = Container()
    container.settings.override(providers.Object(replace(
        settings, mobile_money=fake.base_url, mobile_money_client_id=CLIENT_ID, mobile_money_api_key=API_KEY,
        mobile_money_checksum_key=CHECKSUM_KEY)))
    adapter = container.mobile_money()
    assert isinstance(adapter, ClickPesa)
    await adapter.push(order())
    assert fake.pushes("ord1") == 1


@pytest.mark.parametrize(("value", "problem"), [
    ("clickpesa", "use 'simulator'"),
    ("https://api.clickpesa.com", "UJUMBE_MOBILE_MONEY_CHECKSUM_KEY"),
])
def test_an_incomplete_configuration_is_refused_by_name(settings: Settings, value: str, problem: str) -> None:
    container = Container()
    container.settings.override(providers.Object(replace(
        settings, mobile_money=value, mobile_money_client_id="id", mobile_money_api_key="key")))
    with pytest.raises(ValueError, match=problem):
        container.mobile_money()
