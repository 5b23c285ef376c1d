"""Retries at the gateway edge: only transient faults, always under the message's own id.

The id is the submit's idempotency key (the simulator and SMPP adapters answer a repeated id
with the first result), so a retry after a lost answer can never send the SMS twice.
"""

from __future__ import annotations

from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential_jitter

from application.messaging import OutboundSms, SmsGateway, SubmitResult, TransientGatewayError


class RetryingGateway:
    def __init__(self, inner: SmsGateway, *, attempts: int = 3, initial_wait: float = 0.05,
                 max_wait: float = 1.0) -> None:
        self._inner = inner
        self._attempts = attempts
        self._initial_wait = initial_wait
        self._max_wait = max_wait

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        try:  # the common case costs one call; tenacity only steps in after a transient fault
            return await self._inner.submit(sms)
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
                return await self._inner.submit(sms)
        raise AssertionError("unreachable: tenacity reraises the last error")

    def __getattr__(self, name: str) -> object:
        # The simulator's `received` and similar read-outs stay reachable through the wrapper.
        return getattr(self._inner, name)
