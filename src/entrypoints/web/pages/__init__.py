"""The dashboard's pages, one module per part of the account's life; each calls the use cases the
REST API calls, asked of the app's container (`use_cases`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from litestar import Request

from domain.errors import DomainError
from domain.messages import MessageStatus, is_final
from entrypoints.http.errors import STATUS_BY_CODE
from entrypoints.web.messages import message_of

GOOGLE_CONTACTS = "google_contacts"  # the routes' `opt`: whether the Google contacts page is mounted
AUTH_BUDGET = {"rate_limit": "auth"}  # the client IP's sign-in budget, as the API's login and register spend
# While a message shown is not final, and younger than this, its table asks again every few
# seconds; a carrier that has not reported on one within the hour seldom does.
LIVE_FOR = timedelta(hours=1)


def use_cases(request: Request[Any, Any, Any]) -> Any:
    """The app's container (the composition root): `use_cases(request).log_in()` is a `LogIn`."""
    return request.app.state.container


def google_contacts_on(request: Request[Any, Any, Any]) -> bool:
    """Whether the dashboard has its Google contacts page (`dashboard(google_contacts=...)`): the
    contacts pages link to it."""
    return bool(request.route_handler.opt.get(GOOGLE_CONTACTS))


async def form_of(request: Request[Any, Any, Any]) -> dict[str, str]:
    """The posted form's text fields (a field sent twice: its last value)."""
    return {name: value for name, value in (await request.form()).items() if isinstance(value, str)}


def refusal(exc: DomainError, own: dict[tuple[str, str], str] | None = None) -> tuple[int, str]:
    """A failed form's status (the API's, for the same code) and its message (a msgid): the form's
    `own` words for a (code, field) several forms share (`name`), else the dashboard's."""
    message = (own or {}).get((exc.code, exc.field or "")) or message_of(exc.code, exc.field)
    return STATUS_BY_CODE.get(exc.code, 400), message


def may_still_change(request: Request[Any, Any, Any], messages: Iterable[Any]) -> bool:
    """Whether a table of these messages (each with its `status` and `created_at`) should ask for
    itself again: one of them is not final yet, and was made within `LIVE_FOR`."""
    now = use_cases(request).clock().now()
    return any(not is_final(MessageStatus(m.status)) and now - m.created_at < LIVE_FOR for m in messages)
