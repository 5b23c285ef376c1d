"""`ujumbe jobs status`, `announce`, `accounts set-threshold` and `simulator inbound` (real processes)."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from tests_support import ujumbe


@pytest.fixture()
def env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    return {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}


def run_json(*args: str, env: dict[str, str]) -> dict:  # type: ignore[type-arg]
    result = ujumbe(*args, "--json", env=env)
    assert result.returncode == 0, result.stderr
    parsed = json.loads(result.stdout)
    assert isinstance(parsed, dict)
    return parsed


def test_jobs_status_shows_depth_per_queue_and_in_total(env: dict[str, str], clean_database: str) -> None:
    assert run_json("jobs", "status", env=env) == {
        "queues": {}, "totals": {"todo": 0, "doing": 0, "succeeded": 0, "failed": 0, "cancelled": 0,
                                 "aborted": 0}}
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO procrastinate_jobs (queue_name, task_name, status) VALUES"
                     " ('webhooks', 'deliver_webhook', 'todo'), ('webhooks', 'deliver_webhook', 'failed'),"
                     " ('outbox', 'dispatch_outbox', 'todo')")
    status = run_json("jobs", "status", env=env)
    assert status["queues"]["webhooks"]["todo"] == 1 and status["queues"]["webhooks"]["failed"] == 1
    assert (status["totals"]["todo"], status["totals"]["failed"]) == (2, 1)
    human = ujumbe("jobs", "status", env=env)
    assert human.returncode == 0 and "webhooks" in human.stdout and "(all)" in human.stdout


def test_announce_and_threshold(env: dict[str, str], clean_database: str) -> None:
    for email in ("a@example.com", "b@example.com"):
        run_json("accounts", "create", "--email", email, "--password", "s3cret-pass", env=env)
    assert run_json("announce", "Maintenance tonight", env=env) == {"notified": 2}
    assert run_json("accounts", "set-threshold", "a@example.com", "250", env=env)["low_balance_threshold"] == 250
    with psycopg.connect(clean_database) as conn:
        rows = conn.execute("SELECT kind, message FROM notifications").fetchall()
        (threshold,) = conn.execute("SELECT low_balance_threshold FROM accounts WHERE email = 'a@example.com'"
                                    ).fetchone()
    assert rows == [("announcement", "Maintenance tonight")] * 2 and threshold == 250

    missing = ujumbe("accounts", "set-threshold", "nobody@example.com", "5", "--json", env=env)
    assert missing.returncode == 1 and json.loads(missing.stderr.strip().splitlines()[-1])["error"]["code"]
    empty = ujumbe("announce", "  ", "--json", env=env)
    assert empty.returncode == 1 and "validation_error" in empty.stderr


def test_simulator_inbound_stop_opts_out_for_the_account_that_sent(env: dict[str, str], clean_database: str) -> None:
    account = run_json("accounts", "create", "--email", "duka@example.com", "--password", "s3cret-pass", env=env)
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO messages (account_id, id, to_number, sender, body, encoding, characters, sms_parts,"
            " segments, credits_used, cost, carrier, status, gateway_ref, created_at, updated_at) VALUES"
            " (%s, gen_random_uuid(), '+255712345678', 'DUKA', 'Ofa', 'GSM-7', 3, 1, 1, 1, '1 credit', 'Vodacom',"
            " 'sent', 'sim-1', now(), now())", (account["id"],))

    stop = run_json("simulator", "inbound", "0712 345 678", "STOP", "--to", "DUKA", env=env)
    assert (stop["account_id"], stop["from"], stop["to"], stop["action"]) == (
        account["id"], "+255712345678", "DUKA", "stop")
    stray = run_json("simulator", "inbound", "+255713000000", "hello", env=env)
    assert (stray["account_id"], stray["action"]) == (None, None)
    with psycopg.connect(clean_database) as conn:
        assert conn.execute("SELECT account_id::text, phone FROM opt_outs").fetchall() == [
            (account["id"], "+255712345678")]
    start = run_json("simulator", "inbound", "+255712345678", "Anza", env=env)
    assert start["action"] == "start"
    with psycopg.connect(clean_database) as conn:
        assert conn.execute("SELECT count(*) FROM opt_outs").fetchone() == (0,)
    bad = ujumbe("simulator", "inbound", "12", "STOP", env=env)
    assert bad.returncode == 1 and "invalid_phone_number" in bad.stderr
