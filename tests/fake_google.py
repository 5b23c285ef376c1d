"""A local HTTP server that plays Google for the external contacts import: the OAuth 2.0 consent
page, token endpoint (authorization code and refresh token grants), revocation endpoint, and
the People API's `people/me/connections`, paged.

    with fake_google() as google:
        google.people = [person("Asha", "Mwita", "0712 345 678")]
        settings = replace(settings, google_auth_url=google.auth_url, ...)

It is strict where Google is: one client id and secret, one scope, a code used once and only
with its redirect URI, bearer tokens checked on every page (401 for an unknown or expired one),
`invalid_grant` for a refresh token whose grant was revoked. The test steers it:
`expire_access_tokens()` (the hour has passed), `revoke_grants()` (the user removed access in
their Google account), `deny_next_consent`, `page_size`. It records what it was asked.
"""

from __future__ import annotations

import base64
import itertools
import json
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

CLIENT_ID = "ujumbe-test.apps.googleusercontent.com"
CLIENT_SECRET = "fake-google-client-secret"
SCOPE = "https://www.googleapis.com/auth/contacts.readonly"
ACCESS_TOKEN_SECONDS = 3599


def person(given: str = "", family: str = "", *phones: str, email: str = "",
           canonical: dict[str, str] | None = None) -> dict[str, Any]:
    """A `Person` resource as the People API answers it; `canonical` maps a typed number to the
    `canonicalForm` Google adds when it can read the number."""
    resource: dict[str, Any] = {"resourceName": f"people/c{secrets.randbelow(10**12)}", "etag": "%EgUBAi43PRoEAQIFByIM"}
    if given or family:
        resource["names"] = [{"metadata": {"primary": True, "source": {"type": "CONTACT", "id": "1"}},
                              "displayName": f"{given} {family}".strip(), "givenName": given, "familyName": family,
                              "displayNameLastFirst": f"{family}, {given}".strip(", ")}]
        resource["names"] = [{k: v for k, v in resource["names"][0].items() if v != ""}]
    if email:
        resource["emailAddresses"] = [{"metadata": {"primary": True}, "value": email, "type": "home"}]
    if phones:
        resource["phoneNumbers"] = [
            {"metadata": {"primary": i == 0}, "value": phone, "type": "mobile", "formattedType": "Mobile",
             **({"canonicalForm": (canonical or {})[phone]} if phone in (canonical or {}) else {})}
            for i, phone in enumerate(phones)]
    return resource


@dataclass
class _Grant:
    refresh_token: str
    scope: str
    revoked: bool = False


