"""The clients: `Client` (blocking) and `AsyncClient` (asyncio), one method per operation of
the API document (generated), over one httpx connection pool each."""

from __future__ import annotations

import asyncio
import time
from types import TracebackType
from typing import Any

import httpx

from ujumbe_client._generated import AsyncOperations, SyncOperations
from ujumbe_client._transport import DEFAULT_TIMEOUT, Call, RetryPolicy, _Base


class Client(_Base, SyncOperations):
    """    client = Client("https://sms.example.co.tz", api_key="uj_live_...")
    sent = client.send_sms(to="0712345678", message="Karibu!")

    `access_token` (from `login`) is used on the routes that take a login, `api_key` on the
    others; either may be changed at any time. `http_client` replaces the connection pool
    (its base URL and timeout are then the caller's)."""

    def __init__(self, base_url: str, *, api_key: str | None = None, access_token: str | None = None,
                 timeout: float | httpx.Timeout = DEFAULT_TIMEOUT, retry: RetryPolicy | None = None,
                 http_client: httpx.Client | None = None) -> None:
        super().__init__(base_url.rstrip("/"), api_key, access_token, timeout, retry or RetryPolicy())
        self._http = http_client or httpx.Client(base_url=self.base_url, timeout=timeout)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _call(self, call: Call, answer: Any) -> Any:
        key = self._key(call)
        request = self._request(call, key)
        attempt = 0
        while True:
            try:
                response = self._http.request(**request)
            except httpx.TransportError as error:
                wait = self._wait_after_failure(call, error, attempt, key)
                self._log_retry(call, attempt, wait, type(error).__name__)
            else:
                wait_or_none = self._wait_after_status(response, attempt)
                if wait_or_none is None:
                    return self._answer(call, response, answer, key)
                wait = wait_or_none
                self._log_retry(call, attempt, wait, f"HTTP {response.status_code}")
            time.sleep(wait)
            attempt += 1


class AsyncClient(_Base, AsyncOperations):
    """The same client for asyncio: `await client.send_sms(...)`, `async for m in client.iter_message_logs()`."""

    def __init__(self, base_url: str, *, api_key: str | None = None, access_token: str | None = None,
                 timeout: float | httpx.Timeout = DEFAULT_TIMEOUT, retry: RetryPolicy | None = None,
                 http_client: httpx.AsyncClient | None = None) -> None:
        super().__init__(base_url.rstrip("/"), api_key, access_token, timeout, retry or RetryPolicy())
        self._http = http_client or httpx.AsyncClient(base_url=self.base_url, timeout=timeout)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.aclose()

    async def _call(self, call: Call, answer: Any) -> Any:
        key = self._key(call)
        request = self._request(call, key)
        attempt = 0
        while True:
            try:
                response = await self._http.request(**request)
            except httpx.TransportError as error:
                wait = self._wait_after_failure(call, error, attempt, key)
                self._log_retry(call, attempt, wait, type(error).__name__)
            else:
                wait_or_none = self._wait_after_status(response, attempt)
                if wait_or_none is None:
                    return self._answer(call, response, answer, key)
                wait = wait_or_none
                self._log_retry(call, attempt, wait, f"HTTP {response.status_code}")
            await asyncio.sleep(wait)
            attempt += 1
