"""Moving one-minute budgets with `limits` in memory (Redis: tests/http/test_rate_limits.py)."""

from __future__ import annotations

from adapters.ratelimit import LimitsRateLimiter, storage_uri


async def test_budget_counts_down_then_refuses_with_retry_after() -> None:
    limiter = LimitsRateLimiter()
    states = [await limiter.hit("account:1", 3) for _ in range(3)]
    assert [(s.limit, s.remaining, s.allowed) for s in states] == [(3, 2, True), (3, 1, True), (3, 0, True)]
    refused = await limiter.hit("account:1", 3)
    assert (refused.allowed, refused.remaining) == (False, 0)
    assert 1 <= refused.retry_after <= 60
    assert (await limiter.hit("account:2", 3)).allowed


async def test_peek_spends_nothing() -> None:
    limiter = LimitsRateLimiter()
    await limiter.hit("ip:1", 5)
    assert (await limiter.peek("ip:1", 5)).remaining == 4
    assert (await limiter.peek("ip:1", 5)).remaining == 4


async def test_limiters_do_not_share_memory_budgets() -> None:
    one, two = LimitsRateLimiter(), LimitsRateLimiter()
    await one.hit("k", 2)
    await one.hit("k", 2)
    assert (await two.hit("k", 2)).remaining == 1


def test_storage_uri() -> None:
    assert storage_uri(None) == "memory://"
    assert storage_uri("redis://h:6379/0") == "async+redis://h:6379/0"
    assert storage_uri("rediss://h:6380") == "async+rediss://h:6380"
    assert storage_uri("async+redis://h") == "async+redis://h"
