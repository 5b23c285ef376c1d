"""Every outcome of the fake ClickPesa, end to end: an order placed through the real routes
(`POST /v1/payments/` for a package, `POST /v1/vouchers/` for a voucher by USSD push or by
hosted checkout), the app wired to the real ClickPesa adapter pointed at the fake aggregator
(tests/fake_clickpesa.py), the app served over real HTTP on loopback so the fake's signed
callbacks reach the callback route as a provider's would, and the poll and expiry jobs run
through the container's use cases with the frozen clock moved on (nobody sleeps).

Each case walks the same path — placed, payers answer (`settle()`), a poll 31 s later, the
expiry job 10 minutes later — and checks where the order stands after each step, then the
final order over `GET /v1/payments/{id}`, the `purchase` entries and the balance over
`/v1/credits`, who settled it, its one `payment` notification, and that no reference was pushed
(or linked) twice.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import httpx
import pytest
import uvicorn
from dependency_injector import providers

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa
from application.accounts.accounts import Registration
from entrypoints.container import Container
from entrypoints.http.app import create_app
from fake_clickpesa import API_KEY, CHECKSUM_KEY, CLIENT_ID, FakeClickPesa, fake_clickpesa

PASSWORD = "correct horse battery"


@dataclass(frozen=True)
class Outcome:
    ending: str  # the payer number's last two digits: the fake's table row
    order: str  # "package" (POST /v1/payments/), "voucher" (push) or "session" (hosted checkout)
    status: str  # the order's final status
    failure_reason: str | None
    settled_by: str
    after_callbacks: str  # the order's status once the fake has posted its callbacks
    callbacks: tuple[int, ...]  # the app's answer to each callback the fake posted

    @property
    def id(self) -> str:
        return f"{self.ending}-{self.order}-{self.status}"


OUTCOMES = [
    Outcome("00", "package", "confirmed", None, "callback", "confirmed", (200,)),
    Outcome("00", "voucher", "confirmed", None, "callback", "confirmed", (200,)),
    Outcome("01", "package", "failed", "Insufficient balance", "callback", "failed", (200,)),
    Outcome("02", "voucher", "failed", "Invalid PIN", "callback", "failed", (200,)),
    Outcome("03", "package", "failed", "Cancelled by payer", "callback", "failed", (200,)),
    # Nobody answers the prompt: still pending at the poll; the expiry job's final poll hears
    # "still processing" and fails it `expired`.
    Outcome("04", "package", "failed", "expired", "expiry", "pending", ()),
    # Paid, never called back: only the poll finds it.
    Outcome("05", "voucher", "confirmed", None, "poll", "pending", ()),
    # Called back twice: the second is a repeat, one grant.
    Outcome("06", "package", "confirmed", None, "callback", "confirmed", (200, 200)),
    # The callback's amount was changed after signing: refused 401, changes nothing; the poll settles it.
    Outcome("07", "voucher", "confirmed", None, "poll", "pending", (401,)),
    # The push answered 500 although it went through: pending, one push; its callback is lost on
    # the way, the poll confirms it (and the callback delivered late is a repeat).
    Outcome("08", "package", "confirmed", None, "poll", "pending", ()),
    Outcome("09", "voucher", "confirmed", None, "callback", "confirmed", (200,)),  # SETTLED is paid
    # A hosted checkout, paid on the page from the payer's phone.
    Outcome("00", "session", "confirmed", None, "callback", "confirmed", (200,)),
    Outcome("01", "session", "failed", "Insufficient balance", "callback", "failed", (200,)),
    Outcome("05", "session", "confirmed", None, "poll", "pending", ()),
]


@dataclass(frozen=True)
class Buyer:
    id: str
    headers: dict[str, str]


@pytest.fixture()
def clickpesa(container: Container, clock: FrozenClock) -> Iterator[FakeClickPesa]:
    with fake_clickpesa() as fake:  # its callback URL is set once the app listens
        adapter = ClickPesa(fake.base_url, CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=clock,
                            initial_wait=0.01, max_wait=0.05)  # the real retries, without the real backoff
        container.mobile_money.override(providers.Object(adapter))
        yield fake


@pytest.fixture()
async def app_url(container: Container, clickpesa: FakeClickPesa) -> AsyncIterator[str]:
    """The whole app on a free loopback port, served in the test's event loop (so it shares the
    test's container and frozen clock); the fake calls it back there."""
    server = uvicorn.Server(uvicorn.Config(create_app(container), host="127.0.0.1", port=0, log_level="warning",
                                           lifespan="on"))
    serving = asyncio.create_task(server.serve())
    await until(lambda: server.started or serving.done())
    assert server.started, "the app did not start"
    base = f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    clickpesa.callback_url = f"{base}/v1/payments/callback/mobilemoney"
    try:
        yield base
    finally:
        server.should_exit = True
        await serving


