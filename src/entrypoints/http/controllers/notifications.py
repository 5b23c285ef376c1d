"""/v1/notifications: low balance, payments, campaigns and announcements, newest first."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import msgspec
from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery

from application.notifications import DEFAULT_PER_PAGE, ListNotifications, MarkNotificationRead
from application.ports import Notification
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok


class NotificationBody(msgspec.Struct, kw_only=True):
    id: str
    type: str  # low_balance, payment, campaign, announcement
    title: str
    message: str
    data: dict[str, Any]
    read: bool
    read_at: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, n: Notification) -> NotificationBody:
        return cls(id=n.id, type=n.kind.value, title=n.title, message=n.message, data=dict(n.data),
                   read=n.read_at is not None, read_at=n.read_at.astimezone(UTC) if n.read_at else None,
                   created_at=n.created_at.astimezone(UTC))


class NotificationList(msgspec.Struct, kw_only=True):
    notifications: list[NotificationBody]
    unread: int
    page: int
    per_page: int
    total: int


class NotificationsController(Controller):
    path = "/v1/notifications"
    tags = ["notifications"]
    dependencies = {"principal": authenticated("K", "J")}

    @get("/", operation_id="listNotifications",
         dependencies={"list_notifications": from_container("list_notifications")})
    async def list_notifications(
        self,
        principal: NamedDependency[Principal],
        list_notifications: NamedDependency[ListNotifications],
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Envelope[NotificationList]:
        """The account's notifications, newest first, with the unread count."""
        found = await list_notifications(principal.account_id, page, per_page)
        return ok(NotificationList(notifications=[NotificationBody.of(n) for n in found.notifications],
                                   unread=found.unread, page=found.page, per_page=found.per_page,
                                   total=found.total))

    @post("/{notification_id:str}/read", operation_id="markNotificationRead", status_code=200,
          dependencies={"mark_notification_read": from_container("mark_notification_read")})
    async def mark_read(self, principal: NamedDependency[Principal], notification_id: FromPath[str],
                        mark_notification_read: NamedDependency[MarkNotificationRead]) -> Envelope[NotificationBody]:
        """Mark one notification read."""
        return ok(NotificationBody.of(await mark_notification_read(principal.account_id, notification_id)))
