"""Webhook POSTs with httpx, and the rule that keeps them off private networks.

A customer-supplied URL is a way into our network (SSRF), so unless the operator allows it
(`UJUMBE_WEBHOOKS_ALLOW_PRIVATE=1`, for development and tests) a URL whose host resolves to a
loopback, private, link-local or otherwise non-public address is refused, at registration and
again at every attempt. Checking a name and then letting httpx resolve it again would leave a
gap (DNS rebinding: a name can answer a public address to the check and a private one to the
connection), so an attempt resolves the host once, checks every address it got, and connects
to a checked address itself (`VettedAddressTransport`). The URL's host still names the request:
the Host header, TLS SNI and the certificate check are the name's. Redirects are not followed,
and proxies from the environment are not used (a proxy would resolve the name again).

A receiver is someone else's server, so an attempt is bounded whatever it does: the whole of it
(resolving, connecting, sending, the answer) has one deadline, `timeout` (a per-read timeout
would let a byte every few seconds hold it for ever), and of the answer's body at most
`MAX_RESPONSE_BYTES` are read (a body without end would otherwise be buffered whole). The status
line decides the attempt: a 2xx is a success as soon as it is known, its body cut short or not.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import ssl
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from urllib.parse import urlsplit

import httpx
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_fixed

from application.ports import WebhookResponse
from application.webhooks.deliveries import REQUEST_TIMEOUT_SECONDS

Resolver = Callable[[str, int], Awaitable[list[str]]]
AddressPolicy = Callable[[str], bool]  # whether a resolved address may be connected to
USER_AGENT = "ujumbe-webhooks/1.0"
RESOLVE_TIMEOUT = 5.0
MAX_RESPONSE_BYTES = 4 * 1024  # of an answer's body; the rest is never read


async def resolve_host(host: str, port: int) -> list[str]:
    """Every address `host` resolves to, in the system's order of preference (an IP literal
    resolves to itself)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


# IPv6 prefixes that carry an IPv4 address in their last 32 bits: NAT64 (well-known and local
# use) and the deprecated IPv4-compatible form. A gateway on the way turns them into IPv4.
_EMBEDDING_IPV4 = [ipaddress.ip_network(n) for n in ("64:ff9b::/96", "64:ff9b:1::/48", "::/96")]


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one reaches through (mapped, 6to4, Teredo, NAT64, compatible)."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if any(ip in network for network in _EMBEDDING_IPV4):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def is_public(address: str) -> bool:
    ip: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        ip = _embedded_ipv4(ip) or ip  # judged by where it really leads
    return ip.is_global and not ip.is_multicast


def _any_address(address: str) -> bool:
    return True


async def _resolve(resolve: Resolver, scheme: str, host: str, port: int | None) -> list[str]:
    """The addresses of `host`: OSError, UnicodeError or TimeoutError when it does not resolve."""
    return await asyncio.wait_for(resolve(host, port or (443 if scheme == "https" else 80)), RESOLVE_TIMEOUT)


def _refusal(host: str, addresses: Sequence[str], allowed: AddressPolicy) -> str | None:
    refused = [address for address in addresses if not allowed(address)]
    return f"{host} is a private or loopback address ({refused[0]})" if refused else None


class TargetRefused(httpx.TransportError):
    """The host resolved to an address the policy refuses; nothing was sent."""


class VettedAddressTransport(httpx.AsyncBaseTransport):
    """Resolves the request's host once, refuses it if any address fails the policy, and
    connects only to those addresses (in order, the next one when a connection fails).

    The request reaches `inner` with the vetted address in its URL, its Host header unchanged
    and `sni_hostname` set to the original host, so TLS sends SNI for the name and verifies the
    certificate against the name.
    """

    def __init__(self, inner: httpx.AsyncBaseTransport, *, resolver: Resolver = resolve_host,
                 allowed: AddressPolicy = is_public) -> None:
        self._inner, self._resolve, self._allowed = inner, resolver, allowed

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        host = request.url.raw_host.decode("ascii")
        try:
            addresses = await _resolve(self._resolve, request.url.scheme, host, request.url.port)
        except (OSError, UnicodeError, TimeoutError) as exc:
            raise httpx.ConnectError(f"{host} does not resolve ({exc})", request=request) from exc
        if refusal := _refusal(host, addresses, self._allowed):
            raise TargetRefused(refusal, request=request)
        failure = httpx.ConnectError(f"{host} resolves to no address", request=request)
        for address in addresses:
            pinned = httpx.Request(request.method, request.url.copy_with(host=address), headers=request.headers,
                                   stream=request.stream, extensions={**request.extensions, "sni_hostname": host})
            try:
                return await self._inner.handle_async_request(pinned)
            except httpx.ConnectError as exc:
                failure = exc
        raise failure

    async def aclose(self) -> None:
        await self._inner.aclose()


