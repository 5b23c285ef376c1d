"""Signing up, in and out; a forgotten password; confirming the email address.

The emailed links open `/reset-password?token=…` and `/verify-email?token=…` (`domain.account_tokens`).
Opening one shows a form, and only posting it spends the token: a mail scanner that fetches every
link in an email spends nothing.
"""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, get, post
from litestar.params import FromQuery
from litestar.response import Redirect, Template

from application.accounts.accounts import RegisterAccount, Registration
from application.accounts.email_verification import VerifyEmail
from application.accounts.password_reset import RequestPasswordReset, ResetPassword
from application.accounts.sessions import LogIn, LogOut
from domain.errors import DomainError
from entrypoints.web import sessions
from entrypoints.web.errors import safe_next
from entrypoints.web.pages import AUTH_BUDGET, form_of, refusal, use_cases
from entrypoints.web.templating import page


class AccountPages(Controller):
    path = "/"

    @get("/signup")
    async def signup_form(self, request: Request[Any, Any, Any]) -> Template:
        return page(request, "signup.html", email="", business_name="", error=None)

    @post("/signup", opt=AUTH_BUDGET)
    async def signup(self, request: Request[Any, Any, Any]) -> Template:
        """A new account; the email asking to confirm its address goes out as the API's register
        sends it (`RegisterAccount` queues it)."""
        form = await form_of(request)
        email, business_name = form.get("email", ""), form.get("business_name", "")
        register: RegisterAccount = use_cases(request).register_account()
        try:
            account = await register(Registration(email=email, password=form.get("password", ""),
                                                  business_name=business_name))
        except DomainError as exc:
            status, message = refusal(exc)
            return page(request, "signup.html", status_code=status, email=email, business_name=business_name,
                        error=message, error_field=exc.field)
        return page(request, "signed_up.html", status_code=201, email=account.email)

    @get("/login")
    async def login_form(self, request: Request[Any, Any, Any], next: FromQuery[str | None] = None) -> Template:
        return page(request, "login.html", email="", next=safe_next(next), error=None)

    @post("/login", opt=AUTH_BUDGET)
    async def login(self, request: Request[Any, Any, Any]) -> Response[Any]:
        form = await form_of(request)
        email, target = form.get("email", ""), safe_next(form.get("next"))
        log_in: LogIn = use_cases(request).log_in()
        try:
            pair = await log_in(email, form.get("password", ""))
        except DomainError as exc:
            status, message = refusal(exc)
            return page(request, "login.html", status_code=status, email=email, next=target, error=message)
        sessions.start(request, pair)
        return Redirect(path=target, status_code=303)

    @post("/logout")
    async def logout(self, request: Request[Any, Any, Any]) -> Redirect:
        """Ends the session (`LogOut`), not just this cookie: a copy of it opens nothing now."""
        refresh = sessions.end(request)
        if refresh is not None:
            log_out: LogOut = use_cases(request).log_out()
            await log_out(refresh)
        return Redirect(path="/login", status_code=303)

    @get("/forgot-password")
    async def forgot_password_form(self, request: Request[Any, Any, Any]) -> Template:
        return page(request, "forgot_password.html", email="", error=None)

    @post("/forgot-password", opt=AUTH_BUDGET)
    async def forgot_password(self, request: Request[Any, Any, Any]) -> Template:
        """The same answer whether or not the address has an account, as the API's."""
        email = (await form_of(request)).get("email", "")
        request_reset: RequestPasswordReset = use_cases(request).request_password_reset()
        try:
            await request_reset(email)
        except DomainError as exc:
            status, message = refusal(exc)
            return page(request, "forgot_password.html", status_code=status, email=email, error=message)
        return page(request, "reset_sent.html", email=email)

    @get("/reset-password")
    async def reset_password_form(self, request: Request[Any, Any, Any], token: FromQuery[str] = "") -> Template:
        return page(request, "reset_password.html", token=token, error=None)

    @post("/reset-password", opt=AUTH_BUDGET)
    async def reset_password(self, request: Request[Any, Any, Any]) -> Template:
        """A new password; every session of the account ends (this browser's too)."""
        form = await form_of(request)
        token = form.get("token", "")
        reset: ResetPassword = use_cases(request).reset_password()
        try:
            await reset(token, form.get("new_password", ""))
        except DomainError as exc:
            status, message = refusal(exc)
            return page(request, "reset_password.html", status_code=status, token=token, error=message)
        sessions.end(request)
        return page(request, "password_reset.html")

    @get("/verify-email")
    async def verify_email_form(self, request: Request[Any, Any, Any], token: FromQuery[str] = "") -> Template:
        return page(request, "verify_email.html", token=token, error=None)

    @post("/verify-email", opt=AUTH_BUDGET)
    async def verify_email(self, request: Request[Any, Any, Any]) -> Template:
        token = (await form_of(request)).get("token", "")
        verify: VerifyEmail = use_cases(request).verify_email()
        try:
            account = await verify(token)
        except DomainError as exc:
            status, message = refusal(exc)
            return page(request, "verify_email.html", status_code=status, token=token, error=message)
        return page(request, "email_verified.html", email=account.email)
