"""The figures an account's home page shows of its sending: SMS sent today and this month, days
and months in East Africa Time, and the share of this month's that reached the handset
(decision: home page figures)."""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock, UnitOfWorkFactory
from domain.campaigns import EAST_AFRICA_TIME


@dataclass(frozen=True, slots=True)
class SendingFigures:
    today: int
    this_month: int
    delivered: int  # of this month's
    failed: int  # of this month's

    @property
    def delivery_rate(self) -> float | None:
        """Delivered of those whose fate is known (delivered or failed), 0 to 1; none while no
        message of the month has one."""
        settled = self.delivered + self.failed
        return self.delivered / settled if settled else None


class GetSendingFigures:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str) -> SendingFigures:
        today = self._clock.now().astimezone(EAST_AFRICA_TIME).replace(hour=0, minute=0, second=0, microsecond=0)
        async with self._uow() as uow:
            counts = await uow.message_logs.counts(account_id, since=today.replace(day=1), recent_since=today)
        return SendingFigures(today=counts.recent, this_month=counts.total, delivered=counts.delivered,
                              failed=counts.failed)
