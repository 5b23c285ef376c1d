"""The webhook events areas record in their own transactions, each made here (shared, no area of
its own): a message's, a payment order's and a finished campaign's (with its notification).

A message event that no enabled endpoint of its account takes reaches nobody: where messages move
by the thousand (a campaign's outcomes, delivery reports) it is not recorded at all
(`event_types_taken`), as the dispatch would have fanned it out to no one. A single send's and a
bulk's `message.sent` are always recorded: the dispatch of their events is what checks the
account's low balance after the debit (a campaign run checks it as it pays).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from application.ports import Notification, NotificationKind, OutboxEvent, UnitOfWork
from domain.campaigns import Campaign, CampaignStatus
from domain.messages import Message, MessageStatus
from domain.payments import PaymentOrder, PaymentStatus
from domain.webhooks import WebhookEventType

_EVENT_OF_STATUS = {
    MessageStatus.SENT: WebhookEventType.MESSAGE_SENT,
    MessageStatus.DELIVERED: WebhookEventType.MESSAGE_DELIVERED,
    MessageStatus.FAILED: WebhookEventType.MESSAGE_FAILED,
}


def message_event_type(message: Message) -> str:
    """The event of the status a message just reached."""
    return _EVENT_OF_STATUS[message.status]


async def event_types_taken(uow: UnitOfWork, account_ids: Iterable[str]) -> dict[str, frozenset[str]]:
    """Per account, the event types some enabled webhook endpoint of it takes now (read in the
    transaction that records the events: an endpoint added later gets what happens after it)."""
    return {account_id: frozenset(event_type for endpoint in await uow.webhooks.endpoints(account_id)
                                  if endpoint.enabled for event_type in endpoint.events)
            for account_id in dict.fromkeys(account_ids)}


def message_event(message: Message, event_id: str, at: datetime) -> OutboxEvent:
    """The webhook event of the status a message just reached (`message.sent`, `.delivered`,
    `.failed`), whether a submit's outcome or a delivery report moved it there."""
    data: dict[str, object] = {
        "message_id": message.id, "to": message.to, "from": message.sender,
        "status": message.status.value, "credits_used": message.credits_used,
        "sms_parts": message.sms_parts, "batch_id": message.batch_id,
    }
    if message.campaign_id is not None:
        data["campaign_id"] = message.campaign_id
    if message.status == MessageStatus.DELIVERED:
        data["delivered_at"] = message.delivered_at.isoformat() if message.delivered_at else None
    elif message.status == MessageStatus.FAILED:
        data["error"] = message.error
    return OutboxEvent(id=event_id, account_id=message.account_id, type=_EVENT_OF_STATUS[message.status],
                       data=data, created_at=at)


def payment_event(order: PaymentOrder, event_id: str, at: datetime) -> OutboxEvent:
    """`payment.confirmed` or `payment.failed` for a settled order."""
    if order.status is PaymentStatus.PENDING:
        raise ValueError("a pending payment order has no event yet")
    event_type = (WebhookEventType.PAYMENT_CONFIRMED if order.status is PaymentStatus.CONFIRMED
                  else WebhookEventType.PAYMENT_FAILED)
    data: dict[str, object] = {
        "order_id": order.id, "status": order.status.value, "source": order.source,
        "provider": order.provider, "amount": order.amount, "currency": order.currency,
        "credit_amount": order.credit_amount,
    }
    if order.status is PaymentStatus.FAILED:
        data["failure_reason"] = order.failure_reason
    return OutboxEvent(id=event_id, account_id=order.account_id, type=event_type, data=data, created_at=at)


def campaign_finished(campaign: Campaign, event_id: str, notification_id: str,
                      at: datetime) -> tuple[OutboxEvent, Notification]:
    """`campaign.completed` or `campaign.failed` for a campaign that just ended, and the
    account's `campaign` notification of it."""
    if campaign.status not in (CampaignStatus.COMPLETED, CampaignStatus.FAILED):
        raise ValueError("only a finished campaign has an event")
    completed = campaign.status is CampaignStatus.COMPLETED
    data: dict[str, object] = {
        "campaign_id": campaign.id, "name": campaign.name, "status": campaign.status.value,
        "contact_list_id": campaign.contact_list_id, "total_contacts": campaign.total_contacts,
        "sent_count": campaign.sent_count, "delivered_count": campaign.delivered_count,
        "failed_count": campaign.failed_count, "failure_reason": campaign.failure_reason,
    }
    event = OutboxEvent(id=event_id, account_id=campaign.account_id,
                        type=WebhookEventType.CAMPAIGN_COMPLETED if completed else WebhookEventType.CAMPAIGN_FAILED,
                        data=data, created_at=at)
    message = (f"Campaign \"{campaign.name}\" was sent to {campaign.sent_count} of {campaign.total_contacts} recipients."
               if completed else f"Campaign \"{campaign.name}\" stopped ({campaign.failure_reason}) after "
               f"{campaign.sent_count} of {campaign.total_contacts} recipients.")
    notification = Notification(id=notification_id, account_id=campaign.account_id, kind=NotificationKind.CAMPAIGN,
                                title="Campaign completed" if completed else "Campaign failed",
                                message=message, created_at=at, data=data)
    return event, notification
