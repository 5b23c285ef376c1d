"""`UJUMBE_GATEWAY=smpp://…` end to end, against each SMSC peer on loopback.

`ujumbe serve` runs in its own process (its in-process worker applies receipts and inbound SMS)
and is called over real HTTP: sends reach the peer, receipts deliver them, a sender the carrier
refuses goes out under the default, STOP over SMPP opts the number out, a wrong password is a clear
error and a degraded `/health` (the error itself in `/health/detail`, for a loopback client), `/health/ready`
names the gateway once no bind is bound, a campaign
keeps to its bind's TPS, and `ujumbe gateway status` (another process) shows the binds. A
peer killed mid-burst is driven in-process, so the test can run the reconciler and move the clock:
nothing is lost, nothing is on air twice, and every credit is right.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import timedelta
from pathlib import Path

import httpx
import psycopg
import pytest

from adapters.memory.system import FrozenClock
from application.accounts.accounts import Registration
from application.credits.balance import Grant
from application.sending.sends import BulkRequest
from entrypoints.container import Container
from entrypoints.gateway_binds import gateway_running
from entrypoints.settings import Settings
from entrypoints.worker import jobs_running
from campaigns_support import seed_list
from jobs_support import drain, without_periodic_jobs
from running_app import serving
from smsc_peers import PeerConfig, SmscPeer
from tests_support import ujumbe, until, wait_until

StartSmsc = Callable[..., SmscPeer]
EMAIL = "duka@example.com"


@dataclasses.dataclass(frozen=True)
class Served:
    base_url: str
    env: dict[str, str]
    headers: dict[str, str]
    log: Path

    def get(self, path: str) -> dict:  # type: ignore[type-arg]
        response = httpx.get(self.base_url + path, headers=self.headers, timeout=10)
        assert response.status_code == 200, response.text
        return response.json()["data"]  # type: ignore[no-any-return]

    def send(self, **body: str) -> dict:  # type: ignore[type-arg]
        response = httpx.post(self.base_url + "/v1/sms/", json=body, headers=self.headers, timeout=30)
        assert response.status_code == 200, response.text
        return response.json()["data"]  # type: ignore[no-any-return]


@pytest.fixture()
def serve_with(clean_database: str, tmp_path: Path) -> Iterator[Callable[[str], Served]]:
    """`ujumbe serve` with UJUMBE_GATEWAY=`gateway`, and a customer with 10 credits, sender DUKA and a key."""
    with contextlib.ExitStack() as stack:
        def start(gateway: str) -> Served:
            env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
                   "UJUMBE_SECRET_KEY": "smpp-tests-secret-key-long-enough-for-hs256", "UJUMBE_GATEWAY": gateway,
                   "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}  # a test SMSC; payments stay simulated
            base_url = stack.enter_context(serving(env, tmp_path))
            for command in (("accounts", "create", "--email", EMAIL, "--password", "s3cret-pass"),
                            ("credits", "grant", EMAIL, "10"), ("senders", "add", EMAIL, "DUKA")):
                assert ujumbe(*command, env=env).returncode == 0
            key = json.loads(ujumbe("keys", "create", EMAIL, "--json", env=env).stdout)["key"]
            return Served(base_url, env, {"X-API-Key": key}, tmp_path / "serve.log")
        yield start


def logged(served: Served, status: str) -> list[dict]:  # type: ignore[type-arg]
    return [m for m in served.get("/v1/sms/logs?per_page=100")["messages"] if m["status"] == status]


def test_sends_over_http_reach_the_peer_and_their_receipts_deliver_them(
        smsc_kind: str, start_smsc: StartSmsc, serve_with: Callable[[str], Served]) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(reject_sources=("DUKA",)))
    served = serve_with(peer.url)

    long = served.send(to="0712345678", message="Habari 😀 " * 10)
    branded = served.send(to="0754000111", message="Ofa ya leo", **{"from": "DUKA"})

    assert (long["status"], long["sms_parts"], long["encoding"]) == ("sent", 2, "UCS-2")
    # the carrier refused DUKA: re-sent once under the default, and the answer and the log say so
    assert (branded["status"], branded["from"], branded["requested_from"]) == ("sent", "UJUMBE", "DUKA")
    assert [(m.destination_addr, m.text) for m in peer.messages()] == [
        ("255712345678", "Habari 😀 " * 10), ("255754000111", "Ofa ya leo")]
    delivered = wait_until(lambda: len(found := logged(served, "delivered")) == 2 and found)
    assert {(m["to"], m["from"]) for m in delivered} == {("+255712345678", "UJUMBE"), ("+255754000111", "UJUMBE")}
    assert served.get("/v1/credits/balance")["balance"] == 10 - 2 - 1
    health = httpx.get(served.base_url + "/health/detail", timeout=10).json()["data"]
    assert health["status"] == "ok" and [b["state"] for b in health["gateway"]["binds"]] == ["bound"]
    # 2 parts, the refused DUKA and its resend, as the serving process last published them
    status = wait_until(lambda: (binds := json.loads(ujumbe("gateway", "status", "--json", env=served.env).stdout)
                                 ["binds"]) and binds[0]["submitted"] == 4 and binds)
    assert [(b["state"], b["window"], b["in_flight"], b["carriers"]) for b in status] == [("bound", 64, 0, [])]


def test_stop_sent_over_smpp_opts_the_number_out(
        smsc_kind: str, start_smsc: StartSmsc, serve_with: Callable[[str], Served]) -> None:
    peer = start_smsc(smsc_kind)
    served = serve_with(peer.url)
    served.send(to="0712345678", message="Ofa ya leo")

    peer.send_mo("255712345678", "UJUMBE", "STOP")

    [inbound] = wait_until(lambda: served.get("/v1/sms/inbound")["messages"])
    assert (inbound["from"], inbound["message"], inbound["action"]) == ("+255712345678", "STOP", "stop")


def test_a_wrong_password_is_a_clear_error_health_is_degraded_and_sends_are_refunded(
        start_smsc: StartSmsc, serve_with: Callable[[str], Served]) -> None:
    peer = start_smsc("node-smpp")  # smpp34.Server checks no password
    served = serve_with(peer.url.replace(":secret@", ":wrong@"))

    health = wait_until(lambda: (data := httpx.get(served.base_url + "/health/detail", timeout=10).json()["data"])
                        ["gateway"]["binds"][0]["last_error"] and data)
    assert (health["status"], health["gateway"]["status"]) == ("ok", "degraded")  # (decision: health): details beside
    public = httpx.get(served.base_url + "/health", timeout=10).json()["data"]
    assert public["gateway"] == {"status": "degraded", "bound": 0, "binds": 1}  # the state, not the error
    [bind] = health["gateway"]["binds"]
    assert bind["state"] == "down" and "ESME_RINVPASWD" in bind["last_error"]
    assert "ESME_RINVPASWD" in served.log.read_text()  # said at start-up, in the server's log
    status = wait_until(lambda: (binds := json.loads(ujumbe("gateway", "status", "--json", env=served.env).stdout)
                                 ["binds"]) and binds[0]["last_error"] and binds)
    assert status[0]["state"] == "down" and "ESME_RINVPASWD" in status[0]["last_error"]

    failed = served.send(to="0712345678", message="Habari")

    assert failed["status"] == "failed"  # never handed over: refunded
    assert served.get("/v1/credits/balance")["balance"] == 10


# -- a peer killed mid-burst (in-process: the test runs the reconciler and moves the clock) ------------


@pytest.fixture()
def peer_config() -> PeerConfig:
    return PeerConfig(die_after=300)  # SIGKILLs itself on its 300th submit, leaving that one and those behind unanswered


@pytest.fixture()
def peer(smsc_kind: str, start_smsc: StartSmsc, peer_config: PeerConfig) -> SmscPeer:
    return start_smsc(smsc_kind, peer_config)


@pytest.fixture()
def settings(settings: Settings, peer: SmscPeer) -> Settings:
    return dataclasses.replace(settings, gateway=peer.url + "?timeout=2")


@pytest.fixture()
async def smpp(container: Container) -> AsyncIterator[Container]:
    """The container with its pool, job queue and binds open on the test's loop."""
    without_periodic_jobs(container)
    await container.pool().open(wait=True)
    try:
        async with jobs_running(container, in_process_worker=False), gateway_running(container):
            yield container
    finally:
        await container.pool().close()


