"""/v1/auth, the rest of an account's life: signing out, changing or resetting the password,
confirming the email address."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from application.accounts.email_verification import RequestEmailVerification, VerifyEmail
from application.accounts.password_reset import RequestPasswordReset, ResetPassword
from application.accounts.sessions import ChangePassword, LogOut, LogOutEverywhere
from domain.email_addresses import EMAIL_PATTERN, MAX_EMAIL_LENGTH
from domain.errors import InvalidCredentials, InvalidToken
from entrypoints.container import Container
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.controllers.auth import PUBLIC_AUTH, AccountProfile, Password, TokenPairBody
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import RequestBody, documented

_LINK_TOKEN = documented(description="The token from the emailed link (its `token` query parameter).")


class LogoutRequest(RequestBody, kw_only=True):
    refresh_token: str


class ChangePasswordRequest(RequestBody, kw_only=True):
    current_password: str
    new_password: Password


class ForgotPasswordRequest(RequestBody, kw_only=True):
    email: Annotated[str, documented(maxLength=MAX_EMAIL_LENGTH, pattern=EMAIL_PATTERN)]


class ResetPasswordRequest(RequestBody, kw_only=True):
    token: Annotated[str, _LINK_TOKEN]
    new_password: Password


class VerifyEmailRequest(RequestBody, kw_only=True):
    token: Annotated[str, _LINK_TOKEN]


class SessionsEndedBody(ResponseBody, kw_only=True):
    sessions_ended: int  # sessions that were live and are revoked now


class EmailQueuedBody(ResponseBody, kw_only=True):
    # Always `queued`: the email goes out from the job queue, and whether an address has an
    # account is not told.
    status: str = "queued"


class AccountLifecycleController(Controller):
    path = "/v1/auth"
    tags = ["auth"]

    @post("/logout", operation_id="logout", status_code=200, opt=PUBLIC_AUTH,
          dependencies={"log_out": provide(Container.log_out)})
    async def logout(self, data: JSONBody[LogoutRequest], log_out: NamedDependency[LogOut]) -> Envelope[None]:
        """End the session of this refresh token (the same answer for an unknown or ended one)."""
        await log_out(data.refresh_token)
        return ok(None)

    @post("/logout-all", operation_id="logoutAll", status_code=200,
          dependencies={"principal": authenticated(JWT), "log_out_everywhere": provide(Container.log_out_everywhere)})
    async def logout_all(self, principal: NamedDependency[Principal],
                         log_out_everywhere: NamedDependency[LogOutEverywhere]) -> Envelope[SessionsEndedBody]:
        """End every session of the account: its refresh and access tokens stop working at once."""
        return ok(SessionsEndedBody(sessions_ended=await log_out_everywhere(principal.account_id)))

    @post("/change-password", operation_id="changePassword", status_code=200,
          opt={"errors": (InvalidCredentials,)},
          dependencies={"principal": authenticated(JWT), "change_password": provide(Container.change_password)})
    async def change_password(self, principal: NamedDependency[Principal], data: JSONBody[ChangePasswordRequest],
                              change_password: NamedDependency[ChangePassword]) -> Envelope[TokenPairBody]:
        """Set a new password: every other session ends; this one goes on, and the pair returned is its next."""
        pair = await change_password(principal.account_id, principal.session_id, data.current_password,
                                     data.new_password)
        return ok(body_of(pair, TokenPairBody))

    @post("/forgot-password", operation_id="forgotPassword", status_code=200, opt=PUBLIC_AUTH,
          dependencies={"request_password_reset": provide(Container.request_password_reset)})
    async def forgot_password(self, data: JSONBody[ForgotPasswordRequest],
                              request_password_reset: NamedDependency[RequestPasswordReset]) -> Envelope[EmailQueuedBody]:
        """Email a reset link (single use, 30 minutes) if the address has an account; the answer is the same
        either way."""
        await request_password_reset(data.email)
        return ok(EmailQueuedBody())

    @post("/reset-password", operation_id="resetPassword", status_code=200,
          opt={**PUBLIC_AUTH, "errors": (InvalidToken,)},
          dependencies={"reset_password": provide(Container.reset_password)})
    async def reset_password(self, data: JSONBody[ResetPasswordRequest],
                             reset_password: NamedDependency[ResetPassword]) -> Envelope[None]:
        """Set the password with the emailed token; every session of the account ends."""
        await reset_password(data.token, data.new_password)
        return ok(None)

    @post("/send-email-verification", operation_id="sendEmailVerification", status_code=200,
          dependencies={"principal": authenticated(JWT),
                        "request_email_verification": provide(Container.request_email_verification)})
    async def send_email_verification(
        self, principal: NamedDependency[Principal],
        request_email_verification: NamedDependency[RequestEmailVerification],
    ) -> Envelope[EmailQueuedBody]:
        """Email a link (valid 2 days) that confirms the account's address (nothing is sent once it is)."""
        await request_email_verification(principal.account_id)
        return ok(EmailQueuedBody())

    @post("/verify-email", operation_id="verifyEmail", status_code=200,
          opt={**PUBLIC_AUTH, "errors": (InvalidToken,)},
          dependencies={"verify_email": provide(Container.verify_email)})
    async def verify_email(self, data: JSONBody[VerifyEmailRequest],
                           verify_email: NamedDependency[VerifyEmail]) -> Envelope[AccountProfile]:
        """Confirm the address with the emailed token: `email_verified` becomes true."""
        return ok(body_of(await verify_email(data.token), AccountProfile))