@pytest.fixture()
async def http(app_url: str) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=app_url, timeout=30) as client:
        yield client


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait on a condition (the server coming up), never for a fixed time."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.01)


async def make_buyer(container: Container, clock: FrozenClock, payer: str, *, own_phone: bool) -> Buyer:
    """An account that may pay from `payer`: its own verified phone, or a payer phone it verified."""
    account = await container.register_account()(Registration(email=f"payer{payer[-2:]}@example.com",
                                                              password=PASSWORD, business_name="", plan="free"))
    key = await container.create_api_key()(account.id, "e2e key")
    if own_phone:
        await container.verify_phone_by_operator()(account.email, payer)
    else:
        async with container.uow() as uow:
            await uow.payer_phones.add(account.id, payer, clock.now())
            await uow.commit()
    return Buyer(account.id, {"X-API-Key": key.key})


async def place(http: httpx.AsyncClient, buyer: Buyer, kind: str, payer: str) -> dict[str, Any]:
    if kind == "package":
        package = (await http.get("/v1/packages")).json()["data"][0]
        answered = await http.post("/v1/payments/", headers=buyer.headers,
                                   json={"package_id": package["id"], "provider": "mobilemoney", "phone": payer})
    else:
        amount = (await http.get("/v1/vouchers/rate")).json()["data"]["min_amount_tzs"] + 1_234
        provider = "mobilemoney-session" if kind == "session" else "mobilemoney"
        answered = await http.post("/v1/vouchers/", headers=buyer.headers,
                                   json={"amount": amount, "provider": provider, "phone": payer})
    assert answered.status_code == 201, answered.text
    order: dict[str, Any] = answered.json()["data"]
    return order


async def order_now(http: httpx.AsyncClient, buyer: Buyer, order: dict[str, Any]) -> dict[str, Any]:
    answered = await http.get(f"/v1/payments/{order['id']}", headers=buyer.headers)
    assert answered.status_code == 200, answered.text
    found: dict[str, Any] = answered.json()["data"]
    return found


async def purchases_and_balance(http: httpx.AsyncClient, buyer: Buyer) -> tuple[list[dict[str, Any]], int]:
    history = (await http.get("/v1/credits/history?per_page=100", headers=buyer.headers)).json()["data"]
    balance = (await http.get("/v1/credits/balance", headers=buyer.headers)).json()["data"]["balance"]
    return [t for t in history["transactions"] if t["type"] == "purchase"], balance


def status_queries(fake: FakeClickPesa, reference: str) -> int:
    return len(fake.calls("GET", f"/payments/{reference}"))