def message_rows(database_url: str) -> list[tuple[str, str, str | None]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute("SELECT to_number, status, error FROM messages").fetchall()


async def test_a_peer_killed_mid_burst_loses_nothing_sends_nothing_twice_and_keeps_every_credit(
        peer: SmscPeer, smpp: Container, clean_database: str, clock: FrozenClock) -> None:
    account = await smpp.register_account()(Registration(email=EMAIL, password="s3cret-pass"))
    await smpp.grant_credits()(Grant(account.id, 2000))
    numbers = [f"+2557120{n:05d}" for n in range(1000)]

    bulk = asyncio.create_task(smpp.send_bulk()(BulkRequest(account.id, numbers, "Habari")))
    await until(lambda: peer.died)
    await asyncio.to_thread(peer.restart, PeerConfig())  # back on the same port, healthy
    result = await bulk

    assert result.total == 1000
    assert len(peer.received()) > 300  # traffic resumed on the new bind
    # What was in flight when the peer died may have been taken: it stays pending and is never
    # submitted again, until the reconciler gives up on it and refunds it as gateway_no_answer.
    clock.advance(1)
    assert (await smpp.reconcile_stuck_messages()(older_than=timedelta(0))).sent == 0
    clock.advance(hours=2)
    await smpp.reconcile_stuck_messages()(older_than=timedelta(0))
    await drain(smpp)
    rows = message_rows(clean_database)
    balance = (await smpp.get_balance()(account.id)).balance

    received = Counter("+" + r.destination_addr for r in peer.received())
    by_outcome: dict[str, set[str]] = {}
    for to, status, error in rows:
        by_outcome.setdefault(error or status, set()).add(to)
    went_out = by_outcome.get("sent", set()) | by_outcome.get("delivered", set())
    assert set(by_outcome) <= {"sent", "delivered", "gateway_unavailable", "gateway_no_answer"}, by_outcome.keys()
    assert by_outcome["gateway_no_answer"]  # the peer died with submits in flight
    assert max(received.values()) == 1  # nothing on air twice
    assert went_out <= set(received)  # nothing sent is missing at the peer
    assert set(received) - went_out <= by_outcome["gateway_no_answer"]  # taken, answer lost: "may have gone out"
    assert not by_outcome.get("gateway_unavailable", set()) & set(received)
    assert balance == 2000 - len(went_out)


def test_readiness_names_the_gateway_when_no_bind_is_bound_and_liveness_stays_ok(
        start_smsc: StartSmsc, serve_with: Callable[[str], Served]) -> None:
    peer = start_smsc("node-smpp")
    served = serve_with(peer.url)
    ready = httpx.get(served.base_url + "/health/ready", timeout=10)
    assert ready.status_code == 200, ready.text
    assert ready.json()["data"]["status"] == "ready"
    assert ready.json()["data"]["gateway"] == {"status": "ok", "bound": 1, "binds": 1}

    peer.kill()

    not_ready = wait_until(lambda: (r := httpx.get(served.base_url + "/health/ready", timeout=10)).status_code == 503
                           and r)
    assert not_ready.json()["error"]["code"] == "service_unavailable"
    message = not_ready.json()["error"]["message"]
    assert "gateway" in message and "127.0.0.1" not in message  # where the SMSC is stays the operator's
    live = httpx.get(served.base_url + "/health/live", timeout=10)
    assert (live.status_code, live.json()["data"]) == (200, {"status": "ok"})


def test_a_campaign_never_outruns_its_binds_tps(
        smsc_kind: str, start_smsc: StartSmsc, serve_with: Callable[[str], Served], clean_database: str) -> None:
    peer = start_smsc(smsc_kind)
    served = serve_with(peer.url + "?tps=40")
    assert ujumbe("credits", "grant", EMAIL, "100", env=served.env).returncode == 0
    account_id = served.get("/v1/auth/me")["id"]
    phones = [f"+2557123{n:05d}" for n in range(60)]
    list_id = seed_list(clean_database, account_id, [(phone, "Asha", "") for phone in phones])

    started = time.monotonic()
    created = httpx.post(served.base_url + "/v1/campaigns", headers=served.headers, timeout=30,
                         json={"name": "Ofa", "message": "Habari {first_name}", "contact_list_id": list_id})
    assert created.status_code == 201, created.text
    campaign = wait_until(lambda: (c := served.get(f"/v1/campaigns/{created.json()['data']['id']}"))["status"]
                          == "completed" and c)

    # 60 submits at 40 a second on the one bind cannot all go out in under 1.47 s (a lower bound:
    # a slow machine only makes it longer)
    assert time.monotonic() - started >= 59 / 40
    assert campaign["sent_count"] == 60
    assert sorted("+" + r.destination_addr for r in peer.received()) == sorted(phones)
