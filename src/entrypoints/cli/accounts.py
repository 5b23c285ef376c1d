"""`ujumbe accounts ...` and `ujumbe keys ...`: accounts and API keys for the operator."""

from __future__ import annotations

from typing import Any

import click

from application.accounts import Registration
from application.ports import Account
from domain.accounts import PLANS
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit

_PLAN = click.Choice(PLANS)


def _account_json(account: Account) -> dict[str, Any]:
    """The account as the API shows it (never the password hash)."""
    return {
        "id": account.id,
        "email": account.email,
        "business_name": account.business_name,
        "plan": account.plan,
        "email_verified": account.email_verified,
        "phone_verified": account.phone_verified,
        "phone": account.phone,
        "created_at": account.created_at,
    }


def _account_text(account: Account) -> str:
    phone = f"{account.phone} ({'verified' if account.phone_verified else 'not verified'})" if account.phone else "-"
    return (f"{account.id}  {account.email}  plan={account.plan}  phone={phone}"
            f"  business={account.business_name or '-'}")


@cli.group()
def accounts() -> None:
    """Create and inspect accounts."""


@command(accounts, "create")
@click.option("--email", required=True)
@click.option("--password", required=True, help="At least 8 characters.")
@click.option("--business-name", default=None)
@click.option("--plan", type=_PLAN, default="free", show_default=True)
@click.option("--phone", default=None, help="The account's phone (07.. or +255..), not yet verified.")
async def create_account(email: str, password: str, business_name: str | None, plan: str,
                         phone: str | None) -> None:
    """Create an account (as POST /v1/auth/register does, with a plan and phone)."""
    async with services() as c:
        account = await c.register_account()(
            Registration(email=email, password=password, business_name=business_name, plan=plan, phone=phone)
        )
    emit(_account_json(account), lambda: f"created {_account_text(account)}")


@command(accounts, "list")
async def list_accounts() -> None:
    """Every account, oldest first."""
    async with services() as c:
        found = await c.list_accounts()()
    emit([_account_json(a) for a in found], lambda: "\n".join(map(_account_text, found)) or "no accounts")


@command(accounts, "show")
@click.argument("email")
async def show_account(email: str) -> None:
    """One account, by email."""
    async with services() as c:
        account = await c.find_account()(email)
    emit(_account_json(account), lambda: _account_text(account))


@command(accounts, "set-plan")
@click.argument("email")
@click.argument("plan", type=_PLAN)
async def set_plan(email: str, plan: str) -> None:
    """Move an account to another plan (its rate limit follows at once)."""
    async with services() as c:
        account = await c.set_plan()(email, plan)
    emit(_account_json(account), lambda: f"{account.email} is on the {account.plan} plan")


@command(accounts, "verify-phone")
@click.argument("email")
@click.argument("phone")
async def verify_phone(email: str, phone: str) -> None:
    """Set the account's phone and mark it verified, without a code."""
    async with services() as c:
        account = await c.verify_phone_by_operator()(email, phone)
    emit(_account_json(account), lambda: f"{account.email}: phone {account.phone} verified")


@cli.group()
def keys() -> None:
    """API keys."""


@command(keys, "create")
@click.argument("email")
@click.option("--name", default=None, help="A label shown in the key list.")
async def create_key(email: str, name: str | None) -> None:
    """Create an API key for the account; the full key is printed this once."""
    async with services() as c:
        account = await c.find_account()(email)
        created = await c.create_api_key()(account.id, name)
    emit({"id": created.id, "key": created.key, "prefix": created.prefix},
         lambda: f"{created.key}\n(key id {created.id}; it is not shown again)")