class HttpxWebhookSender:
    """`allow_private` lets every address through; `address_allowed` replaces the policy
    (tests call a loopback address public); `verify` is the TLS trust (tests pass their CA)."""

    def __init__(self, *, allow_private: bool = False, timeout: float = REQUEST_TIMEOUT_SECONDS,
                 resolver: Resolver = resolve_host, address_allowed: AddressPolicy | None = None,
                 verify: ssl.SSLContext | bool = True) -> None:
        self._allowed = address_allowed or (_any_address if allow_private else is_public)
        self._timeout = timeout
        self._resolve = resolver
        self._verify = verify

    async def refusal(self, url: str) -> str | None:
        if self._allowed is _any_address:
            return None
        parts = urlsplit(url)
        host = parts.hostname or ""
        try:
            addresses = await _resolve(self._resolve, parts.scheme, host, parts.port)
        except (OSError, UnicodeError, TimeoutError):
            # Not resolvable now: nothing says it is private. An attempt then fails to connect
            # and is retried; each attempt checks again.
            return None
        return _refusal(host, addresses, self._allowed)

    def _transport(self) -> VettedAddressTransport:
        return VettedAddressTransport(httpx.AsyncHTTPTransport(verify=self._verify, trust_env=False),
                                      resolver=self._resolve, allowed=self._allowed)

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> WebhookResponse:
        started = time.monotonic()
        answer: _Answer = _Answer()

        def elapsed_ms() -> int:
            return int((time.monotonic() - started) * 1000)

        try:
            async with asyncio.timeout(self._timeout):
                async with httpx.AsyncClient(timeout=self._timeout, follow_redirects=False, trust_env=False,
                                             transport=self._transport()) as client:
                    # One quick second try when the connection itself failed (nothing was sent);
                    # anything else is the delivery's retry schedule's business.
                    async for attempt in AsyncRetrying(retry=retry_if_exception_type(httpx.ConnectError),
                                                       stop=stop_after_attempt(2), wait=wait_fixed(0.2),
                                                       reraise=True):
                        with attempt:
                            await answer.read(client, url, body, {**headers, "User-Agent": USER_AGENT})
        except TargetRefused as exc:
            return WebhookResponse(status_code=None, error=f"target_refused: {exc}")
        except (TimeoutError, httpx.TimeoutException):
            if answer.status_code is None:
                return WebhookResponse(status_code=None, error=f"timeout: no answer within {self._timeout:g} s",
                                       duration_ms=elapsed_ms())
        except httpx.HTTPError as exc:
            if answer.status_code is None:
                return WebhookResponse(status_code=None, error=f"connection_error: {type(exc).__name__}",
                                       duration_ms=elapsed_ms())
        return WebhookResponse(status_code=answer.status_code, duration_ms=elapsed_ms(), body=bytes(answer.body))


class _Answer:
    """The status of an answer as soon as it comes, then at most `MAX_RESPONSE_BYTES` of its
    body as they come (raw: a compressed body is not inflated); the connection is closed on
    leaving, with the rest unread."""

    def __init__(self) -> None:
        self.status_code: int | None = None
        self.body = bytearray()

    async def read(self, client: httpx.AsyncClient, url: str, body: bytes, headers: Mapping[str, str]) -> None:
        async with client.stream("POST", url, content=body, headers=headers) as response:
            self.status_code = response.status_code
            async for chunk in response.aiter_raw():
                self.body += chunk[:MAX_RESPONSE_BYTES - len(self.body)]
                if len(self.body) >= MAX_RESPONSE_BYTES:
                    return
