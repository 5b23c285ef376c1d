"""ClickPesa's checksum (pure: no I/O), on what we send and on what it calls back with.

- Every request body carries `checksum` = hex HMAC-SHA256 (checksum key) of the body's canonical
  JSON — the body without `checksum` and `checksumMethod`, object keys sorted at every level,
  compact separators, non-ASCII kept as is (what JavaScript's `JSON.stringify` writes).
- A callback's JSON body carries its checksum at the top level, covering the whole body except
  `checksum` and `checksumMethod` (so `event` and every field of `data`), computed as above;
  headers carry nothing we check. A callback whose checksum is missing or wrong, or that names
  another `checksumMethod` than `canonical`, is refused (`InvalidCallback`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from typing import Any

from application.ports import InvalidCallback

UNSIGNED_FIELDS = ("checksum", "checksumMethod")


def _canonical(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _canonical(value[key]) for key in sorted(value)}
    if isinstance(value, list | tuple):
        return [_canonical(item) for item in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)  # 1000.0 is written 1000, as JavaScript writes it
    return value


def canonical_json(payload: Mapping[str, Any]) -> str:
    """Keys sorted at every level, compact separators, non-ASCII kept as is."""
    return json.dumps(_canonical(payload), separators=(",", ":"), ensure_ascii=False)


def checksum(key: str, payload: Mapping[str, Any]) -> str:
    """The hex HMAC-SHA256 of the payload's canonical JSON, without its own checksum fields."""
    unsigned = {name: value for name, value in payload.items() if name not in UNSIGNED_FIELDS}
    return hmac.new(key.encode(), canonical_json(unsigned).encode(), hashlib.sha256).hexdigest()


def signed(key: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    return {**payload, "checksum": checksum(key, payload)}


def verified_callback(key: str, body: bytes) -> dict[str, Any]:
    """A callback's JSON object, once its checksum verifies; else `InvalidCallback`."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise InvalidCallback(f"the callback is not JSON: {type(exc).__name__}") from exc
    if not isinstance(payload, dict):
        raise InvalidCallback("the callback is not a JSON object")
    received = payload.get("checksum")
    if not isinstance(received, str) or not received:
        raise InvalidCallback("the callback carries no checksum")
    if payload.get("checksumMethod", "canonical") != "canonical":
        raise InvalidCallback(f"checksum method {payload.get('checksumMethod')!r} is not accepted")
    # as bytes: compare_digest refuses str with non-ASCII characters (a forged checksum may have some)
    if not hmac.compare_digest(received.lower().encode(), checksum(key, payload).encode()):
        raise InvalidCallback("the callback's checksum does not verify")
    return payload
