"""`ujumbe campaigns list [E] | show ID | watch ID | cancel ID`: campaigns for the operator."""

from __future__ import annotations

import asyncio
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from domain.campaigns import Campaign, CampaignStatus
from domain.ids import lookup_id
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import (Col, busy, command, emit, emit_fields, emit_table, progress, stderr_console,
                                    wants_json)

_FIELDS = ("id", "account_id", "name", "message", "status", "contact_list_id", "sender_id", "total_contacts",
           "sent_count", "delivered_count", "failed_count", "scheduled_at", "created_at", "completed_at",
           "failure_reason")
_UNDER_WAY = (CampaignStatus.SCHEDULED, CampaignStatus.RUNNING)


def _campaign_json(campaign: Campaign) -> dict[str, Any]:
    """The campaign as the API shows it, with its account."""
    return {field: getattr(campaign, field) for field in _FIELDS}


def _campaign_text(c: Campaign) -> str:
    reason = f" ({c.failure_reason})" if c.failure_reason else ""
    return (f"{c.id}  {c.status}{reason}  {c.name!r}  sent {c.sent_count}/{c.total_contacts}"
            f"  delivered {c.delivered_count}  failed {c.failed_count}  account {c.account_id}")


def _status(c: Campaign) -> str:
    return f"{c.status} ({c.failure_reason})" if c.failure_reason else str(c.status)


def _show(campaign: Campaign) -> None:
    emit_fields(_campaign_json(campaign), [
        ("id", campaign.id), ("name", campaign.name), ("status", _status(campaign)),
        ("account", campaign.account_id), ("contact list", campaign.contact_list_id),
        ("sender ID", campaign.sender_id), ("message", campaign.message),
        ("sent", f"{campaign.sent_count}/{campaign.total_contacts}"), ("delivered", campaign.delivered_count),
        ("failed", campaign.failed_count), ("scheduled", campaign.scheduled_at), ("created", campaign.created_at),
        ("completed", campaign.completed_at)])


@cli.group()
def campaigns() -> None:
    """Inspect, follow and cancel campaigns.

    \b
    Examples:
      ujumbe campaigns list shop@example.com
      ujumbe campaigns watch 0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f
    """


@command(campaigns, "list")
@click.argument("email", required=False)
@click.option("--limit", type=click.IntRange(1, 10_000), default=100, show_default=True)
async def list_campaigns(email: str | None, limit: int) -> None:
    """The newest campaigns, of the account EMAIL or of every account.

    \b
    Examples:
      ujumbe campaigns list
      ujumbe campaigns list shop@example.com --limit 20
    """
    with busy("reading campaigns"):
        async with services() as c:
            account_id = (await c.find_account()(email)).id if email else None
            found = await c.operator_campaigns().newest(account_id, limit)
    emit_table([_campaign_json(x) for x in found],
               ("id", "name", Col("status", status=True), Col("sent", right=True), Col("delivered", right=True),
                Col("failed", right=True), "scheduled", "account"),
               [(x.id, x.name, _status(x), f"{x.sent_count}/{x.total_contacts}", x.delivered_count,
                 x.failed_count, x.scheduled_at, x.account_id) for x in found],
               empty="no campaigns")


@command(campaigns, "show")
@click.argument("campaign_id")
async def show_campaign(campaign_id: str) -> None:
    """One campaign, by id.

    \b
    Examples:
      ujumbe campaigns show 0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f
    """
    async with services() as c:
        found = await c.operator_campaigns().find(lookup_id(campaign_id))
    _show(found)


@command(campaigns, "watch")
@click.argument("campaign_id")
@click.option("--every", type=click.FloatRange(0.1, 60), default=1.0, show_default=True,
              help="Seconds between two looks at the campaign.")
async def watch_campaign(campaign_id: str, every: float) -> None:
    """Follow a scheduled or running campaign with a progress bar (on stderr) until it has
    finished, failed or been cancelled; then show it as `campaigns show` does.

    \b
    Examples:
      ujumbe campaigns watch 0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f
      ujumbe campaigns watch 0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f --json | jq .status
    """
    async with services() as c:
        campaigns_read, looked_up = c.operator_campaigns(), lookup_id(campaign_id)
        found = await campaigns_read.find(looked_up)
        on_terminal, last = stderr_console().is_terminal, ""
        bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("delivered {task.fields[delivered]}  failed {task.fields[failed]}"),
                       TimeElapsedColumn(), console=stderr_console(), transient=wants_json(), disable=not on_terminal)
        with bar:
            task = bar.add_task(found.name, total=None, delivered=0, failed=0)
            while True:
                bar.update(task, description=f"{found.name}: {found.status}", total=found.total_contacts or None,
                           completed=found.sent_count, delivered=found.delivered_count, failed=found.failed_count)
                line = (f"{found.status}: sent {found.sent_count}/{found.total_contacts}"
                        f"  delivered {found.delivered_count}  failed {found.failed_count}")
                if not on_terminal and line != last:  # a log, not a bar, when stderr is a file or a pipe
                    progress(line)
                    last = line
                if found.status not in _UNDER_WAY:
                    break
                await asyncio.sleep(every)
                found = await campaigns_read.find(looked_up)
    _show(found)


@command(campaigns, "cancel")
@click.argument("campaign_id")
async def cancel_campaign(campaign_id: str) -> None:
    """Cancel a scheduled campaign (back to draft) or stop a running one (failed, `cancelled`).

    \b
    Examples:
      ujumbe campaigns cancel 0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f
    """
    async with services() as c:
        found = await c.operator_campaigns().find(lookup_id(campaign_id))
        cancelled = await c.cancel_campaign()(found.account_id, found.id)
    emit(_campaign_json(cancelled), lambda: f"cancelled {_campaign_text(cancelled)}")
