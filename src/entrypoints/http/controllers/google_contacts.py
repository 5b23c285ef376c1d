"""/v1/contact-lists/google: connect a Google account (read-only contacts), see the connection,
sync its contacts into a list, disconnect. Mounted only when UJUMBE_FEATURE_GOOGLE_CONTACTS is on.

The consent is bound to the browser as well as to the account (`entrypoints.google_consent`): the
connect answer sets a cookie the callback requires beside the state.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from litestar import Controller, Request, Response, delete, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.openapi import ResponseSpec
from litestar.params import JSONBody, QueryParameter
from litestar.response import Redirect

from application.contacts.google_connection import (
    CompleteGoogleConnection,
    ConnectGoogle,
    DisconnectGoogle,
    GetGoogleConnection,
)
from application.contacts.google_sync import SyncGoogleContacts
from domain.errors import (
    GoogleAuthorizationFailed,
    GoogleNotConnected,
    GoogleUnavailable,
    NotFound,
)
from domain.google_contacts import ConnectionStatus
from domain.ids import lookup_id
from entrypoints.container import Container
from entrypoints.google_consent import (
    DASHBOARD_PAGE,
    GOOGLE_CALLBACK_PATH,
    came_from_dashboard,
    check_same_browser,
    consent_cookies,
    spent_cookies,
)
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import RequestBody, documented

MAX_STATE_LENGTH = 200
MAX_CODE_LENGTH = 2048


def _secure(state: State) -> bool:
    return bool(state.container.settings().public_url.lower().startswith("https://"))


class GoogleConnectionBody(ResponseBody, kw_only=True):
    enabled: bool = True  # the feature is on (off, these routes are 404)
    status: ConnectionStatus
    scope: str | None
    connected_at: datetime | None
    last_synced_at: datetime | None
    reason: str | None  # why it is `disconnected`: `revoked`, `tokens_unreadable`


class GoogleConsentBody(ResponseBody, kw_only=True):
    authorization_url: str
    expires_at: datetime


class SyncGoogleContactsRequest(RequestBody, kw_only=True):
    # Any text: one that names none of the account's lists is 404, as an unknown id is everywhere.
    list_id: Annotated[str, documented(description="The list to import into; the default list when omitted.")] \
        | None = None


class SyncRowErrorBody(ResponseBody, kw_only=True):
    row: int  # the person's position in Google's list, from 1
    error: str


class GoogleSyncReportBody(ResponseBody, kw_only=True):
    list_id: str
    imported: int
    skipped: int
    errors: list[SyncRowErrorBody]


class GoogleContactsController(Controller):
    path = "/v1/contact-lists/google"
    tags = ["google contacts"]
    dependencies = {"principal": authenticated(JWT)}

    @get("/status", operation_id="getGoogleContactsStatus",
         dependencies={"get_google_connection": provide(Container.get_google_connection)})
    async def status(self, principal: NamedDependency[Principal],
                     get_google_connection: NamedDependency[GetGoogleConnection]) -> Envelope[GoogleConnectionBody]:
        """The account's Google connection: `not_connected`, `connected` or `disconnected` (with a reason)."""
        return ok(body_of(await get_google_connection(principal.account_id), GoogleConnectionBody))

    @get("/connect", operation_id="connectGoogleContacts",
         dependencies={"connect_google": provide(Container.connect_google)})
    async def connect(self, principal: NamedDependency[Principal], connect_google: NamedDependency[ConnectGoogle],
                      state: State) -> Response[Envelope[GoogleConsentBody]]:
        """A Google consent URL (read-only contacts) for the user to open in this browser; it works once,
        for 10 minutes, and only with the cookie this answer sets."""
        consent = await connect_google(principal.account_id)
        return Response(ok(body_of(consent, GoogleConsentBody)),
                        cookies=consent_cookies(consent.state, secure=_secure(state)))

    @post("/sync", operation_id="syncGoogleContacts", status_code=200,
          opt={"errors": (NotFound, GoogleNotConnected, GoogleUnavailable)},
          dependencies={"sync_google_contacts": provide(Container.sync_google_contacts)})
    async def sync(self, principal: NamedDependency[Principal], sync_google_contacts: NamedDependency[SyncGoogleContacts],
                   data: JSONBody[SyncGoogleContactsRequest | None] = None) -> Envelope[GoogleSyncReportBody]:
        """Import the Google contacts into a list (one way): an import's report, each person a row by position."""
        list_id = lookup_id(data.list_id) if data is not None and data.list_id is not None else None
        return ok(body_of(await sync_google_contacts(principal.account_id, list_id), GoogleSyncReportBody))

    @post("/disconnect", operation_id="disconnectGoogleContacts", status_code=200,
          dependencies={"disconnect_google": provide(Container.disconnect_google)})
    async def disconnect(self, principal: NamedDependency[Principal],
                         disconnect_google: NamedDependency[DisconnectGoogle]) -> Envelope[GoogleConnectionBody]:
        """Disconnect: the tokens are deleted and the grant revoked at Google (nothing connected: a no-op)."""
        return ok(body_of(await disconnect_google(principal.account_id), GoogleConnectionBody))

    @delete("/disconnect", operation_id="deleteGoogleContactsConnection", status_code=200,
            dependencies={"disconnect_google": provide(Container.disconnect_google)})
    async def delete_connection(self, principal: NamedDependency[Principal],
                                disconnect_google: NamedDependency[DisconnectGoogle]) -> Envelope[GoogleConnectionBody]:
        """The same as POST /disconnect."""
        return ok(body_of(await disconnect_google(principal.account_id), GoogleConnectionBody))


