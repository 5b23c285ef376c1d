"""The response envelope every endpoint answers with (spec: Response envelope)."""

from __future__ import annotations

import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Generic, TypeVar

import msgspec

T = TypeVar("T")

_request_id: ContextVar[str | None] = ContextVar("ujumbe_request_id", default=None)


def current_request_id() -> str:
    """The id of the request being served (set by the request-id middleware)."""
    request_id = _request_id.get()
    if request_id is None:
        request_id = str(uuid.uuid4())
        _request_id.set(request_id)
    return request_id


def set_request_id(request_id: str | None) -> None:
    _request_id.set(request_id)


def _timestamp() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


class ErrorBody(msgspec.Struct, kw_only=True, omit_defaults=True):
    code: str
    message: str
    field: str | None = None


class Envelope(msgspec.Struct, Generic[T], kw_only=True):
    success: bool
    data: T | None
    error: ErrorBody | None
    request_id: str
    timestamp: str


def ok(data: T) -> Envelope[T]:
    return Envelope(
        success=True, data=data, error=None, request_id=current_request_id(), timestamp=_timestamp()
    )


def failure(code: str, message: str, field: str | None = None) -> Envelope[None]:
    return Envelope(
        success=False,
        data=None,
        error=ErrorBody(code=code, message=message, field=field),
        request_id=current_request_id(),
        timestamp=_timestamp(),
    )
