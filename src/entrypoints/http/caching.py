"""Public data any cache may keep: the reference routes answer with an `ETag` (a strong hash of
the payload) and `Cache-Control`, and with 304 Not Modified, no body, to a request whose
`If-None-Match` names the current tag (RFC 9110 §13.1.2; weak comparison, `*` matches).

The tag hashes the envelope's `data` only: its `request_id` and `timestamp` are new on every
answer, and the data is what a client keeps.
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Any, TypeVar

import msgspec
from litestar import Response
from litestar.params import HeaderParameter

from entrypoints.http.envelope import Envelope, ok

T = TypeVar("T")

CACHE_CONTROL = "public, max-age=300"  # reference data changes rarely; five minutes of staleness is fine
NOT_MODIFIED = "Not Modified: the `ETag` named in `If-None-Match` is current; no body."

IfNoneMatch = Annotated[str | None, HeaderParameter(
    name="If-None-Match", required=False,
    description="The `ETag` of a copy the client holds: answered 304, no body, while it is current.")]


def etag_of(data: Any) -> str:
    return '"' + hashlib.sha256(msgspec.json.encode(data)).hexdigest()[:32] + '"'


def _matches(if_none_match: str, tag: str) -> bool:
    candidates = [candidate.strip() for candidate in if_none_match.split(",")]
    return "*" in candidates or any(candidate.removeprefix("W/") == tag for candidate in candidates)


def cacheable(data: T, if_none_match: str | None) -> Response[Envelope[T]]:
    """`data` in the envelope with its caching headers, or 304 when the client's copy is current."""
    tag = etag_of(data)
    headers = {"ETag": tag, "Cache-Control": CACHE_CONTROL}
    if if_none_match is not None and _matches(if_none_match, tag):
        return Response(None, status_code=304, headers=headers)  # type: ignore[arg-type]
    return Response(ok(data), headers=headers)