async def _back_to_dashboard(request: Request[Any, Any, Any], state: State, complete: CompleteGoogleConnection,
                             oauth_state: str, code: str | None, error: str | None) -> Redirect:
    """The dashboard's page, told how the consent went. A state without this browser's cookie
    leaves the cookies be: a link made up elsewhere must not end the consent this browser began."""
    try:
        check_same_browser(request.cookies, oauth_state)
    except NotFound as exc:
        return Redirect(path=f"{DASHBOARD_PAGE}?refused={exc.code}", status_code=303)
    spent = spent_cookies(secure=_secure(state))
    try:
        await complete(oauth_state, code, error)
    except (NotFound, GoogleAuthorizationFailed, GoogleUnavailable) as exc:
        return Redirect(path=f"{DASHBOARD_PAGE}?refused={exc.code}", status_code=303, cookies=spent)
    return Redirect(path=f"{DASHBOARD_PAGE}?done=connected", status_code=303, cookies=spent)


class GoogleCallbackController(Controller):
    """Where Google sends the browser back: public, since the state names the account (and the
    cookie beside it, the browser that asked)."""

    path = GOOGLE_CALLBACK_PATH
    tags = ["google contacts"]

    @get("/", operation_id="googleContactsCallback",
         dependencies={"complete_google_connection": provide(Container.complete_google_connection)},
         opt={"errors": (NotFound, GoogleAuthorizationFailed, GoogleUnavailable)},
         responses={303: ResponseSpec(None, description="A consent the dashboard started: back to its Google "
                                      "contacts page (`/contacts/google?done=connected`, or `?refused=` and the "
                                      "error's code), instead of this JSON.")})
    async def callback(
        self, request: Request[Any, Any, Any], state: State,
        complete_google_connection: NamedDependency[CompleteGoogleConnection],
        oauth_state: Annotated[str, QueryParameter(name="state", min_length=1, max_length=MAX_STATE_LENGTH,
                                              description="The one-time state of the consent URL.")],
        code: Annotated[str | None, QueryParameter(max_length=MAX_CODE_LENGTH,
                                              description="Google's authorization code.")] = None,
        error: Annotated[str | None, QueryParameter(max_length=200,
                                               description="Google's reason when access was not granted.")] = None,
    ) -> Response[Envelope[GoogleConnectionBody]]:
        """Google's redirect back after the consent (no credentials: the one-time state names the account,
        and comes with the cookie the connect answer set in the same browser). A consent the dashboard
        started is sent back to its page, told how it went, instead of answered in JSON."""
        if came_from_dashboard(request.cookies):
            return await _back_to_dashboard(request, state, complete_google_connection, oauth_state, code, error)
        check_same_browser(request.cookies, oauth_state)
        connection = await complete_google_connection(oauth_state, code, error)
        return Response(ok(body_of(connection, GoogleConnectionBody)), cookies=spent_cookies(secure=_secure(state)))
