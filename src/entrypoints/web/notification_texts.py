"""What ujumbe's own notifications say, in the reader's language.

A notification keeps the English text it was made with (the API's `message`); the dashboard writes
each kind it knows again from its `data` (the figures), in the page's language with the page's
numbers and amounts. A row whose `data` lacks a figure the sentence needs (made before that figure
was kept) shows its stored text, and so does an announcement: the operator's own words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from babel.support import Translations

from application.payments.settlement import (
    DECLINED,
    EXPIRED,
    FAILED_BY_OPERATOR,
    PAYMENT_ORDER_TIMEOUT,
)
from application.ports import Notification, NotificationKind
from domain.campaigns import CANCELLED, INSUFFICIENT_CREDITS
from entrypoints.web.i18n import _, number, shillings, translations

# Why a payment failed (its `reason`), by what ujumbe or a provider says; lower case, as the
# providers' texts come in any case. Another reason (a provider's or an operator's own words) is
# shown as it is.
PAYMENT_FAILURE_REASONS: dict[str, str] = {
    "insufficient balance": _("there was not enough money on the paying account"),  # the providers' word
    DECLINED: _("the provider declined it"),
    FAILED_BY_OPERATOR: _("ujumbe cancelled it"),
}

Sentence = Callable[[Notification, Translations, str], str | None]


def _whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value else None


def _money(amount: int, currency: str, language: str) -> str:
    return shillings(amount, language) if currency == "TZS" else f"{number(amount, language)} {currency}"


def _low_balance(notification: Notification, words: Translations, language: str) -> str | None:
    balance, threshold = _whole(notification.data, "balance"), _whole(notification.data, "threshold")
    if balance is None or threshold is None:
        return None
    return words.ngettext("Your balance is %(balance)s credit, below %(threshold)s. Top up to keep sending.",
                          "Your balance is %(balance)s credits, below %(threshold)s. Top up to keep sending.",
                          balance) % {"balance": number(balance, language), "threshold": number(threshold, language)}


def _payment(notification: Notification, words: Translations, language: str) -> str | None:
    data = notification.data
    amount, currency, credits = _whole(data, "amount"), _text(data, "currency"), _whole(data, "credit_amount")
    status, reason = _text(data, "status"), _text(data, "reason")
    if amount is None or currency is None or credits is None:
        return None
    figures = {"amount": _money(amount, currency, language), "credits": number(credits, language)}
    if status == "confirmed":
        said = words.ngettext("Your payment of %(amount)s was received: %(credits)s credit was added to your balance.",
                              "Your payment of %(amount)s was received: %(credits)s credits were added to your"
                              " balance.", credits) % figures
        if notification.title == "Payment received late":
            said += " " + words.gettext("It arrived after the order had been cancelled, so it was confirmed late.")
        return said
    if status != "failed" or reason is None:
        return None
    if reason == EXPIRED:
        minutes = number(int(PAYMENT_ORDER_TIMEOUT.total_seconds() // 60), language)
        return words.ngettext("Your payment of %(amount)s for %(credits)s credit got no answer within %(minutes)s"
                              " minutes and was cancelled. Start a new payment to try again.",
                              "Your payment of %(amount)s for %(credits)s credits got no answer within %(minutes)s"
                              " minutes and was cancelled. Start a new payment to try again.",
                              credits) % {**figures, "minutes": minutes}
    known = PAYMENT_FAILURE_REASONS.get(reason.strip().lower())
    return words.ngettext("Your payment of %(amount)s for %(credits)s credit failed: %(reason)s. No money was taken"
                          " for it; start a new payment to try again.",
                          "Your payment of %(amount)s for %(credits)s credits failed: %(reason)s. No money was"
                          " taken for it; start a new payment to try again.",
                          credits) % {**figures, "reason": words.gettext(known) if known else reason}


def _campaign(notification: Notification, words: Translations, language: str) -> str | None:
    data = notification.data
    name, status, reason = _text(data, "name"), _text(data, "status"), _text(data, "failure_reason")
    sent, total = _whole(data, "sent_count"), _whole(data, "total_contacts")
    if name is None or sent is None or total is None:
        return None
    figures = {"name": name, "sent": number(sent, language), "total": number(total, language)}
    if status == "completed":
        said = words.ngettext('Campaign "%(name)s" was sent to %(sent)s of %(total)s recipient.',
                              'Campaign "%(name)s" was sent to %(sent)s of %(total)s recipients.', total)
    elif status != "failed" or reason is None:
        return None
    elif reason == INSUFFICIENT_CREDITS:
        said = words.ngettext('Campaign "%(name)s" stopped after %(sent)s of %(total)s recipient: the balance did'
                              ' not cover it.',
                              'Campaign "%(name)s" stopped after %(sent)s of %(total)s recipients: the balance did'
                              ' not cover it.', total)
    elif reason == CANCELLED:
        said = words.ngettext('Campaign "%(name)s" was stopped after %(sent)s of %(total)s recipient.',
                              'Campaign "%(name)s" was stopped after %(sent)s of %(total)s recipients.', total)
    else:
        said = words.ngettext('Campaign "%(name)s" stopped (%(reason)s) after %(sent)s of %(total)s recipient.',
                              'Campaign "%(name)s" stopped (%(reason)s) after %(sent)s of %(total)s recipients.',
                              total)
        figures["reason"] = reason
    return said % figures


SENTENCES: dict[NotificationKind, Sentence] = {
    NotificationKind.LOW_BALANCE: _low_balance,
    NotificationKind.PAYMENT: _payment,
    NotificationKind.CAMPAIGN: _campaign,
}


def notification_text(notification: Notification, language: str) -> str:
    """The notification's body in `language`: written from its figures for a kind ujumbe makes,
    else (an announcement, a row without the figures) the text it was stored with."""
    sentence = SENTENCES.get(notification.kind)
    written = sentence(notification, translations()[language], language) if sentence else None
    return written or notification.message
