"""The mobile-money simulator answers as decided (decision: simulators) — approved after the delay, declined for
`+255799000003` — and records every prompt in PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import datetime, timedelta

import pytest

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.simulator import MobileMoneySimulator
from adapters.postgres.database import create_pool
from application.ports import (
    InvalidCallback,
    PaymentListener,
    PaymentRequest,
    ProviderRejected,
    ProviderResult,
    ProviderState,
)

DELAY = 30.0


class RecordingListener:
    def __init__(self, fails: bool = False) -> None:
        self.results: list[tuple[str, ProviderResult, datetime]] = []
        self._fails = fails

    async def payment_result(self, provider: str, result: ProviderResult, at: datetime) -> None:
        if self._fails:
            raise RuntimeError("the job queue is down")
        self.results.append((provider, result, at))


@pytest.fixture()
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture()
def listener() -> RecordingListener:
    return RecordingListener()


Simulator = Callable[..., MobileMoneySimulator]


@pytest.fixture()
async def make_simulator(clean_database: str, clock: FrozenClock) -> AsyncIterator[Simulator]:
    """A simulator on the test database, with the options given."""
    pool = create_pool(clean_database, min_size=1, max_size=4)
    await pool.open(wait=True)

    def make(listener: PaymentListener | None = None, decision_delay: float = 0.0,
             public_url: str = "http://127.0.0.1:8000") -> MobileMoneySimulator:
        return MobileMoneySimulator(pool, clock, listener, decision_delay, public_url)
    try:
        yield make
    finally:
        await pool.close()


@pytest.fixture()
def simulator(make_simulator: Simulator, listener: RecordingListener) -> MobileMoneySimulator:
    return make_simulator(listener, decision_delay=DELAY, public_url="https://sms.example.tz")


def order(reference: str = "ord1", phone: str | None = "+255712345678", amount: int = 5000) -> PaymentRequest:
    return PaymentRequest(reference=reference, amount=amount, currency="TZS", phone=phone,
                          description="Kifurushi cha SMS 200")


async def test_a_prompt_waits_for_the_delay_then_is_paid_and_the_listener_hears_it_due_then(
        simulator: MobileMoneySimulator, clock: FrozenClock, listener: RecordingListener) -> None:
    prompted_at = clock.now()
    accepted = await simulator.push(order())
    waiting = await simulator.status("ord1")
    assert waiting.state is ProviderState.WAITING and waiting.provider_ref == accepted.provider_ref

    clock.advance(DELAY - 1)
    assert (await simulator.status("ord1")).state is ProviderState.WAITING
    clock.advance(1)
    paid = ProviderResult(reference="ord1", state=ProviderState.PAID, amount=5000, currency="TZS",
                          provider_ref=accepted.provider_ref)
    assert await simulator.status("ord1") == paid
    assert listener.results == [("mobilemoney", paid, prompted_at + timedelta(seconds=DELAY))]


async def test_the_magic_payer_declines(simulator: MobileMoneySimulator, clock: FrozenClock, listener: RecordingListener) -> None:
    await simulator.push(order(phone="+255799000003"))
    assert (await simulator.status("ord1")).state is ProviderState.WAITING
    clock.advance(DELAY)
    declined = await simulator.status("ord1")
    assert (declined.state, declined.reason) == (ProviderState.FAILED, "Insufficient balance")
    assert [result for _, result, _ in listener.results] == [declined]


async def test_with_no_delay_the_answer_is_there_at_once(make_simulator: Simulator, clock: FrozenClock,
                                                         listener: RecordingListener) -> None:
    simulator = make_simulator(listener)
    await simulator.push(order())
    assert (await simulator.status("ord1")).state is ProviderState.PAID
    assert [at for _, _, at in listener.results] == [clock.now()]


async def test_a_hosted_checkout_is_a_local_page_approved_after_the_delay_like_a_prompt(
        simulator: MobileMoneySimulator, clock: FrozenClock, listener: RecordingListener) -> None:
    link = await simulator.checkout_link(order(reference="ord2", phone=None, amount=12000))
    assert link == "https://sms.example.tz/simulator/checkout/ord2"
    assert (await simulator.status("ord2")).state is ProviderState.WAITING
    clock.advance(DELAY)
    assert (await simulator.status("ord2")).amount == 12000
    assert [(r.reference, r.state) for _, r, _ in listener.results] == [("ord2", ProviderState.PAID)]


async def test_a_repeated_reference_prompts_nobody_again_and_keeps_its_first_answer(
        simulator: MobileMoneySimulator, clock: FrozenClock, listener: RecordingListener) -> None:
    first = await simulator.push(order())
    clock.advance(DELAY / 2)
    assert await simulator.push(order()) == first
    clock.advance(DELAY / 2)
    assert (await simulator.status("ord1")).state is ProviderState.PAID  # due from the first prompt
    assert len(listener.results) == 1
    assert len(await simulator.received()) == 1


async def test_an_unknown_reference_is_unknown_and_a_push_needs_a_phone(simulator: MobileMoneySimulator) -> None:
    assert await simulator.status("nothere") == ProviderResult(reference="nothere", state=ProviderState.UNKNOWN)
    with pytest.raises(ProviderRejected, match="phone"):
        await simulator.push(order(phone=None))
    assert await simulator.received() == []


async def test_the_simulator_takes_no_callbacks_over_http(simulator: MobileMoneySimulator) -> None:
    await simulator.push(order())
    body = b'{"event": "PAYMENT RECEIVED", "data": {"orderReference": "ord1"}, "checksum": "x"}'
    with pytest.raises(InvalidCallback, match="does not call back"):
        simulator.read_callback({}, body)


async def test_a_listener_that_fails_does_not_fail_the_prompt(make_simulator: Simulator, clock: FrozenClock) -> None:
    simulator = make_simulator(RecordingListener(fails=True), decision_delay=DELAY)
    assert (await simulator.push(order())).provider_ref
    clock.advance(DELAY)
    assert (await simulator.status("ord1")).state is ProviderState.PAID  # polling still finds it


async def test_what_it_received_is_listed_newest_first_and_by_phone(simulator: MobileMoneySimulator, clock: FrozenClock) -> None:
    for n, phone in enumerate(["+255712345678", "+255799000003", "+255712345678"], start=1):
        await simulator.push(order(reference=f"ord{n}", phone=phone, amount=1000 * n))
        clock.advance(DELAY / 2)
    received = await simulator.received()
    assert [p.reference for p in received] == ["ord3", "ord2", "ord1"]
    assert [p.reference for p in await simulator.received("+255712345678")] == ["ord3", "ord1"]
    assert [p.reference for p in await simulator.received(limit=1)] == ["ord3"]
    shown = [p.as_json(clock.now()) for p in received]
    assert [(s["state"], s["reason"]) for s in shown] == [
        ("waiting", None), ("failed", "Insufficient balance"), ("paid", None)]
    assert {"reference", "kind", "phone", "amount", "currency", "created_at", "decided_at"} <= set(shown[0])
