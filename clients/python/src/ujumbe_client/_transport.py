"""What the generated methods leave to hand-written code: credentials, timeouts, retries with
backoff that honour Retry-After, idempotency keys kept across a call's retries, and the API's
envelope unwrapped into records or raised as typed errors."""

from __future__ import annotations

import email.utils
import logging
import random
import time
import uuid
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
import msgspec

from ujumbe_client.errors import APIConnectionError, APITimeoutError, UjumbeError, error_class

__version__ = "0.1.0"
log = logging.getLogger("ujumbe_client")
T = TypeVar("T")

FileContent = bytes | tuple[str, bytes] | tuple[str, bytes, str]
DEFAULT_TIMEOUT = httpx.Timeout(30.0, connect=5.0)
RETRIED_STATUSES = frozenset({429, 503})
SAFE_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
# The request surely never reached the server: retrying can never act twice.
NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)


class _Multipart(dict[str, Any]):
    """A multipart/form-data body: field name to file content."""


@dataclass(frozen=True, slots=True)
class Call:
    method: str
    path: str
    operation_id: str
    security: tuple[str, ...]
    query: dict[str, Any]
    headers: dict[str, Any]
    body: Any
    idempotency_key: str | None
    keyed: bool
    answer_kind: str
    timeout: float | None


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How a call is retried: on connection failures (only when that cannot act twice: the
    request never left, or the method is idempotent, or the call carries an Idempotency-Key),
    and on 429 and 503, waiting Retry-After when the server says, else exponential backoff with
    full jitter, each wait at most `max_backoff`. A Retry-After longer than `max_retry_after` is
    not waited for: the error is raised with its `retry_after`."""

    max_retries: int = 3
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_retry_after: float = 60.0

    def backoff_delay(self, attempt: int) -> float:
        return random.uniform(0, min(self.max_backoff, self.backoff * 2 ** attempt))


NO_RETRIES = RetryPolicy(max_retries=0)


class _Envelope(msgspec.Struct, Generic[T]):
    data: T


class _ErrorBody(msgspec.Struct):
    code: str
    message: str
    field: str | None = None


class _ErrorEnvelope(msgspec.Struct):
    error: _ErrorBody
    request_id: str | None = None


@lru_cache(maxsize=None)
def _decoder(answer: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(_Envelope[answer])


def _quote(value: object) -> str:
    return quote(str(value), safe="")


def _more(answer: Any, received: int, page: int) -> bool:
    """Whether a page is followed by another: by `total` when the page says it, else by fullness."""
    total, per_page = getattr(answer, "total", None), getattr(answer, "per_page", None)
    if received == 0:
        return False
    if isinstance(total, int) and isinstance(per_page, int):
        return page * per_page < total
    return not isinstance(per_page, int) or received >= per_page


def retry_after(response: httpx.Response) -> float | None:
    """Retry-After in seconds: delta-seconds or an HTTP date."""
    value = response.headers.get("Retry-After")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def api_error(response: httpx.Response, idempotency_key: str | None) -> UjumbeError:
    try:
        body = msgspec.json.decode(response.content, type=_ErrorEnvelope)
        code, message, field, request_id = body.error.code, body.error.message, body.error.field, body.request_id
    except (msgspec.ValidationError, msgspec.DecodeError):
        code, message, field, request_id = f"http_{response.status_code}", response.text[:200], None, None
    return error_class(response.status_code)(
        code, message, status=response.status_code, field=field,
        request_id=request_id or response.headers.get("X-Request-ID"),
        retry_after=retry_after(response), idempotency_key=idempotency_key)


class _Base:
    def __init__(self, base_url: str, api_key: str | None, access_token: str | None,
                 timeout: float | httpx.Timeout, retry: RetryPolicy) -> None:
        self.base_url = base_url
        self.api_key = api_key
        self.access_token = access_token
        self.timeout = timeout
        self.retry = retry

    def _request(self, call: Call, key: str | None) -> dict[str, Any]:
        headers = {"User-Agent": f"ujumbe-client-python/{__version__}", **self._auth(call.security)}
        headers.update({k: str(v) for k, v in call.headers.items() if v is not None})
        if key is not None:
            headers["Idempotency-Key"] = key
        request: dict[str, Any] = {
            "method": call.method, "url": call.path, "headers": headers,
            "params": {k: v for k, v in call.query.items() if v is not None},
        }
        if call.timeout is not None:
            request["timeout"] = call.timeout
        if isinstance(call.body, _Multipart):
            request["files"] = {k: v for k, v in call.body.items() if v is not msgspec.UNSET}
        elif call.body is not None:
            headers["Content-Type"] = "application/json"
            request["content"] = msgspec.json.encode(call.body)
        return request

    def _auth(self, security: tuple[str, ...]) -> dict[str, str]:
        if not security:
            return {}
        if "ApiKey" in security and self.api_key:
            return {"X-API-Key": self.api_key}
        if "BearerJWT" in security and self.access_token:
            return {"Authorization": f"Bearer {self.access_token}"}
        # Not the credential the route takes: sent anyway, so the server's 401/403 says why.
        if self.api_key:
            return {"X-API-Key": self.api_key}
        if self.access_token:
            return {"Authorization": f"Bearer {self.access_token}"}
        return {}

    @staticmethod
    def _key(call: Call) -> str | None:
        if not call.keyed:
            return None
        return call.idempotency_key or str(uuid.uuid4())

    def _wait_after_status(self, response: httpx.Response, attempt: int) -> float | None:
        """Seconds to wait before trying again, or None to answer now."""
        if response.status_code not in RETRIED_STATUSES or attempt >= self.retry.max_retries:
            return None
        told = retry_after(response)
        if told is None:
            return self.retry.backoff_delay(attempt)
        return told if told <= self.retry.max_retry_after else None

    def _wait_after_failure(self, call: Call, error: httpx.TransportError, attempt: int, key: str | None) -> float:
        retriable = isinstance(error, NOT_SENT) or call.method in SAFE_METHODS or key is not None
        if not retriable or attempt >= self.retry.max_retries:
            kind = APITimeoutError if isinstance(error, httpx.TimeoutException) else APIConnectionError
            raise kind("connection_error", f"{call.method} {call.path}: {error!r}",
                       idempotency_key=key) from error
        return self.retry.backoff_delay(attempt)

    @staticmethod
    def _answer(call: Call, response: httpx.Response, answer: Any, key: str | None) -> Any:
        if response.status_code == 304:
            return None
        if response.status_code >= 400:
            raise api_error(response, key)
        if call.answer_kind == "json":
            try:
                return _decoder(answer).decode(response.content).data
            except (msgspec.DecodeError, msgspec.ValidationError) as error:
                # A proxy's HTML page, or a server newer than this client in a way it cannot read.
                raise UjumbeError("invalid_response", f"{call.method} {call.path}: {error}",
                                  status=response.status_code, request_id=response.headers.get("X-Request-ID"),
                                  idempotency_key=key) from error
        if call.answer_kind == "text":
            return response.text
        return None

    @staticmethod
    def _log_retry(call: Call, attempt: int, wait: float, why: str) -> None:
        log.info("ujumbe_client: %s %s retry %d in %.2fs (%s)", call.method, call.path, attempt + 1, wait, why)
