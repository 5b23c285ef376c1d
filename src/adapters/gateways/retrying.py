"""Retries at the gateway edge: only transient faults, always under the message's own id.

The id is the submit's idempotency key (the simulator and SMPP adapters answer a repeated id
with the first result), so a retry after a lost answer can never send the SMS twice. What a
submit's answer then means for the message, and how a batch is spread over a gateway that takes
no batches, is the application's one policy (`application.submission`), not this wrapper's: the
wrapper hands a batch for such a gateway (SMPP) to that policy itself, each SMS with its own
retries, so that the batch is logged once.

Being the edge every submit passes, it also logs each submit's final answer: for one SMS its
`message_id`, `to` (masked in the log), the answer, the gateway's reference or error, and how
long the submit took with its retries; for a batch (a bulk, a campaign's), one line with every
`message_id`, the answers counted, and each SMS not accepted with its number and reason (a line
per SMS would cost a campaign of 100,000 seconds of CPU). The text is never logged.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar, cast

from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential_jitter

from application.ports import (
    BatchSmsGateway, GatewayNoAnswer, GatewayUnavailable, OutboundSms, ReconnectingSmsGateway, SmsGateway,
)
from application.submission import submit_all
from domain.submits import NO_ANSWER, UNAVAILABLE, Answer, SubmitResult

T = TypeVar("T")
log = logging.getLogger("ujumbe.gateway")


def _log_submits(batch: Sequence[OutboundSms], results: Sequence[SubmitResult], started: float) -> None:
    duration_ms = round((time.perf_counter() - started) * 1000, 3)
    if len(batch) == 1:
        [sms], [result] = batch, results
        log.info("sms submitted", extra={
            "message_id": sms.message_id, "account_id": sms.account_id, "to": sms.to, "answer": result.kind.value,
            "gateway_ref": result.gateway_ref, "reason": result.reason, "duration_ms": duration_ms,
        })
        return
    # A bulk's or a campaign batch's thousand SMS: one line naming them all, and each one not accepted.
    log.info("sms batch submitted", extra={
        "count": len(batch), "answers": dict(Counter(result.kind.value for result in results)),
        "message_ids": [sms.message_id for sms in batch], "duration_ms": duration_ms,
        "not_accepted": [{"message_id": sms.message_id, "to": sms.to, "answer": result.kind.value,
                          "reason": result.reason}
                         for sms, result in zip(batch, results, strict=True) if result.kind is not Answer.ACCEPTED],
    })


def retrying(inner: SmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
             max_wait: float = 1.0, concurrency: int = 50) -> RetryingGateway:
    """`inner` behind retries; a batch gateway stays one (its batches are retried whole), and one
    that takes no batches gets a batch method that submits `concurrency` SMS at a time."""
    if isinstance(inner, BatchSmsGateway) and isinstance(inner, ReconnectingSmsGateway):
        return RetryingReconnectingBatchGateway(inner, attempts=attempts, initial_wait=initial_wait,
                                                max_wait=max_wait)
    if isinstance(inner, BatchSmsGateway):
        return RetryingBatchGateway(inner, attempts=attempts, initial_wait=initial_wait, max_wait=max_wait)
    if isinstance(inner, ReconnectingSmsGateway):
        return RetryingReconnectingGateway(inner, attempts=attempts, initial_wait=initial_wait, max_wait=max_wait,
                                           concurrency=concurrency)
    return RetryingGateway(inner, attempts=attempts, initial_wait=initial_wait, max_wait=max_wait,
                           concurrency=concurrency)


class RetryingGateway:
    def __init__(self, inner: SmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
                 max_wait: float = 1.0, concurrency: int = 50) -> None:
        self._inner = inner
        self._attempts = attempts
        self._initial_wait = initial_wait
        self._max_wait = max_wait
        self._concurrency = concurrency

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return (await self._logged([sms], lambda: self._single(sms)))[0]

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult]:
        """Each SMS of the batch submitted on its own with its own retries, `concurrency` at a time,
        by the application's policy for a gateway without batches: an answer per SMS (`UNAVAILABLE`
        or `NO_ANSWER` for one that got none), never an error for the whole, and one log line."""
        return await self._logged(batch, lambda: submit_all(_EachRetried(self), batch, self._concurrency))

    async def _single(self, sms: OutboundSms) -> list[SubmitResult]:
        return [await self._retried(sms)]

    async def _retried(self, sms: OutboundSms) -> SubmitResult:
        return await self._retrying(lambda: self._inner.submit(sms))

    async def _logged(self, batch: Sequence[OutboundSms],
                      call: Callable[[], Awaitable[Sequence[SubmitResult]]]) -> Sequence[SubmitResult]:
        started = time.perf_counter()
        try:
            results = await call()
        except GatewayUnavailable:
            _log_submits(batch, [UNAVAILABLE] * len(batch), started)
            raise
        except GatewayNoAnswer:
            _log_submits(batch, [NO_ANSWER] * len(batch), started)
            raise
        _log_submits(batch, results, started)
        return results

    async def _retrying(self, call: Callable[[], Awaitable[T]]) -> T:
        try:  # the common case costs one call; tenacity only steps in after a transient fault
            return await call()
        except GatewayUnavailable:
            if self._attempts <= 1:
                raise
        async for attempt in AsyncRetrying(
            retry=retry_if_exception_type(GatewayUnavailable),
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


class _EachRetried:
    """The wrapped gateway's single submits with their retries, unlogged: what a batch is spread over."""

    def __init__(self, wrapper: RetryingGateway) -> None:
        self._wrapper = wrapper

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return await self._wrapper._retried(sms)


class RetryingBatchGateway(RetryingGateway):
    def __init__(self, inner: BatchSmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
                 max_wait: float = 1.0) -> None:
        super().__init__(inner, attempts=attempts, initial_wait=initial_wait, max_wait=max_wait)
        self._batches = inner

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult]:
        """The whole batch again on a transient fault (same ids: nothing is sent twice)."""
        return await self._logged(batch, lambda: self._retrying(lambda: self._batches.submit_many(batch)))


class RetryingReconnectingGateway(RetryingGateway):
    """A gateway whose connections come back by themselves (SMPP binds), still one behind the wrapper."""

    def __init__(self, inner: ReconnectingSmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
                 max_wait: float = 1.0, concurrency: int = 50) -> None:
        super().__init__(inner, attempts=attempts, initial_wait=initial_wait, max_wait=max_wait,
                         concurrency=concurrency)
        self._reconnecting = inner

    async def wait_available(self, timeout: float) -> bool:
        return await self._reconnecting.wait_available(timeout)


class RetryingReconnectingBatchGateway(RetryingBatchGateway):
    """A batch gateway that comes back by itself (the simulator, with its database), still one."""

    def __init__(self, inner: BatchSmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
                 max_wait: float = 1.0) -> None:
        super().__init__(inner, attempts=attempts, initial_wait=initial_wait, max_wait=max_wait)
        self._reconnecting = cast(ReconnectingSmsGateway, inner)

    async def wait_available(self, timeout: float) -> bool:
        return await self._reconnecting.wait_available(timeout)
