"""Rate-limit budgets with the `limits` package: a moving one-minute window per key.

Memory storage keeps the budgets in this process; with a Redis URL every API process
shares them.
"""

from __future__ import annotations

import logging
import math
import time

from limits import RateLimitItemPerMinute
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from application.accounts import RateLimitState

log = logging.getLogger("ujumbe.ratelimit")


def storage_uri(redis_url: str | None) -> str:
    if not redis_url:
        return "async+memory://"
    scheme, _, rest = redis_url.partition("://")
    if scheme.startswith("async+"):
        return redis_url
    return f"async+{scheme}://{rest}"


class LimitsRateLimiter:
    def __init__(self, redis_url: str | None = None, *, key_prefix: str = "ujumbe") -> None:
        uri = storage_uri(redis_url)
        options: dict[str, str] = {}
        if redis_url:
            options = {"implementation": "redispy", "key_prefix": key_prefix}
        self._storage = storage_from_string(uri, **options)
        self._limiter = MovingWindowRateLimiter(self._storage)
        self._items: dict[int, RateLimitItemPerMinute] = {}

    def _item(self, per_minute: int) -> RateLimitItemPerMinute:
        item = self._items.get(per_minute)
        if item is None:
            item = self._items[per_minute] = RateLimitItemPerMinute(per_minute, namespace="ujumbe")
        return item

    async def hit(self, key: str, per_minute: int) -> RateLimitState:
        item = self._item(per_minute)
        try:
            allowed = await self._limiter.hit(item, key)
            return await self._state(item, key, allowed)
        except Exception:  # a budget store outage must not take the API down: fail open
            log.warning("rate-limit storage unavailable; request allowed", exc_info=True)
            return RateLimitState(limit=per_minute, remaining=per_minute, retry_after=0, allowed=True)

    async def peek(self, key: str, per_minute: int) -> RateLimitState:
        item = self._item(per_minute)
        try:
            allowed = await self._limiter.test(item, key)
            return await self._state(item, key, allowed)
        except Exception:
            log.warning("rate-limit storage unavailable", exc_info=True)
            return RateLimitState(limit=per_minute, remaining=per_minute, retry_after=0, allowed=True)

    async def _state(self, item: RateLimitItemPerMinute, key: str, allowed: bool) -> RateLimitState:
        stats = await self._limiter.get_window_stats(item, key)
        remaining = max(0, stats.remaining)
        retry_after = 0 if allowed else max(1, math.ceil(stats.reset_time - time.time()))
        return RateLimitState(limit=item.amount, remaining=remaining, retry_after=retry_after,
                              allowed=allowed)
