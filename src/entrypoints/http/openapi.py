"""The API document (`GET /schema/openapi.json`) says what the server does.

Litestar writes the operations, parameters and bodies from the handlers; `document_api` adds what
it cannot know, from the same wiring the server runs on:

- every error an operation can answer, each status as the one `ErrorEnvelope` with the codes it
  carries there: the errors every route can meet (400 for a bad parameter or body, 429, 500), those
  of its credentials (401; 403 when it takes one scheme only), of its body (413), of its
  Idempotency-Key (409, 422), and the domain errors the handler declares, `opt={"errors": (...)}`;
- the headers every response carries (X-Request-ID, X-RateLimit-*), Retry-After on a 429;
- the 304 and the caching headers (ETag, Cache-Control) of the cacheable public routes
  (`opt={"cacheable": True}`);
- examples, and links a client (or a stateful test) can follow from one operation to the next;
- the components: their names, their text rules, and a body's variants (`openapi_components`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
from litestar import Litestar
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example, OpenAPI, OpenAPIHeader, OpenAPIType, Operation, Parameter, Reference, Schema

from domain.errors import DomainError, IdempotencyKeyReused, RateLimitExceeded, RequestInProgress, ValidationError
from entrypoints.http.auth import Authenticated
from entrypoints.http.caching import CACHE_CONTROL, NOT_MODIFIED
from entrypoints.http.dependencies import ContainerDependency, http_handlers
from entrypoints.http.envelope import ErrorEnvelope
from entrypoints.http.errors import PAYLOAD_TOO_LARGE, STATUS_BY_CODE
from entrypoints.http.openapi_components import complete_components, state_storable_text
from entrypoints.http.openapi_examples import EXAMPLES, LINKS

ErrorKind = type[DomainError] | str  # a domain error, or the code of one the HTTP layer raises

# What the codes raised outside the domain mean.
_MEANINGS = {
    "payload_too_large": PAYLOAD_TOO_LARGE,
    "internal_error": "The server failed; quote the request_id to support.",
    "service_unavailable": "A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it.",
}


def _code_and_meaning(kind: ErrorKind) -> tuple[str, str]:
    if isinstance(kind, str):
        return kind, _MEANINGS[kind]
    return kind.code, kind.default_message


def errors_of(handler: HTTPRouteHandler) -> dict[int, dict[str, str]]:
    """status → {code: meaning} for every error the handler can answer."""
    dependencies = handler.resolve_dependencies()
    parameters = handler.parsed_fn_signature.parameters
    kinds: list[ErrorKind] = [ValidationError]  # every parameter, query or path, is checked
    principal = dependencies.get("principal")
    if isinstance(principal, Authenticated) and "principal" in parameters:
        kinds += principal.errors
    if "data" in parameters:
        kinds.append("payload_too_large")
    idempotency = dependencies.get("idempotency")
    if isinstance(idempotency, ContainerDependency) and "idempotency" in parameters:
        kinds += [RequestInProgress, IdempotencyKeyReused]
    kinds += handler.opt.get("errors", ())
    kinds += [RateLimitExceeded, "internal_error"]
    by_status: dict[int, dict[str, str]] = {}
    for kind in kinds:
        code, meaning = _code_and_meaning(kind)
        meaning = meaning.format(limit=handler.resolve_request_max_body_size())
        by_status.setdefault(STATUS_BY_CODE[code], {})[code] = meaning
    return dict(sorted(by_status.items()))


def _json(value: Any) -> msgspec.Raw:
    """An example value as encoded JSON: Litestar drops every None from the document's dicts,
    which would take the nulls (`"data": null`) out of the examples."""
    return msgspec.Raw(msgspec.json.encode(value))


def _enveloped(data: Any = None, error: dict[str, str] | None = None) -> msgspec.Raw:
    return _json({"success": error is None, "data": data, "error": error,
                  "request_id": "5f0c6c1e-8d1a-4c4e-9a57-2b7f0e0f9d11", "timestamp": "2026-01-15T09:30:00Z"})


def _error_example(code: str, meaning: str) -> Example:
    return Example(id=code, summary=code, value=_enveloped(error={"code": code, "message": meaning}))


def _declare_errors(handler: HTTPRouteHandler) -> None:
    handler.responses = {
        status: ResponseSpec(
            data_container=ErrorEnvelope, generate_examples=False,
            description="; ".join(f"`{code}`: {meaning}" for code, meaning in codes.items()),
            examples=[_error_example(code, meaning) for code, meaning in codes.items()],
        )
        for status, codes in errors_of(handler).items()
    }
    if handler.opt.get("cacheable"):
        handler.responses[304] = ResponseSpec(data_container=None, description=NOT_MODIFIED)


def _handlers(app: Litestar) -> Iterator[HTTPRouteHandler]:
    return (handler for handler in http_handlers(app) if handler.operation_id and handler.resolve_include_in_schema())


def _header(description: str) -> OpenAPIHeader:
    return OpenAPIHeader(schema=Schema(type=OpenAPIType.INTEGER), description=description)


_EVERY_RESPONSE_HEADERS: dict[str, OpenAPIHeader | Reference] = {
    "X-Request-ID": OpenAPIHeader(schema=Schema(type=OpenAPIType.STRING, format="uuid"),  # type: ignore[arg-type]
                                  description="The request's id, as in the body's `request_id`."),
    "X-RateLimit-Limit": _header("Requests a minute the budget this request spent allows (the account's plan, "
                                 "or the client IP's for public routes)."),
    "X-RateLimit-Remaining": _header("Requests left in that budget this minute."),
}
_RETRY_AFTER = _header("Seconds until the budget refills.")
_CACHING_HEADERS: dict[str, OpenAPIHeader | Reference] = {
    "ETag": OpenAPIHeader(schema=Schema(type=OpenAPIType.STRING), required=True,
                          description="A strong tag of the data: send it back in `If-None-Match`."),
    "Cache-Control": OpenAPIHeader(schema=Schema(type=OpenAPIType.STRING), required=True,
                                   description=f"`{CACHE_CONTROL}`: public data, any cache may keep it."),
}


def _operations(openapi: OpenAPI) -> Iterator[tuple[str, Operation]]:
    for path_item in (openapi.paths or {}).values():
        for method in ("get", "put", "post", "delete", "options", "head", "patch", "trace"):
            operation = getattr(path_item, method, None)
            if operation is not None:
                yield method, operation


def _complete_parameter(parameter: Parameter) -> None:
    schema = parameter.schema
    if not isinstance(schema, Schema):
        return
    # A parameter is absent or a string, never null: `str | None` is a string in the document.
    branches = [branch for branch in schema.one_of or () if isinstance(branch, Schema)]
    if len(branches) == 2 and {branch.type for branch in branches} == {OpenAPIType.STRING, OpenAPIType.NULL}:
        schema.one_of, schema.type = None, OpenAPIType.STRING
    state_storable_text(schema)
    if "" in (schema.enum or ()):
        parameter.allow_empty_value = True  # `status=` is a value the enum lists


def _complete_operation(method: str, operation: Operation, handler: HTTPRouteHandler | None) -> None:
    for parameter in operation.parameters or ():
        if isinstance(parameter, Parameter):
            _complete_parameter(parameter)
    for status, response in (operation.responses or {}).items():
        if isinstance(response, Reference):
            continue
        if method == "head":
            response.content = None  # a HEAD answer is its status and headers, errors included
        headers = dict(response.headers or {})
        headers.update(_EVERY_RESPONSE_HEADERS)
        if status == "429":
            headers["Retry-After"] = _RETRY_AFTER
        if status in ("200", "304") and handler is not None and handler.opt.get("cacheable"):
            headers.update(_CACHING_HEADERS)
        response.headers = headers
        for media_type, media in (response.content or {}).items():
            if media_type.startswith("text/") and media.schema == Schema():  # a streamed text (a CSV export)
                media.schema = Schema(type=OpenAPIType.STRING)
        if response.content and (example := EXAMPLES.get((operation.operation_id or "", status))) is not None:
            for media in response.content.values():
                media.examples = {"example": Example(summary="A typical answer", value=_enveloped(example))}
        if (links := LINKS.get((operation.operation_id or "", status))) is not None:
            response.links = dict(links)
    body = operation.request_body
    data = handler.parsed_fn_signature.parameters.get("data") if handler else None
    if body is not None and not isinstance(body, Reference) and data is not None and data.has_default:
        body.required = False  # a route that takes no body at all says so (`data: ... = None`)
    if body is not None and not isinstance(body, Reference) and \
            (example := EXAMPLES.get((operation.operation_id or "", "request"))) is not None:
        for media in body.content.values():
            media.examples = {"example": Example(summary="A typical request", value=_json(example))}


def document_api(app: Litestar) -> None:
    """Declare every handler's errors, build the document, and complete it (call once, after every
    route is registered: registering another makes Litestar build the document afresh)."""
    handlers = {handler.operation_id: handler for handler in _handlers(app)}
    for handler in handlers.values():
        _declare_errors(handler)
    openapi = app.openapi_schema
    for method, operation in _operations(openapi):
        _complete_operation(method, operation, handlers.get(operation.operation_id))
    complete_components(openapi)

