"""/v1/notifications: low balance, payments, campaigns and announcements, newest first."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import msgspec
from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath

from application.notifications import ListNotifications, MarkNotificationRead
from application.ports import NotificationKind
from domain.errors import NotFound
from domain.ids import lookup_id
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import page_parameters


PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)


class NotificationBody(ResponseBody, kw_only=True):
    id: str
    kind: NotificationKind = msgspec.field(name="type")
    title: str
    message: str
    data: dict[str, Any]
    read: bool
    read_at: datetime | None
    created_at: datetime


class NotificationList(ResponseBody, kw_only=True):
    notifications: list[NotificationBody]
    unread: int
    page: int
    per_page: int
    total: int


class NotificationsController(Controller):
    path = "/v1/notifications"
    tags = ["notifications"]
    dependencies = {"principal": authenticated(API_KEY, JWT)}

    @get("/", operation_id="listNotifications",
         dependencies={"list_notifications": provide(Container.list_notifications)})
    async def list_notifications(
        self,
        principal: NamedDependency[Principal],
        list_notifications: NamedDependency[ListNotifications],
        page: Annotated[int, PAGE] = 1,
        per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE,
    ) -> Envelope[NotificationList]:
        """The account's notifications, newest first, with the unread count."""
        return ok(body_of(await list_notifications(principal.account_id, page, per_page), NotificationList))

    @post("/{notification_id:str}/read", operation_id="markNotificationRead", status_code=200,
          opt={"errors": (NotFound,)},
          dependencies={"mark_notification_read": provide(Container.mark_notification_read)})
    async def mark_read(self, principal: NamedDependency[Principal], notification_id: FromPath[str],
                        mark_notification_read: NamedDependency[MarkNotificationRead]) -> Envelope[NotificationBody]:
        """Mark one notification read."""
        read = await mark_notification_read(principal.account_id, lookup_id(notification_id))
        return ok(body_of(read, NotificationBody))
