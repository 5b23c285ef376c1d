"""`ujumbe campaigns list [E] | show ID | watch ID | cancel ID` as an operator runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from application.campaigns.creation import CampaignRequest
from application.credits.balance import Grant
from campaigns_support import numbers, seed_list
from domain.campaigns import Campaign
from entrypoints.container import Container
from tests_support import ujumbe


async def scheduled_campaign(container: Container, clean_database: str, env: dict[str, str],
                             recipients: int) -> tuple[str, Campaign]:
    """An account made with the CLI, with credits and a campaign scheduled far ahead to `recipients`
    numbers: its id and the campaign."""
    assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    pool, jobs = container.pool(), container.job_app()
    await pool.open(wait=True)
    await jobs.open_async()
    try:
        account = await container.find_account()("duka@example.com")
        await container.grant_credits()(Grant(account_id=account.id, credits=10))
        list_id = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(recipients)])
        return account.id, await container.create_campaign()(CampaignRequest(
            account_id=account.id, name="Sikukuu", message="Heri ya sikukuu!", contact_list_id=list_id,
            scheduled_at="2099-12-24T09:00"))
    finally:
        await jobs.close_async()
        await pool.close()


async def test_list_show_and_cancel_a_campaign(container: Container, clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    account_id, campaign = await scheduled_campaign(container, clean_database, env, 2)

    listed = ujumbe("campaigns", "list", "duka@example.com", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    assert [(c["id"], c["status"], c["total_contacts"]) for c in json.loads(listed.stdout)] == [
        (campaign.id, "scheduled", 2)]
    assert json.loads(ujumbe("campaigns", "list", "--json", env=env).stdout)[0]["account_id"] == account_id
    shown = json.loads(ujumbe("campaigns", "show", campaign.id, "--json", env=env).stdout)
    assert (shown["name"], shown["scheduled_at"]) == ("Sikukuu", "2099-12-24T06:00:00Z")
    assert "scheduled" in ujumbe("campaigns", "show", campaign.id, env=env).stdout

    cancelled = ujumbe("campaigns", "cancel", campaign.id, "--json", env=env)
    assert cancelled.returncode == 0 and json.loads(cancelled.stdout)["status"] == "draft"
    again = ujumbe("campaigns", "cancel", campaign.id, "--json", env=env)
    assert again.returncode == 1 and json.loads(again.stderr.strip())["error"]["code"] == "campaign_not_cancellable"
    missing = ujumbe("campaigns", "show", "0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f", env=env)
    assert missing.returncode == 1 and "not_found" in missing.stderr


async def test_watch_follows_a_campaign_until_it_is_no_longer_under_way(
    container: Container, clean_database: str, tmp_path: Path
) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    _, campaign = await scheduled_campaign(container, clean_database, env, 3)

    watch = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "campaigns", "watch", campaign.id,
                              "--every", "0.2", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, **env, "TTY_COMPATIBLE": "0"})
    try:
        assert watch.stderr is not None
        # stderr is not a terminal: the bar becomes a line per change; the first says it is waiting
        assert watch.stderr.readline() == "scheduled: sent 0/3  delivered 0  failed 0\n"
        assert watch.poll() is None  # still watching a scheduled campaign
        assert ujumbe("campaigns", "cancel", campaign.id, env=env).returncode == 0  # another operator's hand
        out, err = watch.communicate(timeout=60)
    finally:
        watch.kill()
    assert watch.returncode == 0, err
    assert err == "draft: sent 0/3  delivered 0  failed 0\n"
    shown = json.loads(out)
    assert (shown["id"], shown["status"]) == (campaign.id, "draft")

    done = ujumbe("campaigns", "watch", campaign.id, env=env)  # nothing under way: it answers at once
    assert done.returncode == 0 and "draft" in done.stdout and "Sikukuu" in done.stdout
