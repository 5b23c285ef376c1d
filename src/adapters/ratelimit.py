"""Rate-limit budgets with the `limits` package: a moving one-minute window per key.

Memory storage keeps the budgets in this process; with a Redis URL every API process
shares them. In memory the synchronous storage is used: nothing in it waits, while the
asyncio one hands every expiry sweep to a thread (`asyncio.to_thread` per key, a new sweep
after almost every hit), which under load cost more CPU than the rest of the rate limit.
"""

from __future__ import annotations

import logging
import math
import time

from limits import RateLimitItemPerMinute, WindowStats
from limits.aio.strategies import MovingWindowRateLimiter as SharedMovingWindow
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter as InProcessMovingWindow

from application.ports import RateLimitState

log = logging.getLogger("ujumbe.ratelimit")


def storage_uri(redis_url: str | None) -> str:
    if not redis_url:
        return "memory://"
    scheme, _, rest = redis_url.partition("://")
    if scheme.startswith("async+"):
        return redis_url
    return f"async+{scheme}://{rest}"


class _InProcessWindow:
    """The synchronous in-memory limiter behind the asyncio limiter's methods (nothing waits)."""

    def __init__(self) -> None:
        self._limiter = InProcessMovingWindow(MemoryStorage())

    async def hit(self, item: RateLimitItemPerMinute, key: str) -> bool:
        return self._limiter.hit(item, key)

    async def test(self, item: RateLimitItemPerMinute, key: str) -> bool:
        return self._limiter.test(item, key)

    async def get_window_stats(self, item: RateLimitItemPerMinute, key: str) -> WindowStats:
        return self._limiter.get_window_stats(item, key)


class LimitsRateLimiter:
    def __init__(self, redis_url: str | None = None, *, key_prefix: str = "ujumbe") -> None:
        self._limiter: SharedMovingWindow | _InProcessWindow = _InProcessWindow()
        if redis_url:
            self._limiter = SharedMovingWindow(storage_from_string(
                storage_uri(redis_url), implementation="redispy", key_prefix=key_prefix))
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
