"""The response envelope every endpoint answers with (decision: response envelope), and the base of
every response body."""

from __future__ import annotations

import functools
import typing
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Annotated, Any, Generic, Literal, TypeVar

import msgspec

T = TypeVar("T")
B = TypeVar("B", bound="ResponseBody")

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


# The request's id (a UUID) and the moment it was answered (RFC 3339, UTC), as the document says
# (Litestar takes a field's schema additions from the "extra" key).
RequestId = Annotated[str, msgspec.Meta(extra_json_schema={"extra": {"format": "uuid"}})]
Timestamp = Annotated[str, msgspec.Meta(extra_json_schema={"extra": {"format": "date-time"}})]


class ErrorBody(msgspec.Struct, kw_only=True, omit_defaults=True):
    code: str
    message: str
    # the request field, header or parameter at fault; absent when there is none (never null)
    field: str | msgspec.UnsetType = msgspec.UNSET


class Envelope(msgspec.Struct, Generic[T], kw_only=True):
    """A success: `data` holds the payload (null for an operation that returns nothing)."""

    success: Literal[True]
    data: T
    error: None
    request_id: RequestId
    timestamp: Timestamp


class ErrorEnvelope(msgspec.Struct, kw_only=True):
    """A failure: `error` says what went wrong; `data` is null."""

    success: Literal[False]
    data: None
    error: ErrorBody
    request_id: RequestId
    timestamp: Timestamp


def ok(data: T) -> Envelope[T]:
    return Envelope(success=True, data=data, error=None, request_id=current_request_id(), timestamp=_timestamp())


def failure(code: str, message: str, field: str | None = None) -> ErrorEnvelope:
    error = ErrorBody(code=code, message=message, field=msgspec.UNSET if field is None else field)
    return ErrorEnvelope(success=False, data=None, error=error,
                         request_id=current_request_id(), timestamp=_timestamp())


@functools.cache
def _moments_of(cls: type) -> tuple[str, ...]:
    """The fields of a body Struct that hold a datetime (or None)."""
    hints = typing.get_type_hints(cls)
    return tuple(f for f in cls.__struct_fields__  # type: ignore[attr-defined]
                 if hints[f] is datetime or datetime in typing.get_args(hints[f]))


class ResponseBody(msgspec.Struct, kw_only=True):
    """Base of every response body Struct. A body is made from the application's result record by
    `body_of`, which matches fields by attribute name (a field answered under another name says so
    with `msgspec.field(name=...)`), so no route copies fields by hand. Moments are answered in UTC
    whatever time zone the database session used."""

    def __post_init__(self) -> None:
        for name in _moments_of(type(self)):
            moment = getattr(self, name)
            if moment is not None:
                setattr(self, name, moment.astimezone(UTC))


def body_of(record: Any, body: type[B]) -> B:
    """The response body of a result record (a dataclass or any object with the body's attributes)."""
    return msgspec.convert(record, body, from_attributes=True)
