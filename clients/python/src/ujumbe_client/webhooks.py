"""Verifying the webhooks ujumbe sends, on the raw body as it arrived (before any JSON parsing:
a re-serialised body no longer matches its signature).

Two schemes come side by side and either is enough: `X-Service-Signature: t=<unix>,v1=<hex>`
(HMAC-SHA256 keyed with the endpoint's secret string, over `t.body`) and the Standard Webhooks
headers `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` (HMAC-SHA256 keyed
with the base64 bytes after `whsec_`, over `id.timestamp.body`). Several signatures in one header
(a secret being rotated) are each compared in constant time; a timestamp further than
`tolerance` seconds from now, either way, is refused so a captured request cannot be replayed."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import msgspec

from ujumbe_client.errors import UjumbeError

DEFAULT_TOLERANCE = 300
SECRET_PREFIX = "whsec_"


class WebhookVerificationError(UjumbeError):
    """The request is not a fresh webhook signed with this secret: answer it 400 and drop it."""

    def __init__(self, message: str) -> None:
        super().__init__("invalid_signature", message)


class WebhookEvent(msgspec.Struct, kw_only=True):
    """`id` is stable across redeliveries: de-duplicate by it."""

    id: str
    type: str
    created_at: datetime
    data: dict[str, Any]


def _hmac(key: bytes, content: bytes) -> bytes:
    return hmac.new(key, content, hashlib.sha256).digest()


def _matches(expected: str, candidates: list[str]) -> bool:
    # Every candidate is compared, each in constant time, so timing tells nothing.
    results = [hmac.compare_digest(expected.encode(), c.encode()) for c in candidates]
    return any(results)


class WebhookVerifier:
    """    verifier = WebhookVerifier("whsec_...")          # the secret shown once at registration
    event = verifier.verify(raw_body, request.headers)   # raises WebhookVerificationError"""

    def __init__(self, secret: str, *, tolerance: int = DEFAULT_TOLERANCE) -> None:
        self.secret = secret
        self.tolerance = tolerance

    def verify(self, body: bytes | str, headers: Mapping[str, str] | Any, *, now: float | None = None) -> WebhookEvent:
        raw = body.encode() if isinstance(body, str) else bytes(body)
        lowered = {str(k).lower(): str(v) for k, v in headers.items()}
        moment = time.time() if now is None else now
        ours, standard = lowered.get("x-service-signature"), lowered.get("webhook-signature")
        if ours is None and standard is None:
            raise WebhookVerificationError("no X-Service-Signature or webhook-signature header")
        if not ((ours is not None and self._ours(ours, raw, moment))
                or (standard is not None and self._standard(lowered, standard, raw, moment))):
            raise WebhookVerificationError("no signature matches this secret within the timestamp tolerance")
        return msgspec.json.decode(raw, type=WebhookEvent)

    def _fresh(self, timestamp: str, now: float) -> bool:
        return timestamp.isascii() and timestamp.isdigit() and abs(now - int(timestamp)) <= self.tolerance

    def _ours(self, header: str, body: bytes, now: float) -> bool:
        timestamp, candidates = "", []
        for item in header.split(","):
            name, _, value = item.strip().partition("=")
            if name == "t":
                timestamp = value
            elif name == "v1":
                candidates.append(value)
        if not self._fresh(timestamp, now):
            return False
        expected = _hmac(self.secret.encode(), timestamp.encode() + b"." + body).hex()
        return _matches(expected, candidates)

    def _standard(self, headers: dict[str, str], header: str, body: bytes, now: float) -> bool:
        msg_id, timestamp = headers.get("webhook-id", ""), headers.get("webhook-timestamp", "")
        if not msg_id or not self._fresh(timestamp, now):
            return False
        encoded = self.secret.removeprefix(SECRET_PREFIX)
        try:
            key = base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)
        except (binascii.Error, ValueError):
            return False
        expected = base64.b64encode(_hmac(key, f"{msg_id}.{timestamp}.".encode() + body)).decode()
        candidates = [sig.partition(",")[2] for sig in header.split() if sig.startswith("v1,")]
        return _matches(expected, candidates)


def verify_webhook(secret: str, body: bytes | str, headers: Mapping[str, str] | Any, *,
                   tolerance: int = DEFAULT_TOLERANCE) -> WebhookEvent:
    """`WebhookVerifier(secret, tolerance=tolerance).verify(body, headers)`."""
    return WebhookVerifier(secret, tolerance=tolerance).verify(body, headers)
