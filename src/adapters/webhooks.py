"""Webhook POSTs with httpx, and the rule that keeps them off private networks.

A customer-supplied URL is a way into our network (SSRF), so unless the operator allows it
(`UJUMBE_WEBHOOKS_ALLOW_PRIVATE=1`, for development and tests) a URL whose host resolves to a
loopback, private, link-local or otherwise non-public address is refused, at registration and
again before every attempt (DNS may have changed). Redirects are not followed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections.abc import Awaitable, Callable, Mapping
from urllib.parse import urlsplit

import httpx
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_fixed

from application.webhooks import REQUEST_TIMEOUT_SECONDS, WebhookResponse

Resolver = Callable[[str, int], Awaitable[list[str]]]
USER_AGENT = "ujumbe-webhooks/1.0"
RESOLVE_TIMEOUT = 5.0


async def resolve_host(host: str, port: int) -> list[str]:
    """Every address `host` resolves to (an IP literal resolves to itself)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


class HttpxWebhookSender:
    def __init__(self, *, allow_private: bool = False, timeout: float = REQUEST_TIMEOUT_SECONDS,
                 resolver: Resolver = resolve_host, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._allow_private = allow_private
        self._timeout = timeout
        self._resolve = resolver
        self._transport = transport

    async def refusal(self, url: str) -> str | None:
        if self._allow_private:
            return None
        parts = urlsplit(url)
        host = parts.hostname or ""
        try:
            addresses = await asyncio.wait_for(
                self._resolve(host, parts.port or (443 if parts.scheme == "https" else 80)), RESOLVE_TIMEOUT
            )
        except (OSError, UnicodeError, TimeoutError):
            # Not resolvable now: nothing says it is private. An attempt then fails to connect
            # and is retried; each attempt checks again.
            return None
        private = [address for address in addresses if not is_public(address)]
        if private:
            return f"{host} is a private or loopback address ({private[0]})"
        return None

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> WebhookResponse:
        if refusal := await self.refusal(url):
            return WebhookResponse(status_code=None, error=f"target_refused: {refusal}")
        started = time.monotonic()

        def elapsed_ms() -> int:
            return int((time.monotonic() - started) * 1000)

        try:
            async with httpx.AsyncClient(timeout=self._timeout, follow_redirects=False,
                                         transport=self._transport) as client:
                # One quick second try when the connection itself failed (nothing was sent);
                # anything else is the delivery's retry schedule's business.
                async for attempt in AsyncRetrying(retry=retry_if_exception_type(httpx.ConnectError),
                                                   stop=stop_after_attempt(2), wait=wait_fixed(0.2),
                                                   reraise=True):
                    with attempt:
                        response = await client.post(
                            url, content=body, headers={**headers, "User-Agent": USER_AGENT}
                        )
        except httpx.TimeoutException:
            return WebhookResponse(status_code=None, error="timeout", duration_ms=elapsed_ms())
        except httpx.HTTPError as exc:
            return WebhookResponse(status_code=None, error=f"connection_error: {type(exc).__name__}",
                                   duration_ms=elapsed_ms())
        return WebhookResponse(status_code=response.status_code, duration_ms=elapsed_ms())
