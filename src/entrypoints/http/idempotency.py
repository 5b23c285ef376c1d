"""The `Idempotency-Key` header around a route's use case (decision: idempotency keys).

    return await idempotent(request, principal, idempotency, lambda operation_id: send(...))

Without the header the use case simply runs (`operation_id` None: it makes its own ids). With
it, the first request claims the key, runs under the claim's operation id, and (on success)
stores its exact response; a retry of the same request gets those bytes back with
`Idempotent-Replay: true`. A retry after a failure, or one that takes over a claim a dead
process abandoned, runs under the same operation id, so the use case resumes rather than
repeats. A result the route calls `failed` (a single send the gateway refused) is not stored
either: the key is forgotten and a retry is a new send. The fingerprint is the SHA-256 of
method, path and the JSON body in canonical form (keys sorted, no whitespace), so a retry
re-serialised by another client is still the same request.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable
from domain.idempotency import MAX_IDEMPOTENCY_KEY_LENGTH
from typing import Any, TypeVar

import msgspec
from litestar import Request, Response
from litestar.datastructures import ResponseHeader
from litestar.enums import MediaType
from litestar.params import HeaderParameter
from litestar.serialization import encode_json

from application.idempotency import IdempotencyGate, Replay
from entrypoints.http.auth import Principal
from entrypoints.http.envelope import Envelope, ok

T = TypeVar("T")
log = logging.getLogger("ujumbe.http")

HEADER = "Idempotency-Key"
REPLAY_HEADER = "Idempotent-Replay"

KEY_PATTERN = r"^[\x20-\x7e]*[\x21-\x7e][\x20-\x7e]*$"  # printable ASCII, not all spaces

# For a controller's `parameters` and `response_headers`: the header in the OpenAPI document.
# The value is checked by the gate (1 to 128 printable ASCII characters), not by Litestar, so
# the error names the header the same way everywhere.
IDEMPOTENCY_PARAMETERS = {
    "idempotency_key": HeaderParameter(
        annotation=str | None, name=HEADER, required=False,
        schema_extra={"minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY_LENGTH,
                      "pattern": KEY_PATTERN},
        description="Up to 128 printable ASCII characters; a retry with the same key and body is "
                    "answered from the first response for 24 hours.",
    )
}
REPLAY_RESPONSE_HEADERS = [
    ResponseHeader(name=REPLAY_HEADER, description="`true` when the response is a stored replay.",
                   documentation_only=True, value="true")  # the value gives the header its schema
]


def route_of(request: Request[Any, Any, Any]) -> str:
    """The key's scope within the account: method and path (trailing slash ignored)."""
    return f"{request.method} {request.url.path.rstrip('/') or '/'}"


async def fingerprint_of(request: Request[Any, Any, Any]) -> str:
    body = await request.body()
    try:  # the same JSON however it was written: key order, spacing and escapes aside
        body = msgspec.json.encode(msgspec.json.decode(body), order="sorted")
    except msgspec.MsgspecError:
        pass  # not JSON: the route refuses it anyway; its bytes are its fingerprint
    digest = hashlib.sha256(route_of(request).encode())
    digest.update(b"\n")
    digest.update(body)
    return digest.hexdigest()


def _never_failed(result: object) -> bool:
    return False


async def idempotent(
    request: Request[Any, Any, Any],
    principal: Principal,
    gate: IdempotencyGate,
    run: Callable[[str | None], Awaitable[T]],
    *,
    status_code: int = 200,
    failed: Callable[[T], bool] = _never_failed,
) -> Response[Envelope[T]]:
    """Run `run` at most once per key; its result is the envelope's `data`. A result for which
    `failed` is true is answered but not stored, and the key is free for a new operation."""
    key = request.headers.get(HEADER)
    if key is None:
        return Response(ok(await run(None)), status_code=status_code)
    outcome = await gate.begin(principal.account_id, route_of(request), key, await fingerprint_of(request))
    if isinstance(outcome, Replay):
        return _raw(outcome.body, outcome.status, {REPLAY_HEADER: "true"})
    try:
        result = await run(outcome.operation_id)
        body = encode_json(ok(result))
    except BaseException:
        await gate.release(outcome)  # a failed original is not stored: a retry runs again
        raise
    try:
        if failed(result):
            await gate.forget(outcome)  # nor is a failed operation: a retry is a new one
        else:
            await gate.complete(outcome, status_code, body)
    except Exception:  # the operation is done: answer it; a retry takes the claim over and resumes
        log.warning("the answer to an Idempotency-Key request was not stored", exc_info=True)
    return _raw(body, status_code)


def _raw(body: bytes, status_code: int, headers: dict[str, str] | None = None) -> Response[Any]:
    """An already encoded envelope, sent as is."""
    return Response(content=body, status_code=status_code, media_type=MediaType.JSON, headers=headers)
