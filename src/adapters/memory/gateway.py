"""The gateway simulator in memory, for embedding and application tests."""

from __future__ import annotations

from adapters.simulation import REJECTION_ERROR, ReceivedSms, accepts, report_later
from application.deliveries import GatewayListener
from application.messaging import OutboundSms, SubmitResult
from application.ports import Clock, IdGenerator


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
        first = self._by_message.get(sms.message_id)
        if first is None:
            accepted = accepts(sms.to)
            first = ReceivedSms(
                message_id=sms.message_id, account_id=sms.account_id, to=sms.to, sender=sms.sender,
                text=sms.text, accepted=accepted,
                gateway_ref=f"sim-{self._ids.new_id()}" if accepted else None,
                error=None if accepted else REJECTION_ERROR, created_at=self._clock.now(),
            )
            self._by_message[sms.message_id] = first
            self.submitted.append(first)
            await report_later(self._listener, [first], self._report_delay)
        return SubmitResult(accepted=first.accepted, gateway_ref=first.gateway_ref, error=first.error)

    async def received(self, to: str | None = None, limit: int = 100) -> list[ReceivedSms]:
        return [sms for sms in reversed(self.submitted) if to is None or sms.to == to][:limit]
