"""Customer webhooks: what an endpoint may be, and the signatures receivers trust them by.

An endpoint is an absolute http(s) URL that takes some of the event types (all when none are
named). Two signature schemes are sent side by side: our `X-Service-Signature` (`t=<unix>,v1=<hex HMAC-SHA256 of
"t.body">`, keyed with the endpoint secret string as given) and the Standard Webhooks headers, so
that off-the-shelf verifier libraries work unchanged. Timestamps are signed to stop replays.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Callable, Sequence
from datetime import timedelta
from enum import StrEnum

from domain.errors import ValidationError
from domain.texts import WHITESPACE

STANDARD_SECRET_PREFIX = "whsec_"
DEFAULT_TOLERANCE_SECONDS = 300
MAX_URL_LENGTH = 2048
MAX_ENDPOINTS_PER_ACCOUNT = 20


class WebhookEventType(StrEnum):
    MESSAGE_SENT = "message.sent"
    MESSAGE_DELIVERED = "message.delivered"
    MESSAGE_FAILED = "message.failed"
    PAYMENT_CONFIRMED = "payment.confirmed"
    PAYMENT_FAILED = "payment.failed"
    CAMPAIGN_COMPLETED = "campaign.completed"
    CAMPAIGN_FAILED = "campaign.failed"


EVENT_TYPES: frozenset[str] = frozenset(WebhookEventType)
# What an endpoint's owner sends it to try their receiver; no endpoint subscribes to it.
TEST_EVENT_TYPE = "webhook.test"

# The URL rule, one regular expression that means the same in Python and in ECMAScript (the API
# document states it as the url's pattern): surrounding whitespace (trimmed), http or https in
# any case, optional userinfo, a host (a name, IDN or not, or a bracketed IPv6 address), a port
# 1..65535, and no whitespace or NUL after. The host leaves out the characters whose
# compatibility form is one of "/?#@:", which urlsplit refuses in a host.
_WS = WHITESPACE
_H16 = "[0-9A-Fa-f]{1,4}"
_IPV6 = "|".join([
    f"(?:{_H16}:){{7}}{_H16}", f"(?:{_H16}:){{1,7}}:", f"(?:{_H16}:){{1,6}}:{_H16}",
    *(f"(?:{_H16}:){{1,{n}}}(?::{_H16}){{1,{7 - n}}}" for n in range(5, 0, -1)),
    f":(?:(?::{_H16}){{1,7}}|:)",
])
_NAME = r"[^" + _WS + r"\x00/?#@:\[\]\u2047-\u2049\u2100\u2101\u2105\u2106\u2a74\ufe13\ufe16\ufe55\ufe56\ufe5f" \
        r"\ufe6b\uff03\uff0f\uff1a\uff1f\uff20]+"
_PORT = r"(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
_USERINFO = r"[^" + _WS + r"\x00/?#\[\]\u2047-\u2049\u2100\u2101\u2105\u2106\u2a74\ufe13\ufe16\ufe55\ufe56" \
            r"\ufe5f\ufe6b\uff03\uff0f\uff1a\uff1f\uff20]*@"
URL_PATTERN = (
    f"^[{_WS}]*[Hh][Tt][Tt][Pp][Ss]?://(?:{_USERINFO})?(?:{_NAME}|\\[(?:{_IPV6})\\])(?::{_PORT})?"
    f"(?:[/?#][^{_WS}\\x00]*)?[{_WS}]*$"
)
_URL = re.compile(URL_PATTERN)


def validate_url(url: str) -> str:
    """The endpoint's URL, trimmed, if it matches URL_PATTERN (the rule the API document states)."""
    if len(url) > MAX_URL_LENGTH or not _URL.fullmatch(url):
        raise ValidationError("The url must be an absolute http(s) URL.", field="url")
    return url.strip()


