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
    status, changes, grants = S.PENDING, 0, 0
    for event in events:
        try:
            status_after, changed = next_payment_status(status, event)
        except IllegalTransition:
            assert status != S.PENDING
            continue
        changes += changed
        grants += changed and status_after == S.CONFIRMED
        assert changed == (status == S.PENDING)
        status = status_after
    assert changes == (1 if events else 0)
    assert grants == (1 if events and events[0] == E.CONFIRM else 0)
    if events:  # the first word is final
        assert status == (S.CONFIRMED if events[0] == E.CONFIRM else S.FAILED)