@dataclass
class FakeGoogle:
    base_url: str
    redirect_uris: set[str] = field(default_factory=set)  # every redirect_uri a consent named
    people: list[dict[str, Any]] = field(default_factory=list)
    page_size: int | None = None  # pages smaller than the client asks for, to make several
    deny_next_consent: bool = False
    expires_in: int = ACCESS_TOKEN_SECONDS  # of each access token issued, as the token endpoint says
    requests: list[tuple[str, str]] = field(default_factory=list)  # (method, path) of every call
    grants_issued: list[str] = field(default_factory=list)  # grant_type of every token answered
    revoked_tokens: list[str] = field(default_factory=list)
    bearer_tokens_seen: list[str] = field(default_factory=list)
    _codes: dict[str, tuple[str, str]] = field(default_factory=dict)  # code -> (redirect_uri, scope)
    _grants: dict[str, _Grant] = field(default_factory=dict)  # by refresh token
    _access: dict[str, tuple[_Grant, bool]] = field(default_factory=dict)  # token -> (grant, expired)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def auth_url(self) -> str:
        return f"{self.base_url}/o/oauth2/v2/auth"

    @property
    def token_url(self) -> str:
        return f"{self.base_url}/token"

    @property
    def revoke_url(self) -> str:
        return f"{self.base_url}/revoke"

    @property
    def people_url(self) -> str:
        return self.base_url

    def expire_access_tokens(self) -> None:
        with self._lock:
            self._access = {token: (grant, True) for token, (grant, _) in self._access.items()}

    def revoke_grants(self) -> None:
        with self._lock:
            for grant in self._grants.values():
                grant.revoked = True

    def live_grants(self) -> int:
        with self._lock:
            return sum(not grant.revoked for grant in self._grants.values())

    def access_token_count(self) -> int:
        with self._lock:
            return len(self._access)

    # -- the endpoints ------------------------------------------------------------------

    def authorize(self, query: dict[str, str]) -> tuple[int, dict[str, str], Any]:
        if query.get("client_id") != CLIENT_ID:
            return 400, {}, {"error": "invalid_client"}
        if query.get("response_type") != "code" or query.get("scope") != SCOPE or "redirect_uri" not in query:
            return 400, {}, {"error": "invalid_request"}
        redirect_uri = query["redirect_uri"]
        self.redirect_uris.add(redirect_uri)
        if self.deny_next_consent:
            self.deny_next_consent = False
            answer = {"error": "access_denied", "state": query.get("state", "")}
        else:
            code = "4/" + secrets.token_urlsafe(24)
            with self._lock:
                self._codes[code] = (redirect_uri, query["scope"])
            answer = {"code": code, "scope": query["scope"], "state": query.get("state", "")}
        return 302, {"Location": f"{redirect_uri}?{urlencode(answer)}"}, None

    def _issue(self, grant: _Grant) -> str:
        token = "ya29." + secrets.token_urlsafe(32)
        self._access[token] = (grant, False)
        return token

    def token(self, form: dict[str, str], authorization: str | None) -> tuple[int, dict[str, str], Any]:
        client_id, client_secret = form.get("client_id"), form.get("client_secret")
        if authorization and authorization.startswith("Basic "):
            client_id, _, client_secret = base64.b64decode(authorization[6:]).decode().partition(":")
        if (client_id, client_secret) != (CLIENT_ID, CLIENT_SECRET):
            return 401, {}, {"error": "invalid_client", "error_description": "Unauthorized"}
        with self._lock:
            if form.get("grant_type") == "authorization_code":
                found = self._codes.pop(form.get("code", ""), None)
                if found is None or found[0] != form.get("redirect_uri"):
                    return 400, {}, {"error": "invalid_grant", "error_description": "Malformed auth code."}
                grant = _Grant(refresh_token="1//" + secrets.token_urlsafe(32), scope=found[1])
                self._grants[grant.refresh_token] = grant
                self.grants_issued.append("authorization_code")
                return 200, {}, {"access_token": self._issue(grant), "expires_in": self.expires_in,
                                 "refresh_token": grant.refresh_token, "scope": grant.scope, "token_type": "Bearer"}
            if form.get("grant_type") == "refresh_token":
                grant_or_none = self._grants.get(form.get("refresh_token", ""))
                if grant_or_none is None or grant_or_none.revoked:
                    return 400, {}, {"error": "invalid_grant", "error_description": "Token has been expired or revoked."}
                self.grants_issued.append("refresh_token")
                # Google answers a refresh without a new refresh token.
                return 200, {}, {"access_token": self._issue(grant_or_none), "expires_in": self.expires_in,
                                 "scope": grant_or_none.scope, "token_type": "Bearer"}
        return 400, {}, {"error": "unsupported_grant_type"}

    def revoke(self, form: dict[str, str]) -> tuple[int, dict[str, str], Any]:
        token = form.get("token", "")
        with self._lock:
            grant = self._grants.get(token) or (self._access[token][0] if token in self._access else None)
            if grant is None or grant.revoked:
                return 400, {}, {"error": "invalid_token", "error_description": "Token expired or revoked"}
            grant.revoked = True
            self.revoked_tokens.append(token)
        return 200, {}, {}

    def connections(self, query: dict[str, str], authorization: str | None) -> tuple[int, dict[str, str], Any]:
        token = (authorization or "").removeprefix("Bearer ")
        self.bearer_tokens_seen.append(token)
        with self._lock:
            found = self._access.get(token)
        if found is None or found[1] or found[0].revoked:
            return 401, {"WWW-Authenticate": 'Bearer realm="https://accounts.google.com/"'}, {"error": {
                "code": 401, "status": "UNAUTHENTICATED",
                "message": "Request had invalid authentication credentials. Expected OAuth 2 access token."}}
        if not {"names", "emailAddresses", "phoneNumbers"} <= set(query.get("personFields", "").split(",")):
            return 400, {}, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "personFields"}}
        size = min(int(query.get("pageSize", "100")), self.page_size or 1000)
        start = int(query.get("pageToken") or 0)
        page = self.people[start:start + size]
        body: dict[str, Any] = {"totalPeople": len(self.people), "totalItems": len(self.people)}
        if page:
            body["connections"] = page
        if start + size < len(self.people):
            body["nextPageToken"] = str(start + size)
        return 200, {}, body


