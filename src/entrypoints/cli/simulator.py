"""`ujumbe simulator ...`: what the simulated carrier received (DESIGN §7)."""

from __future__ import annotations

import click

from domain.errors import InvalidPhoneNumber
from domain.phone import normalize_msisdn
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit


@cli.group()
def simulator() -> None:
    """Inspect and drive the gateway simulator."""


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
