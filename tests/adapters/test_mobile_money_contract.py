"""The mobile-money port's contract, where its adapters meet: the same assertions on the simulator
(PostgreSQL) and on the ClickPesa-shaped HTTP adapter against its fake. `answer()` is
the moment the payer answers: the simulator's delay passing, the fake settling."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import pytest

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa
from adapters.mobilemoney.simulator import MobileMoneySimulator
from adapters.postgres.database import create_pool
from application.ports import InvalidCallback, MobileMoney, PaymentRequest, ProviderRejected, ProviderState
from fake_clickpesa import API_KEY, CHECKSUM_KEY, CLIENT_ID, fake_clickpesa

DELAY = 20.0
PAYING = "+255712345600"
DECLINING = "+255799000003"  # the simulator's declining payer; at the fake, ending 03: cancelled


@dataclass
class Provider:
    adapter: MobileMoney
    answer: Callable[[], None]


def delay_passes(clock: FrozenClock) -> Callable[[], None]:
    def answer() -> None:
        clock.advance(DELAY)
    return answer


@pytest.fixture(params=["simulator", "clickpesa"])
async def provider(request: pytest.FixtureRequest) -> AsyncIterator[Provider]:
    clock = FrozenClock()
    if request.param == "clickpesa":
        with fake_clickpesa() as fake:
            yield Provider(ClickPesa(fake.base_url, CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=clock, initial_wait=0),
                           fake.settle)
        return
    pool = create_pool(request.getfixturevalue("clean_database"), min_size=1, max_size=4)
    await pool.open(wait=True)
    try:
        yield Provider(MobileMoneySimulator(pool, clock, decision_delay=DELAY), delay_passes(clock))
    finally:
        await pool.close()


def order(reference: str = "ord1", phone: str | None = PAYING) -> PaymentRequest:
    return PaymentRequest(reference=reference, amount=3000, currency="TZS", phone=phone, description="SMS 100")


async def test_a_paying_payer_is_waiting_after_the_push_then_paid(provider: Provider) -> None:
    accepted = await provider.adapter.push(order())
    assert (await provider.adapter.status("ord1")).state is ProviderState.WAITING
    provider.answer()
    paid = await provider.adapter.status("ord1")
    assert (paid.reference, paid.state, paid.amount, paid.currency) == ("ord1", ProviderState.PAID, 3000, "TZS")
    assert paid.provider_ref == accepted.provider_ref


async def test_a_declining_payer_fails_with_a_reason(provider: Provider) -> None:
    await provider.adapter.push(order(phone=DECLINING))
    provider.answer()
    failed = await provider.adapter.status("ord1")
    assert failed.state is ProviderState.FAILED and failed.reason


async def test_a_push_repeated_under_its_reference_keeps_the_first_one(provider: Provider) -> None:
    first = await provider.adapter.push(order())
    assert await provider.adapter.push(order()) == first
    provider.answer()
    assert (await provider.adapter.status("ord1")).state is ProviderState.PAID


async def test_nothing_pushed_is_unknown_and_a_push_without_a_phone_is_rejected(provider: Provider) -> None:
    assert (await provider.adapter.status("nothere")).state is ProviderState.UNKNOWN
    with pytest.raises(ProviderRejected):
        await provider.adapter.push(order(phone=None))
    assert (await provider.adapter.status("ord1")).state is ProviderState.UNKNOWN


async def test_a_hosted_checkout_gives_a_link(provider: Provider) -> None:
    link = await provider.adapter.checkout_link(order(reference="ord2", phone=None))
    assert link.startswith(("http://", "https://")) and link.endswith("/ord2")


async def test_an_unsigned_callback_is_refused(provider: Provider) -> None:
    with pytest.raises(InvalidCallback):
        provider.adapter.read_callback({}, b'{"event": "PAYMENT RECEIVED", "data": {"orderReference": "ord1"}}')
