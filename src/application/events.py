"""The webhook events areas record in their own transactions, each made here (shared, no area of
its own): a message's and a payment order's."""

from __future__ import annotations

from datetime import datetime

from application.ports import OutboxEvent, PaymentOrder
from domain.messages import Message, MessageStatus
from domain.payments import PaymentStatus
from domain.webhooks import WebhookEventType

_EVENT_OF_STATUS = {
    MessageStatus.SENT: WebhookEventType.MESSAGE_SENT,
    MessageStatus.DELIVERED: WebhookEventType.MESSAGE_DELIVERED,
    MessageStatus.FAILED: WebhookEventType.MESSAGE_FAILED,
}


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
