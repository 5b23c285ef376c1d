"""Verifying a phone with a one-time code sent by SMS: the account's own phone, or a payer
phone the account may then buy credits from, through `/v1/vouchers/otp/*` (decision: payment orders).

A code has 6 digits, lives 5 minutes, is stored as a keyed hash, and allows 5 wrong guesses.
How often codes may be sent is `domain.phone_otps`' rule: they go out free of charge, so they
must not become a free SMS service. Besides the caps per account, the caps per number and per
client address count every account's sends, in the database, so neither many free accounts nor
many API processes can multiply them. Both kinds share the codes and the limits (one code per
account and number at a time); a code is bound to its purpose, so a payer code never changes
the account's phone, nor an account code approve a payer.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from application.ports import (
    Clock,
    IdGenerator,
    OutboundSms,
    PhoneOtp,
    Secrets,
    SmsGateway,
    UnitOfWork,
    UnitOfWorkFactory,
)
from application.submission import submit
from domain.accounts import Account, no_account_with, phone_of
from domain.email_addresses import normalize_email
from domain.errors import InvalidOtp, NotFound, ValidationError
from domain.phone_otps import (
    OTP_MAX_ATTEMPTS,
    OTP_TTL,
    OTP_WINDOW,
    check_platform_caps,
    first_window,
    next_window,
)
from domain.submits import Answer
from domain.texts import WHITESPACE

# Six digits, whitespace around them trimmed (the API document states OTP_PATTERN).
OTP_PATTERN = f"^[{WHITESPACE}]*[0-9]{{6}}[{WHITESPACE}]*$"
_CODE = re.compile(OTP_PATTERN)
OtpStatus = Literal["sent", "failed", "pending"]
_OTP_STATUS: dict[Answer, OtpStatus] = {
    Answer.ACCEPTED: "sent", Answer.REJECTED: "failed", Answer.UNAVAILABLE: "failed", Answer.NO_ANSWER: "pending",
}


@dataclass(frozen=True, slots=True)
class OtpSent:
    """`status`: `sent`, the gateway took the SMS; `failed`, it rejected it or could not be reached
    (nothing went out); `pending`, it took the SMS but its answer never came: the code is stored
    and may still arrive, and the caller may ask for another one after a minute."""

    phone: str
    status: OtpStatus
    expires_in: int


@dataclass(frozen=True, slots=True)
class OtpPurpose:
    hash_prefix: str
    text: str  # the SMS, with {code}


ACCOUNT_PHONE = OtpPurpose("", "Your ujumbe verification code is {code}. It expires in 5 minutes.")
PAYER_PHONE = OtpPurpose("payer:", "Your ujumbe code to approve this number for mobile-money payments is {code}."
                                   " It expires in 5 minutes.")


@dataclass(frozen=True, slots=True)
class PayerPhone:
    phone: str
    verified: bool
    verified_at: datetime


def _code_hash(secrets: Secrets, purpose: OtpPurpose, account_id: str, phone: str, code: str) -> str:
    # Bound to the purpose, account and number, so one code's hash is worthless anywhere else.
    return secrets.keyed_digest(f"{purpose.hash_prefix}{account_id}:{phone}:{code}")


def _code_of(code: str) -> str:
    if not _CODE.fullmatch(code):
        raise ValidationError("The code is 6 digits.", field="otp")
    return code.strip()


async def _use_code(uow: UnitOfWork, secrets: Secrets, purpose: OtpPurpose, account_id: str, phone: str,
                    code: str, now: datetime) -> None:
    """Spend the code of (account, phone), or raise InvalidOtp (a wrong guess is counted and
    committed first)."""
    otp = await uow.phone_otps.get(account_id, phone)
    if otp is None or otp.expires_at <= now:
        raise InvalidOtp("No valid code for this number; request a new one.", field="otp")
    if otp.attempts >= OTP_MAX_ATTEMPTS:
        raise InvalidOtp("Too many wrong codes; request a new one.", field="otp")
    if not hmac.compare_digest(otp.code_hash, _code_hash(secrets, purpose, account_id, phone, code)):
        await uow.phone_otps.save(replace(otp, attempts=otp.attempts + 1))
        await uow.commit()
        raise InvalidOtp(field="otp")
    # Used up, not deleted: the row still counts against the number's and the account's
    # hourly limits until the purge job removes it.
    await uow.phone_otps.save(replace(otp, expires_at=now))


class SendPhoneOtp:
    """Text a code for the account's own phone."""

    purpose = ACCOUNT_PHONE

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, secrets: Secrets,
                 gateway: SmsGateway, sender: str) -> None:
        self._uow, self._clock, self._ids, self._secrets = uow, clock, ids, secrets
        self._gateway, self._sender = gateway, sender

    async def __call__(self, account_id: str, raw_phone: str, client_address: str) -> OtpSent:
        """`client_address`: where the request came from (an IP address), counted across accounts."""
        phone, now = phone_of(raw_phone), self._clock.now()
        code = self._secrets.otp_code()
        async with self._uow() as uow:
            previous = await uow.phone_otps.get(account_id, phone)
            if previous is None:
                window = first_window(await uow.phone_otps.phones_sent_since(account_id, now - OTP_WINDOW), now)
            else:
                window = next_window(previous.window, now)
            check_platform_caps(*await uow.phone_otps.recent_sends(phone, client_address, now - OTP_WINDOW), now)
            await uow.phone_otps.record_send(account_id, phone, client_address, now)
            await uow.phone_otps.save(PhoneOtp(
                account_id=account_id, phone=phone,
                code_hash=_code_hash(self._secrets, self.purpose, account_id, phone, code),
                attempts=0, expires_at=now + OTP_TTL, sent_at=now, window_started_at=window.started_at,
                sends_in_window=window.sends,
            ))
            await uow.commit()
        # Platform message (account_id None): the account is not charged for it.
        sms = OutboundSms(message_id=self._ids.new_id(), account_id=None, to=phone, sender=self._sender,
                          text=self.purpose.text.format(code=code))
        result = await submit(self._gateway, sms)
        return OtpSent(phone=phone, status=_OTP_STATUS[result.kind], expires_in=int(OTP_TTL.total_seconds()))


