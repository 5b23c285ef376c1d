"""Rate limits over HTTP: which budget a request spends, and the X-RateLimit-* headers.

- Authenticated routes spend the account's plan budget (free 60, pro 600, enterprise 6000 a
  minute); `authenticated(...)` charges it right after the credentials check out.
- register, login and refresh (`opt={"rate_limit": "auth"}`) spend the client IP's budget of 30 a
  minute.
- The payment callback (`opt={"rate_limit": "callback"}`) spends the client IP's callback budget
  of 120 a minute: it takes no credentials, and whatever does not verify is recorded, so junk
  posts must not pile up; a provider sends again whatever it was not answered 2xx.
- Every other public route (health, schema, reference data) and every request whose credentials
  fail spends the client IP's public budget of 600 a minute.

The budget a request spent is kept in its ASGI scope; `stamp_rate_limit_headers` (a before_send
hook) writes it on the response, errors and 429s included.
"""

from __future__ import annotations

from typing import Any, cast

from litestar import Litestar
from litestar.middleware import ASGIMiddleware
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from application.ports import RateLimiter, RateLimitState
from domain.accounts import PUBLIC_AUTH_RATE_LIMIT
from domain.errors import RateLimitExceeded

PUBLIC_RATE_LIMIT = 600
CALLBACK_RATE_LIMIT = 120
_SCOPE_KEY = "ujumbe.rate_limit"


def limiter_of(scope: Scope) -> RateLimiter:
    limiter: RateLimiter = Litestar.from_scope(scope).state.container.rate_limiter()
    return limiter


def client_ip(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "unknown"


async def charge(scope: Scope, key: str, per_minute: int) -> RateLimitState:
    """Count the request against `key`; remember the budget for the headers; 429 when spent."""
    state = await limiter_of(scope).hit(key, per_minute)
    cast(dict[str, Any], scope)[_SCOPE_KEY] = state
    if not state.allowed:
        raise RateLimitExceeded(
            f"Rate limit of {state.limit} requests per minute exceeded; retry in {state.retry_after} s.",
            retry_after=state.retry_after,
        )
    return state


async def charge_public(scope: Scope) -> RateLimitState:
    return await charge(scope, f"ip:{client_ip(scope)}", PUBLIC_RATE_LIMIT)


def _is_authenticated(handler: Any) -> bool:
    return "principal" in handler.resolve_dependencies()


class PublicRateLimitMiddleware(ASGIMiddleware):
    """Charges the per-IP budgets of routes that take no credentials."""

    def __init__(self) -> None:
        self._authenticated: dict[int, bool] = {}

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if scope["type"] == ScopeType.HTTP:
            handler = scope["route_handler"]
            authenticated = self._authenticated.get(id(handler))
            if authenticated is None:
                authenticated = self._authenticated[id(handler)] = _is_authenticated(handler)
            budget = handler.opt.get("rate_limit", "public")
            if budget == "auth":
                await charge(scope, f"auth-ip:{client_ip(scope)}", PUBLIC_AUTH_RATE_LIMIT)
            elif budget == "callback":
                await charge(scope, f"callback-ip:{client_ip(scope)}", CALLBACK_RATE_LIMIT)
            elif not authenticated:
                await charge_public(scope)
        await next_app(scope, receive, send)


async def stamp_rate_limit_headers(message: Message, scope: Scope) -> None:
    """before_send: X-RateLimit-Limit / -Remaining on every response (Retry-After on a 429 is
    set by the error handler)."""
    if message["type"] != "http.response.start" or scope.get("type") != ScopeType.HTTP:
        return
    state = cast(dict[str, Any], scope).get(_SCOPE_KEY)
    if state is None:  # unrouted (404/405): show the public budget without spending it
        state = await limiter_of(scope).peek(f"ip:{client_ip(scope)}", PUBLIC_RATE_LIMIT)
    headers = list(message.get("headers", []))
    headers.append((b"x-ratelimit-limit", str(state.limit).encode()))
    headers.append((b"x-ratelimit-remaining", str(state.remaining).encode()))
    message["headers"] = headers
