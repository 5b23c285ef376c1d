"""One map from every failure to the envelope: handlers never catch exceptions themselves."""

from __future__ import annotations

import logging
import re
from typing import Any

import psycopg
from litestar import Request, Response
from litestar.exceptions import HTTPException, SerializationException, ValidationException
from litestar.utils.scope.state import ScopeState
from procrastinate.exceptions import ConnectorException

from domain.errors import DomainError, RateLimitExceeded
from entrypoints.http.envelope import current_request_id, failure
from entrypoints.http.validation import field_of_unreadable_json

log = logging.getLogger("ujumbe.http")

STATUS_BY_CODE: dict[str, int] = {
    "validation_error": 400,
    "invalid_otp": 400,
    "invalid_token": 400,
    "unauthorized": 401,
    "invalid_credentials": 401,
    "invalid_signature": 401,
    "insufficient_credits": 402,
    "forbidden": 403,
    "invalid_phone_number": 403,
    "not_found": 404,
    "country_not_supported": 404,
    "request_in_progress": 409,
    "phone_not_verified": 409,
    "duplicate_contact": 409,
    "contact_list_full": 409,
    "default_list_not_deletable": 409,
    "too_many_phone_numbers": 409,
    "email_taken": 409,
    "illegal_transition": 409,
    "google_not_connected": 409,
    "google_authorization_failed": 409,
    "campaign_not_cancellable": 409,
    "idempotency_key_reused": 422,
    "rate_limit_exceeded": 429,
    "otp_throttled": 429,
    # raised by the HTTP layer, not the domain
    "method_not_allowed": 405,
    "payload_too_large": 413,
    "unsupported_media_type": 415,
    "internal_error": 500,
    "google_unavailable": 502,
    "service_unavailable": 503,
}

PAYLOAD_TOO_LARGE = "The request body is over {limit} bytes."

# The code of an HTTPException (Litestar's, or ours) by its status; other statuses answer
# `bad_request` (4xx) or `internal_error` (5xx).
_CODE_BY_STATUS: dict[int, str] = {STATUS_BY_CODE[code]: code for code in (
    "validation_error", "unauthorized", "forbidden", "not_found", "method_not_allowed", "payload_too_large",
    "unsupported_media_type", "rate_limit_exceeded", "service_unavailable",
)}


def _respond(status: int, code: str, message: str, field: str | None = None,
             headers: dict[str, str] | None = None) -> Response[Any]:
    return Response(content=failure(code, message, field), status_code=status, headers=headers)


