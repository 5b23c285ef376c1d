"""/v1/auth: register, log in, refresh, the caller's profile, phone verification."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, get, post

from application.accounts import (
    Account,
    GetAccount,
    LogIn,
    RefreshSession,
    RegisterAccount,
    Registration,
    TokenPair,
)
from application.phone_verification import SendPhoneOtp, VerifyPhone
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok

_PUBLIC_AUTH = {"rate_limit": "auth"}


class RegisterRequest(msgspec.Struct, kw_only=True):
    email: str
    password: str
    business_name: str | None = None


class LoginRequest(msgspec.Struct, kw_only=True):
    email: str
    password: str


class RefreshRequest(msgspec.Struct, kw_only=True):
    refresh_token: str


class PhoneOtpRequest(msgspec.Struct, kw_only=True):
    phone: str


class VerifyPhoneRequest(msgspec.Struct, kw_only=True):
    phone: str
    otp: str


class OtpSentBody(msgspec.Struct, kw_only=True):
    phone: str
    status: str
    expires_in: int


class AccountProfile(msgspec.Struct, kw_only=True):
    id: str
    email: str
    business_name: str
    plan: str
    email_verified: bool
    phone_verified: bool
    phone: str | None
    created_at: datetime

    @classmethod
    def of(cls, account: Account) -> AccountProfile:
        return cls(
            id=account.id,
            email=account.email,
            business_name=account.business_name,
            plan=account.plan,
            email_verified=account.email_verified,
            phone_verified=account.phone_verified,
            phone=account.phone,
            created_at=account.created_at.astimezone(UTC),
        )


class TokenPairBody(msgspec.Struct, kw_only=True):
    access_token: str
    refresh_token: str
    expires_in: int
    token_type: str = "Bearer"

    @classmethod
    def of(cls, pair: TokenPair) -> TokenPairBody:
        return cls(access_token=pair.access_token, refresh_token=pair.refresh_token,
                   expires_in=pair.expires_in)


class AuthController(Controller):
    path = "/v1/auth"
    tags = ["auth"]

    @post("/register", operation_id="register", status_code=201, opt=_PUBLIC_AUTH,
          dependencies={"register_account": from_container("register_account")})
    async def register(self, data: RegisterRequest, register_account: RegisterAccount) -> Envelope[AccountProfile]:
        """Create an account on the free plan."""
        account = await register_account(
            Registration(email=data.email, password=data.password, business_name=data.business_name)
        )
        return ok(AccountProfile.of(account))

    @post("/login", operation_id="login", status_code=200, opt=_PUBLIC_AUTH,
          dependencies={"log_in": from_container("log_in")})
    async def login(self, data: LoginRequest, log_in: LogIn) -> Envelope[TokenPairBody]:
        """Exchange email and password for an access token (900 s) and a refresh token (7 days)."""
        return ok(TokenPairBody.of(await log_in(data.email, data.password)))

    @post("/refresh", operation_id="refresh", status_code=200, opt=_PUBLIC_AUTH,
          dependencies={"refresh_session": from_container("refresh_session")})
    async def refresh(self, data: RefreshRequest, refresh_session: RefreshSession) -> Envelope[TokenPairBody]:
        """Rotate a refresh token into a new token pair; a reused one revokes its whole family."""
        return ok(TokenPairBody.of(await refresh_session(data.refresh_token)))

    @get("/me", operation_id="me",
         dependencies={"principal": authenticated("K", "J"), "get_account": from_container("get_account")})
    async def me(self, principal: Principal, get_account: GetAccount) -> Envelope[AccountProfile]:
        """The calling account's profile."""
        return ok(AccountProfile.of(await get_account(principal.account_id)))

    @post("/send-phone-otp", operation_id="sendPhoneOtp", status_code=200,
          dependencies={"principal": authenticated("J"), "send_phone_otp": from_container("send_phone_otp")})
    async def send_phone_otp(self, principal: Principal, data: PhoneOtpRequest,
                             send_phone_otp: SendPhoneOtp) -> Envelope[OtpSentBody]:
        """Text a 6-digit code (valid 5 minutes) to the phone; the SMS is not charged."""
        sent = await send_phone_otp(principal.account_id, data.phone)
        return ok(OtpSentBody(phone=sent.phone, status=sent.status, expires_in=sent.expires_in))

    @post("/verify-phone", operation_id="verifyPhone", status_code=200,
          dependencies={"principal": authenticated("J"), "verify_phone": from_container("verify_phone")})
    async def verify_phone(self, principal: Principal, data: VerifyPhoneRequest,
                           verify_phone: VerifyPhone) -> Envelope[AccountProfile]:
        """Check the code; the phone becomes the account's verified phone."""
        return ok(AccountProfile.of(await verify_phone(principal.account_id, data.phone, data.otp)))
