"""`ujumbe credits ...`: the operator's side of credits."""

from __future__ import annotations

import click

from application.credits.balance import Grant
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit


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
