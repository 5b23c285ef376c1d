"""`ujumbe payments list [--status] | show ORDER_ID | confirm ORDER_ID | fail ORDER_ID`: payment
orders for the operator, across accounts."""

from __future__ import annotations

import getpass
from typing import Any

import click

from application.ports import ProviderEvent
from domain.ids import parse_id
from domain.payments import PaymentOrder, PaymentStatus, no_payment_order
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import Col, Fields, Table, busy, command, emit, emit_table, emit_view


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


def _status(o: PaymentOrder) -> str:
    late = " late" if o.confirmed_late else ""
    return f"{o.status}{late} ({o.failure_reason})" if o.failure_reason else f"{o.status}{late}"


def _answer_row(e: ProviderEvent) -> tuple[object, ...]:
    return (e.received_at, e.channel, e.outcome, e.reason)


@cli.group()
def payments() -> None:
    """Inspect, confirm and fail payment orders.

    \b
    Examples:
      ujumbe payments list --status pending
      ujumbe payments confirm 6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f
    """


@command(payments, "list")
@click.option("--status", type=click.Choice([s.value for s in PaymentStatus]), default=None,
              help="Only orders in this status.")
@click.option("--limit", type=click.IntRange(1, 1000), default=50, show_default=True)
async def list_payments(status: str | None, limit: int) -> None:
    """The newest payment orders of every account.

    \b
    Examples:
      ujumbe payments list
      ujumbe payments list --status pending --limit 200
    """
    with busy("reading payment orders"):
        async with services() as c:
            found = await c.operator_payment_orders()(PaymentStatus(status) if status else None, limit)
    emit_table([_order_json(o) for o in found],
               ("id", Col("status", status=True), Col("amount", right=True), Col("credits", right=True), "source",
                "provider", "created", "account", "settled by", "review"),
               [(o.id, _status(o), f"{o.amount:,} {o.currency}", f"{o.credit_amount:,}", o.source, o.provider,
                 o.created_at, o.account_id, o.settled_by, o.review_reason) for o in found],
               empty="no payment orders")


def _order_id(typed: str) -> str:
    """An order id as the operator typed it, in its canonical form; one that is no uuid is no order's."""
    if (order_id := parse_id(typed)) is None:
        raise no_payment_order(typed)
    return order_id


@command(payments, "show")
@click.argument("order_id")
async def show_payment(order_id: str) -> None:
    """One order, with every answer its provider gave about it.

    \b
    Examples:
      ujumbe payments show 6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f
    """
    async with services() as c:
        record = await c.show_payment_order()(_order_id(order_id))
    answers = [{"channel": e.channel, "outcome": e.outcome, "reason": e.reason, "received_at": e.received_at,
                "body": e.body} for e in record.provider_events]
    o = record.order
    emit_view({**_order_json(o), "provider_events": answers},
              Fields([("id", o.id), ("status", _status(o)), ("amount", f"{o.amount:,} {o.currency}"),
                      ("credits", f"{o.credit_amount:,}"), ("package", o.package_id), ("source", o.source),
                      ("provider", o.provider), ("payer", o.payer_phone), ("account", o.account_id),
                      ("reference", o.reference), ("provider ref", o.provider_ref), ("created", o.created_at),
                      ("confirmed", o.confirmed_at), ("failed", o.failed_at), ("settled by", o.settled_by),
                      ("review", o.review_reason)]),
              Table(("received", "channel", Col("outcome", status=True), "reason"),
                    [_answer_row(e) for e in record.provider_events], title="provider answers:",
                    empty="no provider answers"))


_BY = click.option("--by", "operator", default=getpass.getuser, show_default="your user name",
                   help="Who settles it (recorded as operator:<name>).")


@command(payments, "confirm")
@click.argument("order_id")
@_BY
async def confirm_payment(order_id: str, operator: str) -> None:
    """Confirm a pending order: its credits granted once, the account notified. A failed order
    cannot be confirmed by hand (only the provider's proof of payment confirms it late).

    \b
    Examples:
      ujumbe payments confirm 6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f --by asha
    """
    async with services() as c:
        done = await c.confirm_payment_order()(_order_id(order_id), operator)
    emit({**_order_json(done.order), "changed": done.changed},
         f"{'confirmed' if done.changed else 'already confirmed'}: {_order_text(done.order)}")


@command(payments, "fail")
@click.argument("order_id")
@click.option("--reason", default=None, help="Why (default: failed by operator).")
@_BY
async def fail_payment(order_id: str, reason: str | None, operator: str) -> None:
    """Fail a pending order (the account is notified); a confirmed one cannot be failed.

    \b
    Examples:
      ujumbe payments fail 6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f --reason "payer never paid"
    """
    async with services() as c:
        done = await c.fail_payment_order()(_order_id(order_id), operator, reason)
    emit({**_order_json(done.order), "changed": done.changed},
         f"{'failed' if done.changed else 'already failed'}: {_order_text(done.order)}")
