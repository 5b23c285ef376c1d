"""`ujumbe simulator ...`: what the simulated carrier and mobile-money provider received (DESIGN §7)."""

from __future__ import annotations

import click

from domain.errors import InvalidPhoneNumber
from domain.phone import normalize_msisdn
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit


@cli.group()
def simulator() -> None:
    """Inspect and drive the gateway and mobile-money simulators."""


def _as_e164(raw: str) -> str:
    try:
        return normalize_msisdn(raw).e164
    except InvalidPhoneNumber:
        return raw.strip()  # the simulator records whatever it was given; look it up as typed


@command(simulator, "messages")
@click.option("--to", "to", default=None, help="Only messages to this number (07.. or +255..).")
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 10_000))
async def simulator_messages(to: str | None, limit: int) -> None:
    """SMS the gateway simulator received, newest first (OTPs included)."""
    async with services() as c:
        received = await c.simulator().received(_as_e164(to) if to else None, limit)
    emit(
        [sms.as_json() for sms in received],
        lambda: "\n".join(
            f"{sms.created_at:%Y-%m-%d %H:%M:%S} {sms.to} from {sms.sender}"
            f" [{'accepted' if sms.accepted else sms.error}] {sms.text}"
            for sms in received
        ) or "no messages",
    )


@command(simulator, "payments")
@click.option("--phone", default=None, help="Only prompts to this payer (07.. or +255..).")
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 10_000))
async def simulator_payments(phone: str | None, limit: int) -> None:
    """Prompts and checkouts the mobile-money simulator received, newest first, with the payer's answer."""
    async with services() as c:
        received = await c.mobile_money_simulator().received(_as_e164(phone) if phone else None, limit)
        now = c.clock().now()
    shown = [payment.as_json(now) for payment in received]
    emit(
        shown,
        lambda: "\n".join(
            f"{p['created_at']:%Y-%m-%d %H:%M:%S} {p['kind']} {p['reference']} {p['phone'] or '-'}"
            f" {p['amount']} {p['currency']} [{p['state']}{': ' + str(p['reason']) if p['reason'] else ''}]"
            for p in shown
        ) or "no payments",
    )
