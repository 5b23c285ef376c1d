"""The gateway simulator in memory, for embedding and application tests."""

from __future__ import annotations

from collections.abc import Sequence

from adapters.simulation import REJECTION_ERROR, ReceivedSms, accepts, report_later
from application.ports import Clock, GatewayListener, IdGenerator, OutboundSms
from domain.submits import SubmitResult


class MemorySimulatorGateway:
    """Answers like the Postgres simulator and keeps what it received in `self.submitted`."""

    def __init__(self, clock: Clock, ids: IdGenerator, listener: GatewayListener | None = None,
                 report_delay: float = 0.0) -> None:
        self._clock = clock
        self._ids = ids
        self._listener = listener
        self._report_delay = report_delay
        self.submitted: list[ReceivedSms] = []  # oldest first
        self._by_message: dict[str, ReceivedSms] = {}

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return (await self.submit_many([sms]))[0]

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        """Every submit of the batch, then the delivery reports of the new ones together."""
        answers: list[SubmitResult] = []
        new: list[ReceivedSms] = []
        for sms in batch:
            first = self._by_message.get(sms.message_id)
            if first is None:  # a repeated id gets its first answer again
                first = self._record(sms)
                new.append(first)
            answers.append(first.result())
        await report_later(self._listener, new, self._report_delay)
        return answers

    def _record(self, sms: OutboundSms) -> ReceivedSms:
        accepted = accepts(sms.to)
        first = ReceivedSms(
            message_id=sms.message_id, account_id=sms.account_id, to=sms.to, sender=sms.sender,
            text=sms.text, accepted=accepted,
            gateway_ref=f"sim-{self._ids.new_id()}" if accepted else None,
            error=None if accepted else REJECTION_ERROR, created_at=self._clock.now(),
        )
        self._by_message[sms.message_id] = first
        self.submitted.append(first)
        return first

    async def received(self, to: str | None = None, limit: int = 100) -> list[ReceivedSms]:
        return [sms for sms in reversed(self.submitted) if to is None or sms.to == to][:limit]
