"""Notifications (low balance once per crossing, announcements) and inbound SMS with STOP/START."""

from __future__ import annotations

import pytest

from adapters.memory.gateway import MemorySimulatorGateway
from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.credits.balance import Grant, GrantCredits
from application.sending.inbound import IsOptedOut, ListInboundMessages, ReceiveInboundSms
from application.notifications import (
    Announce,
    CheckLowBalance,
    GetBalanceAlert,
    ListNotifications,
    MarkNotificationRead,
    SetLowBalanceThreshold,
)
from application.outbox import DispatchOutbox
from application.ports import InboundSms, Notification, NotificationKind, SenderId
from application.sending.sends import SendSms, SmsRequest
from application.webhooks.deliveries import FanOutEvent
from domain.accounts import Account
from domain.errors import InvalidPhoneNumber, NotFound, ValidationError
from domain.inbound import OptOutAction
from domain.ledger import EntryType, Posting
from tests_support import ids

ACCOUNT = ids(1)
OTHER = ids(2)
PHONE = "+255712345678"


class NoJobs:
    async def defer(self, *args: object, **kwargs: object) -> None:
        pass

    async def defer_many(self, *args: object, **kwargs: object) -> None:
        pass


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.gateway = MemorySimulatorGateway(self.clock, self.ids)
        for n, account in enumerate((ACCOUNT, OTHER)):
            self.store.table("accounts")[account] = Account(
                id=account, email=f"a{n}@example.com", password_hash="x", business_name="", plan="free",
                phone=None, phone_verified=False, email_verified=False, created_at=self.clock.now())
            self.store.table("account_ids", set).add(account)

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    async def grant(self, credits: int, account: str = ACCOUNT) -> None:
        await GrantCredits(self.uow, self.clock, self.ids)(Grant(account_id=account, credits=credits))

    async def deduct(self, credits: int) -> None:
        async with self.uow() as uow:
            posting = Posting(type=EntryType.DEDUCT, credits=credits, description="test",
                              reference=f"test:{self.ids.new_id()}")
            await uow.ledger.post(ACCOUNT, posting, self.ids.new_id(), self.clock.now())
            await uow.commit()

    async def check(self) -> Notification | None:
        async with self.uow() as uow:
            found = await CheckLowBalance(self.clock, self.ids)(uow, ACCOUNT)
            await uow.commit()
        return found

    async def send(self, to: str, account: str = ACCOUNT, sender: str | None = None) -> str:
        if sender:
            async with self.uow() as uow:
                await uow.senders.add(account, SenderId(sender_id=sender, created_at=self.clock.now()))
                await uow.commit()
        send = SendSms(self.uow, self.clock, self.ids, self.gateway, default_sender="UJUMBE")
        result = await send(SmsRequest(account_id=account, to=to, message="Ofa leo", sender=sender))
        self.clock.advance(60)
        return result.message_id

    def receive(self) -> ReceiveInboundSms:
        return ReceiveInboundSms(self.uow, self.clock, self.ids)


@pytest.fixture()
def world() -> World:
    return World()


async def test_low_balance_is_notified_once_per_crossing(world: World) -> None:
    await world.grant(150)
    assert await world.check() is None
    await world.deduct(60)  # 90: crossed below 100
    first = await world.check()
    assert first is not None and first.kind is NotificationKind.LOW_BALANCE
    assert first.data == {"balance": 90, "threshold": 100}
    await world.deduct(10)
    assert await world.check() is None  # still below: told already
    await world.grant(50)  # 130: back above re-arms
    assert await world.check() is None
    await world.deduct(40)  # 90 again
    assert await world.check() is not None
    page = await ListNotifications(world.uow)(ACCOUNT)
    assert [n.kind for n in page.notifications] == [NotificationKind.LOW_BALANCE] * 2


async def test_the_operator_sets_the_threshold(world: World) -> None:
    await world.grant(90)
    assert await SetLowBalanceThreshold(world.uow)(ACCOUNT, 50) == 50
    assert await world.check() is None
    await world.deduct(45)
    assert (await world.check()) is not None
    with pytest.raises(ValidationError):
        await SetLowBalanceThreshold(world.uow)(ACCOUNT, -1)
    with pytest.raises(NotFound):
        await SetLowBalanceThreshold(world.uow)(ids(99), 10)


async def test_the_balance_alert_is_low_exactly_where_the_notification_is_sent(world: World) -> None:
    alert = GetBalanceAlert(world.uow)
    await world.grant(100)
    assert (await alert(ACCOUNT)).low is False and await world.check() is None  # at the threshold: not low
    await world.deduct(1)
    found = await alert(ACCOUNT)
    assert (found.balance, found.threshold, found.low) == (99, 100, True) and await world.check() is not None
    await SetLowBalanceThreshold(world.uow)(ACCOUNT, 0)
    assert (await alert(ACCOUNT)).low is False


async def test_dispatching_the_events_of_a_send_notices_the_crossing(world: World) -> None:
    await world.grant(101)
    dispatch = DispatchOutbox(world.uow, world.clock, NoJobs(), FanOutEvent(world.ids),
                              CheckLowBalance(world.clock, world.ids))
    await world.send(PHONE)
    await dispatch()
    assert (await ListNotifications(world.uow)(ACCOUNT)).total == 0  # 100 is not below 100
    await world.send(PHONE)
    await dispatch()
    page = await ListNotifications(world.uow)(ACCOUNT)
    assert page.total == 1 and page.notifications[0].data["balance"] == 99


