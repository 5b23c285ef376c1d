from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import IllegalTransition
from domain.payments import PaymentEvent as E
from domain.payments import PaymentStatus as S
from domain.payments import PaymentTransition, next_payment_status


@pytest.mark.parametrize(
    ("current", "event", "expected"),
    [
        (S.PENDING, E.CONFIRM, (S.CONFIRMED, True)),
        (S.PENDING, E.PAID, (S.CONFIRMED, True)),
        (S.CONFIRMED, E.PAID, (S.CONFIRMED, False)),
        (S.FAILED, E.PAID, (S.CONFIRMED, True)),  # late money confirms a failed order
        (S.PENDING, E.FAIL, (S.FAILED, True)),
        (S.CONFIRMED, E.CONFIRM, (S.CONFIRMED, False)),
        (S.FAILED, E.FAIL, (S.FAILED, False)),
    ],
)
def test_transition_table(current: S, event: E, expected: tuple[S, bool]) -> None:
    result = next_payment_status(current, event)
    assert result == expected
    assert isinstance(result, PaymentTransition)
    status, changed = result
    assert (status, changed) == (result.status, result.changed)


@pytest.mark.parametrize(("current", "event"), [(S.CONFIRMED, E.FAIL), (S.FAILED, E.CONFIRM)])
def test_contradicting_a_settled_order_is_illegal(current: S, event: E) -> None:
    with pytest.raises(IllegalTransition):
        next_payment_status(current, event)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(list(E)), max_size=12))
def test_an_order_settles_exactly_once(events: list[E]) -> None:
    status, grants = S.PENDING, 0
    for event in events:
        try:
            status_after, changed = next_payment_status(status, event)
        except IllegalTransition:
            assert status != S.PENDING
            continue
        grants += changed and status_after == S.CONFIRMED
        # a settled order only ever moves again on the provider's proof of payment, from failed
        assert changed == (status == S.PENDING or (status == S.FAILED and event == E.PAID))
        status = status_after
    assert grants <= 1  # credits are granted once, however the events come
    paid = E.PAID in events
    confirmed_first = bool(events) and events[0] in (E.PAID, E.CONFIRM)
    assert grants == (1 if confirmed_first or paid else 0)
    if events:  # confirmed stays confirmed; failed stays failed unless the money shows up
        assert status == (S.CONFIRMED if confirmed_first or paid else S.FAILED)