@pytest.mark.parametrize("outcome", OUTCOMES, ids=lambda o: o.id)
async def test_an_aggregator_outcome_end_to_end(outcome: Outcome, http: httpx.AsyncClient, container: Container,
                                                clock: FrozenClock, clickpesa: FakeClickPesa) -> None:
    payer = f"+2557120000{outcome.ending}"
    buyer = await make_buyer(container, clock, payer, own_phone=outcome.order == "package")
    _, balance_before = await purchases_and_balance(http, buyer)
    poll: Callable[[], Awaitable[int]] = container.poll_pending_payments()
    expire: Callable[[], Awaitable[int]] = container.expire_stale_payment_orders()

    # Placed: pending, the payer prompted once (or a checkout page made once and paid on it).
    order = await place(http, buyer, outcome.order, payer)
    reference = order["reference"]
    assert (order["status"], order["failure_reason"], order["phone"]) == ("pending", None, payer)
    if outcome.order == "session":
        assert order["checkout_url"] == f"{clickpesa.base_url}/checkout/{reference}"
        assert order["checkout_url"] in order["checkout_message"]
        assert len(clickpesa.calls("POST", "/checkout-link/")) == 1
        clickpesa.pay_checkout(reference, payer.removeprefix("+"))
    else:
        assert order["checkout_url"] is None
        assert clickpesa.pushes(reference) == 1
        assert clickpesa.payments[reference].phone == payer.removeprefix("+")
    if outcome.ending == "08":  # the push was answered 500, asked about, not sent again
        assert [c.status for c in clickpesa.calls("POST", "/payments/initiate")] == [500]
        assert status_queries(clickpesa, reference) >= 1
        callback_url, clickpesa.callback_url = clickpesa.callback_url, None  # its callback will be lost
    assert (await order_now(http, buyer, order))["status"] == "pending"

    # The payers answer; the fake posts its callbacks to the app over HTTP from its own thread.
    await asyncio.to_thread(clickpesa.settle)
    sent = [c for c in clickpesa.callbacks_sent if c.reference == reference]
    if outcome.ending == "08":
        assert [c.status for c in sent] == [None]  # lost
    else:
        assert tuple(c.status for c in sent) == outcome.callbacks
    assert (await order_now(http, buyer, order))["status"] == outcome.after_callbacks

    # Half a minute on, the poll asks the provider about whatever is still pending.
    clock.advance(31)
    asked = status_queries(clickpesa, reference)
    settled_by_poll = await poll()
    asked_now = status_queries(clickpesa, reference)
    assert asked_now == asked + (outcome.after_callbacks == "pending")  # settled orders are not asked about
    assert settled_by_poll == (outcome.settled_by == "poll")
    after_poll = await order_now(http, buyer, order)
    assert after_poll["status"] == ("pending" if outcome.settled_by == "expiry" else outcome.status)

    # Nine minutes on, nothing is stale yet; past ten, the expiry job asks once more, then ends it.
    clock.advance(timedelta(minutes=9).total_seconds())
    assert await expire() == 0
    assert (await order_now(http, buyer, order))["status"] == after_poll["status"]
    clock.advance(timedelta(minutes=1).total_seconds())
    asked = status_queries(clickpesa, reference)
    assert await expire() == (outcome.settled_by == "expiry")
    assert status_queries(clickpesa, reference) == asked + (outcome.settled_by == "expiry")  # the final poll

    # Late news changes nothing: the prompt's own expiry, the lost callback delivered after all.
    if outcome.ending == "04":
        await asyncio.to_thread(clickpesa.expire_prompts)
        assert [c.status for c in clickpesa.callbacks_sent if c.reference == reference] == [200]
    if outcome.ending == "08":
        clickpesa.callback_url = callback_url
        late = await http.post("/v1/payments/callback/mobilemoney", content=sent[0].body,
                               headers={"Content-Type": "application/json"})
        assert (late.status_code, late.json()["data"]["outcome"]) == (200, "repeat")

    final = await order_now(http, buyer, order)
    assert (final["status"], final["failure_reason"]) == (outcome.status, outcome.failure_reason)
    assert (final["confirmed_at"] is not None, final["failed_at"] is not None) == (
        outcome.status == "confirmed", outcome.status == "failed")
    async with container.uow() as uow:
        stored = await uow.payment_orders.get(buyer.id, order["id"])
    assert stored is not None and stored.settled_by == outcome.settled_by

    purchases, balance = await purchases_and_balance(http, buyer)
    if outcome.status == "confirmed":
        assert [p["amount"] for p in purchases] == [order["credit_amount"]]
        assert balance == balance_before + order["credit_amount"]
    else:
        assert purchases == []
        assert balance == balance_before

    # One `payment` notification for the one outcome, whatever repeats came after it.
    notes = (await http.get("/v1/notifications", headers=buyer.headers)).json()["data"]["notifications"]
    assert len([n for n in notes if n["type"] == "payment"]) == 1

    # Never a reference pushed twice, nor a checkout page made twice for one.
    pushed = Counter((c.body or {}).get("orderReference") for c in clickpesa.calls("POST", "/payments/initiate"))
    linked = Counter((c.body or {}).get("orderReference") for c in clickpesa.calls("POST", "/checkout-link/"))
    assert set(pushed.values()) | set(linked.values()) <= {1}
    assert pushed.keys() | linked.keys() == {reference}
