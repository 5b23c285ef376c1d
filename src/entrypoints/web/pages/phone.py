"""Verifying a phone to pay from: a code by SMS to the number (`SendPayerOtp`, as the API's
`/v1/vouchers/otp/send`), then the code typed in (`VerifyPayerPhone`). The number may then pay
the account's orders; the account's own phone is unchanged. The codes' limits are the API's:
a refusal (a wrong code, too many codes asked for) is its message in the reader's language and
the API's status.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromQuery
from litestar.response import Redirect, Template

from domain.errors import DomainError
from entrypoints.http.ratelimit import client_ip
from entrypoints.web.errors import safe_next
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

AFTER_VERIFYING = "/credits"
NOT_SENT = _("The SMS with the code could not be sent: try again in a minute.")


def _next(target: str | None) -> str:
    """Where to go once the number is verified: a page of this site, buying credits by default."""
    return safe_next(target) if target else AFTER_VERIFYING


class PhonePages(Controller):
    path = "/verify-phone"

    async def _form(self, request: Request[Any, Any, Any], viewer: Viewer, *, phone: str, sent_to: str | None,
                    next_page: str, status_code: int = 200, error: str | None = None) -> Template:
        """The number to send a code to; once it is sent, the code to type in."""
        phones = await use_cases(request).list_payer_phones()(viewer.account_id)
        return page(request, "verify_phone.html", status_code=status_code, viewer=viewer, phone=phone,
                    sent_to=sent_to, next=next_page, phones=phones, error=error)

    @get("/")
    async def verify_form(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                          phone: FromQuery[str] = "", sent_to: FromQuery[str | None] = None,
                          next: FromQuery[str | None] = None) -> Template:
        return await self._form(request, viewer, phone=phone, sent_to=sent_to, next_page=_next(next))

    @post("/send")
    async def send_code(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """A code by SMS; then the same page asks for it (a reload sends nothing again)."""
        form = await form_of(request)
        phone, next_page = form.get("phone", ""), _next(form.get("next"))
        send = use_cases(request).send_payer_otp()
        try:
            sent = await send(viewer.account_id, phone, client_ip(request.scope))
        except DomainError as exc:
            status, message = refusal(exc)
            # asked again too soon: the code sent before still works, so its form stays
            return await self._form(request, viewer, phone=phone, sent_to=phone if form.get("again") else None,
                                    next_page=next_page, status_code=status, error=message)
        if sent.status == "failed":  # nothing went out; the code's minute still counts, as the API's
            return await self._form(request, viewer, phone=phone, sent_to=None, next_page=next_page,
                                    error=NOT_SENT)
        query = urlencode({"sent_to": sent.phone, "next": next_page})
        return Redirect(path=f"/verify-phone?{query}", status_code=303)

    @post("/")
    async def verify(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """The code checked: the number may pay from now on; back to where the buyer was."""
        form = await form_of(request)
        phone, next_page = form.get("phone", ""), _next(form.get("next"))
        verify = use_cases(request).verify_payer_phone()
        try:
            await verify(viewer.account_id, phone, form.get("otp", ""))
        except DomainError as exc:
            status, message = refusal(exc)
            return await self._form(request, viewer, phone=phone, sent_to=phone, next_page=next_page,
                                    status_code=status, error=message)
        return Redirect(path=next_page, status_code=303)
