"""Google as the external contacts provider: its OAuth 2.0 endpoints through authlib's httpx
client, and the People API's `people.connections.list`, read-only.

Every URL is a setting (UJUMBE_GOOGLE_*_URL), so tests point them at a local server that plays
Google. A client is made per call: authlib's client keeps the token it last saw on itself, and
the calls of different accounts must not share one.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx
from authlib.deprecate import AuthlibDeprecationWarning
from authlib.oauth2.client import OAuth2Client

with warnings.catch_warnings():
    # authlib's httpx integration runs on httpx2 when it is installed (the mcp SDK brings it), else
    # on httpx (the project's HTTP client), and then warns on import that it would rather have its
    # successor package; nothing is wrong with the one it uses.
    warnings.simplefilter("ignore", AuthlibDeprecationWarning)
    from authlib.integrations.httpx_client import AsyncOAuth2Client, OAuthError

# The transport errors of whichever of the two authlib's client runs on: catching httpx's alone let
# an unreachable Google through as a 500 once httpx2 was installed beside it.
_HTTP_ERRORS: tuple[type[Exception], ...]
try:
    import httpx2
    _HTTP_ERRORS = (httpx.HTTPError, httpx2.HTTPError)
except ImportError:
    _HTTP_ERRORS = (httpx.HTTPError,)
_UNAVAILABLE = (*_HTTP_ERRORS, ValueError, KeyError)  # no answer, or one that cannot be read

from application.ports import (
    AccessTokenRejected,
    AuthorizationRefused,
    ContactsProviderUnavailable,
    ExternalPerson,
    GrantedTokens,
    GrantRevoked,
    PeoplePage,
)
from domain.google_contacts import CONTACTS_SCOPE, PAGE_SIZE

log = logging.getLogger("ujumbe.google")

_PERSON_FIELDS = "names,emailAddresses,phoneNumbers"


@dataclass(frozen=True, slots=True)
class GoogleEndpoints:
    client_id: str
    client_secret: str
    redirect_uri: str
    auth_url: str
    token_url: str
    people_url: str  # without the `/v1/...` path
    revoke_url: str


def _tokens(token: Mapping[str, Any]) -> GrantedTokens:
    expires_in = token.get("expires_in")
    return GrantedTokens(access_token=str(token["access_token"]), refresh_token=token.get("refresh_token"),
                         expires_in=int(expires_in) if expires_in is not None else None,
                         scope=str(token.get("scope") or CONTACTS_SCOPE))


def _first(entries: Any, key: str) -> str:
    """`key` of the primary entry of a People API list (`names`, `emailAddresses`), else the first."""
    if not isinstance(entries, list) or not entries:
        return ""
    primary = next((e for e in entries if isinstance(e, dict) and (e.get("metadata") or {}).get("primary")), entries[0])
    value = primary.get(key) if isinstance(primary, dict) else None
    return value.strip() if isinstance(value, str) else ""


def person_of(person: Mapping[str, Any]) -> ExternalPerson:
    """A `Person` resource as a contact sees it: `canonicalForm` (E.164) of a number when Google
    could tell it, else the number as the user typed it."""
    phones = []
    for number in person.get("phoneNumbers") or ():
        if isinstance(number, dict):
            phone = number.get("canonicalForm") or number.get("value")
            if isinstance(phone, str):
                phones.append(phone)
    return ExternalPerson(first_name=_first(person.get("names"), "givenName"),
                          last_name=_first(person.get("names"), "familyName"),
                          email=_first(person.get("emailAddresses"), "value"), phones=tuple(phones))


class GoogleContacts:
    """The `ContactsProvider` port over Google's HTTP APIs."""

    def __init__(self, endpoints: GoogleEndpoints, *, timeout: float = 15.0) -> None:
        self._endpoints = endpoints
        self._timeout = timeout

    def _client(self, token: Mapping[str, Any] | None = None) -> AsyncOAuth2Client:
        e = self._endpoints
        return AsyncOAuth2Client(client_id=e.client_id, client_secret=e.client_secret, scope=CONTACTS_SCOPE,
                                 redirect_uri=e.redirect_uri, token=token, timeout=self._timeout)

    def consent_url(self, state: str) -> str:
        e = self._endpoints
        # offline: a refresh token, so syncs go on after the hour an access token lasts;
        # consent: Google sends that refresh token again when an account connects a second time.
        url, _ = OAuth2Client(None, client_id=e.client_id, scope=CONTACTS_SCOPE, redirect_uri=e.redirect_uri) \
            .create_authorization_url(e.auth_url, state=state, access_type="offline", prompt="consent")
        return str(url)

    async def exchange_code(self, code: str) -> GrantedTokens:
        try:
            async with self._client() as client:
                return _tokens(await client.fetch_token(self._endpoints.token_url, code=code,
                                                        grant_type="authorization_code"))
        except OAuthError as exc:
            raise AuthorizationRefused(f"{exc.error}: {exc.description}") from exc
        except _UNAVAILABLE as exc:
            raise ContactsProviderUnavailable(str(exc)) from exc

    async def refresh(self, refresh_token: str) -> GrantedTokens:
        try:
            async with self._client() as client:
                return _tokens(await client.refresh_token(self._endpoints.token_url, refresh_token=refresh_token))
        except OAuthError as exc:
            if exc.error == "invalid_grant":
                raise GrantRevoked(exc.description or exc.error) from exc
            raise ContactsProviderUnavailable(f"{exc.error}: {exc.description}") from exc
        except _UNAVAILABLE as exc:
            raise ContactsProviderUnavailable(str(exc)) from exc

    async def people(self, access_token: str, page_token: str | None) -> PeoplePage:
        params = {"personFields": _PERSON_FIELDS, "pageSize": str(PAGE_SIZE)}
        if page_token:
            params["pageToken"] = page_token
        # No expiry on the token given to authlib: when to refresh is the application's call, by its clock.
        token = {"access_token": access_token, "token_type": "Bearer"}
        try:
            async with self._client(token) as client:
                response = await client.get(f"{self._endpoints.people_url}/v1/people/me/connections", params=params)
            if response.status_code == 401:
                raise AccessTokenRejected(response.text[:200])
            response.raise_for_status()
            body = response.json()
        except _HTTP_ERRORS as exc:
            raise ContactsProviderUnavailable(str(exc)) from exc
        except ValueError as exc:
            raise ContactsProviderUnavailable("the People API answered something other than JSON") from exc
        if not isinstance(body, dict):
            raise ContactsProviderUnavailable("the People API answered something other than an object")
        people = tuple(person_of(p) for p in body.get("connections") or () if isinstance(p, dict))
        next_page = body.get("nextPageToken")
        return PeoplePage(people=people, next_page_token=next_page if isinstance(next_page, str) and next_page else None)

    async def revoke(self, token: str) -> None:
        try:
            async with self._client() as client:
                response = await client.revoke_token(self._endpoints.revoke_url, token=token)
        except _HTTP_ERRORS as exc:
            raise ContactsProviderUnavailable(str(exc)) from exc
        # 400 `invalid_token`: Google no longer knows the token, so there is no grant left to end.
        if response.status_code >= 500 or response.status_code not in (200, 400):
            raise ContactsProviderUnavailable(f"revoke answered HTTP {response.status_code}")
