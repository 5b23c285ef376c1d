"""schemathesis hooks for tests/contract/test_schemathesis.py: each request from its own client.

The app budgets requests by client address (30 a minute for register, login and refresh; 600
for other public routes and failed authentication). A fuzzer sends thousands from 127.0.0.1,
so after its first seconds every public answer would be a 429: the run would measure the rate
limiter (tests/http/test_rate_limits.py does that) instead of the routes, and the ignored-auth
check would read a 429 to a request without credentials as auth not enforced. `ujumbe serve`
trusts `X-Forwarded-For` from 127.0.0.1, so each request names a different address; the
numbering is a counter, so the run stays the same from one run to the next.
"""

from __future__ import annotations

import itertools
from typing import Any

import schemathesis

_requests = itertools.count(1)


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    n = next(_requests)
    if case.headers is None:
        case.headers = {}
    case.headers["X-Forwarded-For"] = f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"
