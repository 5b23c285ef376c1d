"""/v1/auth: register, log in, refresh, the caller's profile, phone verification."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from application.accounts.accounts import GetAccount, RegisterAccount, Registration
from application.accounts.phone_verification import OTP_PATTERN, OtpStatus, SendPhoneOtp, VerifyPhone
from application.accounts.sessions import LogIn, RefreshSession
from domain.email_addresses import EMAIL_PATTERN, MAX_EMAIL_LENGTH
from domain.errors import EmailTaken, InvalidCredentials, InvalidOtp, InvalidPhoneNumber, OtpThrottled, Unauthorized
from domain.accounts import MAX_BUSINESS_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH
from domain.texts import trimmed_pattern
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.ratelimit import client_ip
from entrypoints.http.validation import Number, RequestBody, documented

PUBLIC_AUTH = {"rate_limit": "auth"}  # the client IP's budget for signing in


Password = Annotated[str, documented(minLength=MIN_PASSWORD_LENGTH, maxLength=MAX_PASSWORD_LENGTH)]


class RegisterRequest(RequestBody, kw_only=True):
    email: Annotated[str, documented(maxLength=MAX_EMAIL_LENGTH, pattern=EMAIL_PATTERN)]
    password: Password
    business_name: Annotated[str, documented(pattern=trimmed_pattern(MAX_BUSINESS_NAME_LENGTH))] | None = None


class LoginRequest(RequestBody, kw_only=True):
    email: str
    password: str


class RefreshRequest(RequestBody, kw_only=True):
    refresh_token: str


class PhoneOtpRequest(RequestBody, kw_only=True):
    phone: Number


class VerifyPhoneRequest(RequestBody, kw_only=True):
    phone: Number
    otp: Annotated[str, documented(pattern=OTP_PATTERN, description="The 6-digit code sent to the phone.")]


class OtpSentBody(ResponseBody, kw_only=True):
    phone: str
    # sent: the gateway took it; failed: rejected or unreachable, nothing went out; pending: taken
    # but never answered, so the code may still arrive (ask again after a minute if it does not)
    status: OtpStatus
    expires_in: int


class AccountProfile(ResponseBody, kw_only=True):
    id: str
    email: str
    business_name: str
    plan: str
    email_verified: bool
    phone_verified: bool
    phone: str | None
    created_at: datetime


class TokenPairBody(ResponseBody, kw_only=True):
    access_token: str
    refresh_token: str
    expires_in: int
    token_type: str = "Bearer"


class AuthController(Controller):
    path = "/v1/auth"
    tags = ["auth"]

    @post("/register", operation_id="register", status_code=201, opt={**PUBLIC_AUTH, "errors": (EmailTaken,)},
          dependencies={"register_account": provide(Container.register_account)})
    async def register(
        self,
        data: JSONBody[RegisterRequest],
        register_account: NamedDependency[RegisterAccount],
    ) -> Envelope[AccountProfile]:
        """Create an account on the free plan."""
        account = await register_account(
            Registration(email=data.email, password=data.password, business_name=data.business_name)
        )
        return ok(body_of(account, AccountProfile))

    @post("/login", operation_id="login", status_code=200, opt={**PUBLIC_AUTH, "errors": (InvalidCredentials,)},
          dependencies={"log_in": provide(Container.log_in)})
    async def login(self, data: JSONBody[LoginRequest], log_in: NamedDependency[LogIn]) -> Envelope[TokenPairBody]:
        """Exchange email and password for an access token (900 s) and a refresh token (7 days)."""
        return ok(body_of(await log_in(data.email, data.password), TokenPairBody))

    @post("/refresh", operation_id="refresh", status_code=200, opt={**PUBLIC_AUTH, "errors": (Unauthorized,)},
          dependencies={"refresh_session": provide(Container.refresh_session)})
    async def refresh(
        self,
        data: JSONBody[RefreshRequest],
        refresh_session: NamedDependency[RefreshSession],
    ) -> Envelope[TokenPairBody]:
        """Rotate a refresh token into a new token pair; a reused one revokes its whole family."""
        return ok(body_of(await refresh_session(data.refresh_token), TokenPairBody))

    @get("/me", operation_id="me",
         dependencies={"principal": authenticated(API_KEY, JWT), "get_account": provide(Container.get_account)})
    async def me(
        self,
        principal: NamedDependency[Principal],
        get_account: NamedDependency[GetAccount],
    ) -> Envelope[AccountProfile]:
        """The calling account's profile."""
        return ok(body_of(await get_account(principal.account_id), AccountProfile))

    @post("/send-phone-otp", operation_id="sendPhoneOtp", status_code=200,
          opt={"errors": (InvalidPhoneNumber, OtpThrottled)},
          dependencies={"principal": authenticated(JWT), "send_phone_otp": provide(Container.send_phone_otp)})
    async def send_phone_otp(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                             data: JSONBody[PhoneOtpRequest],
                             send_phone_otp: NamedDependency[SendPhoneOtp]) -> Envelope[OtpSentBody]:
        """Text a 6-digit code (valid 5 minutes) to the phone; the SMS is not charged. Capped (429
        `otp_throttled`): a number 1 a minute and 5 an hour, whichever accounts ask; an account 5
        numbers an hour; a client address 10 codes an hour."""
        sent = await send_phone_otp(principal.account_id, data.phone, client_ip(request.scope))
        return ok(body_of(sent, OtpSentBody))

    @post("/verify-phone", operation_id="verifyPhone", status_code=200,
          opt={"errors": (InvalidPhoneNumber, InvalidOtp)},
          dependencies={"principal": authenticated(JWT), "verify_phone": provide(Container.verify_phone)})
    async def verify_phone(self, principal: NamedDependency[Principal], data: JSONBody[VerifyPhoneRequest],
                           verify_phone: NamedDependency[VerifyPhone]) -> Envelope[AccountProfile]:
        """Check the code; the phone becomes the account's verified phone."""
        return ok(body_of(await verify_phone(principal.account_id, data.phone, data.otp), AccountProfile))
