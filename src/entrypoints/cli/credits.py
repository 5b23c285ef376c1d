"""`ujumbe credits ...` and `ujumbe senders ...`: the operator's side of credits and sender IDs."""

from __future__ import annotations

import click

from application.credits.balance import Grant
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit, emit_table


@cli.group()
def credits() -> None:
    """Grant credits and read balances.

    \b
    Examples:
      ujumbe credits grant shop@example.com 250 --description "Welcome credits"
      ujumbe credits balance shop@example.com
    """


@command(credits, "grant")
@click.argument("email")
@click.argument("amount", type=int)
@click.option("--description", default=None, help="Shown in the account's credit history.")
@click.option("--reference", default=None,
              help="Idempotency reference: a grant repeated with it is applied once.")
async def grant_credits(email: str, amount: int, description: str | None, reference: str | None) -> None:
    """Give AMOUNT credits to the account with EMAIL (ledger `grant`).

    \b
    Examples:
      ujumbe credits grant shop@example.com 250 --description "Welcome credits"
      ujumbe credits grant shop@example.com 100 --reference promo-2026-01   # repeated: applied once
    """
    async with services() as c:
        account = await c.find_account()(email)
        entry = await c.grant_credits()(Grant(account.id, amount, description, reference))
    emit(
        {"account_id": account.id, "email": account.email, "id": entry.id, "type": entry.type,
         "amount": entry.amount, "balance": entry.balance_after, "description": entry.description,
         "created_at": entry.created_at},
        f"granted {entry.amount} credits to {account.email}; balance {entry.balance_after}",
    )


@command(credits, "balance")
@click.argument("email")
async def credit_balance(email: str) -> None:
    """The credit balance of the account with EMAIL.

    \b
    Examples:
      ujumbe credits balance shop@example.com
      ujumbe credits balance shop@example.com --json | jq .balance
    """
    async with services() as c:
        account = await c.find_account()(email)
        found = await c.get_balance()(account.id)
    emit({"account_id": account.id, "email": account.email, "balance": found.balance},
         f"{account.email}: {found.balance} credits")


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
