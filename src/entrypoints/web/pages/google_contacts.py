"""Google contacts (`/contacts/google`, mounted only while UJUMBE_FEATURE_GOOGLE_CONTACTS is on, as
the API's routes are): the connection's state, connecting (off to Google's consent and back
through the API's callback, `entrypoints.google_consent`), a one-way sync into a chosen list with
the report a file import gives, and disconnecting.

The page's Content-Security-Policy lets its connect form lead to Google's consent page: a browser
holds a form's redirects to `form-action` too, and the dashboard's own allows only itself."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromQuery
from litestar.response import Redirect, Template

from application.contacts.google_connection import ConnectGoogle, DisconnectGoogle, GetGoogleConnection
from application.contacts.google_sync import SyncGoogleContacts, SyncReport
from application.contacts.lists import DescribeContactList, ListContactLists
from domain.contacts import ContactList
from domain.errors import DomainError, GoogleNotConnected, GoogleUnavailable, NotFound
from domain.ids import lookup_id
from domain.paging import MAX_PER_PAGE
from entrypoints.google_consent import DASHBOARD_PAGE, consent_cookies
from entrypoints.web.i18n import _
from entrypoints.web.messages import message_of, row_message_of
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.pages.contact_files import REPORTED_ROWS
from entrypoints.web.protection import content_security_policy_for
from entrypoints.web.sessions import SECURE_COOKIES, Viewer
from entrypoints.web.templating import page

NOTICES = {
    "connected": _("Your Google account is connected: choose a list and sync its contacts."),
    "disconnected": _("Google is disconnected: ujumbe no longer reads your Google contacts."),
}
# How a consent came back (the callback's `refused`: the code the API would have answered).
CONSENT_REFUSALS = {
    "not_found": _("The consent expired, was already used, or was asked for in another browser: connect again."),
    "google_authorization_failed": message_of("google_authorization_failed"),
    "google_unavailable": message_of("google_unavailable"),
}
REASONS = {
    "revoked": _("Access was removed in your Google account: connect again to sync."),
    "tokens_unreadable": _("The saved access can no longer be read: connect again to sync."),
}


def _policy(request: Request[Any, Any, Any]) -> dict[str, str]:
    """The dashboard's policy, its forms also allowed to lead to Google's consent page."""
    auth = urlsplit(use_cases(request).settings().google_auth_url)
    return {"content-security-policy": content_security_policy_for(form_action=f"{auth.scheme}://{auth.netloc}")}


async def _lists(request: Request[Any, Any, Any], viewer: Viewer, wanted: str) -> tuple[list[ContactList],
                                                                                         ContactList | None]:
    """The lists to sync into, and the one `wanted` (a list's import page asked for it, or the sync
    went into it) among them, however old: none when it is not one of the account's lists."""
    list_contact_lists: ListContactLists = use_cases(request).list_contact_lists()
    lists = (await list_contact_lists(viewer.account_id, 1, MAX_PER_PAGE)).lists
    chosen = next((x for x in lists if x.id == wanted), None)
    if chosen is None and wanted:
        describe: DescribeContactList = use_cases(request).describe_contact_list()
        try:
            chosen = await describe(viewer.account_id, lookup_id(wanted))
        except NotFound:
            return lists, None
        lists = [chosen, *lists]
    return lists, chosen


async def _google_page(request: Request[Any, Any, Any], viewer: Viewer, *, list_id: str = "",
                       report: SyncReport | None = None, notice: str | None = None, error: str | None = None,
                       refused: DomainError | None = None) -> Template:
    """The page; after a refused sync, with its message (`refused`) or a consent's (`error`)."""
    get_connection: GetGoogleConnection = use_cases(request).get_google_connection()
    connection = await get_connection(viewer.account_id)
    lists, chosen = await _lists(request, viewer, report.list_id if report else list_id)
    status, error = refusal(refused) if refused is not None else (200, error)
    return page(request, "google_contacts.html", status_code=status, headers=_policy(request), viewer=viewer,
                connection=connection, reason=REASONS.get(connection.reason or ""), lists=lists, chosen=chosen,
                report=report, contact_list=chosen, reported_rows=REPORTED_ROWS, row_message_of=row_message_of,
                source="google", notice=notice, error=error)


class GoogleContactPages(Controller):
    path = DASHBOARD_PAGE

    @get("/")
    async def google(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                     list_id: FromQuery[str] = "", done: FromQuery[str | None] = None,
                     refused: FromQuery[str | None] = None) -> Template:
        """The connection; once connected, the sync form (into `list_id` when given: a list's import
        page links here with it)."""
        return await _google_page(request, viewer, list_id=list_id, notice=NOTICES.get(done or ""),
                                  error=CONSENT_REFUSALS.get(refused or ""))

    @post("/connect")
    async def connect(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """Off to Google's consent page; its answer comes back through the API's callback to this page."""
        connect_google: ConnectGoogle = use_cases(request).connect_google()
        consent = await connect_google(viewer.account_id)
        return Redirect(path=consent.authorization_url, status_code=303, cookies=consent_cookies(
            consent.state, secure=request.route_handler.opt[SECURE_COOKIES], from_dashboard=True))

    @post("/sync")
    async def sync(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """Every Google contact into the chosen list, and the report; nothing written back to Google."""
        list_id = (await form_of(request)).get("list_id", "")
        sync_google_contacts: SyncGoogleContacts = use_cases(request).sync_google_contacts()
        try:
            report = await sync_google_contacts(viewer.account_id, lookup_id(list_id) if list_id else None)
        except (NotFound, GoogleNotConnected, GoogleUnavailable) as exc:
            return await _google_page(request, viewer, list_id=list_id, refused=exc)
        return await _google_page(request, viewer, report=report)

    @post("/disconnect")
    async def disconnect(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """The tokens forgotten and the grant ended at Google, as the API's disconnect."""
        disconnect_google: DisconnectGoogle = use_cases(request).disconnect_google()
        await disconnect_google(viewer.account_id)
        return Redirect(path=f"{DASHBOARD_PAGE}?done=disconnected", status_code=303)
