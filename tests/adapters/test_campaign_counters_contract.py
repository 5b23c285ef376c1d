"""Campaign counters follow delivery reports, once per message: memory = PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from adapters.memory.system import FrozenClock, SequentialIds
from application.sending.delivery_reports import ApplyReceivedReports, ReportResult
from application.ports import DeliveryReport
from domain.campaigns import Campaign, CampaignStatus
from domain.ids import NO_ID
from domain.messages import MessageEvent, MessageStatus, SubmitOutcome
from tests_support import Backend, ids, pending_message

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
CAMPAIGN = ids(50)


@pytest.fixture()
async def store(backend: Backend) -> Backend:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    async with backend.uow() as uow:
        await uow.campaigns.add(campaign())
        await uow.campaigns.add(campaign(account=OTHER))
        await uow.commit()
    return backend


def campaign(account: str = ACCOUNT, campaign_id: str = CAMPAIGN) -> Campaign:
    return Campaign(account_id=account, id=campaign_id, name="Karibu", message="Karibu dukani!",
                    contact_list_id=ids(60), status=CampaignStatus.RUNNING, created_at=T0, updated_at=T0,
                    sender_id="DUKA", total_contacts=40, sent_count=40, scheduled_at=T0)


async def counts(store: Backend, account: str = ACCOUNT) -> tuple[int, int]:
    async with store.uow() as uow:
        found = await uow.campaigns.get(account, CAMPAIGN)
    assert found is not None
    return found.delivered_count, found.failed_count


async def sent_message(store: Backend, n: int, campaign_id: str | None = CAMPAIGN) -> str:
    """A campaign message accepted by the gateway under reference `ref-<n>`."""
    message = pending_message(ids(300 + n), account=ACCOUNT, at=T0, to=f"+2557120000{n:02d}", sender="DUKA",
                              body="Karibu dukani!", campaign_id=campaign_id)
    async with store.uow() as uow:
        await uow.messages.add_many([message])
        await uow.messages.record_outcomes(
            ACCOUNT, [SubmitOutcome(message.id, MessageStatus.SENT, f"ref-{n}", None, 1, "1 credit")], T0)
        await uow.commit()
    return f"ref-{n}"


def report(ref: str, outcome: MessageEvent = MessageEvent.DELIVERED) -> DeliveryReport:
    return DeliveryReport(ref, outcome, T0 + timedelta(seconds=5),
                          None if outcome is MessageEvent.DELIVERED else "absent_subscriber")


Apply = Callable[[DeliveryReport], Awaitable[list[ReportResult]]]


class NoJobs:
    async def defer(self, *args: object, **kwargs: object) -> None:
        """The job queues itself again only for reports not due yet; these are all due."""


@pytest.fixture()
def apply(store: Backend) -> Apply:
    """A report as production applies it: written as received, then the job that applies what is due."""
    clock = FrozenClock(T0 + timedelta(minutes=1))
    job = ApplyReceivedReports(store.uow, clock, SequentialIds(), NoJobs())  # type: ignore[arg-type]

    async def received_then_applied(report: DeliveryReport) -> list[ReportResult]:
        await store.received_reports.put([report], clock.now())
        return await job()

    return received_then_applied


# --- the repository -------------------------------------------------------------------


async def test_a_campaign_is_stored_per_account(store: Backend) -> None:
    async with store.uow() as uow:
        assert await uow.campaigns.get(ACCOUNT, CAMPAIGN) == campaign()
        assert await uow.campaigns.get(ACCOUNT, ids(51)) is None
        assert await uow.campaigns.get(ACCOUNT, NO_ID) is None


async def test_final_statuses_are_counted_in_place(store: Backend) -> None:
    at = T0 + timedelta(minutes=3)
    async with store.uow() as uow:
        await uow.campaigns.count_final_status(ACCOUNT, CAMPAIGN, MessageStatus.DELIVERED, at)
        await uow.campaigns.count_final_status(ACCOUNT, CAMPAIGN, MessageStatus.DELIVERED, at)
        await uow.campaigns.count_final_status(ACCOUNT, CAMPAIGN, MessageStatus.FAILED, at)
        await uow.campaigns.count_final_status(ACCOUNT, ids(51), MessageStatus.FAILED, at)  # no such campaign
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.campaigns.get(ACCOUNT, CAMPAIGN) == replace(
            campaign(), delivered_count=2, failed_count=1, updated_at=at)
        assert await uow.campaigns.get(OTHER, CAMPAIGN) == campaign(account=OTHER)


# --- delivery reports move them ----------------------------------------------------------


async def test_a_repeated_report_counts_its_campaign_message_once(store: Backend, apply: Apply) -> None:
    ref = await sent_message(store, 1)
    assert await apply(report(ref)) == [ReportResult.APPLIED]
    assert await counts(store) == (1, 0)
    assert await apply(report(ref)) == [ReportResult.IGNORED]
    assert await apply(report(ref, MessageEvent.UNDELIVERABLE)) == [ReportResult.IGNORED]  # late, contradicting
    assert await counts(store) == (1, 0)
    assert await counts(store, OTHER) == (0, 0)


async def test_undeliverable_counts_as_failed_and_messages_outside_campaigns_count_nowhere(
        store: Backend, apply: Apply) -> None:
    failed = await sent_message(store, 1)
    single = await sent_message(store, 2, campaign_id=None)
    assert await apply(report(failed, MessageEvent.UNDELIVERABLE)) == [ReportResult.APPLIED]
    assert await apply(report(single)) == [ReportResult.APPLIED]
    assert await counts(store) == (0, 1)


async def test_concurrent_reports_count_each_message_exactly_once(store: Backend, apply: Apply) -> None:
    refs = [await sent_message(store, n) for n in range(1, 11)]
    # every report three times, all at once: each is applied by one job, each message moves once,
    # no count is lost
    results = [result for job in await asyncio.gather(*(apply(report(ref)) for ref in refs * 3)) for result in job]
    assert len(results) == 30 and results.count(ReportResult.APPLIED) == 10
    assert await counts(store) == (10, 0)
