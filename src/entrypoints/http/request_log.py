"""One log line per HTTP request, written when its response has gone out: request_id (the
`X-Request-ID` it answered with), route (the path template, never the raw path, which may carry
ids and numbers), method, status, duration_ms, and account_id once the caller is known.

It wraps the whole application, not one route, so requests no route matched (404, 405) have
their line too (route null). Every line logged while the request is served carries its
request_id.
"""

from __future__ import annotations

import logging
import time
from typing import Any, cast

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from structlog.contextvars import bound_contextvars

from entrypoints.http.envelope import current_request_id

log = logging.getLogger("ujumbe.http")

_ACCOUNT_KEY = "ujumbe.account_id"


def note_caller(scope: Scope, account_id: str) -> None:
    """Remember who is calling, for the request's line (`auth` calls it once credentials check out)."""
    cast(dict[str, Any], scope)[_ACCOUNT_KEY] = account_id


def log_requests(app: ASGIApp) -> ASGIApp:
    """`app` with a line logged per HTTP request."""

    async def logged(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = current_request_id()
        status = 500  # unless a response starts: an error that escaped every handler

        async def noting_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            with bound_contextvars(request_id=request_id):
                await app(scope, receive, noting_status)
        finally:
            log.log(logging.ERROR if status >= 500 else logging.INFO, "request", extra={
                "request_id": request_id,
                "method": scope.get("method"),
                "route": scope.get("path_template"),
                "status": status,
                "duration_ms": round((time.perf_counter() - started) * 1000, 3),
                "account_id": cast(dict[str, Any], scope).get(_ACCOUNT_KEY),
            })

    return logged
