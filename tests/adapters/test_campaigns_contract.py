"""Campaigns and their runs: the same assertions on the memory and PostgreSQL adapters, through the
use cases (create, run, cancel) with a recording gateway."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from adapters.memory.system import FrozenClock, SequentialIds
from application.campaign_reads import ListCampaignMessages, ListCampaigns
from application.campaign_runs import CancelCampaign, QueueDueCampaigns, RunCampaign
from application.campaigns import CampaignRequest, CreateCampaign, StartCampaign
from application.credits import Grant, GrantCredits
from application.ports import Contact, ContactList, OutboundSms
from domain.campaigns import BATCH_SIZE, CampaignStatus
from domain.submits import SubmitResult
from tests_support import Backend, ids

ACCOUNT = ids(1)
OTHER = ids(2)
LIST = ids(10)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
REJECTED = "+255799000001"


class RecordingGateway:
    """Accepts every number but REJECTED; remembers every submit; a repeated id gets its first answer."""

    def __init__(self) -> None:
        self.submitted: list[str] = []
        self._answers: dict[str, SubmitResult] = {}

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        if sms.message_id not in self._answers:
            self.submitted.append(sms.to)
            self._answers[sms.message_id] = (SubmitResult.rejected("rejected") if sms.to == REJECTED
                                             else SubmitResult.accepted(f"ref-{sms.message_id}"))
        return self._answers[sms.message_id]


class Jobs:
    def __init__(self) -> None:
        self.deferred: list[tuple[str, dict[str, object], datetime | None]] = []

    async def defer(self, task: str, payload: dict[str, object], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        self.deferred.append((task, dict(payload), at))

    async def defer_many(self, task: str, payloads: Sequence[dict[str, object]], *,
                         at: datetime | None = None) -> None:
        for payload in payloads:
            await self.defer(task, payload, at=at)


def phone(n: int) -> str:
    return f"+2557140{n:05d}"


async def _seed(store: Backend, people: Sequence[tuple[str, str, str]], credits: int) -> None:
    await store.seed_account(ACCOUNT)
    await store.seed_account(OTHER)
    async with store.uow() as uow:
        await uow.contact_lists.add(ContactList(account_id=ACCOUNT, id=LIST, name="Wateja", description="",
                                                is_default=False, created_at=T0, updated_at=T0))
        for n, (number, first, last) in enumerate(people):
            at = T0 + timedelta(seconds=n)
            await uow.contacts.add(Contact(account_id=ACCOUNT, list_id=LIST, id=ids(1000 + n), phone=number,
                                           first_name=first, last_name=last, email="", created_at=at, updated_at=at))
        await uow.commit()
    clock = FrozenClock(T0)
    await GrantCredits(store.uow, clock, SequentialIds())(Grant(account_id=ACCOUNT, credits=credits))


@pytest.fixture()
def clock() -> FrozenClock:
    return FrozenClock(T0 + timedelta(hours=1))


def _request(**extra: object) -> CampaignRequest:
    return CampaignRequest(account_id=ACCOUNT, name="Ofa", message="Habari {first_name}!", contact_list_id=LIST,
                           **extra)  # type: ignore[arg-type]


async def test_a_run_sends_each_recipient_once_refunds_rejects_and_completes(backend: Backend,
                                                                             clock: FrozenClock) -> None:
    people = [(phone(n), f"Mtu{n}", "") for n in range(BATCH_SIZE + 5)] + [(REJECTED, "Juma", "")]
    await _seed(backend, people, credits=5000)
    async with backend.uow() as uow:
        await uow.opt_outs.opt_out(ACCOUNT, phone(3), T0)
        await uow.commit()
    ids_, jobs, gateway = SequentialIds(), Jobs(), RecordingGateway()
    created = await CreateCampaign(backend.uow, clock, ids_, jobs, "UJUMBE")(_request())
    assert (created.status, created.total_contacts) == (CampaignStatus.RUNNING, BATCH_SIZE + 5)
    assert [task for task, _, _ in jobs.deferred] == ["run_campaign"]

    report = await RunCampaign(backend.uow, clock, ids_, gateway)(ACCOUNT, created.id)
    assert (report.status, report.sent, report.failed) == ("completed", BATCH_SIZE + 4, 1)
    assert sorted(gateway.submitted) == sorted(p for p, _, _ in people if p != phone(3))
    async with backend.uow() as uow:
        done = await uow.campaigns.get(ACCOUNT, created.id)
        balance = await uow.ledger.balance(ACCOUNT)
        events = await uow.events.undispatched(100000)
    assert done is not None
    assert (done.status, done.sent_count, done.failed_count, done.batches_paid) == (
        CampaignStatus.COMPLETED, BATCH_SIZE + 4, 1, 2)
    assert balance == 5000 - (BATCH_SIZE + 4)
    assert [e.type for e in events if e.type.startswith("campaign.")] == ["campaign.completed"]
    page = await ListCampaignMessages(backend.uow)(ACCOUNT, created.id, "failed")
    assert [(m.to, m.error) for m in page.messages] == [(REJECTED, "rejected")]
    again = await RunCampaign(backend.uow, clock, ids_, gateway)(ACCOUNT, created.id)  # a repeated job: nothing
    assert (again.sent, again.failed, len(gateway.submitted)) == (0, 0, BATCH_SIZE + 5)
    listed = await ListCampaigns(backend.uow)(ACCOUNT)
    assert [c.id for c in listed.campaigns] == [created.id]
    assert (await ListCampaigns(backend.uow)(OTHER)).total == 0


async def test_a_scheduled_campaign_starts_when_due_or_fails_short_of_credits(backend: Backend,
                                                                              clock: FrozenClock) -> None:
    await _seed(backend, [(phone(n), "", "") for n in range(3)], credits=2)
    ids_, jobs = SequentialIds(), Jobs()
    at = clock.now() + timedelta(hours=1)
    created = await CreateCampaign(backend.uow, clock, ids_, jobs, "UJUMBE")(
        _request(scheduled_at=at.isoformat()))
    assert (created.status, created.total_contacts, jobs.deferred[0][2]) == (CampaignStatus.SCHEDULED, 3, at)
    start = StartCampaign(backend.uow, clock, ids_, "UJUMBE")
    assert (await start(ACCOUNT, created.id)).status is CampaignStatus.SCHEDULED  # not yet
    clock.advance(hours=2)
    assert await QueueDueCampaigns(backend.uow, clock, jobs)() == 1
    failed = await start(ACCOUNT, created.id)
    assert failed is not None
    assert (failed.status, failed.failure_reason) == (CampaignStatus.FAILED, "insufficient_credits")
    async with backend.uow() as uow:
        assert await uow.campaigns.batch(ACCOUNT, created.id, 1) == []  # nothing written
        assert await uow.ledger.balance(ACCOUNT) == 2
        notes, _ = await uow.notifications.page(ACCOUNT, 1, 10)
    assert [n.title for n in notes] == ["Campaign failed"]


async def test_stopping_a_running_campaign_fails_its_unpaid_messages_uncharged(backend: Backend,
                                                                               clock: FrozenClock) -> None:
    await _seed(backend, [(phone(n), "", "") for n in range(4)], credits=10)
    ids_ = SequentialIds()
    created = await CreateCampaign(backend.uow, clock, ids_, Jobs(), "UJUMBE")(_request())
    stopped = await CancelCampaign(backend.uow, clock, ids_)(ACCOUNT, created.id)
    assert (stopped.status, stopped.failure_reason, stopped.failed_count) == (CampaignStatus.FAILED, "cancelled", 4)
    gateway = RecordingGateway()
    await RunCampaign(backend.uow, clock, ids_, gateway)(ACCOUNT, created.id)
    assert gateway.submitted == []
    async with backend.uow() as uow:
        assert await uow.ledger.balance(ACCOUNT) == 10
