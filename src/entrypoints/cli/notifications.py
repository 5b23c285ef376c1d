"""`ujumbe announce` and `ujumbe accounts set-threshold`: notifications for the operator."""

from __future__ import annotations

import click

from entrypoints.cli.accounts import accounts
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit


@command(cli, "announce")
@click.argument("text")
@click.option("--title", default="Announcement", show_default=True)
async def announce(text: str, title: str) -> None:
    """Post TEXT as a notification to every account.

    \b
    Examples:
      ujumbe announce "Maintenance tonight 23:00-23:30 EAT" --title Maintenance
    """
    async with services() as c:
        notified = await c.announce()(text, title)
    emit({"notified": notified}, f"announced to {notified} account(s)")


@command(accounts, "set-threshold")
@click.argument("email")
@click.argument("credits", type=int)
async def set_threshold(email: str, credits: int) -> None:
    """Notify the account when its balance falls below CREDITS (default 100).

    \b
    Examples:
      ujumbe accounts set-threshold shop@example.com 500
    """
    async with services() as c:
        account = await c.find_account()(email)
        threshold = await c.set_low_balance_threshold()(account.id, credits)
    emit({"account_id": account.id, "email": account.email, "low_balance_threshold": threshold},
         f"{account.email}: low-balance notification below {threshold} credits")
