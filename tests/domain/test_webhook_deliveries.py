"""What one webhook attempt's answer decides (domain.webhook_deliveries)."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import given
from hypothesis import strategies as st

from domain.webhook_deliveries import AfterAttempt, DeliveryStatus, after_attempt
from domain.webhooks import GIVE_UP_AFTER, JITTER, RETRY_DELAYS

attempts = st.integers(1, 30)
since_event = st.integers(0, 48 * 3600).map(lambda s: timedelta(seconds=s))
jitters = st.floats(0, 1, exclude_max=True)
failures = st.none() | st.integers(100, 599).filter(lambda c: not 200 <= c < 300 and c != 410)


class Draws:
    """A jitter source that always draws `value` and counts its draws."""

    def __init__(self, value: float) -> None:
        self.value, self.count = value, 0

    def __call__(self) -> float:
        self.count += 1
        return self.value


@given(attempts, st.integers(200, 299), since_event, jitters)
def test_a_2xx_answer_delivers_it(attempt: int, code: int, since: timedelta, jitter: float) -> None:
    assert after_attempt(attempt, code, since, Draws(jitter)) == AfterAttempt(DeliveryStatus.SUCCEEDED)


@given(attempts, since_event, jitters)
def test_410_gone_gives_up_at_once_and_disables_the_endpoint(attempt: int, since: timedelta, jitter: float) -> None:
    assert after_attempt(attempt, 410, since, Draws(jitter)) == AfterAttempt(DeliveryStatus.FAILED,
                                                                              disable_endpoint=True)


@given(attempts, failures, since_event, jitters)
def test_any_other_answer_is_retried_on_the_schedule_until_a_day_has_passed(
        attempt: int, code: int | None, since: timedelta, jitter: float) -> None:
    step = after_attempt(attempt, code, since, Draws(jitter))
    assert not step.disable_endpoint
    if since >= GIVE_UP_AFTER:
        assert step == AfterAttempt(DeliveryStatus.FAILED)
        return
    assert step.status is DeliveryStatus.PENDING and step.retry_in is not None
    scheduled = RETRY_DELAYS[min(attempt, len(RETRY_DELAYS)) - 1]
    assert scheduled * (1 - JITTER) <= step.retry_in <= scheduled * (1 + JITTER)


@given(failures, st.integers(1, 10), jitters)
def test_waits_never_shrink_as_attempts_go_on(code: int | None, attempt: int, jitter: float) -> None:
    first = after_attempt(attempt, code, timedelta(0), Draws(jitter)).retry_in
    later = after_attempt(attempt + 1, code, timedelta(0), Draws(jitter)).retry_in
    assert first is not None and later is not None and later >= first


@given(attempts, failures | st.integers(200, 299) | st.just(410), since_event, jitters)
def test_the_jitter_is_drawn_once_for_a_retry_and_never_otherwise(
        attempt: int, code: int | None, since: timedelta, jitter: float) -> None:
    draws = Draws(jitter)
    step = after_attempt(attempt, code, since, draws)
    assert draws.count == (1 if step.retry_in is not None else 0)
