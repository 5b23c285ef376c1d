"""The phone-code throttle (domain.phone_otps): once a minute, five an hour per number, five numbers an hour;
across accounts, five an hour per number and ten an hour per client address."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import OtpThrottled
from domain.phone_otps import (
    NO_SENDS,
    OTP_MAX_PHONES_PER_WINDOW,
    OTP_MAX_SENDS_PER_ADDRESS,
    OTP_MAX_SENDS_PER_NUMBER,
    OTP_MAX_SENDS_PER_WINDOW,
    OTP_RESEND_AFTER,
    OTP_WINDOW,
    OtpWindow,
    RecentSends,
    check_platform_caps,
    first_window,
    next_window,
)

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def ask_at(gaps: list[int]) -> list[datetime]:
    """When a number asks for codes: after each gap in seconds."""
    times, at = [], T0
    for gap in gaps:
        at += timedelta(seconds=gap)
        times.append(at)
    return times


def ask(window: OtpWindow | None, at: datetime) -> OtpWindow:
    """One ask for a code for the number, the account's first number this hour."""
    return first_window(0, at) if window is None else next_window(window, at)


def sent_at(times: list[datetime]) -> list[tuple[datetime, OtpWindow]]:
    """The asks that got a code, each with the window it left."""
    window: OtpWindow | None = None
    sent = []
    for at in times:
        try:
            window = ask(window, at)
        except OtpThrottled:
            continue
        sent.append((at, window))
    return sent


@settings(max_examples=300)
@given(st.lists(st.integers(0, 1200), min_size=1, max_size=40))
def test_a_number_gets_a_code_at_most_once_a_minute_and_five_times_in_its_hour(gaps: list[int]) -> None:
    sent = sent_at(ask_at(gaps))
    assert sent, "the first ask always gets a code"
    for (earlier, _), (later, _) in zip(sent, sent[1:]):
        assert later - earlier >= OTP_RESEND_AFTER
    for _, window in sent:
        in_window = [at for at, _ in sent if window.started_at <= at < window.started_at + OTP_WINDOW]
        assert len(in_window) <= OTP_MAX_SENDS_PER_WINDOW


@settings(max_examples=300)
@given(st.lists(st.integers(0, 1200), min_size=1, max_size=40))
def test_an_ask_is_refused_only_for_the_rules_reasons(gaps: list[int]) -> None:
    window: OtpWindow | None = None
    for at in ask_at(gaps):
        try:
            window = ask(window, at)
        except OtpThrottled:
            assert window is not None
            too_soon = at - window.last_sent_at < OTP_RESEND_AFTER
            hour_full = at - window.started_at < OTP_WINDOW and window.sends >= OTP_MAX_SENDS_PER_WINDOW
            assert too_soon or hour_full


@given(st.integers(0, 20))
def test_an_account_has_codes_sent_to_at_most_five_numbers_an_hour(phones_this_hour: int) -> None:
    if phones_this_hour >= OTP_MAX_PHONES_PER_WINDOW:
        with pytest.raises(OtpThrottled):
            first_window(phones_this_hour, T0)
    else:
        assert first_window(phones_this_hour, T0) == OtpWindow(started_at=T0, sends=1, last_sent_at=T0)


def test_the_refusal_says_how_long_to_wait() -> None:
    window = first_window(0, T0)
    with pytest.raises(OtpThrottled, match="ask again in 31 s"):
        next_window(window, T0 + timedelta(seconds=30))


def recent(times: list[datetime], now: datetime) -> RecentSends:
    """The sends among `times` still inside the hour before `now`."""
    inside = [at for at in times if at > now - OTP_WINDOW]
    return RecentSends(count=len(inside), oldest=min(inside, default=None))


# An ask: seconds after the previous one, which of three numbers, from which of three addresses.
asks = st.lists(st.tuples(st.integers(0, 900), st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=60)


@settings(max_examples=300)
@given(asks)
def test_across_accounts_a_number_gets_five_codes_and_an_address_ten_in_any_hour(gaps: list[tuple[int, int, int]]) -> None:
    at = T0
    sent: list[tuple[datetime, int, int]] = []
    for gap, number, address in gaps:
        at += timedelta(seconds=gap)
        to_number = recent([t for t, n, _ in sent if n == number], at)
        from_address = recent([t for t, _, a in sent if a == address], at)
        try:
            check_platform_caps(to_number, from_address, at)
        except OtpThrottled as refused:
            # refused only when a cap is reached, and told to come back when a send leaves the hour
            full = [s for s, cap in ((to_number, OTP_MAX_SENDS_PER_NUMBER), (from_address, OTP_MAX_SENDS_PER_ADDRESS))
                    if s.count >= cap]
            assert full
            assert refused.retry_after == max(1, int((full[0].oldest + OTP_WINDOW - at).total_seconds()))  # type: ignore[operator]
            continue
        sent.append((at, number, address))
    for t, number, address in sent:
        hour = [(s, n, a) for s, n, a in sent if t - OTP_WINDOW < s <= t]
        assert sum(1 for _, n, _ in hour if n == number) <= OTP_MAX_SENDS_PER_NUMBER
        assert sum(1 for _, _, a in hour if a == address) <= OTP_MAX_SENDS_PER_ADDRESS


def test_the_caps_across_accounts_say_which_was_reached_and_when_to_come_back() -> None:
    five = RecentSends(count=OTP_MAX_SENDS_PER_NUMBER, oldest=T0)
    with pytest.raises(OtpThrottled, match="this number") as refused:
        check_platform_caps(five, NO_SENDS, T0 + timedelta(minutes=20))
    assert refused.value.retry_after == 40 * 60
    ten = RecentSends(count=OTP_MAX_SENDS_PER_ADDRESS, oldest=T0)
    with pytest.raises(OtpThrottled, match="this address"):
        check_platform_caps(NO_SENDS, ten, T0)
    check_platform_caps(RecentSends(count=OTP_MAX_SENDS_PER_NUMBER - 1, oldest=T0),
                        RecentSends(count=OTP_MAX_SENDS_PER_ADDRESS - 1, oldest=T0), T0)


def test_the_refusal_documented_in_the_api_names_the_caps_as_they_are() -> None:
    documented = OtpThrottled.default_message
    assert f"1 a minute and {OTP_MAX_SENDS_PER_NUMBER} an hour" in documented
    assert OTP_RESEND_AFTER == timedelta(minutes=1) and OTP_MAX_SENDS_PER_WINDOW <= OTP_MAX_SENDS_PER_NUMBER
    assert f"{OTP_MAX_PHONES_PER_WINDOW} numbers an hour" in documented
    assert f"{OTP_MAX_SENDS_PER_ADDRESS} codes an hour" in documented
