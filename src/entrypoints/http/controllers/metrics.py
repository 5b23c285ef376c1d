"""GET /metrics: the service's metrics in Prometheus' text format, for the operator's Prometheus.

Not public: what the counts reveal (traffic, carriers, payments) is the operator's. Without
UJUMBE_METRICS_TOKEN it answers loopback clients connecting directly only (a Prometheus on the
same host; a request carrying a proxy's forwarding header is refused); refused: 403 `forbidden`. With a
token it answers only requests bearing it (`Authorization: Bearer <token>`), from anywhere;
refused: 401 `unauthorized`.
"""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any

from litestar import Controller, Request, Response, get
from litestar.datastructures import State

from adapters.postgres.metrics import read_state
from adapters.prometheus import CONTENT_TYPE
from domain.errors import Forbidden, Unauthorized
from entrypoints.gateway_binds import REPORT_STALE_AFTER

METRICS_PATH = "/metrics"


def is_loopback(host: str | None) -> bool:
    try:
        address = ipaddress.ip_address(host or "")
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


# A scraper on this host connects directly and sends none of these. A request that carries one came
# through a proxy, and the client address the server took from it is only as good as the proxy's
# trust setting: with `--forwarded-allow-ips '*'` a client's own `X-Forwarded-For: 127.0.0.1` would
# otherwise pass for loopback.
_FORWARDING_HEADERS = ("x-forwarded-for", "forwarded", "x-real-ip")


def check_access(request: Request[Any, Any, Any], token: str | None, route: str = "GET /metrics") -> None:
    """Pass, or raise the refusal the request gets (`route` names what was refused)."""
    if token is None:
        proxied = any(name in request.headers for name in _FORWARDING_HEADERS)
        if proxied or not is_loopback(request.client.host if request.client else None):
            raise Forbidden(f"{route} answers loopback clients only, never through a proxy; set "
                            "UJUMBE_METRICS_TOKEN to read it from elsewhere.")
        return
    scheme, _, presented = request.headers.get("authorization", "").partition(" ")
    # compared in constant time: the answer's timing says nothing of how much of a guess was right
    if scheme.lower() != "bearer" or not hmac.compare_digest(presented.strip().encode(), token.encode()):
        raise Unauthorized(f"{route} needs `Authorization: Bearer <UJUMBE_METRICS_TOKEN>`.")


class MetricsController(Controller):
    path = METRICS_PATH
    tags = ["operations"]

    @get("/", operation_id="metrics", summary="Prometheus metrics", media_type=CONTENT_TYPE,
         response_description="Every metric, in Prometheus' text exposition format 0.0.4.",
         opt={"errors": (Unauthorized, Forbidden)})
    async def metrics(self, request: Request[Any, Any, Any], state: State) -> Response[str]:
        """Every metric in Prometheus' text format (docs/operator/metrics.md lists them): loopback
        clients only, or, when UJUMBE_METRICS_TOKEN is set, requests bearing it."""
        container = state.container
        check_access(request, container.settings().metrics_token)
        service = await read_state(container.pool(), binds_since=container.clock().now() - REPORT_STALE_AFTER)
        # the header in full: Litestar would add a second charset to a text/ media type
        return Response(container.metrics().exposition(service).decode(), media_type=CONTENT_TYPE,
                        headers={"content-type": CONTENT_TYPE})