async def test_notifications_are_newest_first_paginated_with_an_unread_count(world: World) -> None:
    for n in range(3):
        await Announce(world.uow, world.clock, world.ids)(f"News {n}")
        world.clock.advance(1)
    page = await ListNotifications(world.uow)(ACCOUNT, page=1, per_page=2)
    assert [n.message for n in page.notifications] == ["News 2", "News 1"]
    assert (page.total, page.unread) == (3, 3)
    read = await MarkNotificationRead(world.uow, world.clock)(ACCOUNT, page.notifications[0].id)
    assert read.read_at == world.clock.now()
    world.clock.advance(5)
    again = await MarkNotificationRead(world.uow, world.clock)(ACCOUNT, read.id)
    assert again.read_at == read.read_at  # the first read stays
    page2 = await ListNotifications(world.uow)(ACCOUNT, page=2, per_page=2)
    assert [n.message for n in page2.notifications] == ["News 0"] and page2.unread == 2
    with pytest.raises(NotFound):
        await MarkNotificationRead(world.uow, world.clock)(OTHER, read.id)
    with pytest.raises(ValidationError):
        await ListNotifications(world.uow)(ACCOUNT, page=0)


async def test_an_announcement_reaches_every_account(world: World) -> None:
    assert await Announce(world.uow, world.clock, world.ids)("Maintenance tonight 22:00") == 2
    for account in (ACCOUNT, OTHER):
        (n,) = (await ListNotifications(world.uow)(account)).notifications
        assert (n.kind, n.message, n.read_at) == (NotificationKind.ANNOUNCEMENT, "Maintenance tonight 22:00", None)
    with pytest.raises(ValidationError):
        await Announce(world.uow, world.clock, world.ids)("   ")


@pytest.mark.parametrize(("text", "action"), [
    ("STOP", OptOutAction.STOP), (" stop ", OptOutAction.STOP), ("Stop.", OptOutAction.STOP),
    ("ACHA", OptOutAction.STOP), ("sitisha", OptOutAction.STOP), ("Unsubscribe", OptOutAction.STOP),
    ("START", OptOutAction.START), ("anza!", OptOutAction.START),
    ("stop sending me jokes", None), ("Asante", None),
])
async def test_opt_out_keywords(world: World, text: str, action: OptOutAction | None) -> None:
    await world.grant(10)
    await world.send(PHONE)
    received = await world.receive()(InboundSms(from_number="0712 345 678", text=text))
    assert (received.account_id, received.from_number, received.action) == (ACCOUNT, PHONE, action)
    opted_out = await IsOptedOut(world.uow)(ACCOUNT, PHONE)
    assert opted_out is (action is OptOutAction.STOP)


async def test_stop_then_start_opts_out_and_back_in_for_that_account_only(world: World) -> None:
    await world.grant(10)
    await world.grant(10, OTHER)
    await world.send(PHONE, OTHER)
    await world.send(PHONE)  # the most recent sender to this number gets its replies
    stop = await world.receive()(InboundSms(from_number=PHONE, text="STOP"))
    assert stop.account_id == ACCOUNT
    async with world.uow() as uow:
        among = await uow.opt_outs.opted_out_among(ACCOUNT, [PHONE, "+255700000000"])
    assert among == {PHONE: stop.received_at}
    assert await IsOptedOut(world.uow)(OTHER, PHONE) is False

    world.clock.advance(60)
    await world.receive()(InboundSms(from_number=PHONE, text="anza"))
    assert await IsOptedOut(world.uow)(ACCOUNT, PHONE) is False
    page = await ListInboundMessages(world.uow)(ACCOUNT)
    assert [(m.text, m.action) for m in page.messages] == [("anza", OptOutAction.START), ("STOP", OptOutAction.STOP)]
    assert (await ListInboundMessages(world.uow)(OTHER)).total == 0


async def test_a_reply_to_a_named_sender_goes_to_the_account_that_used_it(world: World) -> None:
    await world.grant(10)
    await world.grant(10, OTHER)
    await world.send(PHONE, OTHER, sender="DUKA")
    await world.send(PHONE)
    reply = await world.receive()(InboundSms(from_number=PHONE, text="stop", to="duka"))
    assert reply.account_id == OTHER
    assert await IsOptedOut(world.uow)(OTHER, PHONE) and not await IsOptedOut(world.uow)(ACCOUNT, PHONE)


async def test_an_sms_from_a_number_nobody_sent_to_is_kept_unrouted(world: World) -> None:
    received = await world.receive()(InboundSms(from_number=PHONE, text="STOP"))
    assert received.account_id is None
    assert received.action is OptOutAction.STOP
    assert (await ListInboundMessages(world.uow)(ACCOUNT)).total == 0
    assert await IsOptedOut(world.uow)(ACCOUNT, PHONE) is False


async def test_inbound_from_an_invalid_number_is_refused(world: World) -> None:
    with pytest.raises(InvalidPhoneNumber):
        await world.receive()(InboundSms(from_number="12", text="STOP"))
