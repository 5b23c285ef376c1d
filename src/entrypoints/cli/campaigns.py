"""`ujumbe campaigns list [E] | show ID | cancel ID`: campaigns for the operator."""

from __future__ import annotations

from typing import Any

import click

from application.ports import Campaign
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit

_FIELDS = ("id", "account_id", "name", "message", "status", "contact_list_id", "sender_id", "total_contacts",
           "sent_count", "delivered_count", "failed_count", "scheduled_at", "created_at", "completed_at",
           "failure_reason")


def _campaign_json(campaign: Campaign) -> dict[str, Any]:
    """The campaign as the API shows it, with its account."""
    return {field: getattr(campaign, field) for field in _FIELDS}


def _campaign_text(c: Campaign) -> str:
    reason = f" ({c.failure_reason})" if c.failure_reason else ""
    return (f"{c.id}  {c.status}{reason}  {c.name!r}  sent {c.sent_count}/{c.total_contacts}"
            f"  delivered {c.delivered_count}  failed {c.failed_count}  account {c.account_id}")


@cli.group()
def campaigns() -> None:
    """Inspect and cancel campaigns."""


@command(campaigns, "list")
@click.argument("email", required=False)
@click.option("--limit", type=click.IntRange(1, 10_000), default=100, show_default=True)
async def list_campaigns(email: str | None, limit: int) -> None:
    """The newest campaigns, of the account EMAIL or of every account."""
    async with services() as c:
        account_id = (await c.find_account()(email)).id if email else None
        found = await c.operator_campaigns().newest(account_id, limit)
    emit([_campaign_json(x) for x in found], lambda: "\n".join(map(_campaign_text, found)) or "no campaigns")


@command(campaigns, "show")
@click.argument("campaign_id")
async def show_campaign(campaign_id: str) -> None:
    """One campaign, by id."""
    async with services() as c:
        found = await c.operator_campaigns().find(campaign_id)
    emit(_campaign_json(found), lambda: _campaign_text(found))


@command(campaigns, "cancel")
@click.argument("campaign_id")
async def cancel_campaign(campaign_id: str) -> None:
    """Cancel a scheduled campaign (back to draft) or stop a running one (failed, `cancelled`)."""
    async with services() as c:
        found = await c.operator_campaigns().find(campaign_id)
        cancelled = await c.cancel_campaign()(found.account_id, found.id)
    emit(_campaign_json(cancelled), lambda: f"cancelled {_campaign_text(cancelled)}")
