"""Every HTTP request, observed once its answer has gone out: one log line (request_id — the
`X-Request-ID` it answered with —, route, method, status, duration_ms, and account_id once the
caller is known) and its count and duration in the metrics.

The route is the path template (`/v1/contact-lists/{list_id}`), never the raw path, which carries
ids and numbers: the log says null and the metrics `unmatched` for a path no route has. It wraps
the whole application, not one route, so 404s and 405s are observed too. Every line logged while
the request is served carries its request_id.
"""

from __future__ import annotations

import logging
import time
from typing import Any, cast

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from structlog.contextvars import bound_contextvars

from adapters.prometheus import PrometheusMetrics
from entrypoints.http.envelope import current_request_id

log = logging.getLogger("ujumbe.http")

UNMATCHED = "unmatched"
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_ACCOUNT_KEY = "ujumbe.account_id"


def note_caller(scope: Scope, account_id: str) -> None:
    """Remember who is calling, for the request's line (`auth` calls it once credentials check out)."""
    cast(dict[str, Any], scope)[_ACCOUNT_KEY] = account_id


def observe_requests(app: ASGIApp, metrics: PrometheusMetrics) -> ASGIApp:
    """`app` with each HTTP request logged and counted."""

    async def observed(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = current_request_id()
        status = 500  # unless a response starts: an error that escaped every handler

        async def noting_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            with bound_contextvars(request_id=request_id):
                await app(scope, receive, noting_status)
        finally:
            took = time.perf_counter() - started
            method, route = scope.get("method", ""), scope.get("path_template")
            metrics.http_request(route or UNMATCHED, method if method in _METHODS else "other", status, took)
            log.log(logging.ERROR if status >= 500 else logging.INFO, "request", extra={
                "request_id": request_id, "method": method, "route": route, "status": status,
                "duration_ms": round(took * 1000, 3), "account_id": cast(dict[str, Any], scope).get(_ACCOUNT_KEY),
            })

    return observed
