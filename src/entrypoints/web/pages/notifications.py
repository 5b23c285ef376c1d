"""The account's notifications (low balance, payments, campaigns, announcements), newest first,
the unread ones marked; each marked read on its own, as the API's `/v1/notifications` does (it
has no "all read")."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter
from litestar.response import Redirect, Template

from application.notifications import ListNotifications, MarkNotificationRead
from application.ports import NotificationKind
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

PER_PAGE = 20
KINDS = {NotificationKind.LOW_BALANCE: _("Low balance"), NotificationKind.PAYMENT: _("Payment"),
         NotificationKind.CAMPAIGN: _("Campaign"), NotificationKind.ANNOUNCEMENT: _("Announcement")}
# The titles ujumbe gives its notifications (stored in English), so a page shows them in its
# reader's language; an announcement's own title is shown as the operator wrote it.
TITLES = [_("Low balance"), _("Payment received"), _("Payment received late"), _("Payment not completed"),
          _("Payment failed"), _("Campaign completed"), _("Campaign failed"), _("Announcement")]


class NotificationPages(Controller):
    path = "/notifications"

    @get("/")
    async def notifications(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                            page_number: Annotated[int, QueryParameter(name="page")] = 1) -> Template:
        list_notifications: ListNotifications = use_cases(request).list_notifications()
        found = await list_notifications(viewer.account_id, page_number, PER_PAGE)
        return page(request, "notifications.html", viewer=viewer, found=found, kinds=KINDS, titles=TITLES)

    @post("/{notification_id:uuid}/read")
    async def mark_read(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                        notification_id: FromPath[UUID]) -> Redirect:
        """Back to the page it was on; another account's notification is not found."""
        mark_read: MarkNotificationRead = use_cases(request).mark_notification_read()
        await mark_read(viewer.account_id, str(notification_id))
        back = (await form_of(request)).get("page", "1")
        return Redirect(path=f"/notifications?page={back if back.isascii() and back.isdigit() else 1}", status_code=303)
