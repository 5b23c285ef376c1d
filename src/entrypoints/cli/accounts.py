"""`ujumbe accounts ...` and `ujumbe keys ...`: accounts and API keys for the operator."""

from __future__ import annotations

from typing import Any

import click

from application.accounts.accounts import Registration
from domain.accounts import PLANS, Account
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import Col, busy, command, emit, emit_fields, emit_table

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
    return (f"{account.id}  {account.email}  plan={account.plan}  phone={_phone(account)}"
            f"  business={account.business_name or '-'}")


def _phone(account: Account) -> str:
    return f"{account.phone} ({'verified' if account.phone_verified else 'not verified'})" if account.phone else "-"


_COLUMNS = ("id", "email", "plan", "phone", Col("phone verified", status=True), "business", "created")


@cli.group()
def accounts() -> None:
    """Create and inspect accounts.

    \b
    Examples:
      ujumbe accounts create --email shop@example.com --password s3cret-pass --plan pro
      ujumbe accounts list
    """


@command(accounts, "create")
@click.option("--email", required=True)
@click.option("--password", required=True, help="At least 8 characters.")
@click.option("--business-name", default=None)
@click.option("--plan", type=_PLAN, default="free", show_default=True)
@click.option("--phone", default=None, help="The account's phone (07.. or +255..), not yet verified.")
async def create_account(email: str, password: str, business_name: str | None, plan: str,
                         phone: str | None) -> None:
    """Create an account (as POST /v1/auth/register does, with a plan and phone).

    \b
    Examples:
      ujumbe accounts create --email shop@example.com --password s3cret-pass
      ujumbe accounts create --email shop@example.com --password s3cret-pass \\
          --business-name Duka --plan pro --phone 0712345678
    """
    async with services() as c:
        account = await c.register_account()(
            Registration(email=email, password=password, business_name=business_name, plan=plan, phone=phone)
        )
    emit(_account_json(account), lambda: f"created {_account_text(account)}")


@command(accounts, "list")
async def list_accounts() -> None:
    """Every account, oldest first.

    \b
    Examples:
      ujumbe accounts list
      ujumbe accounts list --json | jq -r '.[].email'
    """
    with busy("reading accounts"):
        async with services() as c:
            found = await c.list_accounts()()
    emit_table([_account_json(a) for a in found], _COLUMNS,
               [(a.id, a.email, a.plan, a.phone, a.phone_verified if a.phone else None, a.business_name,
                 a.created_at) for a in found],
               empty="no accounts — ujumbe accounts create --email E --password P")


@command(accounts, "show")
@click.argument("email")
async def show_account(email: str) -> None:
    """One account, by email.

    \b
    Examples:
      ujumbe accounts show shop@example.com
    """
    async with services() as c:
        account = await c.find_account()(email)
        live = await c.live_sessions()(account.id)
    emit_fields({**_account_json(account), "live_sessions": live}, [
        ("id", account.id), ("email", account.email), ("plan", account.plan), ("phone", _phone(account)),
        ("business", account.business_name), ("email verified", account.email_verified),
        ("live sessions", live), ("created", account.created_at)])


@command(accounts, "revoke-sessions")
@click.argument("email")
async def revoke_sessions(email: str) -> None:
    """Log the account out everywhere: every refresh token and every access token of its sessions
    stops working at once.

    \b
    Examples:
      ujumbe accounts revoke-sessions shop@example.com
    """
    async with services() as c:
        ended = await c.log_out_everywhere().by_email(email)
    emit({"email": email, "sessions_ended": ended}, lambda: f"{email}: {ended} session(s) ended")


@command(accounts, "set-plan")
@click.argument("email")
@click.argument("plan", type=_PLAN)
async def set_plan(email: str, plan: str) -> None:
    """Move an account to another plan (its rate limit follows at once).

    \b
    Examples:
      ujumbe accounts set-plan shop@example.com enterprise
    """
    async with services() as c:
        account = await c.set_plan()(email, plan)
    emit(_account_json(account), lambda: f"{account.email} is on the {account.plan} plan")


@command(accounts, "verify-phone")
@click.argument("email")
@click.argument("phone")
async def verify_phone(email: str, phone: str) -> None:
    """Set the account's phone and mark it verified, without a code.

    \b
    Examples:
      ujumbe accounts verify-phone shop@example.com 0712345678
    """
    async with services() as c:
        account = await c.verify_phone_by_operator()(email, phone)
    emit(_account_json(account), lambda: f"{account.email}: phone {account.phone} verified")


@cli.group()
def keys() -> None:
    """API keys.

    \b
    Examples:
      ujumbe keys create shop@example.com --name backend
    """


@command(keys, "create")
@click.argument("email")
@click.option("--name", default=None, help="A label shown in the key list.")
async def create_key(email: str, name: str | None) -> None:
    """Create an API key for the account; the full key is printed this once.

    \b
    Examples:
      ujumbe keys create shop@example.com --name backend
      KEY=$(ujumbe keys create shop@example.com --json | jq -r .key)
    """
    async with services() as c:
        account = await c.find_account()(email)
        created = await c.create_api_key()(account.id, name)
    emit({"id": created.id, "key": created.key, "prefix": created.prefix},
         lambda: f"{created.key}\n(key id {created.id}; it is not shown again)")
