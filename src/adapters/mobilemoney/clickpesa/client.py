"""ClickPesa's HTTP client: the `MobileMoney` port over its USSD push, hosted checkout, status query
and callbacks (request bodies signed and callbacks verified by `signing`, answers read by `answers`).

- Token: `POST /third-parties/generate-token` with the `client-id` and `api-key` headers answers
  `{"token": "Bearer …"}`, good for about an hour. It is kept until `token_margin` seconds before
  that hour is out, and fetched again once if a call answers 401 (expired early, or revoked).
- Never two pushes for one order: every call names the order by its own reference
  (`orderReference`). A push whose answer was lost (connection dropped, timeout, 5xx) is asked
  about before it is sent again — the same reference's status: 404 means nothing arrived and
  pushing again is safe; any payment under it means the push went through. A 409 ("reference
  already used") on a push likewise means an earlier push arrived: its status is the answer.
- tenacity retries only transient faults (connection errors, timeouts, 5xx), a few times with
  backoff; then the call raises `ProviderUnavailable` and the order stays pending and polled.
  A 400 (invalid phone, bad reference) or 404 (no collection method) is `ProviderRejected`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential_jitter

from adapters.mobilemoney.clickpesa.answers import (
    callback_result,
    field_of,
    json_of,
    message_of,
    status_result,
    text_of,
)
from adapters.mobilemoney.clickpesa.signing import signed, verified_callback
from application.ports import (
    Clock,
    PaymentRequest,
    ProviderRejected,
    ProviderResult,
    ProviderState,
    ProviderUnavailable,
    PushAccepted,
)

TOKEN_PATH = "/third-parties/generate-token"
PUSH_PATH = "/third-parties/payments/initiate-ussd-push-request"
STATUS_PATH = "/third-parties/payments/{reference}"
PROBE_REFERENCE = "UJUMBEREADINESSPROBE"  # no order has it: our references are generated ids
CHECKOUT_PATH = "/third-parties/checkout-link/generate-checkout-url"
TOKEN_LIFETIME = 3600.0  # seconds a token is good for (ClickPesa: one hour)
TOKEN_MARGIN = 300.0  # fetch a new token this long before the old one runs out

T = TypeVar("T")


def msisdn(phone: str) -> str:
    """An E.164 number as ClickPesa takes it: `+255712…` → `255712…`."""
    return phone.strip().removeprefix("+")


class _Transient(Exception):
    """A fault worth trying again: no connection, no answer in time, or a 5xx."""


class ClickPesa:
    def __init__(self, base_url: str, client_id: str, api_key: str, checksum_key: str, *, clock: Clock,
                 timeout: float = 15.0, attempts: int = 3, initial_wait: float = 0.5, max_wait: float = 5.0,
                 token_lifetime: float = TOKEN_LIFETIME, token_margin: float = TOKEN_MARGIN) -> None:
        self._base_url = base_url.rstrip("/")
        self._client_id = client_id
        self._api_key = api_key
        self._checksum_key = checksum_key
        self._clock = clock
        self._timeout = timeout
        self._attempts = attempts
        self._initial_wait = initial_wait
        self._max_wait = max_wait
        self._token_keep = timedelta(seconds=token_lifetime - token_margin)
        self._token: tuple[str, datetime] | None = None  # the bearer token and when to stop using it

    # -- the port ----------------------------------------------------------------------------

    async def push(self, request: PaymentRequest) -> PushAccepted:
        """A USSD prompt to the payer; never sent twice under one reference."""
        if request.phone is None:
            raise ProviderRejected("a USSD push needs the payer's phone number")
        body = signed(self._checksum_key, {
            "amount": str(request.amount), "currency": request.currency,
            "orderReference": request.reference, "phoneNumber": msisdn(request.phone),
        })
        unsure = False  # a push went out and its answer was lost

        async def attempt(client: httpx.AsyncClient) -> PushAccepted:
            nonlocal unsure
            if unsure:  # ask before pushing again
                found = await self._query(client, request.reference)
                if found.state is not ProviderState.UNKNOWN:
                    return PushAccepted(found.provider_ref)
                unsure = False  # 404: the push never arrived
            unsure = True
            response = await self._request(client, "POST", PUSH_PATH, body)
            unsure = False
            return await self._pushed(client, request.reference, response)

        async with self._client() as client:
            return await self._retried(lambda: attempt(client))

    async def checkout_link(self, request: PaymentRequest) -> str:
        """A hosted checkout page for the order. A retry that meets 409 (the first attempt made a
        link whose answer was lost) is rejected: nobody saw that link, so nobody can pay it."""
        payload: dict[str, Any] = {
            "orderReference": request.reference, "orderCurrency": request.currency,
            "orderItems": [{"name": request.description, "price": str(request.amount), "quantity": 1}],
        }
        if request.phone is not None:
            payload["customerPhone"] = msisdn(request.phone)
        body = signed(self._checksum_key, payload)

        async def attempt(client: httpx.AsyncClient) -> str:
            response = await self._request(client, "POST", CHECKOUT_PATH, body)
            if response.status_code != 200:
                raise ProviderRejected(message_of(response))
            link = field_of(response, "checkoutLink")
            if not isinstance(link, str) or not link:
                raise ProviderUnavailable("the checkout answer carried no link")
            return link

        async with self._client() as client:
            return await self._retried(lambda: attempt(client))

    async def status(self, reference: str) -> ProviderResult:
        async with self._client() as client:
            return await self._retried(lambda: self._query(client, reference))

    async def reachable(self) -> None:
        """A status query for a reference nobody uses, once, without retries: any answer but a
        5xx or a refused token means the provider is there and takes our credentials."""
        try:
            async with self._client() as client:
                await self._request(client, "GET", STATUS_PATH.format(reference=PROBE_REFERENCE))
        except (_Transient, httpx.HTTPError) as exc:  # any failure to reach it, not only the retried ones
            raise ProviderUnavailable(f"the mobile-money provider did not answer: {exc}") from exc

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult | None:
        """The result a callback carries, once its checksum verifies (see `signing`)."""
        return callback_result(verified_callback(self._checksum_key, body))

    # -- HTTP ------------------------------------------------------------------------------

    def _client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self._base_url, timeout=self._timeout, follow_redirects=False)

    async def _retried(self, call: Callable[[], Awaitable[T]]) -> T:
        """`call` again after a transient fault, with backoff, a few times; then
        `ProviderUnavailable`. Any other outcome is final at once."""
        try:
            async for attempt in AsyncRetrying(
                retry=retry_if_exception_type(_Transient), stop=stop_after_attempt(self._attempts),
                wait=wait_exponential_jitter(multiplier=self._initial_wait, max=self._max_wait,
                                             jitter=self._initial_wait),
                reraise=True,
            ):
                with attempt:
                    return await call()
        except _Transient as exc:
            raise ProviderUnavailable(f"the mobile-money provider did not answer: {exc}") from exc
        raise AssertionError("unreachable: tenacity reraises the last error")

    async def _query(self, client: httpx.AsyncClient, reference: str) -> ProviderResult:
        response = await self._request(client, "GET", STATUS_PATH.format(reference=quote(reference, safe="")))
        if response.status_code == 404:
            return ProviderResult(reference=reference, state=ProviderState.UNKNOWN)
        if response.status_code != 200:
            raise ProviderUnavailable(f"the status query was refused: {message_of(response)}")
        payments = json_of(response)
        if not isinstance(payments, list):
            raise ProviderUnavailable("the status answer is not a list of payments")
        return status_result(reference, payments)

    async def _pushed(self, client: httpx.AsyncClient, reference: str, response: httpx.Response) -> PushAccepted:
        if response.status_code in (200, 201):
            return PushAccepted(text_of(field_of(response, "id")))
        if response.status_code == 409:  # the reference was pushed before: that push stands
            found = await self._query(client, reference)
            if found.state is not ProviderState.UNKNOWN:
                return PushAccepted(found.provider_ref)
        raise ProviderRejected(message_of(response))

    async def _request(self, client: httpx.AsyncClient, method: str, path: str,
                       body: Mapping[str, Any] | None = None) -> httpx.Response:
        """One call with a bearer token; on 401 once more with a fresh token."""
        token = await self._bearer(client)
        response = await self._send(client, method, path, body, {"Authorization": token})
        if response.status_code == 401:
            self._token = None
            response = await self._send(client, method, path, body, {"Authorization": await self._bearer(client)})
            if response.status_code == 401:
                raise ProviderUnavailable(f"the provider refused a fresh token: {message_of(response)}")
        return response

    async def _bearer(self, client: httpx.AsyncClient) -> str:
        now = self._clock.now()
        if self._token is not None and now < self._token[1]:
            return self._token[0]
        response = await self._send(client, "POST", TOKEN_PATH, None,
                                    {"client-id": self._client_id, "api-key": self._api_key})
        token = field_of(response, "token") if response.status_code == 200 else None
        if not isinstance(token, str) or not token:
            raise ProviderUnavailable(f"the provider gave no token: {message_of(response)}")
        if not token.lower().startswith("bearer "):
            token = f"Bearer {token}"
        self._token = (token, now + self._token_keep)
        return token

    async def _send(self, client: httpx.AsyncClient, method: str, path: str, body: Mapping[str, Any] | None,
                    headers: dict[str, str]) -> httpx.Response:
        try:
            response = await client.request(method, path, json=body, headers=headers)
        except (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError) as exc:
            raise _Transient(f"{type(exc).__name__} on {method} {path}") from exc
        if response.status_code >= 500:
            raise _Transient(f"HTTP {response.status_code} on {method} {path}")
        return response
