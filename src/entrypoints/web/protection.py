"""What every dashboard answer and request is held to, beyond the app's own headers (nosniff,
Referrer-Policy, no-store, HSTS over https):

- a Content-Security-Policy that lets a page load only ujumbe's own scripts, styles and images (no
  inline script or style, nothing from elsewhere, no framing, forms posted only here);
- a CSRF token on every state-changing request: the session's token in the form's `csrf_token`
  field, or in the `X-CSRF-Token` header htmx sends (`hx-headers` on `<body>`). Missing or wrong:
  403 with a page saying the form expired.
"""

from __future__ import annotations

import hmac
from typing import Any

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from entrypoints.web.sessions import CSRF_KEY

def content_security_policy_for(*, form_action: str = "") -> str:
    """The dashboard's policy; `form_action`: another origin a page's form may lead to (a browser
    holds a form's redirects to `form-action` too)."""
    targets = " ".join(filter(None, ("'self'", form_action)))
    return ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
            f"base-uri 'none'; frame-ancestors 'none'; form-action {targets}")


CONTENT_SECURITY_POLICY = content_security_policy_for()
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class CsrfRefused(Exception):
    """A state-changing request without the session's CSRF token."""


def content_security_policy(app: ASGIApp) -> ASGIApp:
    """Middleware: the policy on every answer of the routes it wraps, error pages included; an
    answer that brings its own (a page whose form leads elsewhere) keeps that one alone, since a
    browser holds a page to every policy it is sent."""

    async def with_policy(scope: Scope, receive: Receive, send: Send) -> None:
        async def stamp(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"content-security-policy" for name, _ in headers):
                    headers.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
                message["headers"] = headers
            await send(message)

        await app(scope, receive, stamp)

    return with_policy


async def require_csrf_token(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Guard of every dashboard route: a POST, PUT, PATCH or DELETE carries the session's token."""
    if connection.scope.get("method") in _SAFE_METHODS:
        return
    expected = connection.session.get(CSRF_KEY)
    presented: Any = connection.headers.get(CSRF_HEADER)
    if presented is None:
        # The form is parsed once: the handler's request finds it already read.
        presented = (await Request(connection.scope, connection.receive).form()).get(CSRF_FIELD)
    if not (isinstance(expected, str) and expected and isinstance(presented, str)
            and hmac.compare_digest(expected.encode(), presented.encode())):
        raise CsrfRefused()
