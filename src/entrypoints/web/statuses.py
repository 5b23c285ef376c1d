"""The states of messages and campaigns, and why a message failed, in this layer's words (msgids,
translated on the page). The API's values stay as they are; a value not named here is shown as
the API gives it."""

from __future__ import annotations

from entrypoints.web.i18n import _

MESSAGE_STATUSES: dict[str, str] = {
    "pending": _("Waiting"),
    "sent": _("Sent"),
    "delivered": _("Delivered"),
    "failed": _("Failed"),
}

CAMPAIGN_STATUSES: dict[str, str] = {
    "draft": _("Draft"),
    "scheduled": _("Scheduled"),
    "running": _("Sending"),
    "completed": _("Completed"),
    "failed": _("Failed"),
}

# What each message status means, under its count.
MESSAGE_STATUS_HINTS: dict[str, str] = {
    "pending": _("not yet taken by the network"),
    "sent": _("taken by the network, delivery not yet reported"),
    "delivered": _("reached the phone"),
    "failed": _("not sent, or not delivered"),
}

# Why a campaign failed (its `failure_reason`).
CAMPAIGN_FAILURE_REASONS: dict[str, str] = {
    "insufficient_credits": _("The balance did not cover it."),
    "cancelled": _("Stopped before everyone was reached."),
}

# A message's `error`, by who said it: ujumbe, the gateway, the carrier.
FAILURE_REASONS: dict[str, str] = {
    "rejected": _("The network refused it."),
    "rejected_by_gateway": _("The network refused it."),
    "gateway_unavailable": _("The network could not be reached."),
    "gateway_no_answer": _("The network did not answer."),
    "undeliverable": _("The phone could not be reached."),
    "opted_out": _("The number has opted out of your messages."),
    "cancelled": _("The campaign was stopped."),
    "insufficient_credits": _("Your balance ran out."),
    "invalid_phone_number": _("This is not a Tanzanian mobile number."),
}

# What each ledger entry is (its `type`), as the credit history names it.
ENTRY_TYPES: dict[str, str] = {
    "purchase": _("Bought"),
    "grant": _("Given by ujumbe"),
    "deduct": _("Spent on SMS"),
    "refund": _("Refunded"),
}

# What a reply did to the number's campaigns (its `action`).
REPLY_ACTIONS: dict[str, str] = {
    "stop": _("Opted out: campaigns leave this number out"),
    "start": _("Opted back in"),
}

# How an order is paid (its `provider`).
PAYMENT_METHODS: dict[str, str] = {
    "mobilemoney": _("A prompt on the phone (USSD push)"),
    "mobilemoney-session": _("A mobile-money payment page"),
    "manual": _("By hand, confirmed by ujumbe"),
}
