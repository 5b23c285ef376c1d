"""Message and sender-ID repositories behave alike in memory and in PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from application.ports import SenderId
from domain.campaigns import Campaign, CampaignStatus
from domain.ledger import EntryType, Posting
from domain.messages import Message, MessageStatus, SubmitOutcome
from tests_support import ids, pending_message

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def message(n: int, *, account: str = ACCOUNT, at: datetime = T0, batch: str | None = None,
            campaign: str | None = None) -> Message:
    return pending_message(ids(100 + n), account=account, at=at, batch_id=batch, campaign_id=campaign,
                           requested_sender="MYSHOP" if n == 1 else None, body=f"Habari {n}")


def sent(n: int) -> SubmitOutcome:
    return SubmitOutcome(ids(100 + n), MessageStatus.SENT, f"ref-{n}", None, 1, "1 credit")


def failed(n: int) -> SubmitOutcome:
    return SubmitOutcome(ids(100 + n), MessageStatus.FAILED, None, "rejected_by_gateway", 0, "0 credits")


@pytest.fixture(autouse=True)
async def accounts(backend) -> None:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)


async def add(backend, *messages: Message) -> None:
    async with backend.uow() as uow:
        await uow.messages.add_many(list(messages))
        await uow.commit()


async def get(backend, n: int, account: str = ACCOUNT) -> Message | None:
    async with backend.uow() as uow:
        return await uow.messages.get(account, ids(100 + n))


async def test_added_messages_read_back_whole_one_or_many(backend) -> None:
    await add(backend, message(1))
    await add(backend, *(message(n, batch=ids(9)) for n in range(2, 6)))
    assert await get(backend, 1) == message(1)
    assert await get(backend, 4) == message(4, batch=ids(9))
    assert await get(backend, 1, account=OTHER) is None


async def test_outcomes_move_only_pending_messages(backend) -> None:
    await add(backend, message(1), message(2), message(3))
    at = T0 + timedelta(seconds=2)
    async with backend.uow() as uow:
        moved = await uow.messages.record_outcomes(ACCOUNT, [sent(1), failed(2)], at)
        await uow.commit()
    assert sorted(moved) == [ids(101), ids(102)]
    one, two = await get(backend, 1), await get(backend, 2)
    assert one == replace(message(1), status=MessageStatus.SENT, gateway_ref="ref-1", sent_at=at, updated_at=at)
    assert two == replace(message(2), status=MessageStatus.FAILED, error="rejected_by_gateway",
                          credits_used=0, cost="0 credits", updated_at=at)
    async with backend.uow() as uow:
        again = await uow.messages.record_outcomes(ACCOUNT, [failed(1), sent(3)], at)
        other = await uow.messages.record_outcomes(OTHER, [sent(3)], at)
        await uow.commit()
    assert (again, other) == ([ids(103)], [])
    assert (await get(backend, 1)).status == MessageStatus.SENT


async def test_the_sender_a_message_went_out_under_is_recorded_with_the_one_asked_for(backend) -> None:
    await add(backend, message(1), message(2))
    resent = replace(message(1), sender="UJUMBE", requested_sender="DUKA")
    async with backend.uow() as uow:
        await uow.messages.record_senders(ACCOUNT, [resent])
        await uow.messages.record_senders(OTHER, [replace(message(2), sender="X", requested_sender="Y")])
        await uow.commit()
    assert await get(backend, 1) == resent
    assert await get(backend, 2) == message(2)  # another account's call moves nothing of this one


async def test_messages_handed_over_without_an_answer_are_marked_only_while_pending(backend) -> None:
    await add(backend, message(1), message(2), message(3, batch=ids(9)), message(4, account=OTHER))
    at = T0 + timedelta(seconds=3)
    async with backend.uow() as uow:
        await uow.messages.record_outcomes(ACCOUNT, [sent(2)], at)
        await uow.messages.mark_handed_over(ACCOUNT, [ids(101), ids(102), ids(103), ids(104)], at)
        await uow.messages.mark_handed_over(ACCOUNT, [], at)
        await uow.commit()
    assert await get(backend, 1) == replace(message(1), handed_over=True, updated_at=at)
    assert (await get(backend, 2)).handed_over is False  # answered: nothing to hold back
    assert (await get(backend, 4, account=OTHER)).handed_over is False  # another account's id
    later = at + timedelta(minutes=10)
    async with backend.uow() as uow:  # every read of a message carries it
        assert [m.handed_over for m in await uow.messages.list_batch(ACCOUNT, ids(9))] == [True]
        claimed = await uow.messages.claim_stuck(later - timedelta(minutes=5), later, limit=10)
        await uow.commit()
    assert {m.id: m.handed_over for m in claimed} == {ids(101): True, ids(103): True, ids(104): False}


async def test_a_message_written_handed_over_reads_back_so_one_or_many(backend) -> None:
    await add(backend, replace(message(1), handed_over=True))
    await add(backend, *(replace(message(n, batch=ids(9)), handed_over=True) for n in range(2, 4)))
    assert await get(backend, 1) == replace(message(1), handed_over=True)
    assert await get(backend, 3) == replace(message(3, batch=ids(9)), handed_over=True)


async def test_stuck_pending_messages_are_claimed_once_per_period(backend) -> None:
    await add(backend, message(1, at=T0), message(2, at=T0 + timedelta(minutes=8)),
              message(3, at=T0, campaign=ids(7)), message(4, account=OTHER, at=T0 + timedelta(seconds=1)))
    now = T0 + timedelta(minutes=10)
    async with backend.uow() as uow:
        claimed = await uow.messages.claim_stuck(now - timedelta(minutes=5), now, limit=10)
        await uow.commit()
    assert [m.id for m in claimed] == [ids(101), ids(104)]  # campaign messages are the campaign's
    assert {m.updated_at for m in claimed} == {now}
    async with backend.uow() as uow:
        assert await uow.messages.claim_stuck(now - timedelta(minutes=5), now, limit=10) == []
        later = now + timedelta(minutes=6)
        assert len(await uow.messages.claim_stuck(later - timedelta(minutes=5), later, limit=1)) == 1


async def test_sender_ids_are_per_account(backend) -> None:
    async with backend.uow() as uow:
        assert await uow.senders.add(ACCOUNT, SenderId("MYSHOP", T0))
        assert not await uow.senders.add(ACCOUNT, SenderId("MYSHOP", T0 + timedelta(1)))
        assert await uow.senders.add(ACCOUNT, SenderId("ALPHA", T0))
        await uow.commit()
    async with backend.uow() as uow:
        assert [s.sender_id for s in await uow.senders.list(ACCOUNT)] == ["ALPHA", "MYSHOP"]
        assert (await uow.senders.list(ACCOUNT))[1] == SenderId("MYSHOP", T0)
        assert await uow.senders.is_registered(ACCOUNT, "MYSHOP")
        assert not await uow.senders.is_registered(OTHER, "MYSHOP")
        assert await uow.senders.remove(ACCOUNT, "MYSHOP")
        assert not await uow.senders.remove(ACCOUNT, "MYSHOP")
        await uow.commit()
    async with backend.uow() as uow:
        assert [s.sender_id for s in await uow.senders.list(ACCOUNT)] == ["ALPHA"]


async def test_a_message_paid_for_before_is_not_paid_for_again(backend) -> None:
    async with backend.uow() as uow:
        await uow.ledger.post(ACCOUNT, Posting(type=EntryType.GRANT, credits=1, description="grant",
                                               reference="grant:1"), ids(900), T0)
        await uow.commit()
    deduction = Posting(type=EntryType.DEDUCT, credits=1, description="SMS", reference=f"send:{ids(101)}")
    for entry_id, expected in ((ids(901), True), (ids(902), False)):  # balance 0 the second time:
        async with backend.uow() as uow:                                # a repeat, not a refusal
            assert await uow.messages.add_paid(message(1), deduction, entry_id, T0) is expected
            await uow.commit()
    async with backend.uow() as uow:
        assert await uow.ledger.balance(ACCOUNT) == 0
        assert (await uow.ledger.history(ACCOUNT, 1, 10)).total == 2
        assert await uow.messages.get(ACCOUNT, ids(101)) == message(1)


async def test_a_batch_reads_back_its_own_messages_only(backend) -> None:
    await add(backend, *(message(n, batch=ids(9)) for n in range(1, 4)), message(4, batch=ids(8)), message(5))
    await add(backend, message(6, account=OTHER, batch=ids(9)))
    async with backend.uow() as uow:
        batch = await uow.messages.list_batch(ACCOUNT, ids(9))
        assert await uow.messages.list_batch(ACCOUNT, ids(7)) == []
    assert sorted(batch, key=lambda m: m.id) == [message(n, batch=ids(9)) for n in range(1, 4)]


CAMPAIGN = ids(50)
OPTED_OUT = "+255712000005"


def campaign_message(n: int, batch: int, account: str = ACCOUNT) -> Message:
    return replace(message(n, account=account, campaign=CAMPAIGN), campaign_batch=batch,
                   to=OPTED_OUT if n == 5 else f"+2557120000{n:02d}")


async def test_a_campaigns_messages_are_written_and_read_by_batch_and_settled_by_what_is_paid(backend) -> None:
    async with backend.uow() as uow:
        await uow.campaigns.add(Campaign(account_id=ACCOUNT, id=CAMPAIGN, name="Ofa", message="Habari",
                                         contact_list_id=ids(60), status=CampaignStatus.RUNNING, created_at=T0,
                                         updated_at=T0, batches_paid=1))
        # batch 1: 1-3, batch 2: 4-5, batch 3: 6, built as they are taken; another account's under the same id
        await uow.messages.add_campaign_messages(campaign_message(n, (n + 2) // 3) for n in (6, 4, 1, 5, 2, 3))
        await uow.messages.add_campaign_messages([campaign_message(7, 1, account=OTHER)])
        await uow.opt_outs.opt_out(ACCOUNT, OPTED_OUT, T0)
        await uow.commit()
    mine = {n: campaign_message(n, (n + 2) // 3) for n in range(1, 7)}
    at = T0 + timedelta(minutes=1)
    async with backend.uow() as uow:
        assert await uow.messages.campaign_batch(ACCOUNT, CAMPAIGN, 1) == [mine[1], mine[2], mine[3]]
        assert await uow.messages.campaign_messages(ACCOUNT, CAMPAIGN, None, 2, 4) == ([mine[5], mine[6]], 6)
        assert [chunk async for chunk in uow.messages.all_campaign_messages(ACCOUNT, CAMPAIGN, 4)] == [
            [mine[1], mine[2], mine[3], mine[4]], [mine[5], mine[6]]]
        assert await uow.messages.exclude_opted_out(ACCOUNT, CAMPAIGN, 1, at) == 0
        assert await uow.messages.exclude_opted_out(ACCOUNT, CAMPAIGN, 2, at) == 1
        await uow.messages.record_outcomes(ACCOUNT, [sent(1)], at)
        assert await uow.messages.paid_pending(ACCOUNT, CAMPAIGN) == [mine[2], mine[3]]  # batch 1 is paid for
        assert await uow.messages.fail_unpaid(ACCOUNT, CAMPAIGN, "cancelled", at) == 2  # 4 and 6 (5 failed before)
        await uow.commit()
    uncharged = {"status": MessageStatus.FAILED, "credits_used": 0, "cost": "0 credits", "updated_at": at}
    async with backend.uow() as uow:
        assert await uow.messages.campaign_messages(ACCOUNT, CAMPAIGN, MessageStatus.FAILED, 1, 10) == ([
            replace(mine[4], **uncharged, error="cancelled"), replace(mine[5], **uncharged, error="opted_out"),
            replace(mine[6], **uncharged, error="cancelled")], 3)
        assert await uow.messages.campaign_batch(ACCOUNT, CAMPAIGN, 2) == []
        assert await uow.messages.campaign_messages(OTHER, CAMPAIGN, None, 1, 10) == (
            [campaign_message(7, 1, account=OTHER)], 1)
