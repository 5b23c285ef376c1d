"""Sending on memory adapters with a recording gateway: debit, submit, outcome, refund, reconcile."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.credits.balance import GetBalance, Grant, GrantCredits
from application.ports import GatewayNoAnswer, GatewayUnavailable, OutboundSms
from application.sending.reconciliation import ReconcileStuckMessages
from application.sending.sender_ids import AddSenderId, ListSenderIds, RemoveSenderId
from application.sending.sends import BulkRequest, SendBulk, SendSms, SmsRequest
from application.submission import RecordOutcomes
from application.submission.unwritten import UnwrittenOutcomes
from domain.errors import InsufficientCredits, InvalidPhoneNumber, NotFound, ValidationError
from domain.ledger import EntryType
from domain.messages import MessageStatus
from domain.submits import Answer, SubmitResult, never_sent
from tests_support import ids

ACCOUNT = ids(1)
REJECTED = "+255799000001"


class Crash(BaseException):
    """The process dies between the debit commit and the outcome: no code of ours runs after it
    (a BaseException, as a SIGKILL is not an error a send could answer)."""


class RecordingGateway:
    """Accepts unless told otherwise; records every submit attempt."""

    def __init__(self) -> None:
        self.submitted: list[OutboundSms] = []
        self.rejects: set[str] = {REJECTED}
        self.unreachable = False
        self.silent = False  # takes the submit but its answer never comes
        self.silent_to: set[str] = set()  # the same, for these numbers only
        self.crash = False
        self.refused_senders: set[str] = set()  # the carrier refuses these: re-sent under the default
        self.in_flight = 0
        self.most_in_flight = 0

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.submitted.append(sms)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0)  # let concurrent submits overlap
            if self.crash:
                raise Crash
            if self.unreachable:
                raise GatewayUnavailable("connection refused")
            if self.silent or sms.to in self.silent_to:
                raise GatewayNoAnswer("no answer within the timeout")
            if sms.to in self.rejects:
                return SubmitResult.rejected("rejected_by_gateway")
            if sms.sender in self.refused_senders:
                return SubmitResult(Answer.ACCEPTED, gateway_ref=f"ref-{sms.message_id}", sender="UJUMBE")
            return SubmitResult.accepted(f"ref-{sms.message_id}")
        finally:
            self.in_flight -= 1


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.gateway = RecordingGateway()

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    def send(self) -> SendSms:
        return SendSms(self.uow, self.clock, self.ids, self.gateway, default_sender="UJUMBE")

    def bulk(self, concurrency: int = 50) -> SendBulk:
        return SendBulk(self.uow, self.clock, self.ids, self.gateway, default_sender="UJUMBE",
                        concurrency=concurrency)

    def reconcile(self, give_up_after: timedelta = timedelta(hours=1), batch_size: int = 1000,
                  max_per_run: int = 20_000) -> ReconcileStuckMessages:
        return ReconcileStuckMessages(self.uow, self.clock, self.ids, self.gateway,
                                      give_up_after=give_up_after, batch_size=batch_size,
                                      max_per_run=max_per_run)

    async def grant(self, credits: int) -> None:
        await GrantCredits(self.uow, self.clock, self.ids)(Grant(ACCOUNT, credits))

    async def balance(self) -> int:
        return (await GetBalance(self.uow)(ACCOUNT)).balance

    async def entries(self) -> list[tuple[EntryType, int]]:
        async with self.uow() as uow:
            page = await uow.ledger.history(ACCOUNT, 1, 100)
        return [(e.type, e.amount) for e in reversed(page.entries)]

    async def message(self, message_id: str):
        async with self.uow() as uow:
            return await uow.messages.get(ACCOUNT, message_id)

    def events(self) -> list[tuple[str, str]]:
        rows = self.store.table("outbox_events")
        return [(event.type, event.data["message_id"]) for event, _ in rows.values()]


@pytest.fixture()
def world() -> World:
    return World()


def sms(to: str = "0712345678", message: str = "Habari", sender: str | None = None,
        message_id: str | None = None) -> SmsRequest:
    return SmsRequest(account_id=ACCOUNT, to=to, message=message, sender=sender, message_id=message_id)


async def test_a_send_debits_submits_and_logs_the_message_sent(world: World) -> None:
    await world.grant(5)
    result = await world.send()(sms(message="a" * 161))
    assert (result.status, result.credits_used, result.cost) == ("sent", 2, "2 credits")
    assert (result.to, result.sender, result.requested_sender) == ("+255712345678", "UJUMBE", None)
    assert (result.sms_parts, result.segments, result.encoding, result.carrier) == (2, 2, "GSM-7", "Yas")
    assert [s.message_id for s in world.gateway.submitted] == [result.message_id]
    assert await world.balance() == 3
    assert await world.entries() == [(EntryType.GRANT, 5), (EntryType.DEDUCT, -2)]
    logged = await world.message(result.message_id)
    assert logged.status == MessageStatus.SENT and logged.gateway_ref == f"ref-{result.message_id}"
    assert logged.sent_at == world.clock.now()
    assert world.events() == [("message.sent", result.message_id)]


async def test_a_gateway_rejection_fails_the_message_and_refunds_it(world: World) -> None:
    await world.grant(5)
    result = await world.send()(sms(to=REJECTED))
    assert (result.status, result.error, result.credits_used, result.cost) == (
        "failed", "rejected_by_gateway", 0, "0 credits")
    assert await world.balance() == 5
    assert await world.entries() == [(EntryType.GRANT, 5), (EntryType.DEDUCT, -1), (EntryType.REFUND, 1)]
    assert (await world.message(result.message_id)).status == MessageStatus.FAILED
    assert world.events() == [("message.failed", result.message_id)]


async def test_a_gateway_that_stays_unreachable_fails_and_refunds(world: World) -> None:
    await world.grant(1)
    world.gateway.unreachable = True
    result = await world.send()(sms())
    assert (result.status, result.error) == ("failed", "gateway_unavailable")
    assert await world.balance() == 1


async def test_too_few_credits_is_refused_before_anything_is_written_or_sent(world: World) -> None:
    await world.grant(1)
    with pytest.raises(InsufficientCredits):
        await world.send()(sms(message="a" * 161))
    assert world.gateway.submitted == []
    assert world.store.table("messages") == {}
    assert await world.entries() == [(EntryType.GRANT, 1)]


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (sms(message=""), "message"),
        (sms(message="   "), "message"),
        (sms(message="a" * 1601), "message"),
        (sms(sender="MY-SHOP"), "from"),
        (sms(sender="ABCDEFGHIJKL"), "from"),
        (sms(sender=""), "from"),
    ],
)
async def test_invalid_requests_name_the_field(world: World, request_: SmsRequest, field: str) -> None:
    await world.grant(5)
    with pytest.raises(ValidationError) as raised:
        await world.send()(request_)
    assert raised.value.field == field
    assert await world.balance() == 5


@pytest.mark.parametrize("to", ["+441632960000", "0221234567", "12345", "not a number"])
async def test_numbers_that_are_not_tanzanian_mobiles_are_refused_uncharged(world: World, to: str) -> None:
    await world.grant(5)
    with pytest.raises(InvalidPhoneNumber):
        await world.send()(sms(to=to))
    assert await world.balance() == 5 and world.gateway.submitted == []


async def test_the_message_limit_is_1600_characters(world: World) -> None:
    await world.grant(20)
    assert (await world.send()(sms(message="a" * 1600))).credits_used == 10


async def test_senders_registered_are_used_and_others_fall_back_to_the_default(world: World) -> None:
    await world.grant(5)
    await AddSenderId(world.uow, world.clock)(ACCOUNT, "MYSHOP")
    registered = await world.send()(sms(sender="MYSHOP"))
    unregistered = await world.send()(sms(sender="OTHER"))
    omitted = await world.send()(sms())
    assert (registered.sender, registered.requested_sender) == ("MYSHOP", None)
    assert (unregistered.sender, unregistered.requested_sender) == ("UJUMBE", "OTHER")
    assert (omitted.sender, omitted.requested_sender) == ("UJUMBE", None)
    assert [s.sender for s in world.gateway.submitted] == ["MYSHOP", "UJUMBE", "UJUMBE"]
    assert (await world.message(unregistered.message_id)).requested_sender == "OTHER"


async def test_a_registered_sender_the_carrier_refuses_is_logged_as_sent_under_the_default(world: World) -> None:
    await world.grant(5)
    await AddSenderId(world.uow, world.clock)(ACCOUNT, "MYSHOP")
    world.gateway.refused_senders = {"MYSHOP"}

    result = await world.send()(sms(sender="MYSHOP"))

    assert (result.status, result.sender, result.requested_sender) == ("sent", "UJUMBE", "MYSHOP")
    logged = await world.message(result.message_id)
    assert (logged.status, logged.sender, logged.requested_sender) == ("sent", "UJUMBE", "MYSHOP")
    assert await world.balance() == 4


async def test_sender_ids_are_listed_added_once_and_removed(world: World) -> None:
    add = AddSenderId(world.uow, world.clock)
    await add(ACCOUNT, "MYSHOP")
    await add(ACCOUNT, "MYSHOP")
    await add(ACCOUNT, "ALPHA")
    with pytest.raises(ValidationError):
        await add(ACCOUNT, "NOT VALID")
    listed = await ListSenderIds(world.uow, "UJUMBE")(ACCOUNT)
    assert [s.sender_id for s in listed.sender_ids] == ["ALPHA", "MYSHOP"]
    assert listed.default_sender == "UJUMBE"
    await RemoveSenderId(world.uow)(ACCOUNT, "ALPHA")
    with pytest.raises(NotFound):
        await RemoveSenderId(world.uow)(ACCOUNT, "ALPHA")
    assert [s.sender_id for s in (await ListSenderIds(world.uow, "UJUMBE")(ACCOUNT)).sender_ids] == ["MYSHOP"]


# --- crash between debit and outcome ---------------------------------------------------------


async def crashed_send(world: World, to: str = "0712345678", message_id: str | None = None) -> str:
    """A send that died after its debit (the gateway got it): its message id."""
    submitted = len(world.gateway.submitted)
    world.gateway.crash = True
    with pytest.raises(Crash):
        await world.send()(sms(to=to, message_id=message_id))
    world.gateway.crash = False
    (message_id,) = [s.message_id for s in world.gateway.submitted[submitted:]]
    assert (await world.message(message_id)).status == MessageStatus.PENDING
    return message_id


async def test_a_send_stuck_after_its_debit_is_resubmitted_under_the_same_id(world: World) -> None:
    await world.grant(3)
    message_id = await crashed_send(world)
    assert await world.balance() == 2
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).sent == 0  # too fresh
    world.clock.advance(minutes=6)
    report = await world.reconcile()(older_than=timedelta(minutes=5))
    assert (report.sent, report.failed, report.still_pending) == (1, 0, 0)
    assert [s.message_id for s in world.gateway.submitted] == [message_id, message_id]
    assert (await world.message(message_id)).status == MessageStatus.SENT
    assert await world.balance() == 2  # charged once, not refunded, not charged again
    assert world.events() == [("message.sent", message_id)]


async def test_a_stuck_send_the_gateway_rejects_is_failed_and_refunded(world: World) -> None:
    await world.grant(3)
    message_id = await crashed_send(world, to=REJECTED)
    world.clock.advance(minutes=6)
    report = await world.reconcile()(older_than=timedelta(minutes=5))
    assert (report.sent, report.failed) == (0, 1)
    assert (await world.message(message_id)).status == MessageStatus.FAILED
    assert await world.balance() == 3


@pytest.mark.parametrize("fault", ["unreachable", "silent"])
async def test_a_stuck_send_is_retried_while_the_gateway_is_down_then_given_up_and_refunded(
    world: World, fault: str
) -> None:
    await world.grant(3)
    message_id = await crashed_send(world)
    setattr(world.gateway, fault, True)
    world.clock.advance(minutes=6)
    reconcile = world.reconcile(give_up_after=timedelta(minutes=30))
    assert (await reconcile(older_than=timedelta(minutes=5))).still_pending == 1
    assert (await world.message(message_id)).status == MessageStatus.PENDING
    assert (await reconcile(older_than=timedelta(minutes=5))).still_pending == 0  # just claimed
    world.clock.advance(minutes=30)
    report = await reconcile(older_than=timedelta(minutes=5))
    assert (report.failed, report.still_pending) == (1, 0)
    failed = await world.message(message_id)
    # Given up, not refused: its submit before the crash may have gone out, and the code says so.
    assert (failed.status, failed.error) == (MessageStatus.FAILED, "gateway_no_answer")
    assert await world.balance() == 3


@pytest.mark.parametrize(("status", "error", "expected"), [
    ("failed", "rejected_by_gateway", True),
    ("failed", "gateway_unavailable", True),
    ("failed", "gateway_no_answer", False),  # may have gone out: not to be sent again as new
    ("sent", None, False),
    ("pending", None, False),
])
def test_only_a_send_that_certainly_did_not_go_out_counts_as_never_sent(
    status: str, error: str | None, expected: bool
) -> None:
    assert never_sent(status, error) is expected


async def test_one_run_claims_batch_after_batch_until_none_is_left_or_its_cap(world: World) -> None:
    await world.grant(7)
    stuck = [await crashed_send(world, f"0712{n:06d}") for n in range(7)]
    world.clock.advance(minutes=6)
    report = await world.reconcile(batch_size=3)(older_than=timedelta(minutes=5))
    assert (report.sent, report.failed, report.still_pending) == (7, 0, 0)  # claims of 3, 3 and 1
    world.gateway.submitted.clear()
    await world.grant(5)
    stuck = [await crashed_send(world, f"0713{n:06d}") for n in range(5)]
    world.clock.advance(minutes=6)
    capped = world.reconcile(batch_size=2, max_per_run=3)
    assert (await capped(older_than=timedelta(minutes=5))).sent == 3  # claims of 2 and 1
    assert (await capped(older_than=timedelta(minutes=5))).sent == 2  # the rest, in the next run
    assert sorted(s.message_id for s in world.gateway.submitted) == sorted(stuck * 2)  # crash + once


async def test_stuck_sends_of_one_account_failing_together_refund_each_its_own_deduction(
    world: World
) -> None:
    world.gateway = BatchGateway()
    await world.grant(5)
    first = await crashed_send(world, REJECTED)
    second = await crashed_send(world, REJECTED)
    world.clock.advance(minutes=6)
    report = await world.reconcile()(older_than=timedelta(minutes=5))
    assert (report.sent, report.failed) == (0, 2)
    async with world.uow() as uow:
        page = await uow.ledger.history(ACCOUNT, 1, 10)
    refunds = sorted((e.reference, e.refunds, e.amount) for e in page.entries if e.type == EntryType.REFUND)
    assert refunds == [(f"refund:{first}", f"send:{first}", 1), (f"refund:{second}", f"send:{second}", 1)]
    assert await world.balance() == 5


# --- a gateway that never answers ------------------------------------------------------------


async def test_a_submit_never_answered_stays_pending_and_charged_until_reconciled(world: World) -> None:
    await world.grant(2)
    world.gateway.silent = True
    result = await world.send()(sms())
    # It may be on its way to the handset: neither failed nor refunded, nor reported sent.
    assert (result.status, result.credits_used, result.error) == ("pending", 1, None)
    assert (await world.message(result.message_id)).status == MessageStatus.PENDING
    assert await world.balance() == 1 and world.events() == []
    world.gateway.silent = False
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).sent == 1
    assert [s.message_id for s in world.gateway.submitted] == [result.message_id] * 2
    assert (await world.message(result.message_id)).status == MessageStatus.SENT
    assert await world.balance() == 1
    assert world.events() == [("message.sent", result.message_id)]


async def test_a_submit_never_answered_is_submitted_again_marked_handed_over(world: World) -> None:
    await world.grant(2)
    world.gateway.silent = True
    result = await world.send()(sms())
    # Kept with the message, not in the gateway's memory: any process that submits it next knows.
    assert (await world.message(result.message_id)).handed_over
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).still_pending == 1
    world.gateway.silent = False
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).sent == 1
    assert [(s.message_id, s.handed_over) for s in world.gateway.submitted] == [
        (result.message_id, False), (result.message_id, True), (result.message_id, True)]


async def test_a_send_that_crashed_before_its_submit_is_not_marked_handed_over(world: World) -> None:
    await world.grant(2)
    message_id = await crashed_send(world)
    world.gateway.unreachable = True
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).still_pending == 1
    assert not (await world.message(message_id)).handed_over  # nothing was handed over this time either


# --- a send is idempotent by its id (what an Idempotency-Key retry relies on) -------------------


async def test_a_send_under_an_id_paid_for_by_a_crashed_attempt_resumes_it_without_paying_again(
    world: World
) -> None:
    await world.grant(1)
    message_id = await crashed_send(world, message_id=ids(500))
    assert await world.balance() == 0  # paid for: the retry must not be refused for credits
    result = await world.send()(sms(message_id=message_id))
    assert (result.message_id, result.status, result.credits_used) == (message_id, "sent", 1)
    assert [s.message_id for s in world.gateway.submitted] == [message_id, message_id]
    assert await world.entries() == [(EntryType.GRANT, 1), (EntryType.DEDUCT, -1)]
    assert world.events() == [("message.sent", message_id)]


async def test_a_send_under_an_id_already_finished_answers_as_it_stands(world: World) -> None:
    await world.grant(3)
    first = await world.send()(sms(message_id=ids(500)))
    rejected = await world.send()(sms(to=REJECTED, message_id=ids(501)))
    assert await world.send()(sms(message_id=ids(500))) == first
    assert await world.send()(sms(to=REJECTED, message_id=ids(501))) == rejected
    assert len(world.gateway.submitted) == 2  # neither submitted again
    assert await world.entries() == [(EntryType.GRANT, 3), (EntryType.DEDUCT, -1),
                                     (EntryType.DEDUCT, -1), (EntryType.REFUND, 1)]


# --- bulk ----------------------------------------------------------------------------------


def bulk(*to: str, message: str = "Habari", sender: str | None = None,
         batch_id: str | None = None) -> BulkRequest:
    return BulkRequest(account_id=ACCOUNT, to=list(to), message=message, sender=sender, batch_id=batch_id)


async def test_bulk_sends_each_number_once_reports_bad_ones_and_debits_once(world: World) -> None:
    await world.grant(10)
    result = await world.bulk()(bulk("0712345678", "+255 712 345 678", "12345", "0754000111", REJECTED,
                                     "12345", message="a" * 161))
    assert (result.total, result.sent, result.failed) == (4, 2, 2)
    assert [(e.to, e.status) for e in result.results] == [
        ("+255712345678", "sent"), ("12345", "failed"), ("+255754000111", "sent"), (REJECTED, "failed")]
    first, invalid, _, rejected = result.results
    assert first.credits_used == 2 and first.message_id and first.error is None
    assert (invalid.error, invalid.message_id) == ("invalid_phone_number", None)
    assert rejected.error == "rejected_by_gateway"
    assert result.credits_used == 4
    assert await world.entries() == [(EntryType.GRANT, 10), (EntryType.DEDUCT, -6), (EntryType.REFUND, 2)]
    assert await world.balance() == 6
    assert len(world.gateway.submitted) == 3
    assert sorted(t for t, _ in world.events()) == ["message.failed", "message.sent", "message.sent"]


async def test_bulk_checks_the_whole_batch_up_front(world: World) -> None:
    await world.grant(2)
    with pytest.raises(InsufficientCredits):
        await world.bulk()(bulk("0712345678", "0754000111", "0784000222"))
    assert world.gateway.submitted == [] and world.store.table("messages") == {}
    assert await world.balance() == 2


async def test_bulk_of_only_bad_numbers_charges_nothing(world: World) -> None:
    result = await world.bulk()(bulk("123", "abc"))
    assert (result.total, result.sent, result.failed) == (2, 0, 2)
    assert await world.entries() == []


@pytest.mark.parametrize("count", [0, 1001])
async def test_bulk_takes_1_to_1000_recipients(world: World, count: int) -> None:
    with pytest.raises(ValidationError) as raised:
        await world.bulk()(bulk(*(f"0712{n:06d}" for n in range(count))))
    assert raised.value.field == "to"


async def test_bulk_submits_concurrently_within_its_bound(world: World) -> None:
    await world.grant(100)
    result = await world.bulk(concurrency=7)(bulk(*(f"0712{n:06d}" for n in range(100))))
    assert result.sent == 100
    assert 1 < world.gateway.most_in_flight <= 7


async def test_bulk_with_an_unregistered_sender_says_which_was_used(world: World) -> None:
    await world.grant(1)
    result = await world.bulk()(bulk("0712345678", sender="NOTMINE"))
    assert (result.sender, result.requested_sender) == ("UJUMBE", "NOTMINE")


async def crashed_bulk(world: World, request: BulkRequest) -> None:
    world.gateway.crash = True
    with pytest.raises(Crash):
        await world.bulk()(request)
    world.gateway.crash = False


async def test_a_bulk_under_a_batch_id_paid_for_by_a_crashed_attempt_resumes_it(world: World) -> None:
    await world.grant(3)
    request = bulk("0712345678", "123", REJECTED, "0754000111", batch_id=ids(600))
    await crashed_bulk(world, request)
    crashed = {s.message_id for s in world.gateway.submitted}
    assert len(crashed) == 3 and await world.balance() == 0
    result = await world.bulk()(request)
    assert (result.batch_id, result.total, result.sent, result.failed, result.pending) == (ids(600), 4, 2, 2, 0)
    assert {e.message_id for e in result.results if e.message_id} == crashed  # the same messages
    assert [s.message_id for s in world.gateway.submitted].count(next(iter(crashed))) == 2
    assert await world.entries() == [(EntryType.GRANT, 3), (EntryType.DEDUCT, -3), (EntryType.REFUND, 1)]
    assert len(world.store.table("messages")) == 3


async def test_a_bulk_already_finished_by_the_reconciler_answers_as_it_stands(world: World) -> None:
    await world.grant(3)
    request = bulk("0712345678", REJECTED, batch_id=ids(600))
    await crashed_bulk(world, request)
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).sent == 1
    submits = len(world.gateway.submitted)
    result = await world.bulk()(request)
    assert [(e.to, e.status) for e in result.results] == [("+255712345678", "sent"), (REJECTED, "failed")]
    assert len(world.gateway.submitted) == submits  # nothing submitted again
    assert await world.balance() == 2


class BatchGateway(RecordingGateway):
    """Takes a bulk in one hand-over."""

    async def submit_many(self, batch):  # type: ignore[no-untyped-def]
        if self.silent:
            self.submitted.extend(batch)
            raise GatewayNoAnswer("no answer for the batch")
        return [await self.submit(sms) for sms in batch]


@pytest.mark.parametrize("gateway", [RecordingGateway, BatchGateway])
async def test_bulk_recipients_never_answered_are_reported_pending_and_stay_charged(
    world: World, gateway: type[RecordingGateway]
) -> None:
    world.gateway = gateway()
    world.gateway.silent = True
    await world.grant(5)
    result = await world.bulk()(bulk("0712345678", "0754000111", "123"))
    assert (result.total, result.sent, result.failed, result.pending) == (3, 0, 1, 2)
    assert [(e.status, e.credits_used) for e in result.results] == [("pending", 1), ("pending", 1), ("failed", None)]
    assert result.credits_used == 2 and await world.balance() == 3
    assert world.events() == []


async def test_bulk_recipients_never_answered_are_marked_handed_over_the_answered_are_not(world: World) -> None:
    world.gateway.silent_to = {"+255754000111"}
    await world.grant(5)
    result = await world.bulk()(bulk("0712345678", "0754000111"))
    marked = {e.to: (await world.message(e.message_id)).handed_over for e in result.results if e.message_id}
    assert marked == {"+255712345678": False, "+255754000111": True}


async def test_a_bulk_finished_in_two_rounds_refunds_what_failed_in_each(world: World) -> None:
    await world.grant(3)
    late = "+255754000111"
    world.gateway.silent_to = {late}
    request = bulk("0712345678", REJECTED, late, batch_id=ids(600))
    first = await world.bulk()(request)
    assert (first.sent, first.failed, first.pending) == (1, 1, 1)
    # The key was never completed (the process died): the retry resumes the batch, and the
    # recipient that was left unanswered is now refused by the gateway.
    world.gateway.silent_to = set()
    world.gateway.rejects.add(late)
    again = await world.bulk()(request)
    assert (again.sent, again.failed, again.pending) == (1, 2, 0)
    assert await world.entries() == [(EntryType.GRANT, 3), (EntryType.DEDUCT, -3),
                                     (EntryType.REFUND, 1), (EntryType.REFUND, 1)]
    assert await world.balance() == 2


async def test_a_resumed_send_delivered_meanwhile_answers_sent(world: World) -> None:
    await world.grant(3)
    single = await world.send()(sms(message_id=ids(500)))
    batch = await world.bulk()(bulk("0712345678", "0754000111", batch_id=ids(600)))
    rows = world.store.table("messages")
    for key, message in list(rows.items()):  # the delivery reports came in
        rows[key] = replace(message, status=MessageStatus.DELIVERED, delivered_at=world.clock.now())
    assert (await world.send()(sms(message_id=ids(500)))).status == "sent"
    again = await world.bulk()(bulk("0712345678", "0754000111", batch_id=ids(600)))
    assert (again.sent, again.failed, again.pending) == (2, 0, 0)
    assert [(e.status, e.message_id) for e in again.results] == [("sent", e.message_id) for e in batch.results]
    assert single.status == "sent" and len(world.gateway.submitted) == 3


class DatabaseGone(Exception):
    """The database went away (a restart, a failover)."""


def uow_failing_after(world: World, transactions: int, *, once: bool = False) -> Callable[[], MemoryUnitOfWork]:
    """The world's unit of work, whose transactions after the first `transactions` fail to open
    (`once`: only the next one, a blip)."""
    opened = 0

    def uow() -> MemoryUnitOfWork:
        nonlocal opened
        opened += 1
        if opened > transactions and not (once and opened > transactions + 1):
            raise DatabaseGone("server closed the connection unexpectedly")
        return world.uow()
    return uow


async def test_a_send_whose_outcome_cannot_be_recorded_answers_pending_and_is_settled_later(world: World) -> None:
    await world.grant(3)
    send = SendSms(uow_failing_after(world, 1), world.clock, world.ids, world.gateway, default_sender="UJUMBE")
    result = await send(sms())
    assert (result.status, result.credits_used) == ("pending", 1)  # charged, handed over: not resent
    assert [s.message_id for s in world.gateway.submitted] == [result.message_id]
    assert (await world.message(result.message_id)).status == MessageStatus.PENDING
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).sent == 1
    assert [s.message_id for s in world.gateway.submitted] == [result.message_id] * 2  # the same id
    assert await world.balance() == 2


async def test_a_database_blip_in_recording_the_outcome_is_waited_out_within_the_request(world: World) -> None:
    await world.grant(3)
    send = SendSms(uow_failing_after(world, 1, once=True), world.clock, world.ids, world.gateway, default_sender="UJUMBE")
    result = await send(sms())
    assert (result.status, result.credits_used) == ("sent", 1)  # written before the answer: nothing left to resend
    assert (await world.message(result.message_id)).status == MessageStatus.SENT
    assert len(world.gateway.submitted) == 1


async def test_a_send_whose_debit_cannot_be_recorded_fails_with_nothing_charged_or_sent(world: World) -> None:
    await world.grant(3)
    send = SendSms(uow_failing_after(world, 0), world.clock, world.ids, world.gateway, default_sender="UJUMBE")
    with pytest.raises(DatabaseGone):
        await send(sms())
    assert world.gateway.submitted == [] and await world.balance() == 3


async def test_a_bulk_whose_outcomes_cannot_be_recorded_answers_its_entries_pending(world: World) -> None:
    await world.grant(5)
    send = SendBulk(uow_failing_after(world, 1), world.clock, world.ids, world.gateway, default_sender="UJUMBE")
    result = await send(bulk("0712345678", REJECTED, "123"))
    assert (result.total, result.sent, result.failed, result.pending) == (3, 0, 1, 2)
    assert [(e.status, e.credits_used) for e in result.results] == [("pending", 1), ("pending", 1), ("failed", None)]
    assert all(e.message_id for e in result.results[:2]) and await world.balance() == 3
    world.clock.advance(minutes=6)
    report = await world.reconcile()(older_than=timedelta(minutes=5))
    assert (report.sent, report.failed) == (1, 1) and await world.balance() == 4  # the reject refunded


# --- outcomes the database would not take (an outage after the submit) -----------------------


class DatabaseAway(Exception):
    """What a unit of work raises while the database is stopped."""


class Outage:
    """A unit-of-work factory over the world's store that fails every unit of work opened while
    `away` is set."""

    def __init__(self, world: World) -> None:
        self.world, self.away = world, False

    def __call__(self) -> MemoryUnitOfWork:
        if self.away:
            raise DatabaseAway("connection refused")
        return self.world.uow()


async def send_through_an_outage(world: World, unwritten: UnwrittenOutcomes | None) -> str:
    """A send whose debit commits and whose outcome meets the database gone: its message id."""
    outage = Outage(world)
    send = SendSms(outage, world.clock, world.ids, world.gateway, default_sender="UJUMBE", unwritten=unwritten)
    submit = world.gateway.submit

    async def the_database_goes_after_the_submit(message):  # type: ignore[no-untyped-def]
        answer = await submit(message)
        outage.away = True
        return answer

    world.gateway.submit = the_database_goes_after_the_submit  # type: ignore[method-assign]
    RecordOutcomes.retry_delays, saved = (0.0,), RecordOutcomes.retry_delays
    try:
        result = await send(sms())
    finally:
        RecordOutcomes.retry_delays = saved
        world.gateway.submit = submit  # type: ignore[method-assign]
    assert result.status == "pending"
    outage.away = False
    return result.message_id


async def test_an_outcome_the_database_refused_is_written_by_this_process_once_it_answers(world: World) -> None:
    await world.grant(2)
    unwritten = UnwrittenOutcomes(first_wait=0.0, longest_wait=0.0)
    message_id = await send_through_an_outage(world, unwritten)
    await unwritten.drain(timeout=5)
    assert unwritten.held == 0
    message = await world.message(message_id)
    assert (message.status, message.gateway_ref) == (MessageStatus.SENT, f"ref-{message_id}")
    assert await world.balance() == 1 and world.events() == [("message.sent", message_id)]


async def test_without_a_keeper_the_refused_outcome_is_left_pending_for_the_reconciler(world: World) -> None:
    await world.grant(2)
    message_id = await send_through_an_outage(world, None)
    assert (await world.message(message_id)).status == MessageStatus.PENDING


async def test_outcomes_still_held_when_the_process_stops_are_logged_with_the_answers(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    unwritten = UnwrittenOutcomes(first_wait=0.01, longest_wait=0.01)

    async def refused() -> None:
        raise DatabaseAway("still away")

    unwritten.keep(refused, ["m-1", "m-2"], "m-1 sent ref-1; m-2 sent ref-2")
    assert unwritten.held == 2
    with caplog.at_level(logging.ERROR, logger="ujumbe.sending"):
        await unwritten.drain(timeout=0.05)
    assert unwritten.held == 0
    assert "m-1, m-2" in caplog.text and "m-1 sent ref-1; m-2 sent ref-2" in caplog.text


async def test_a_write_retried_until_the_database_answers(world: World) -> None:
    unwritten = UnwrittenOutcomes(first_wait=0.0, longest_wait=0.0)
    tries: list[int] = []

    async def write() -> None:
        tries.append(1)
        if len(tries) < 5:
            raise DatabaseAway("not yet")

    unwritten.keep(write, ["m-1"], "m-1 sent")
    await unwritten.drain(timeout=5)
    assert len(tries) == 5


async def test_a_stuck_message_is_submitted_again_marked_as_perhaps_handed_over(world: World) -> None:
    # The process that paid for it may have handed it over and may still hold its answer: a gateway
    # that cannot recognise a repeat must not put it on air again (one that can answers it).
    await world.grant(2)
    message_id = await crashed_send(world)
    world.clock.advance(minutes=6)
    assert (await world.reconcile()(older_than=timedelta(minutes=5))).sent == 1
    assert [(s.message_id, s.handed_over) for s in world.gateway.submitted] == [
        (message_id, False), (message_id, True)]



async def test_outcomes_being_written_when_their_task_is_cancelled_are_kept(world: World) -> None:
    # A campaign run stopped with its worker while its outcomes wait for the database.
    await world.grant(2)
    unwritten = UnwrittenOutcomes(first_wait=0.0, longest_wait=0.0)
    outage = Outage(world)
    send = SendSms(outage, world.clock, world.ids, world.gateway, default_sender="UJUMBE", unwritten=unwritten)
    submit = world.gateway.submit
    answered = asyncio.Event()

    async def the_database_goes_after_the_submit(message):  # type: ignore[no-untyped-def]
        answer = await submit(message)
        outage.away = True
        answered.set()
        return answer

    world.gateway.submit = the_database_goes_after_the_submit  # type: ignore[method-assign]
    RecordOutcomes.retry_delays, saved = (60.0,), RecordOutcomes.retry_delays
    try:
        sending = asyncio.create_task(send(sms()))
        await answered.wait()
        await asyncio.sleep(0)  # into transaction 2's wait
        sending.cancel()
        with pytest.raises(asyncio.CancelledError):
            await sending
    finally:
        RecordOutcomes.retry_delays = saved
        world.gateway.submit = submit  # type: ignore[method-assign]
    assert unwritten.held == 1
    outage.away = False
    await unwritten.drain(timeout=5)
    (message_id,) = [s.message_id for s in world.gateway.submitted]
    assert (await world.message(message_id)).status == MessageStatus.SENT
