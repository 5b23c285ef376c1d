"""`ujumbe payments list [--status] | show ORDER_ID | confirm ORDER_ID | fail ORDER_ID`: payment
orders for the operator, across accounts."""

from __future__ import annotations

import getpass
from typing import Any

import click

from application.ports import PaymentOrder, ProviderEvent
from domain.payments import PaymentStatus
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit


def _order_json(order: PaymentOrder) -> dict[str, Any]:
    """The order as the API shows it, with what the operator also needs (its account, its reference
    at the provider, who settled it, a late confirmation, a flag for review)."""
    return {
        "id": order.id, "account_id": order.account_id, "status": order.status, "source": order.source,
        "provider": order.provider, "amount": order.amount, "currency": order.currency,
        "credit_amount": order.credit_amount, "checkout_message": order.checkout_message,
        "package_id": order.package_id, "phone": order.payer_phone, "leftover_tzs": order.leftover_tzs,
        "checkout_url": order.checkout_url, "failure_reason": order.failure_reason,
        "created_at": order.created_at, "confirmed_at": order.confirmed_at, "failed_at": order.failed_at,
        "reference": order.reference, "provider_ref": order.provider_ref, "settled_by": order.settled_by,
        "confirmed_late": order.confirmed_late, "review_reason": order.review_reason,
    }


def _order_text(o: PaymentOrder) -> str:
    reason = f" ({o.failure_reason})" if o.failure_reason else ""
    late = " late" if o.confirmed_late else ""
    review = f"  REVIEW: {o.review_reason}" if o.review_reason else ""
    by = f"  by {o.settled_by}" if o.settled_by else ""
    return (f"{o.id}  {o.status}{late}{reason}  {o.amount:,} {o.currency} -> {o.credit_amount:,} credits"
            f"  {o.source} via {o.provider}  account {o.account_id}{by}{review}")


def _answer_text(e: ProviderEvent) -> str:
    reason = f" ({e.reason})" if e.reason else ""
    return f"  {e.received_at:%Y-%m-%d %H:%M:%S}  {e.channel:<8} {e.outcome}{reason}"


@cli.group()
def payments() -> None:
    """Inspect, confirm and fail payment orders."""


@command(payments, "list")
@click.option("--status", type=click.Choice([s.value for s in PaymentStatus]), default=None,
              help="Only orders in this status.")
@click.option("--limit", type=click.IntRange(1, 1000), default=50, show_default=True)
async def list_payments(status: str | None, limit: int) -> None:
    """The newest payment orders of every account."""
    async with services() as c:
        found = await c.operator_payment_orders()(PaymentStatus(status) if status else None, limit)
    emit([_order_json(o) for o in found], lambda: "\n".join(map(_order_text, found)) or "no payment orders")


@command(payments, "show")
@click.argument("order_id")
async def show_payment(order_id: str) -> None:
    """One order, with every answer its provider gave about it."""
    async with services() as c:
        record = await c.show_payment_order()(order_id)
    answers = [{"channel": e.channel, "outcome": e.outcome, "reason": e.reason, "received_at": e.received_at,
                "body": e.body} for e in record.provider_events]
    emit({**_order_json(record.order), "provider_events": answers},
         lambda: "\n".join([_order_text(record.order), "provider answers:" if answers else "no provider answers",
                            *map(_answer_text, record.provider_events)]))


_BY = click.option("--by", "operator", default=getpass.getuser, show_default="your user name",
                   help="Who settles it (recorded as operator:<name>).")


@command(payments, "confirm")
@click.argument("order_id")
@_BY
async def confirm_payment(order_id: str, operator: str) -> None:
    """Confirm a pending order: its credits granted once, the account notified. A failed order
    cannot be confirmed by hand (only the provider's proof of payment confirms it late)."""
    async with services() as c:
        done = await c.confirm_payment_order()(order_id, operator)
    emit({**_order_json(done.order), "changed": done.changed},
         f"{'confirmed' if done.changed else 'already confirmed'}: {_order_text(done.order)}")


@command(payments, "fail")
@click.argument("order_id")
@click.option("--reason", default=None, help="Why (default: failed by operator).")
@_BY
async def fail_payment(order_id: str, reason: str | None, operator: str) -> None:
    """Fail a pending order (the account is notified); a confirmed one cannot be failed."""
    async with services() as c:
        done = await c.fail_payment_order()(order_id, operator, reason)
    emit({**_order_json(done.order), "changed": done.changed},
         f"{'failed' if done.changed else 'already failed'}: {_order_text(done.order)}")