class VerifyPhone:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets) -> None:
        self._uow, self._clock, self._secrets = uow, clock, secrets

    async def __call__(self, account_id: str, raw_phone: str, code: str) -> Account:
        phone, now, code = phone_of(raw_phone), self._clock.now(), _code_of(code)
        async with self._uow() as uow:
            await _use_code(uow, self._secrets, ACCOUNT_PHONE, account_id, phone, code, now)
            account = await _with_verified_phone(uow, account_id, phone)
            await uow.commit()
        return account


class SendPayerOtp(SendPhoneOtp):
    """Text a code for a phone the account wants to pay from (same codes, same limits)."""

    purpose = PAYER_PHONE


class VerifyPayerPhone:
    """Check a payer code: the phone joins the account's payer phones; its own phone is unchanged."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets) -> None:
        self._uow, self._clock, self._secrets = uow, clock, secrets

    async def __call__(self, account_id: str, raw_phone: str, code: str) -> PayerPhone:
        phone, now, code = phone_of(raw_phone), self._clock.now(), _code_of(code)
        async with self._uow() as uow:
            await _use_code(uow, self._secrets, PAYER_PHONE, account_id, phone, code, now)
            await uow.payer_phones.add(account_id, phone, now)
            await uow.commit()
        return PayerPhone(phone=phone, verified=True, verified_at=now)


class VerifyPhoneByOperator:
    """The operator vouches for a number (`ujumbe accounts verify-phone E PHONE`)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, email: str, raw_phone: str) -> Account:
        phone = phone_of(raw_phone)
        async with self._uow() as uow:
            found = await uow.accounts.by_email(normalize_email(email))
            if found is None:
                raise no_account_with(email)
            account = await _with_verified_phone(uow, found.id, phone)
            await uow.commit()
        return account


class PurgeExpiredPhoneOtps:
    """Delete codes nobody can use or be throttled by any more (a scheduled job runs it).

    A row outlives its code: until its last send is OTP_WINDOW old it still counts against the
    hourly limits (sends per number, numbers per account), so it is kept that long.
    """

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self) -> int:
        now = self._clock.now()
        async with self._uow() as uow:
            purged = await uow.phone_otps.purge(expired_by=now, sent_before=now - OTP_WINDOW)
            await uow.commit()
        return purged


async def _with_verified_phone(uow: UnitOfWork, account_id: str, phone: str) -> Account:
    account = await uow.accounts.get(account_id)
    if account is None:
        raise NotFound("No such account.")
    account = replace(account, phone=phone, phone_verified=True)
    await uow.accounts.update(account)
    return account
