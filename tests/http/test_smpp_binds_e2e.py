"""Two carriers' SMSCs that issue the same message ids, end to end: `ujumbe serve` with a bind to
each (routed by carrier), each peer in its own process. A receipt is matched by the bind it came in
on and the id, so each settles its own message."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import httpx
import psycopg

from audit_support import assert_audit_clean
from running_app import serving
from smsc_peers import PeerConfig, SmscPeer
from tests_support import ujumbe, wait_until

StartSmsc = Callable[..., SmscPeer]
EMAIL = "duka@example.com"
VODACOM, AIRTEL = "+255754000111", "+255784000222"


def statuses(database_url: str) -> dict[str, tuple[str, str | None, str | None]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute("SELECT to_number, status, gateway_ref, gateway_bind FROM messages").fetchall()
    return {to: (status, ref, bind) for to, status, ref, bind in rows}


def test_two_binds_issuing_the_same_id_each_settle_their_own_message(
        smsc_kind: str, start_smsc: StartSmsc, clean_database: str, tmp_path: Path) -> None:
    vodacom: SmscPeer = start_smsc(smsc_kind, PeerConfig(id_prefix="same"))
    airtel: SmscPeer = start_smsc(smsc_kind, PeerConfig(id_prefix="same", undeliverable=(AIRTEL[1:],)))
    gateway = (f"{vodacom.url}?name=vodacom&carriers=Vodacom,{airtel.url}?name=airtel&carriers=Airtel")
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_SECRET_KEY": "smpp-tests-secret-key-long-enough-for-hs256", "UJUMBE_GATEWAY": gateway,
           "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}
    with serving(env, tmp_path) as base_url:
        for command in (("accounts", "create", "--email", EMAIL, "--password", "s3cret-pass"),
                        ("credits", "grant", EMAIL, "10")):
            assert ujumbe(*command, env=env).returncode == 0
        headers = {"X-API-Key": json.loads(ujumbe("keys", "create", EMAIL, "--json", env=env).stdout)["key"]}
        for to in (VODACOM, AIRTEL):
            sent = httpx.post(base_url + "/v1/sms/", json={"to": to, "message": "Habari"}, headers=headers, timeout=30)
            assert sent.status_code == 200 and sent.json()["data"]["status"] == "sent", sent.text

        settled = wait_until(lambda: (found := statuses(clean_database)) and all(
            status != "sent" for status, _, _ in found.values()) and found)

    [to_vodacom], [to_airtel] = vodacom.received(), airtel.received()
    assert to_vodacom.message_id == to_airtel.message_id  # the two SMSCs gave both the same id
    assert settled == {VODACOM: ("delivered", to_vodacom.message_id, "vodacom"),
                       AIRTEL: ("failed", to_airtel.message_id, "airtel")}
    assert_audit_clean(env)