def domain_error_handler(_: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    assert isinstance(exc, DomainError)
    headers = None
    status = STATUS_BY_CODE.get(exc.code, 400)
    if isinstance(exc, RateLimitExceeded) or status == 429:  # every 429 says when to come back
        headers = {"Retry-After": str(max(1, int(getattr(exc, "retry_after", 60))))}
    return _respond(status, exc.code, exc.message, exc.field, headers)


_MISSING_FIELD = re.compile(r"missing required field `([^`]+)`")


def _field_of(exc: ValidationException) -> str | None:
    extra = exc.extra
    if isinstance(extra, list) and extra and isinstance(extra[0], dict):
        key = extra[0].get("key")
        message = extra[0].get("message")
        # A missing field is reported on the whole body; name the field itself.
        missing = _MISSING_FIELD.search(message) if isinstance(message, str) else None
        if missing and key in ("data", "body", "$"):
            return missing.group(1)
        if isinstance(key, str) and key:
            return key.removeprefix("$.")
    return None


def _message_of(exc: ValidationException) -> str:
    extra = exc.extra
    if isinstance(extra, list) and extra and isinstance(extra[0], dict):
        message = extra[0].get("message")
        if isinstance(message, str) and message:
            return message
    return exc.detail or "Invalid request"


def _body_is_not_an_object(exc: ValidationException) -> bool:
    """Litestar reports a body that is empty (`'data'`, the handler's parameter) or JSON of the
    wrong kind (`Expected `object`, got `array``) on the parameter, not on any field."""
    extra = exc.extra
    if not (isinstance(extra, list) and extra and isinstance(extra[0], dict)):
        return False
    message = extra[0].get("message")
    return (extra[0].get("key") == "data" and extra[0].get("source") == "body"
            and isinstance(message, str) and (message == "'data'" or message.startswith("Expected `object")))


def validation_error_handler(_: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    assert isinstance(exc, ValidationException)
    if _body_is_not_an_object(exc):
        return _respond(400, "validation_error", "The request body must be a JSON object.", "body")
    return _respond(400, "validation_error", _message_of(exc), _field_of(exc))


def _unreadable_json_field(request: Request[Any, Any, Any], exc: HTTPException) -> str | None:
    """The field of a body msgspec could not decode because of a lone surrogate, if so."""
    if exc.status_code != 400 or not isinstance(exc.__cause__, SerializationException):
        return None
    body = ScopeState.from_scope(request.scope).body
    return field_of_unreadable_json(body) if isinstance(body, bytes) else None


def http_error_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    assert isinstance(exc, HTTPException)
    if (surrogate_field := _unreadable_json_field(request, exc)) is not None:
        return _respond(400, "validation_error",
                        f"{surrogate_field} contains a lone surrogate (invalid Unicode).", surrogate_field)
    status = exc.status_code
    code = _CODE_BY_STATUS.get(status, "internal_error" if status >= 500 else "bad_request")
    message = exc.detail or code.replace("_", " ")
    headers = exc.headers
    if status == 413:
        message = PAYLOAD_TOO_LARGE.format(limit=request.route_handler.resolve_request_max_body_size())
    if status == 405 and headers and "allow" in headers:  # sorted, as an OPTIONS answer lists them
        headers = {**headers, "allow": ", ".join(sorted(m.strip() for m in headers["allow"].split(",")))}
    # A body that is not JSON at all fails before any field is read: the field is the body.
    field = "body" if status == 400 and "JSON is malformed" in (exc.detail or "") else None
    return _respond(status, code, message, field, headers=headers)


def data_error_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """A value the database cannot take (a NUL character in text, a number out of range) came
    from the request: that is bad input, not a server failure."""
    log.warning("database refused a value on %s %s (request %s): %s", request.method, request.url.path,
                current_request_id(), exc)
    if "NUL" in str(exc):
        message = "A text value contains a NUL (0x00) character."
    elif isinstance(exc, psycopg.errors.NumericValueOutOfRange):
        message = "A number in the request is out of range."
    else:
        message = "A value in the request is not valid."
    return _respond(400, "validation_error", message)


DATABASE_RETRY_AFTER = 5  # seconds: a restart or failover of the database takes about this long


def database_unavailable_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """The database did not answer (down, restarting, every connection busy). A send gets here
    only when its debit did not commit: nothing was charged or sent, so it may be retried as it
    is (one charged before the database went away answers `pending` instead)."""
    log.warning("database unavailable on %s %s (request %s): %s", request.method, request.url.path,
                current_request_id(), exc)
    return _respond(503, "service_unavailable", "The service's database is not answering; retry shortly.",
                    headers={"Retry-After": str(DATABASE_RETRY_AFTER)})


def recursion_error_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    if "deserializing" in str(exc):  # msgspec on a body nested thousands of levels deep
        return _respond(400, "validation_error", "The JSON body is nested too deeply.", "body")
    return internal_error_handler(request, exc)


def internal_error_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    log.exception("unhandled error on %s %s (request %s)", request.method, request.url.path,
                  current_request_id(), exc_info=exc)
    return _respond(500, "internal_error",
                    f"Internal error; quote request id {current_request_id()} to support.")


EXCEPTION_HANDLERS = {
    DomainError: domain_error_handler,
    ValidationException: validation_error_handler,
    HTTPException: http_error_handler,
    psycopg.DataError: data_error_handler,
    psycopg.OperationalError: database_unavailable_handler,  # a pool timeout too
    ConnectorException: database_unavailable_handler,  # the job queue's (same database)
    RecursionError: recursion_error_handler,
    Exception: internal_error_handler,
}