def _handler(google: FakeGoogle) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _answer(self, status: int, headers: dict[str, str], body: Any) -> None:
            payload = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            if body is not None:
                self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def _query(self) -> dict[str, str]:
            return {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}

        def do_GET(self) -> None:
            path = urlsplit(self.path).path
            google.requests.append(("GET", path))
            if path == "/o/oauth2/v2/auth":
                self._answer(*google.authorize(self._query()))
            elif path == "/v1/people/me/connections":
                self._answer(*google.connections(self._query(), self.headers.get("Authorization")))
            else:
                self._answer(404, {}, {"error": "not found"})

        def do_POST(self) -> None:
            path = urlsplit(self.path).path
            google.requests.append(("POST", path))
            length = int(self.headers.get("Content-Length") or 0)
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
            if path == "/token":
                self._answer(*google.token(form, self.headers.get("Authorization")))
            elif path == "/revoke":
                self._answer(*google.revoke(form))
            else:
                self._answer(404, {}, {"error": "not found"})

    return Handler


_names = itertools.count(1)


@contextmanager
def fake_google() -> Iterator[FakeGoogle]:
    """The fake on a free loopback port, served from a thread for the block."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    google = FakeGoogle(base_url=f"http://127.0.0.1:{server.server_address[1]}")
    server.RequestHandlerClass = _handler(google)
    thread = threading.Thread(target=server.serve_forever, name=f"fake-google-{next(_names)}", daemon=True)
    thread.start()
    try:
        yield google
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def google_settings(settings: Any, google: FakeGoogle, public_url: str) -> Any:
    """`settings` (an `entrypoints.settings.Settings`) with the feature on and every Google URL at
    the fake; Google sends the browser back under `public_url`."""
    return replace(settings, feature_google_contacts=True, google_client_id=CLIENT_ID,
                   google_client_secret=CLIENT_SECRET, google_auth_url=google.auth_url,
                   google_token_url=google.token_url, google_people_url=google.people_url,
                   google_revoke_url=google.revoke_url, public_url=public_url)


def google_env(google: FakeGoogle) -> dict[str, str]:
    """The same for `ujumbe serve`'s environment."""
    return {"UJUMBE_FEATURE_GOOGLE_CONTACTS": "1", "UJUMBE_GOOGLE_CLIENT_ID": CLIENT_ID,
            "UJUMBE_GOOGLE_CLIENT_SECRET": CLIENT_SECRET, "UJUMBE_GOOGLE_AUTH_URL": google.auth_url,
            "UJUMBE_GOOGLE_TOKEN_URL": google.token_url, "UJUMBE_GOOGLE_PEOPLE_URL": google.people_url,
            "UJUMBE_GOOGLE_REVOKE_URL": google.revoke_url}
