"""Phone verification codes: how long one lives, and how often one may be sent.

The codes go out free of charge, so they must not become a free SMS service: a number gets a
new code at most once a minute and five times an hour, and an account has codes sent to at
most five numbers an hour. Accounts are free, so those caps alone would let one person pump a
stranger's number from many accounts: across all accounts, a number gets at most five codes an
hour, and one client address asks for at most ten. Asking beyond that is refused
(`otp_throttled`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from math import ceil

from domain.errors import OtpThrottled

OTP_TTL = timedelta(minutes=5)
OTP_MAX_ATTEMPTS = 5
OTP_RESEND_AFTER = timedelta(seconds=60)
OTP_WINDOW = timedelta(hours=1)
OTP_MAX_SENDS_PER_WINDOW = 5  # per number
OTP_MAX_PHONES_PER_WINDOW = 5  # per account
OTP_MAX_SENDS_PER_NUMBER = 5  # per number, whichever accounts ask
OTP_MAX_SENDS_PER_ADDRESS = 10  # per client address, whichever accounts and numbers


@dataclass(frozen=True, slots=True)
class OtpWindow:
    """One number's sends in its current hour."""

    started_at: datetime
    sends: int
    last_sent_at: datetime


def first_window(phones_this_hour: int, now: datetime) -> OtpWindow:
    """The window of a number that has no code yet, once one is sent at `now`, or OtpThrottled:
    `phones_this_hour` is how many numbers the account had codes sent to in the last hour."""
    if phones_this_hour >= OTP_MAX_PHONES_PER_WINDOW:
        raise OtpThrottled("Too many numbers verified this hour; try again later.", field="phone")
    return OtpWindow(started_at=now, sends=1, last_sent_at=now)


def next_window(previous: OtpWindow, now: datetime) -> OtpWindow:
    """The number's window once another code is sent at `now`, or OtpThrottled."""
    wait = previous.last_sent_at + OTP_RESEND_AFTER - now
    if wait > timedelta(0):
        seconds = int(wait.total_seconds()) + 1
        raise OtpThrottled(f"A code was just sent; ask again in {seconds} s.", field="phone", retry_after=seconds)
    if now - previous.started_at >= OTP_WINDOW:
        return OtpWindow(started_at=now, sends=1, last_sent_at=now)
    if previous.sends >= OTP_MAX_SENDS_PER_WINDOW:
        raise OtpThrottled("Too many codes for this number; try again within the hour.", field="phone",
                           retry_after=max(1, ceil((previous.started_at + OTP_WINDOW - now).total_seconds())))
    return OtpWindow(started_at=previous.started_at, sends=previous.sends + 1, last_sent_at=now)


@dataclass(frozen=True, slots=True)
class RecentSends:
    """The codes sent in the last OTP_WINDOW to one number, or at one client address's request,
    across all accounts: how many, and when the oldest of them went."""

    count: int
    oldest: datetime | None


NO_SENDS = RecentSends(count=0, oldest=None)


def check_platform_caps(to_number: RecentSends, from_address: RecentSends, now: datetime) -> None:
    """Raise OtpThrottled (with when to come back) if another code to the number, or at the
    address's request, would pass its hourly cap across accounts."""
    for sends, cap, message in (
        (to_number, OTP_MAX_SENDS_PER_NUMBER, "Too many codes for this number; try again within the hour."),
        (from_address, OTP_MAX_SENDS_PER_ADDRESS, "Too many codes asked from this address; try again within the hour."),
    ):
        if sends.count >= cap:
            frees_at = (sends.oldest or now) + OTP_WINDOW
            raise OtpThrottled(message, field="phone", retry_after=max(1, ceil((frees_at - now).total_seconds())))
