"""schemathesis hooks for tests/contract/test_schemathesis.py.

Each request comes from its own client. The app budgets requests by client address (30 a minute
for register, login and refresh; 600 for other public routes and failed authentication). A
fuzzer sends thousands from 127.0.0.1, so after its first seconds every public answer would be a
429: the run would measure the rate limiter (tests/http/test_rate_limits.py does that) instead of
the routes, and the ignored-auth check would read a 429 to a request without credentials as auth
not enforced. `ujumbe serve` trusts `X-Forwarded-For` from 127.0.0.1, so each request names a
different address; the numbering is a counter, so one run is like the next.

An account holds at most 20 webhooks. Outside the stateful phase nothing follows a registration,
so each webhook registered there is deleted at once: every registration the fuzzer tries is
judged on what it sends, not refused as the 21st.

The fuzzer draws the same few short values again and again, where a real client makes each one
new: a valid Idempotency-Key gets a unique suffix (a reused key with another body is a 422 by
design, the caller's promise broken, and is tested in tests/http/test_idempotency_sends.py), and a
valid register email gets a unique local-part prefix (two registrations of one address are a 409,
and the stateful phase would spend its steps on them instead of following register -> login).
Both stay valid and keep what was generated, so the checks judge the request as generated.
No finding is filtered.
"""

from __future__ import annotations

import itertools
import os
import re
from typing import Any

import httpx
import schemathesis

from domain.webhooks import MAX_ENDPOINTS_PER_ACCOUNT

from domain.rules import EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_IDEMPOTENCY_KEY_LENGTH
from entrypoints.http.idempotency import KEY_PATTERN

_requests = itertools.count(1)
_ACCESS_TOKEN = os.environ.get("UJUMBE_CONTRACT_ACCESS_TOKEN", "")

_IDEMPOTENCY_KEY = re.compile(KEY_PATTERN)
_EMAIL = re.compile(EMAIL_PATTERN)


@schemathesis.deserializer("text/csv")
def csv_text(context: Any, response: Any) -> str:
    """A CSV report is text: validated against its (string) schema like any other body."""
    return str(response.content.decode("utf-8"))


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    n = next(_requests)
    if case.headers is None:
        case.headers = {}
    case.headers["X-Forwarded-For"] = f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"
    key = case.headers.get("Idempotency-Key")
    if isinstance(key, str) and len(key) <= MAX_IDEMPOTENCY_KEY_LENGTH and _IDEMPOTENCY_KEY.fullmatch(key):
        unique = f"~{n}"
        case.headers["Idempotency-Key"] = key[:MAX_IDEMPOTENCY_KEY_LENGTH - len(unique)] + unique
    if case.operation.label == "POST /v1/webhooks" and case.meta is not None and case.meta.phase.name == "stateful":
        _make_room_for_a_webhook(case)  # after the X-Forwarded-For above, which it reuses
    if case.operation.label == "POST /v1/auth/register" and isinstance(case.body, dict):
        email = case.body.get("email")
        if isinstance(email, str) and _EMAIL.fullmatch(email):
            local = email.lstrip()
            unique = f"{email[:len(email) - len(local)]}u{n}-{local}"  # after any leading whitespace
            if _EMAIL.fullmatch(unique) and len(unique) <= MAX_EMAIL_LENGTH:
                case.body["email"] = unique


def _make_room_for_a_webhook(case: Any) -> None:
    """In the stateful phase a registration is followed by its links, so it is kept; a scenario
    that registers the account's 21st deletes the oldest first, so the registration is judged on
    what it sends, not refused for the cap."""
    base = case.operation.schema.get_base_url().rstrip("/")
    headers = {"Authorization": f"Bearer {_ACCESS_TOKEN}", "X-Forwarded-For": case.headers["X-Forwarded-For"]}
    listed = httpx.get(f"{base}/v1/webhooks", headers=headers).json()["data"]["webhooks"]
    if len(listed) >= MAX_ENDPOINTS_PER_ACCOUNT:
        oldest = min(listed, key=lambda w: w["created_at"])
        httpx.delete(f"{base}/v1/webhooks/{oldest['id']}", headers=headers)


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if (case.operation.label == "POST /v1/webhooks" and response.status_code == 201
            and case.meta is not None and case.meta.phase.name != "stateful"):
        webhook = f"{response.request.url.rstrip('/')}/{response.json()['data']['id']}"
        deleted = httpx.delete(webhook, headers={"Authorization": response.request.headers["Authorization"]})
        assert deleted.status_code == 200, deleted.text
