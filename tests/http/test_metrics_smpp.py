"""GET /metrics of a real `ujumbe serve` over an SMPP bind (the smpp34 peer on loopback): the
submit's latency under the bind's name, and the bind's state as its process publishes it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from running_app import serving
from smsc_peers import SmscPeer
from tests_support import ujumbe, wait_until

EMAIL = "duka@example.com"


def _samples(base_url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = httpx.get(f"{base_url}/metrics", timeout=10)
    assert response.status_code == 200, response.text
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.text) for s in family.samples}


def test_a_bind_reports_its_submit_latency_window_and_tps_cap(
        start_smsc: Callable[..., SmscPeer], clean_database: str, tmp_path: Path) -> None:
    peer = start_smsc("smpp34")
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_SECRET_KEY": "metrics-smpp-secret-key-long-enough-for-hs256",
           "UJUMBE_GATEWAY": f"{peer.url}?name=main&window=8&tps=50",
           "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}  # a test SMSC; payments stay simulated
    with serving(env, tmp_path) as base_url:
        for command in (("accounts", "create", "--email", EMAIL, "--password", "s3cret-pass"),
                        ("credits", "grant", EMAIL, "10")):
            assert ujumbe(*command, env=env).returncode == 0
        key = json.loads(ujumbe("keys", "create", EMAIL, "--json", env=env).stdout)["key"]
        sent = httpx.post(f"{base_url}/v1/sms", json={"to": "0754000111", "message": "Habari"},
                          headers={"X-API-Key": key}, timeout=30)
        assert sent.status_code == 200 and sent.json()["data"]["status"] == "sent", sent.text

        bind = (("bind", "main"),)
        # The state is published every few seconds: one taken while the submit awaited its answer
        # shows it in flight, so wait for one taken after.
        got = wait_until(lambda: (s := _samples(base_url)).get(("ujumbe_gateway_bind_bound", bind)) == 1
                         and s.get(("ujumbe_gateway_bind_window_in_use", bind)) == 0 and s)
    submitted = (("answer", "accepted"), ("bind", "main"))
    assert got[("ujumbe_gateway_submit_duration_seconds_count", submitted)] == 1
    assert got[("ujumbe_gateway_submit_duration_seconds_bucket", (*submitted, ("le", "+Inf")))] == 1
    assert got[("ujumbe_gateway_bind_window", bind)] == 8
    assert got[("ujumbe_gateway_bind_tps_limit", bind)] == 50
    assert ("ujumbe_gateway_bind_tps", bind) in got
    assert got[("ujumbe_sms_sends_total", (("carrier", "Vodacom"), ("encoding", "GSM-7"), ("outcome", "sent")))] == 1
