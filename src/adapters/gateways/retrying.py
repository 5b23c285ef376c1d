"""Retries at the gateway edge: only transient faults, always under the message's own id.

The id is the submit's idempotency key (the simulator and SMPP adapters answer a repeated id
with the first result), so a retry after a lost answer can never send the SMS twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential_jitter

from application.messaging import (
    BatchSmsGateway,
    OutboundSms,
    SmsGateway,
    SubmitOutcomeUnknown,
    SubmitResult,
    TransientGatewayError,
)

T = TypeVar("T")


class RetryingGateway:
    def __init__(self, inner: SmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
                 max_wait: float = 1.0, window: int = 50) -> None:
        self._inner = inner
        self._window = window
        self._attempts = attempts
        self._initial_wait = initial_wait
        self._max_wait = max_wait

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return await self._retrying(lambda: self._inner.submit(sms))

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult | None]:
        """The whole batch again on a transient fault (same ids: nothing is sent twice)."""
        inner = self._inner
        if isinstance(inner, BatchSmsGateway):
            return await self._retrying(lambda: inner.submit_many(batch))
        window = asyncio.Semaphore(self._window)  # a one-at-a-time gateway: a bounded window

        async def one(sms: OutboundSms) -> SubmitResult | None:
            async with window:
                try:
                    return await self.submit(sms)
                except SubmitOutcomeUnknown:
                    return None  # this one alone is unknown; the others' answers stand

        return list(await asyncio.gather(*(one(sms) for sms in batch)))

    async def _retrying(self, call: Callable[[], Awaitable[T]]) -> T:
        try:  # the common case costs one call; tenacity only steps in after a transient fault
            return await call()
        except TransientGatewayError:
            if self._attempts <= 1:
                raise
        async for attempt in AsyncRetrying(
            retry=retry_if_exception_type(TransientGatewayError),
            stop=stop_after_attempt(self._attempts - 1),
            wait=wait_exponential_jitter(multiplier=self._initial_wait, jitter=self._initial_wait,
                                         max=self._max_wait),
            reraise=True,
        ):
            with attempt:
                return await call()
        raise AssertionError("unreachable: tenacity reraises the last error")

    def __getattr__(self, name: str) -> object:
        # The simulator's `received` and similar read-outs stay reachable through the wrapper.
        return getattr(self._inner, name)
