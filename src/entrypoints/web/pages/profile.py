"""The account's profile: its business name, its phone (changed only by the code texted to it, as
the API's `/v1/auth/send-phone-otp` and `/verify-phone`), the password (every other session
ends), logging out everywhere, and the language it reads ujumbe in."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.response import Redirect, Template

from application.accounts.accounts import GetAccount
from application.accounts.phone_verification import SendPhoneOtp, VerifyPhone
from application.accounts.profile import UpdateProfile
from application.accounts.sessions import ChangePassword, LogOutEverywhere
from domain.accounts import MAX_BUSINESS_NAME_LENGTH
from domain.errors import DomainError
from entrypoints.http.ratelimit import client_ip
from entrypoints.web import sessions
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

SAVED = {"business_name": _("The business name is saved."), "phone": _("Your phone number is confirmed."),
         "password": _("Your password is changed: every other session has ended.")}
CODE_NOT_SENT = _("The code could not be sent now: try again in a minute.")


class ProfilePages(Controller):
    path = "/profile"

    async def _page(self, request: Request[Any, Any, Any], viewer: Viewer, *, status_code: int = 200,
                    failed: str | None = None, exc: DomainError | None = None, error: str | None = None,
                    **shown: Any) -> Template:
        """The profile; `failed` names the form a refusal (`exc`) or an `error` belongs to."""
        get_account: GetAccount = use_cases(request).get_account()
        account = await get_account(viewer.account_id)
        if exc is not None:
            status_code, error = refusal(exc)
        saved = request.query_params.get("saved")
        return page(request, "profile.html", status_code=status_code, viewer=viewer, account=account,
                    business_name=shown.pop("business_name", account.business_name), phone=shown.pop("phone", ""),
                    code_sent=shown.pop("code_sent", False), saved=SAVED.get(saved or ""), failed=failed,
                    error=error, error_field=exc.field if exc is not None else None,
                    max_business_name=MAX_BUSINESS_NAME_LENGTH)

    @get("/")
    async def profile(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        return await self._page(request, viewer)

    @post("/")
    async def update(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        name = (await form_of(request)).get("business_name", "")
        update: UpdateProfile = use_cases(request).update_profile()
        try:
            await update(viewer.account_id, name)
        except DomainError as exc:
            return await self._page(request, viewer, failed="business_name", exc=exc, business_name=name)
        return Redirect(path="/profile?saved=business_name", status_code=303)

    @post("/phone")
    async def send_code(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """A code texted to the number; the form to type it in follows."""
        phone = (await form_of(request)).get("phone", "")
        send: SendPhoneOtp = use_cases(request).send_phone_otp()
        try:
            sent = await send(viewer.account_id, phone, client_ip(request.scope))
        except DomainError as exc:
            return await self._page(request, viewer, failed="phone", exc=exc, phone=phone)
        if sent.status == "failed":  # nothing went out (the API answers 200 and says so): no code to type
            return await self._page(request, viewer, failed="phone", error=CODE_NOT_SENT, phone=phone)
        return await self._page(request, viewer, phone=sent.phone, code_sent=True)

    @post("/phone/verify")
    async def verify_phone(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        form = await form_of(request)
        phone = form.get("phone", "")
        verify: VerifyPhone = use_cases(request).verify_phone()
        try:
            await verify(viewer.account_id, phone, form.get("otp", ""))
        except DomainError as exc:
            return await self._page(request, viewer, failed="code", exc=exc, phone=phone, code_sent=True)
        return Redirect(path="/profile?saved=phone", status_code=303)

    @post("/password")
    async def change_password(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """Every other session ends; this browser's goes on with the pair `ChangePassword` gives."""
        form = await form_of(request)
        change: ChangePassword = use_cases(request).change_password()
        try:
            pair = await change(viewer.account_id, viewer.session_id, form.get("current_password", ""),
                                form.get("new_password", ""))
        except DomainError as exc:
            return await self._page(request, viewer, failed="password", exc=exc)
        sessions.start(request, pair)
        return Redirect(path="/profile?saved=password", status_code=303)

    @post("/logout-everywhere")
    async def log_out_everywhere(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Redirect:
        """Every session of the account ends, this browser's too."""
        log_out_everywhere: LogOutEverywhere = use_cases(request).log_out_everywhere()
        await log_out_everywhere(viewer.account_id)
        sessions.end(request)
        return Redirect(path="/login", status_code=303)
