"""Verifying an account's phone with a one-time code sent by SMS.

A code has 6 digits, lives 5 minutes, is stored as a keyed hash, and allows 5 wrong guesses.
Asking again within a minute, more than 5 times an hour for one number, or for more than 5
numbers an hour per account is refused (`otp_throttled`): the codes go out free of charge,
so they must not become a free SMS service.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Literal, Protocol

from application.accounts import Account, Secrets, phone_of
from application.messaging import OutboundSms, SmsGateway, SubmitOutcomeUnknown, TransientGatewayError
from application.ports import Clock, IdGenerator, UnitOfWork, UnitOfWorkFactory
from domain.errors import InvalidOtp, NotFound, OtpThrottled, ValidationError

OTP_TTL = timedelta(minutes=5)
OTP_MAX_ATTEMPTS = 5
OTP_RESEND_AFTER = timedelta(seconds=60)
OTP_WINDOW = timedelta(hours=1)
OTP_MAX_SENDS_PER_WINDOW = 5  # per number
OTP_MAX_PHONES_PER_WINDOW = 5  # per account
_CODE = re.compile(r"[0-9]{6}")


@dataclass(frozen=True, slots=True)
class PhoneOtp:
    account_id: str
    phone: str  # E.164
    code_hash: str
    attempts: int
    expires_at: datetime
    sent_at: datetime
    window_started_at: datetime
    sends_in_window: int


class PhoneOtpRepository(Protocol):
    async def get(self, account_id: str, phone: str) -> PhoneOtp | None: ...

    async def save(self, otp: PhoneOtp) -> None:
        """Insert or replace the pending code of (account, phone)."""
        ...

    async def delete(self, account_id: str, phone: str) -> None: ...

    async def phones_sent_since(self, account_id: str, since: datetime) -> int:
        """How many numbers of the account were sent a code since `since`."""
        ...

    async def purge(self, expired_by: datetime, sent_before: datetime) -> int:
        """Delete codes expired by `expired_by` and last sent before `sent_before`; how many."""
        ...


@dataclass(frozen=True, slots=True)
class OtpSent:
    phone: str
    # sent: the gateway took the SMS. failed: it refused it, or it could not be handed over.
    # pending: handed over, but the gateway's answer never came; the code is stored and may yet
    # arrive, and the caller may ask for another one after a minute.
    status: Literal["sent", "failed", "pending"]
    expires_in: int


def _code_hash(secrets: Secrets, account_id: str, phone: str, code: str) -> str:
    # Bound to the account and number, so one code's hash is worthless anywhere else.
    return secrets.keyed_digest(f"{account_id}:{phone}:{code}")


class SendPhoneOtp:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, secrets: Secrets,
                 gateway: SmsGateway, sender: str) -> None:
        self._uow, self._clock, self._ids, self._secrets = uow, clock, ids, secrets
        self._gateway, self._sender = gateway, sender

    async def __call__(self, account_id: str, raw_phone: str) -> OtpSent:
        phone, now = phone_of(raw_phone), self._clock.now()
        code = self._secrets.otp_code()
        async with self._uow() as uow:
            previous = await uow.phone_otps.get(account_id, phone)
            window_start, sends = now, 1
            if previous is not None:
                wait = previous.sent_at + OTP_RESEND_AFTER - now
                if wait > timedelta(0):
                    raise OtpThrottled(f"A code was just sent; ask again in {int(wait.total_seconds()) + 1} s.",
                                       field="phone")
                if now - previous.window_started_at < OTP_WINDOW:
                    if previous.sends_in_window >= OTP_MAX_SENDS_PER_WINDOW:
                        raise OtpThrottled("Too many codes for this number; try again within the hour.",
                                           field="phone")
                    window_start, sends = previous.window_started_at, previous.sends_in_window + 1
            elif await uow.phone_otps.phones_sent_since(account_id, now - OTP_WINDOW) >= OTP_MAX_PHONES_PER_WINDOW:
                raise OtpThrottled("Too many numbers verified this hour; try again later.", field="phone")
            await uow.phone_otps.save(PhoneOtp(
                account_id=account_id, phone=phone, code_hash=_code_hash(self._secrets, account_id, phone, code),
                attempts=0, expires_at=now + OTP_TTL, sent_at=now, window_started_at=window_start,
                sends_in_window=sends,
            ))
            await uow.commit()
        # Platform message (account_id None): the account is not charged for it.
        sms = OutboundSms(message_id=self._ids.new_id(), account_id=None, to=phone, sender=self._sender,
                          text=f"Your ujumbe verification code is {code}. It expires in 5 minutes.")
        status: Literal["sent", "failed", "pending"]
        try:
            status = "sent" if (await self._gateway.submit(sms)).accepted else "failed"
        except TransientGatewayError:
            status = "failed"
        except SubmitOutcomeUnknown:
            status = "pending"
        return OtpSent(phone=phone, status=status, expires_in=int(OTP_TTL.total_seconds()))


class VerifyPhone:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets) -> None:
        self._uow, self._clock, self._secrets = uow, clock, secrets

    async def __call__(self, account_id: str, raw_phone: str, code: str) -> Account:
        phone, now = phone_of(raw_phone), self._clock.now()
        code = code.strip()
        if not _CODE.fullmatch(code):
            raise ValidationError("The code is 6 digits.", field="otp")
        async with self._uow() as uow:
            otp = await uow.phone_otps.get(account_id, phone)
            if otp is None or otp.expires_at <= now:
                raise InvalidOtp("No valid code for this number; request a new one.", field="otp")
            if otp.attempts >= OTP_MAX_ATTEMPTS:
                raise InvalidOtp("Too many wrong codes; request a new one.", field="otp")
            if not hmac.compare_digest(otp.code_hash, _code_hash(self._secrets, account_id, phone, code)):
                await uow.phone_otps.save(replace(otp, attempts=otp.attempts + 1))
                await uow.commit()
                raise InvalidOtp(field="otp")
            await uow.phone_otps.delete(account_id, phone)
            account = await _with_verified_phone(uow, account_id, phone)
            await uow.commit()
        return account


class VerifyPhoneByOperator:
    """The operator vouches for a number (`ujumbe accounts verify-phone E PHONE`)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, email: str, raw_phone: str) -> Account:
        phone = phone_of(raw_phone)
        async with self._uow() as uow:
            found = await uow.accounts.by_email(email.strip().lower())
            if found is None:
                raise NotFound(f"No account with email {email}.", field="email")
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
