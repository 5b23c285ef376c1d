"""Notifications an account reads in its dashboard: low balance, payments, campaigns, announcements.

Other areas add theirs with `uow.notifications.add(...)` in the transaction that causes them
(a confirmed payment, a finished campaign). Low balance is noticed once per crossing below the
account's threshold: `CheckLowBalance` remembers whether the account was already told.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import (
    Clock,
    IdGenerator,
    Notification,
    NotificationKind,
    UnitOfWork,
    UnitOfWorkFactory,
)
from domain.errors import NotFound, ValidationError
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging

MAX_ANNOUNCEMENT_LENGTH = 1000


@dataclass(frozen=True, slots=True)
class NotificationPage:
    notifications: list[Notification]
    unread: int
    page: int
    per_page: int
    total: int


class ListNotifications:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, page: int = 1, per_page: int = DEFAULT_PER_PAGE) -> NotificationPage:
        page, per_page = validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            notifications, total = await uow.notifications.page(account_id, page, per_page)
            unread = await uow.notifications.unread_count(account_id)
        return NotificationPage(notifications, unread, page, per_page, total)


class MarkNotificationRead:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, notification_id: str) -> Notification:
        async with self._uow() as uow:
            notification = await uow.notifications.mark_read(account_id, notification_id, self._clock.now())
            if notification is None:
                raise NotFound("No such notification.")
            await uow.commit()
        return notification


class Announce:
    """One `announcement` notification for every account (operator: `ujumbe announce`)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, text: str, title: str = "Announcement") -> int:
        text = text.strip()
        if not text or len(text) > MAX_ANNOUNCEMENT_LENGTH:
            raise ValidationError(
                f"An announcement has 1 to {MAX_ANNOUNCEMENT_LENGTH} characters.", field="text"
            )
        now = self._clock.now()
        async with self._uow() as uow:
            accounts = await uow.accounts.list()
            await uow.notifications.add_many(
                Notification(id=self._ids.new_id(), account_id=account.id,
                             kind=NotificationKind.ANNOUNCEMENT, title=title, message=text, created_at=now)
                for account in accounts
            )
            await uow.commit()
        return len(accounts)


class SetLowBalanceThreshold:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, threshold: int) -> int:
        if threshold < 0:
            raise ValidationError("The threshold is 0 credits or more.", field="threshold")
        async with self._uow() as uow:
            if not await uow.notifications.set_low_balance_threshold(account_id, threshold):
                raise NotFound("No such account.")
            await uow.commit()
        return threshold


@dataclass(frozen=True, slots=True)
class BalanceAlert:
    """A balance against the account's low-balance threshold."""

    balance: int
    threshold: int

    @property
    def low(self) -> bool:
        return self.balance < self.threshold


class GetBalanceAlert:
    """The account's balance, and whether it is below its threshold (what `CheckLowBalance` tells)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> BalanceAlert:
        async with self._uow() as uow:
            return BalanceAlert(await uow.ledger.balance(account_id),
                                await uow.notifications.low_balance_threshold(account_id))


class CheckLowBalance:
    """Tells an account once when its balance falls below its threshold.

    Runs after debits (the outbox dispatch calls it for every account with new events). Climbing
    back to the threshold or above re-arms the alert for the next crossing.
    """

    def __init__(self, clock: Clock, ids: IdGenerator) -> None:
        self._clock, self._ids = clock, ids

    async def __call__(self, uow: UnitOfWork, account_id: str) -> Notification | None:
        alert = BalanceAlert(await uow.ledger.balance(account_id),
                             await uow.notifications.low_balance_threshold(account_id))
        balance, threshold = alert.balance, alert.threshold
        notified = await uow.notifications.low_balance_notified(account_id)
        now = self._clock.now()
        if not alert.low:
            if notified:
                await uow.notifications.set_low_balance_notified(account_id, False, now)
            return None
        if notified:
            return None
        notification = Notification(
            id=self._ids.new_id(), account_id=account_id, kind=NotificationKind.LOW_BALANCE,
            title="Low balance",
            message=f"Your balance is {balance} credits, below {threshold}. Top up to keep sending.",
            created_at=now, data={"balance": balance, "threshold": threshold},
        )
        await uow.notifications.add(notification)
        await uow.notifications.set_low_balance_notified(account_id, True, now)
        return notification
