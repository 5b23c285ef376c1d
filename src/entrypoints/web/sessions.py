"""The browser's session: the account's own session of the API, carried in an encrypted cookie.

Logging in calls `LogIn`; the token pair it returns is kept in Litestar's client-side session
cookie (AES-GCM under a key derived from the service secret for this purpose alone; HttpOnly,
SameSite=Lax, Secure when the service is reached over https). Every signed-in page checks the
access token with `AuthenticateAccessToken`, and when it is refused (expired, or its session
ended) rotates the refresh token with `RefreshSession`. So there is one session system: the idle
lifetime (a refresh token unused for 7 days), the absolute one (30 days from the login) and every
revocation (logging out, out everywhere, a password changed or reset) are the API's own, and an
old copy of the cookie opens nothing once its session has ended (decision: dashboard sessions).

The cookie also holds the session's CSRF token, made on the first page a browser opens and made
anew when it signs in or out. The middleware is mounted on the dashboard's routes only: the REST
API reads and sets no cookie.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.middleware.session.client_side import CookieBackendConfig
from litestar.types import ASGIApp, Receive, Scope, Send

from application.accounts.sessions import TokenPair
from domain.accounts import PLAN_RATE_LIMITS, REFRESH_TOKEN_TTL
from domain.errors import Unauthorized
from entrypoints.http.ratelimit import charge

SESSION_COOKIE = "ujumbe_session"
_ACCESS, _REFRESH = "access", "refresh"
CSRF_KEY = "csrf"  # the session's CSRF token
SECURE_COOKIES = "secure_cookies"  # the routes' `opt`: whether cookies are set `Secure` (served over https)


class SignInRequired(Exception):
    """The page is an account's, and this browser is signed in to none (or no longer)."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """The signed-in account a page is for."""

    account_id: str
    plan: str
    session_id: str | None
    language: str | None = None  # the language the account's owner chose, if any


def session_config(key: bytes, *, secure: bool) -> CookieBackendConfig:
    # The cookie is written again on every answer: unused for the refresh token's 7 days, it is gone.
    return CookieBackendConfig(secret=key, key=SESSION_COOKIE, max_age=int(REFRESH_TOKEN_TTL.total_seconds()),
                               httponly=True, samesite="lax", secure=secure, path="/")


class SessionCookies:
    """Litestar's session middleware, made at the first request: its key comes from the service
    secret, which is read (or made, on a first start) only once the app serves."""

    def __init__(self, app: ASGIApp, key: Callable[[], bytes], secure: bool) -> None:
        self._app, self._key, self._secure = app, key, secure
        self._inner: ASGIApp | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self._inner is None:
            self._inner = session_config(self._key(), secure=self._secure).middleware(self._app)
        await self._inner(scope, receive, send)


def csrf_token_of(connection: ASGIConnection[Any, Any, Any, Any]) -> str:
    """The session's CSRF token, made on first use."""
    session = connection.session
    token = session.get(CSRF_KEY)
    if not isinstance(token, str) or not token:
        token = session[CSRF_KEY] = secrets.token_urlsafe(32)
    return token


def start(request: Request[Any, Any, Any], pair: TokenPair) -> None:
    """Signed in: a new session cookie holding the pair, with a new CSRF token."""
    request.set_session({_ACCESS: pair.access_token, _REFRESH: pair.refresh_token, CSRF_KEY: secrets.token_urlsafe(32)})


def end(request: Request[Any, Any, Any]) -> str | None:
    """Signed out in this browser (a new CSRF token): the refresh token it held, if any."""
    refresh = request.session.get(_REFRESH)
    request.set_session({CSRF_KEY: secrets.token_urlsafe(32)})
    return refresh if isinstance(refresh, str) else None


class Refreshes:
    """Rotates a refresh token once however many of one browser's requests find its access
    token expired at the same moment: the others wait and take the same new pair. Without it the
    second request would present a rotated token, which ends the session (a reused refresh token
    revokes its family). Within one process; `grace` seconds long."""

    def __init__(self, grace: float = 30.0) -> None:
        self._grace = grace
        self._locks: dict[str, asyncio.Lock] = {}
        self._done: dict[str, tuple[float, TokenPair]] = {}

    async def __call__(self, refresh_session: Callable[[str], Any], refresh_token: str) -> TokenPair:
        key = hashlib.sha256(refresh_token.encode()).hexdigest()
        self._forget_old()
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            done = self._done.get(key)
            if done is not None:
                return done[1]
            pair: TokenPair = await refresh_session(refresh_token)
            self._done[key] = (time.monotonic(), pair)
            return pair

    def _forget_old(self) -> None:
        now = time.monotonic()
        for key in [k for k, (at, _) in self._done.items() if now - at > self._grace]:
            del self._done[key]
            lock = self._locks.get(key)
            if lock is not None and not lock.locked():
                del self._locks[key]


def signed_in(refreshes: Refreshes) -> Callable[[Request[Any, Any, Any]], Any]:
    """The `viewer` dependency of an account's pages: the signed-in account, its session renewed
    when its access token expired, and the request charged to the account's plan budget, as the
    API charges it. Not signed in, or no longer: `SignInRequired`."""

    async def viewer(request: Request[Any, Any, Any]) -> Viewer:
        container = request.app.state.container
        session = request.session
        access, refresh = session.get(_ACCESS), session.get(_REFRESH)
        if not isinstance(access, str) or not isinstance(refresh, str):
            raise SignInRequired()
        try:
            credentials = await container.authenticate_access_token()(access)
        except Unauthorized:
            try:
                pair = await refreshes(container.refresh_session(), refresh)
                credentials = await container.authenticate_access_token()(pair.access_token)
            except Unauthorized:
                end(request)
                raise SignInRequired() from None
            session[_ACCESS], session[_REFRESH] = pair.access_token, pair.refresh_token
        await charge(request.scope, f"account:{credentials.account_id}",
                     PLAN_RATE_LIMITS.get(credentials.plan, PLAN_RATE_LIMITS["free"]))
        return Viewer(account_id=credentials.account_id, plan=credentials.plan, session_id=credentials.session_id,
                      language=credentials.language)

    return viewer


def signed_in_or_not(viewer: Callable[[Request[Any, Any, Any]], Any]) -> Callable[[Request[Any, Any, Any]], Any]:
    """The `visitor` dependency of a page anyone may use (the language switcher): the signed-in
    account, as `viewer` gives it, or None."""

    async def visitor(request: Request[Any, Any, Any]) -> Viewer | None:
        try:
            found: Viewer = await viewer(request)
        except SignInRequired:
            return None
        return found

    return visitor
