"""Every HTTP request answered, counted: by route template (`/v1/contact-lists/{list_id}`, never the path
itself, so ids do not make new series; `unmatched` for any path no route has), method and status,
with how long it took to answer.

It wraps the app's whole handler, outside routing, so 404s and 405s count too. A request whose
client left before any answer began is not counted: nobody was answered.
"""

from __future__ import annotations

import time

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from adapters.prometheus import PrometheusMetrics

UNMATCHED = "unmatched"
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def count_requests(app: ASGIApp, metrics: PrometheusMetrics) -> ASGIApp:
    async def counted(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        started, status = time.perf_counter(), 0

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await app(scope, receive, send_status)
        finally:
            method = scope.get("method", "")
            if status:
                metrics.http_request(scope.get("path_template") or UNMATCHED,
                                     method if method in _METHODS else "other", status, time.perf_counter() - started)

    return counted
