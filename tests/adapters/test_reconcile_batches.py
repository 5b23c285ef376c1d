"""Reconciliation in batches, on memory and PostgreSQL: a process that died just after paying for
a bulk of 1000 (and for a few other sends) is settled by the first run after the sends are five
minutes old, through the gateway's batch submit, each message submitted once, refunds exact."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest

from adapters.memory.system import FrozenClock, SequentialIds
from application.credits.balance import Grant, GrantCredits
from application.ports import OutboundSms
from application.sending.reconciliation import ReconcileStuckMessages
from application.sending.sends import BulkRequest, SendBulk, SendSms, SmsRequest
from domain.ledger import EntryType
from domain.messages import MessageStatus
from domain.submits import NO_ANSWER, SubmitResult
from tests_support import ids

SHOP, CLINIC = ids(1), ids(2)
REJECTED = "+255799000001"
UNANSWERED = "+255754000999"


class Crash(BaseException):
    """The process dies after the debit commits, before anything reaches the gateway (a
    BaseException: no code of ours runs after a SIGKILL)."""


class DiesBeforeHandingOver:
    async def submit(self, sms: OutboundSms) -> SubmitResult:
        raise Crash

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        raise Crash


class BatchGateway:
    """Takes whole batches and records them; rejects REJECTED and never answers for UNANSWERED."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        raise AssertionError("the reconciler hands over batches")

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        self.batches.append([sms.message_id for sms in batch])
        return [NO_ANSWER if sms.to == UNANSWERED
                else SubmitResult.rejected("rejected_by_gateway")
                if sms.to == REJECTED else SubmitResult.accepted(f"ref-{sms.message_id}")
                for sms in batch]

    def received(self) -> Counter[str]:
        return Counter(message_id for batch in self.batches for message_id in batch)


class Crashed:
    """Sends paid for by two accounts whose process died before any reached the gateway."""

    def __init__(self, backend: Any) -> None:
        self.backend, self.clock, self.ids = backend, FrozenClock(), SequentialIds()
        self.transactions = 0  # units of work the reconciler opened

    def counted_uow(self) -> Any:
        self.transactions += 1
        return self.backend.uow()

    async def grant(self, account: str, credits: int) -> None:
        await GrantCredits(self.backend.uow, self.clock, self.ids)(Grant(account, credits))

    async def bulk(self, account: str, batch_id: str, to: list[str]) -> None:
        with pytest.raises(Crash):
            await SendBulk(self.backend.uow, self.clock, self.ids, DiesBeforeHandingOver(), "UJUMBE")(
                BulkRequest(account_id=account, to=to, message="Habari", batch_id=batch_id))

    async def single(self, account: str, message_id: str, to: str) -> None:
        with pytest.raises(Crash):
            await SendSms(self.backend.uow, self.clock, self.ids, DiesBeforeHandingOver(), "UJUMBE")(
                SmsRequest(account_id=account, to=to, message="Habari", message_id=message_id))

    async def ledger(self, account: str) -> tuple[int, list[tuple[EntryType, int, str | None]]]:
        async with self.backend.uow() as uow:
            balance = await uow.ledger.balance(account)
            history = await uow.ledger.history(account, 1, 100)
        return balance, [(e.type, e.amount, e.refunds) for e in reversed(history.entries)]

    async def run(self, gateway: BatchGateway) -> tuple[int, int, int]:
        """(sent, failed, still pending) of one run of the reconciler."""
        report = await ReconcileStuckMessages(self.counted_uow, self.clock, self.ids, gateway)(
            older_than=timedelta(minutes=5))
        return report.sent, report.failed, report.still_pending

    async def statuses(self, account: str, batch_id: str) -> dict[MessageStatus, int]:
        async with self.backend.uow() as uow:
            return dict(Counter(m.status for m in await uow.messages.list_batch(account, batch_id)))

    async def status(self, account: str, message_id: str) -> MessageStatus:
        async with self.backend.uow() as uow:
            message = await uow.messages.get(account, message_id)
        assert message is not None
        return message.status


async def test_a_crashed_bulk_of_1000_and_other_sends_of_two_accounts_are_settled_in_one_run(
    backend: Any,
) -> None:
    await backend.seed_account(SHOP)
    await backend.seed_account(CLINIC)
    world = Crashed(backend)
    await world.grant(SHOP, 1000)
    await world.grant(CLINIC, 200)
    shop_bulk, clinic_bulk, clinic_single = ids(7001), ids(7002), ids(7003)
    await world.bulk(SHOP, shop_bulk, [f"0712{n:06d}" for n in range(999)] + [REJECTED])
    await world.bulk(CLINIC, clinic_bulk, [f"0713{n:06d}" for n in range(148)] + [REJECTED, UNANSWERED])
    await world.single(CLINIC, clinic_single, REJECTED)
    gateway = BatchGateway()

    assert await world.run(gateway) == (0, 0, 0) and gateway.batches == []  # too fresh
    world.clock.advance(minutes=6)
    # 1151 stuck: 1147 sent, 3 rejected (one in each bulk, the clinic's single send), 1 unanswered.
    assert await world.run(gateway) == (1147, 3, 1)
    assert [len(batch) for batch in gateway.batches] == [1000, 151]  # the batch size, then the rest
    assert set(gateway.received().values()) == {1} and len(gateway.received()) == 1151
    assert world.transactions <= 1 + 2 + 2 * 2  # the fresh run's claim; 2 claims; per claim, per account
    assert await world.statuses(SHOP, shop_bulk) == {MessageStatus.SENT: 999, MessageStatus.FAILED: 1}
    assert await world.statuses(CLINIC, clinic_bulk) == {MessageStatus.SENT: 148, MessageStatus.FAILED: 1,
                                                         MessageStatus.PENDING: 1}
    assert await world.status(CLINIC, clinic_single) == MessageStatus.FAILED
    # One refund per deduction that lost a message, naming it; balance = sum of the entries.
    shop_balance, shop_entries = await world.ledger(SHOP)
    assert shop_entries == [(EntryType.GRANT, 1000, None), (EntryType.DEDUCT, -1000, None),
                            (EntryType.REFUND, 1, f"bulk:{shop_bulk}")]
    assert shop_balance == sum(amount for _, amount, _ in shop_entries) == 1
    clinic_balance, clinic_entries = await world.ledger(CLINIC)
    assert sorted(clinic_entries, key=str) == sorted(
        [(EntryType.GRANT, 200, None), (EntryType.DEDUCT, -150, None), (EntryType.DEDUCT, -1, None),
         (EntryType.REFUND, 1, f"bulk:{clinic_bulk}"), (EntryType.REFUND, 1, f"send:{clinic_single}")], key=str)
    assert clinic_balance == sum(amount for _, amount, _ in clinic_entries) == 51
    async with backend.uow() as uow:
        assert len(await uow.events.undispatched(5000)) == 1150  # one per message settled

    # The unanswered one is asked again each run until an hour after its send, then refunded.
    world.clock.advance(minutes=6)
    assert await world.run(gateway) == (0, 0, 1)
    world.clock.advance(hours=1)
    assert await world.run(gateway) == (0, 1, 0)
    assert await world.statuses(CLINIC, clinic_bulk) == {MessageStatus.SENT: 148, MessageStatus.FAILED: 2}
    assert Counter(gateway.received().values()) == {1: 1150, 3: 1}  # the unanswered one, under its own id
    clinic_balance, clinic_entries = await world.ledger(CLINIC)
    assert clinic_balance == sum(amount for _, amount, _ in clinic_entries) == 52