def validate_events(events: Sequence[str] | None) -> tuple[str, ...]:
    """The event types an endpoint takes, sorted, each once; all of them when none are named."""
    if events is None:
        return tuple(sorted(EVENT_TYPES))
    unknown = [e for e in events if e not in EVENT_TYPES]
    if not events or unknown:
        raise ValidationError(
            f"events is a non-empty list of: {', '.join(sorted(EVENT_TYPES))}"
            + (f" (unknown: {', '.join(unknown)})" if unknown else ""),
            field="events",
        )
    return tuple(sorted(set(events)))


def webhook_secret(random_bytes: bytes) -> str:
    """`whsec_` + base64 of the secret's random bytes: Standard Webhooks' form, usable by its
    libraries."""
    return STANDARD_SECRET_PREFIX + base64.b64encode(random_bytes).decode("ascii")


def _hmac_sha256(key: bytes, content: bytes) -> bytes:
    return hmac.new(key, content, hashlib.sha256).digest()


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The `X-Service-Signature` header value for `body` sent at `timestamp`."""
    digest = _hmac_sha256(secret.encode(), b"%d." % timestamp + body).hex()
    return f"t={timestamp},v1={digest}"


def verify(
    secret: str, header: str, body: bytes, *, now: int, tolerance: int = DEFAULT_TOLERANCE_SECONDS
) -> bool:
    """True if `header` signs `body` with `secret` and is fresh; several v1 allow key rotation."""
    timestamp: int | None = None
    candidates: list[str] = []
    for item in header.split(","):
        name, _, value = item.strip().partition("=")
        if name == "t" and value.isascii() and value.isdigit():
            timestamp = int(value)
        elif name == "v1":
            candidates.append(value)
    if timestamp is None or abs(now - timestamp) > tolerance:
        return False
    expected = sign(secret, timestamp, body).rpartition("v1=")[2].encode()
    # Compare with every candidate, in constant time each, so timing reveals nothing.
    matches = [hmac.compare_digest(expected, c.encode()) for c in candidates]
    return any(matches)


def standard_webhooks_key(secret: str) -> bytes:
    """The HMAC key inside a `whsec_<base64>` secret (Standard Webhooks)."""
    encoded = secret.removeprefix(STANDARD_SECRET_PREFIX)
    return base64.b64decode(encoded + "=" * (-len(encoded) % 4))


def standard_webhooks_signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """The `webhook-signature` header value: `v1,<base64 HMAC of "id.timestamp.body">`."""
    content = f"{msg_id}.{timestamp}.".encode() + body
    digest = _hmac_sha256(standard_webhooks_key(secret), content)
    return "v1," + base64.b64encode(digest).decode("ascii")


# Retries: the waits between attempts are 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h
# until a day has passed since the event, so receivers down for a day still get everything.
RETRY_DELAYS: tuple[timedelta, ...] = (
    timedelta(seconds=5), timedelta(minutes=5), timedelta(minutes=30),
    timedelta(hours=2), timedelta(hours=5), timedelta(hours=10),
)
GIVE_UP_AFTER = timedelta(hours=24)
JITTER = 0.1  # each wait is stretched or shrunk by up to 10 %, so retries of many events spread out


def retry_delay(attempts: int, jitter: float) -> timedelta:
    """The wait after the `attempts`-th failed attempt (1, 2, ...); `jitter` in [0, 1) spreads it
    by up to ±JITTER (0.5 gives the schedule's own figure)."""
    base = RETRY_DELAYS[min(max(attempts, 1), len(RETRY_DELAYS)) - 1]
    return base * (1 + JITTER * (2 * jitter - 1))


def next_retry(attempts: int, since_event: timedelta, jitter: Callable[[], float]) -> timedelta | None:
    """The wait before retrying a delivery whose `attempts`-th attempt just failed, `since_event`
    after its event; None once GIVE_UP_AFTER has passed: the delivery has failed for good.
    `jitter` draws the spread (see retry_delay), only when there is a wait to spread."""
    if since_event >= GIVE_UP_AFTER:
        return None
    return retry_delay(attempts, jitter())
