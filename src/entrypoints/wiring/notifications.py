"""Notifications: what an account is told (announcements, low balance) and its threshold. (The
low-balance check itself is made by the outbox dispatch and campaign runs: `core`.)"""

from __future__ import annotations

from dependency_injector import providers

from application.notifications import (
    Announce,
    GetBalanceAlert,
    ListNotifications,
    MarkNotificationRead,
    SetLowBalanceThreshold,
)
from entrypoints.wiring.core import Core

clock, ids, uow = Core.clock, Core.ids, Core.uow


class Notifications(Core):
    list_notifications = providers.Factory(ListNotifications, uow=uow.provider)
    mark_notification_read = providers.Factory(MarkNotificationRead, uow=uow.provider, clock=clock)
    announce = providers.Factory(Announce, uow=uow.provider, clock=clock, ids=ids)
    set_low_balance_threshold = providers.Factory(SetLowBalanceThreshold, uow=uow.provider)
    balance_alert = providers.Factory(GetBalanceAlert, uow=uow.provider)
