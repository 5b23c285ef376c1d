"""A carrier's SMSC killed in the middle of a campaign and back a few seconds later, end to end.

`ujumbe serve` (its in-process worker runs the campaign) sends over a real bind to each SMSC peer;
the peer SIGKILLs itself mid-campaign (with a submit in flight) and the test starts it again on the
same port after an outage of a few seconds. The run waits for the bind and sends the rest under the same message ids: nobody gets
two submits, nothing that went out is refunded, what the link lost in flight stays `pending` (paid,
counted neither sent nor failed) without holding the campaign, and the ledger balances.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import httpx
import psycopg

from audit_support import assert_audit_clean
from campaigns_support import seed_list
from running_app import serving
from smsc_peers import PeerConfig, SmscPeer
from tests_support import ujumbe, wait_until

EMAIL = "duka@example.com"
CONTACTS = 400
OUTAGE = 5.0  # seconds the SMSC stays dead: longer than a single send waits for a bind (2 s)
CAMPAIGN_WAIT = 60.0  # the default UJUMBE_CAMPAIGN_GATEWAY_WAIT


def campaign_status(database_url: str, campaign_id: str) -> str:
    with psycopg.connect(database_url) as conn:  # read here: polling the API would meet its rate limit
        row = conn.execute("SELECT status FROM campaigns WHERE id = %s", (campaign_id,)).fetchone()
    return str(row[0]) if row else ""


def campaign_messages(database_url: str, campaign_id: str) -> list[tuple[str, str, str | None, bool, str | None, str]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT to_number, status, error, handed_over, gateway_ref, body FROM messages WHERE campaign_id = %s",
            (campaign_id,)).fetchall()


def test_a_campaign_waits_out_a_killed_smsc_and_sends_everyone_once(
        smsc_kind: str, start_smsc: object, clean_database: str, tmp_path: Path) -> None:
    # SIGKILLs itself on the submit in the middle: that one is in flight, unanswered, when the link dies
    peer: SmscPeer = start_smsc(smsc_kind, PeerConfig(die_after=CONTACTS // 2))  # type: ignore[operator]
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_SECRET_KEY": "smpp-tests-secret-key-long-enough-for-hs256",
           "UJUMBE_GATEWAY": peer.url + "?tps=100",  # 4 s of sending: the kill lands in the middle
           "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}
    with serving(env, tmp_path) as base_url:
        for command in (("accounts", "create", "--email", EMAIL, "--password", "s3cret-pass"),
                        ("credits", "grant", EMAIL, "1000")):
            assert ujumbe(*command, env=env).returncode == 0
        headers = {"X-API-Key": json.loads(ujumbe("keys", "create", EMAIL, "--json", env=env).stdout)["key"]}
        account_id = httpx.get(base_url + "/v1/auth/me", headers=headers, timeout=10).json()["data"]["id"]
        phones = [f"+2557124{n:05d}" for n in range(CONTACTS)]
        list_id = seed_list(clean_database, account_id, [(phone, f"Mteja{n}", "") for n, phone in enumerate(phones)])

        created = httpx.post(base_url + "/v1/campaigns", headers=headers, timeout=30,
                             json={"name": "Ofa", "message": "Habari {first_name}", "contact_list_id": list_id})
        assert created.status_code == 201, created.text
        campaign_id = created.json()["data"]["id"]
        wait_until(lambda: peer.died, timeout=60)
        killed_at = time.monotonic()
        time.sleep(OUTAGE)  # the outage itself, not a wait for something to happen
        peer.restart(PeerConfig())  # back on the same port, healthy

        wait_until(lambda: campaign_status(clean_database, campaign_id) != "running", timeout=CAMPAIGN_WAIT)
        assert time.monotonic() - killed_at < CAMPAIGN_WAIT + OUTAGE
        campaign = httpx.get(f"{base_url}/v1/campaigns/{campaign_id}", headers=headers, timeout=10).json()["data"]
        balance = httpx.get(base_url + "/v1/credits/balance", headers=headers, timeout=10).json()["data"]["balance"]

    rows = campaign_messages(clean_database, campaign_id)
    received = peer.received()
    by_status = Counter(status for _, status, _, _, _, _ in rows)
    assert campaign["status"] == "completed", campaign
    assert len(rows) == CONTACTS and not by_status["failed"], Counter((s, e) for _, s, e, _, _, _ in rows)
    # every number, every personalised text and every carrier id at most once at the carrier
    assert max(Counter(r.destination_addr for r in received).values()) == 1
    assert max(Counter(r.text for r in received).values()) == 1
    assert max(Counter(r.message_id for r in received).values()) == 1
    went_out = {to: ref for to, status, _, _, ref, _ in rows if status in ("sent", "delivered")}
    at_carrier = {"+" + r.destination_addr: r.message_id for r in received}
    assert {to: at_carrier.get(to) for to in went_out} == went_out  # each sent one is there, under its id
    # what the link lost in flight may have gone out: kept pending (paid), not resent, not refunded
    unanswered = [(to, handed_over) for to, status, _, handed_over, _, _ in rows if status == "pending"]
    assert unanswered and all(handed_over for _, handed_over in unanswered) and len(unanswered) < 64
    assert set(at_carrier) <= {to for to, *_ in rows}
    assert set(at_carrier) - set(went_out) <= {to for to, _ in unanswered}
    assert campaign["sent_count"] == len(went_out) and campaign["failed_count"] == 0
    assert campaign["sent_count"] + len(unanswered) == CONTACTS
    assert balance == 1000 - CONTACTS  # nothing refunded: every message went out, or may have
    assert_audit_clean(env)
