"""`ujumbe simulator ...`: what the simulated carrier, mobile-money provider and mail server received."""

from __future__ import annotations

import click

from domain.errors import InvalidPhoneNumber
from domain.phone import normalize_msisdn
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import Col, busy, command, emit_table


@cli.group()
def simulator() -> None:
    """Inspect and drive the gateway and mobile-money simulators.

    \b
    Examples:
      ujumbe simulator messages --to 0712345678
      ujumbe simulator inbound 0712345678 STOP
      ujumbe simulator emails --to shop@example.com
    """


def _as_e164(raw: str) -> str:
    try:
        return normalize_msisdn(raw).e164
    except InvalidPhoneNumber:
        return raw.strip()  # the simulator records whatever it was given; look it up as typed


@command(simulator, "messages")
@click.option("--to", "to", default=None, help="Only messages to this number (07.. or +255..).")
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 10_000))
async def simulator_messages(to: str | None, limit: int) -> None:
    """SMS the gateway simulator received, newest first (OTPs included).

    \b
    Examples:
      ujumbe simulator messages
      ujumbe simulator messages --to 0712345678 --limit 5
    """
    with busy("reading the simulator's messages"):
        async with services() as c:
            received = await c.simulator().received(_as_e164(to) if to else None, limit)
    emit_table(
        [sms.as_json() for sms in received],
        ("received", "to", "from", Col("result", status=True), "text"),
        [(sms.created_at, sms.to, sms.sender, "accepted" if sms.accepted else sms.error, sms.text)
         for sms in received],
        empty="no messages",
    )


@command(simulator, "emails")
@click.option("--to", "to", default=None, help="Only emails to this address.")
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 10_000))
async def simulator_emails(to: str | None, limit: int) -> None:
    """Emails the email simulator would have sent (verification and reset links), newest first.

    \b
    Examples:
      ujumbe simulator emails
      ujumbe simulator emails --to shop@example.com --limit 1 --json | jq -r '.[0].text'
    """
    with busy("reading the simulator's emails"):
        async with services() as c:
            sent = await c.email_simulator().sent(to.strip() if to else None, limit)
    emit_table([email.as_json() for email in sent], ("sent", "to", "subject"),
               [(email.created_at, email.to, email.subject) for email in sent], empty="no emails")


@command(simulator, "payments")
@click.option("--phone", default=None, help="Only prompts to this payer (07.. or +255..).")
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 10_000))
async def simulator_payments(phone: str | None, limit: int) -> None:
    """Prompts and checkouts the mobile-money simulator received, newest first, with the payer's answer.

    \b
    Examples:
      ujumbe simulator payments
      ujumbe simulator payments --phone 0712345678
    """
    with busy("reading the simulator's payments"):
        async with services() as c:
            received = await c.mobile_money_simulator().received(_as_e164(phone) if phone else None, limit)
            now = c.clock().now()
    shown = [payment.as_json(now) for payment in received]
    emit_table(
        shown,
        ("received", "kind", "reference", "phone", Col("amount", right=True), Col("state", status=True), "reason"),
        [(p["created_at"], p["kind"], p["reference"], p["phone"], f"{p['amount']} {p['currency']}", p["state"],
          p["reason"]) for p in shown],
        empty="no payments",
    )
