"""`ujumbe senders ...`: the operator's side of sender IDs."""

from __future__ import annotations

import click

from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit, emit_table


@cli.group()
def senders() -> None:
    """Register the sender IDs an account may send under.

    \b
    Examples:
      ujumbe senders add shop@example.com DUKA
      ujumbe senders list shop@example.com
    """


@command(senders, "add")
@click.argument("email")
@click.argument("sender")
async def add_sender(email: str, sender: str) -> None:
    """Register SENDER (1-11 letters or digits) for the account with EMAIL.

    \b
    Examples:
      ujumbe senders add shop@example.com DUKA
    """
    async with services() as c:
        account = await c.find_account()(email)
        added = await c.add_sender_id()(account.id, sender)
    emit({"account_id": account.id, "sender_id": added.sender_id},
         f"{account.email} may now send as {added.sender_id}")


@command(senders, "remove")
@click.argument("email")
@click.argument("sender")
async def remove_sender(email: str, sender: str) -> None:
    """Withdraw SENDER from the account with EMAIL (later sends use the default sender).

    \b
    Examples:
      ujumbe senders remove shop@example.com DUKA
    """
    async with services() as c:
        account = await c.find_account()(email)
        await c.remove_sender_id()(account.id, sender)
    emit({"account_id": account.id, "sender_id": sender, "removed": True},
         f"{account.email} may no longer send as {sender}")


@command(senders, "list")
@click.argument("email")
async def list_senders(email: str) -> None:
    """The sender IDs registered for the account with EMAIL.

    \b
    Examples:
      ujumbe senders list shop@example.com
    """
    async with services() as c:
        account = await c.find_account()(email)
        found = await c.list_sender_ids()(account.id)
    emit_table(
        {"account_id": account.id, "default_sender": found.default_sender,
         "sender_ids": [{"sender_id": s.sender_id, "created_at": s.created_at} for s in found.sender_ids]},
        ("sender ID", "registered"), [(s.sender_id, s.created_at) for s in found.sender_ids],
        empty=f"no sender IDs (sends use {found.default_sender}) — ujumbe senders add {account.email} SENDER",
    )
