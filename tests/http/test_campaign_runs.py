"""A campaign runs exactly once: two runs at once, or a run killed part-way and run again, reach
each number once, skip nobody, and charge exactly what went out."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from application.credits.balance import Grant
from application.ports import OutboundSms
from campaigns_support import charged_for_sent, ledger, numbers, received, seed_list
from domain.submits import SubmitResult
from entrypoints.container import Container
from jobs_support import drain, without_periodic_jobs

CONTACTS = 2500  # three batches: 1000, 1000, 500


class Killed(BaseException):
    """The worker process dying: nothing after it runs (not an Exception, so nothing catches it)."""


class DiesAfterHandingOver:
    """The real gateway, until the `nth` hand-over: that one reaches the gateway, then the worker dies
    before it hears the answer (the worst moment: paid, sent, outcome unrecorded)."""

    def __init__(self, gateway: Any, nth: int) -> None:
        self._gateway, self._nth, self._calls = gateway, nth, 0

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return await self._gateway.submit(sms)  # type: ignore[no-any-return]

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult]:
        self._calls += 1
        results = await self._gateway.submit_many(batch)
        if self._calls == self._nth:
            raise Killed()
        return results  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def _jobs_drained_by_hand(container: Container) -> None:
    without_periodic_jobs(container)


async def _running(client: AsyncTestClient[Any], container: Container, database_url: str,
                   account: Any) -> str:
    await container.grant_credits()(Grant(account_id=account.id, credits=CONTACTS + 100))
    list_id = seed_list(database_url, account.id, [(n, "", "") for n in numbers(CONTACTS)])
    response = await client.post("/v1/campaigns", json={"name": "Ofa", "message": "Ofa ya leo",
                                                        "contact_list_id": list_id}, headers=account.key_headers)
    assert response.status_code == 201 and response.json()["data"]["status"] == "running", response.text
    return str(response.json()["data"]["id"])


def _assert_each_once_and_charged_exactly(database_url: str, account_id: str, campaign_id: str) -> None:
    got = Counter(received(database_url, account_id))
    assert len(got) == CONTACTS and set(got.values()) == {1}
    assert set(got) == set(numbers(CONTACTS))
    entries = ledger(database_url, account_id)
    assert entries["deduct"] - entries.get("refund", 0) == charged_for_sent(database_url, campaign_id) == CONTACTS


@pytest.mark.parametrize("dies_at", [1, 2, 3])
async def test_a_run_killed_part_way_resumes_without_sending_anyone_twice_or_skipping_anyone(
    client: AsyncTestClient[Any], make_account: Any, container: Container, clean_database: str, dies_at: int
) -> None:
    account = await make_account()
    campaign_id = await _running(client, container, clean_database, account)
    real = container.gateway()
    with container.gateway.override(providers.Object(DiesAfterHandingOver(real, dies_at))):
        with pytest.raises(Killed):
            await container.run_campaign()(account.id, campaign_id)
    assert len(received(clean_database, account.id)) == 1000 * dies_at - (0 if dies_at < 3 else 500)

    await drain(container)  # the job, run again (as the stalled-job recovery does)

    done = (await client.get(f"/v1/campaigns/{campaign_id}", headers=account.key_headers)).json()["data"]
    assert (done["status"], done["sent_count"], done["failed_count"]) == ("completed", CONTACTS, 0)
    _assert_each_once_and_charged_exactly(clean_database, account.id, campaign_id)


class Recording:
    """The real gateway, every SMS handed to it recorded."""

    def __init__(self, gateway: Any) -> None:
        self._gateway, self.seen = gateway, []  # type: list[OutboundSms]

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.seen.append(sms)
        return await self._gateway.submit(sms)  # type: ignore[no-any-return]

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult]:
        self.seen.extend(batch)
        return await self._gateway.submit_many(batch)  # type: ignore[no-any-return]


async def test_a_resumed_run_hands_over_the_killed_runs_messages_marked_as_perhaps_handed_over(
    client: AsyncTestClient[Any], make_account: Any, container: Container, clean_database: str
) -> None:
    # The killed run (another process, perhaps) may have handed them over and may still hold their
    # answers: a gateway that cannot recognise a repeat must not send them again; the rest go as new.
    account = await make_account()
    campaign_id = await _running(client, container, clean_database, account)
    real = container.gateway()
    with container.gateway.override(providers.Object(DiesAfterHandingOver(real, 1))):
        with pytest.raises(Killed):
            await container.run_campaign()(account.id, campaign_id)
    recording = Recording(real)
    with container.gateway.override(providers.Object(recording)):
        await drain(container)
    marked = Counter(sms.handed_over for sms in recording.seen)
    # batch 1 again (paid, handed over, unrecorded) and batch 2 (paid by the killed run, never handed
    # over) come back marked; batch 3 (unpaid then) goes out as new
    assert marked == {True: 2000, False: 500}
    _assert_each_once_and_charged_exactly(clean_database, account.id, campaign_id)


async def test_two_runs_of_one_campaign_at_once_send_it_once(
    client: AsyncTestClient[Any], make_account: Any, container: Container, clean_database: str
) -> None:
    account = await make_account()
    campaign_id = await _running(client, container, clean_database, account)
    # Two workers' runs at the same moment, without the job lock: the campaign row orders them.
    await asyncio.gather(container.run_campaign()(account.id, campaign_id),
                         container.run_campaign()(account.id, campaign_id))
    await drain(container)
    done = (await client.get(f"/v1/campaigns/{campaign_id}", headers=account.key_headers)).json()["data"]
    assert (done["status"], done["sent_count"]) == ("completed", CONTACTS)
    _assert_each_once_and_charged_exactly(clean_database, account.id, campaign_id)
    assert ledger(clean_database, account.id)["deduct"] == CONTACTS  # three debits, none twice


async def test_two_workers_draining_at_once_run_the_campaign_once(
    client: AsyncTestClient[Any], make_account: Any, container: Container, clean_database: str
) -> None:
    account = await make_account()
    campaign_id = await _running(client, container, clean_database, account)
    await container.queue_due_campaigns()()  # a second job for it may wait: the lock keeps them apart
    await asyncio.gather(drain(container), drain(container))
    done = (await client.get(f"/v1/campaigns/{campaign_id}", headers=account.key_headers)).json()["data"]
    assert (done["status"], done["sent_count"]) == ("completed", CONTACTS)
    _assert_each_once_and_charged_exactly(clean_database, account.id, campaign_id)


async def test_a_batch_the_balance_no_longer_covers_fails_the_campaign_and_charges_nothing_more(
    client: AsyncTestClient[Any], make_account: Any, container: Container, clean_database: str
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=CONTACTS + 100))
    list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(CONTACTS)])
    created = await client.post("/v1/campaigns", json={"name": "Ofa", "message": "Ofa ya leo",
                                                       "contact_list_id": list_id}, headers=account.key_headers)
    campaign_id = created.json()["data"]["id"]
    # Spent elsewhere before the run: 1000 credits to other numbers, leaving 1600 for 2500 recipients.
    spent = await client.post("/v1/sms/bulk", json={"to": numbers(1000, start=50_000), "message": "Ofa"},
                              headers=account.key_headers)
    assert spent.json()["data"]["sent"] == 1000
    await drain(container)

    failed = (await client.get(f"/v1/campaigns/{campaign_id}", headers=account.key_headers)).json()["data"]
    assert (failed["status"], failed["failure_reason"]) == ("failed", "insufficient_credits")
    assert (failed["sent_count"], failed["failed_count"]) == (1000, 1500)  # batch 1 went; 2 and 3 never paid
    page = (await client.get(f"/v1/campaigns/{campaign_id}/messages?status=failed&per_page=1",
                             headers=account.key_headers)).json()["data"]
    assert (page["total"], page["messages"][0]["error"], page["messages"][0]["credits_used"]) == (
        1500, "insufficient_credits", 0)
    assert charged_for_sent(clean_database, campaign_id) == 1000
    assert ledger(clean_database, account.id) == {"grant": CONTACTS + 100, "deduct": 1000 + 1000}
    notes = (await client.get("/v1/notifications", headers=account.key_headers)).json()["data"]["notifications"]
    assert "Campaign failed" in [n["title"] for n in notes]
