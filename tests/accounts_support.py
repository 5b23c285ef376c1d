"""The accounts area's world on memory adapters, with recording fakes: hasher, access tokens,
gateway, job queue and mail server."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import pytest

from adapters.memory.accounts import MemoryApiKeys
from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from adapters.security import RandomSecrets
from application.accounts.emails import SEND_EMAIL_VERIFICATION, SEND_PASSWORD_RESET, LinkTokens
from application.accounts.accounts import RegisterAccount
from application.accounts.api_keys import AuthenticateApiKey, CreateApiKey
from application.accounts.email_verification import RequestEmailVerification, SendEmailVerification, VerifyEmail
from application.accounts.password_reset import RequestPasswordReset, ResetPassword, SendPasswordReset
from application.accounts.phone_verification import SendPayerOtp, SendPhoneOtp, VerifyPayerPhone, VerifyPhone
from application.ports import AccessClaims, Email, GatewayNoAnswer, GatewayUnavailable, OutboundSms
from application.accounts.sessions import (
    AuthenticateAccessToken,
    ChangePassword,
    LiveSessions,
    LogIn,
    LogOut,
    LogOutEverywhere,
    RefreshSession,
)
from domain.errors import Unauthorized
from domain.submits import SubmitResult

PUBLIC_URL = "https://app.ujumbe.example"


class RecordingJobs:
    """The JobQueue port, keeping what was deferred."""

    def __init__(self) -> None:
        self.deferred: list[tuple[str, dict[str, Any]]] = []

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        self.deferred.append((task, dict(payload)))

    async def defer_many(self, task: str, payloads: Sequence[Mapping[str, Any]], *,
                         at: datetime | None = None) -> None:
        for payload in payloads:
            await self.defer(task, payload, at=at)


@dataclass
class RecordingMail:
    sent: list[Email] = field(default_factory=list)

    async def send(self, email: Email) -> None:
        self.sent.append(email)

    def link_token(self) -> str:
        """The token of the newest email's link."""
        return self.sent[-1].text.split("?token=", 1)[1].split()[0]


class FakeHasher:
    """Records which path a login took."""

    def __init__(self) -> None:
        self.verified: list[str] = []

    async def hash(self, password: str) -> str:
        return f"hashed:{password}"

    async def verify(self, password_hash: str, password: str) -> bool:
        self.verified.append("real")
        return password_hash == f"hashed:{password}"

    async def verify_dummy(self, password: str) -> None:
        self.verified.append("dummy")


class FakeTokens:
    def __init__(self, clock: FrozenClock) -> None:
        self._clock = clock
        self.issued: list[str] = []

    def issue(self, account_id: str, session_id: str) -> str:
        token = f"access:{account_id}:{self._clock.now().timestamp()}:{session_id}"
        self.issued.append(token)
        return token

    def claims_of(self, token: str) -> AccessClaims:
        kind, account_id, issued, session_id = (token.split(":") + ["", "", ""])[:4]
        if kind != "access":
            raise Unauthorized()
        if self._clock.now().timestamp() - float(issued) >= 900:
            raise Unauthorized()
        return AccessClaims(account_id, session_id)


@dataclass
class FakeGateway:
    submitted: list[OutboundSms] = field(default_factory=list)
    accept: bool = True
    fail: bool = False
    silent: bool = False  # takes the submit, but its answer never comes

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        if self.fail:
            raise GatewayUnavailable("down")
        if self.silent:
            self.submitted.append(sms)
            raise GatewayNoAnswer("no answer within the timeout")
        self.submitted.append(sms)
        return SubmitResult.accepted("ref") if self.accept else SubmitResult.rejected(None)

    def last_code(self) -> str:
        return next(word for word in self.submitted[-1].text.split() if word.rstrip(".").isdigit()).rstrip(".")


@dataclass
class World:
    store: MemoryStore
    clock: FrozenClock
    hasher: FakeHasher
    tokens: FakeTokens
    secrets: RandomSecrets
    gateway: FakeGateway
    ids: SequentialIds
    jobs: RecordingJobs = field(default_factory=RecordingJobs)
    mail: RecordingMail = field(default_factory=RecordingMail)

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    def register(self) -> RegisterAccount:
        return RegisterAccount(self.uow, self.clock, self.ids, self.hasher, self.jobs)

    def log_in(self) -> LogIn:
        return LogIn(self.uow, self.clock, self.ids, self.hasher, self.tokens, self.secrets)

    def refresh(self) -> RefreshSession:
        return RefreshSession(self.uow, self.clock, self.ids, self.tokens, self.secrets)

    def create_key(self) -> CreateApiKey:
        return CreateApiKey(self.uow, self.clock, self.ids, self.secrets)

    def authenticate_key(self) -> AuthenticateApiKey:
        return AuthenticateApiKey(self.uow, MemoryApiKeys(self.store), self.clock, self.secrets)

    def send_otp(self) -> SendPhoneOtp:
        return SendPhoneOtp(self.uow, self.clock, self.ids, self.secrets, self.gateway, "UJUMBE")

    def verify_phone(self) -> VerifyPhone:
        return VerifyPhone(self.uow, self.clock, self.secrets)

    def send_payer_otp(self) -> SendPayerOtp:
        return SendPayerOtp(self.uow, self.clock, self.ids, self.secrets, self.gateway, "UJUMBE")

    def verify_payer(self) -> VerifyPayerPhone:
        return VerifyPayerPhone(self.uow, self.clock, self.secrets)

    def link_tokens(self) -> LinkTokens:
        return LinkTokens(self.clock, self.ids, self.secrets, PUBLIC_URL)

    def log_out(self) -> LogOut:
        return LogOut(self.uow, self.clock, self.secrets)

    def log_out_everywhere(self) -> LogOutEverywhere:
        return LogOutEverywhere(self.uow, self.clock)

    def live_sessions(self) -> LiveSessions:
        return LiveSessions(self.uow, self.clock)

    def authenticate(self) -> AuthenticateAccessToken:
        return AuthenticateAccessToken(self.uow, self.clock, self.tokens)

    def change_password(self) -> ChangePassword:
        return ChangePassword(self.uow, self.clock, self.ids, self.hasher, self.tokens, self.secrets)

    async def run_email_jobs(self) -> None:
        """What a worker would do with the emails queued so far."""
        queued, self.jobs.deferred = self.jobs.deferred, []
        for task, payload in queued:
            if task == SEND_PASSWORD_RESET:
                await SendPasswordReset(self.uow, self.link_tokens(), self.mail)(payload["email"])
            elif task == SEND_EMAIL_VERIFICATION:
                await SendEmailVerification(self.uow, self.link_tokens(), self.mail)(payload["account_id"])

    def request_password_reset(self) -> RequestPasswordReset:
        return RequestPasswordReset(self.jobs)

    def reset_password(self) -> ResetPassword:
        return ResetPassword(self.uow, self.clock, self.hasher, self.link_tokens())

    def request_email_verification(self) -> RequestEmailVerification:
        return RequestEmailVerification(self.jobs)

    def verify_email(self) -> VerifyEmail:
        return VerifyEmail(self.uow, self.link_tokens())


@pytest.fixture()
def world() -> World:
    clock = FrozenClock()
    return World(MemoryStore(), clock, FakeHasher(), FakeTokens(clock), RandomSecrets("k" * 32), FakeGateway(),
                 SequentialIds())
