"""GET /metrics after real traffic, read with prometheus-client's own text parser: sends by
carrier and encoding, parts billed, delivery reports, ledger postings, webhook attempts, gateway
submits, HTTP requests by route template, the job queue, payment orders and campaigns; who may
read it; a real `ujumbe serve --workers 2` counting every process's requests in one scrape; and a
separate `ujumbe worker` and a one-off CLI command sharing the API's PROMETHEUS_MULTIPROC_DIR."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient
from prometheus_client.parser import text_string_to_metric_families
from psycopg_pool import AsyncConnectionPool

from application.credits.balance import Grant
from application.webhooks.deliveries import DELIVER_WEBHOOK
from domain.pricing import CreditPackage
from entrypoints.container import Container
from entrypoints.settings import Settings
from campaigns_support import seed_list
from http_helpers import error_of
from jobs_support import drain, without_periodic_jobs
from running_app import serving, stop
from tests_support import ujumbe, wait_until
from webhook_receiver import WebhookReceiver

PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8"
VODACOM, AIRTEL = "+255754000111", "+255688000111"
HALOTEL = ["+255620000111", "+255620000112"]  # the campaign's recipients
PAYER = "+255712345678"


@pytest.fixture(autouse=True)
def _jobs_drained_by_hand(container: Container) -> None:
    without_periodic_jobs(container)


@pytest.fixture()
async def scraper(client: AsyncTestClient[Any]) -> AsyncIterator[httpx.AsyncClient]:
    """The same app, called from 127.0.0.1 (the `client` fixture's requests come from `testclient`)."""
    transport = httpx.ASGITransport(app=client.app, client=("127.0.0.1", 41000))  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as loopback:
        yield loopback


class Scrape:
    def __init__(self, text: str) -> None:
        self.families = {family.name: family for family in text_string_to_metric_families(text)}

    def value(self, sample: str, **labels: str) -> float:
        """The sum of `sample`'s values whose labels include `labels` (0 when there is none)."""
        family = self.families.get(sample.removesuffix("_total").removesuffix("_count").removesuffix("_bucket"))
        assert family is not None, f"no metric family for {sample}: {sorted(self.families)}"
        return sum(s.value for s in family.samples
                   if s.name == sample and all(s.labels.get(k) == v for k, v in labels.items()))

    def labels(self, sample: str, label: str) -> set[str]:
        family = self.families[sample.removesuffix("_total").removesuffix("_count")]
        return {s.labels[label] for s in family.samples if s.name == sample}


def scrape_of(base_url: str) -> Scrape:
    response = httpx.get(f"{base_url}/metrics", timeout=10)
    assert response.status_code == 200, response.text
    return Scrape(response.text)


async def scrape(scraper: httpx.AsyncClient) -> Scrape:
    response = await scraper.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == PROMETHEUS_TEXT
    return Scrape(response.text)


async def test_metrics_after_real_traffic_name_the_carrier_encoding_route_and_latency(  # type: ignore[no-untyped-def]
        client: AsyncTestClient[Any], scraper: httpx.AsyncClient, container: Container, make_account,
        clean_database: str) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=50))
    with WebhookReceiver() as receiver:
        hook = await client.post("/v1/webhooks", json={"url": receiver.url, "events": ["message.delivered"]},
                                 headers=account.jwt_headers)
        assert hook.status_code == 201, hook.text
        short = await client.post("/v1/sms", json={"to": VODACOM, "message": "Habari"}, headers=account.key_headers)
        long = await client.post("/v1/sms", json={"to": AIRTEL, "message": "ő" + "a" * 79},  # UCS-2, 2 parts
                                 headers=account.key_headers)
        assert short.json()["data"]["status"] == long.json()["data"]["status"] == "sent"
        assert long.json()["data"]["sms_parts"] == 2
        list_id = seed_list(clean_database, account.id, [(n, "", "") for n in HALOTEL])
        campaign = await client.post("/v1/campaigns", json={"name": "Ofa", "message": "Ofa ya leo",
                                                            "contact_list_id": list_id}, headers=account.key_headers)
        assert campaign.status_code == 201, campaign.text
        later = await client.post("/v1/campaigns", json={"name": "Sikukuu", "message": "Heri", "contact_list_id": list_id,
                                                         "scheduled_at": "2099-12-24T09:00"}, headers=account.key_headers)
        assert later.json()["data"]["status"] == "scheduled", later.text
        await drain(container)  # the campaign runs; every delivery report lands; the webhooks go out
        receiver.wait_for(lambda got: len(got) == 4)
    async with container.uow() as uow:
        await uow.packages.save(CreditPackage(id=1, name="Starter", credits=100, price_tzs=3_500))
        await uow.commit()
    await container.verify_phone_by_operator()(account.email, PAYER)
    order = await client.post("/v1/payments", json={"package_id": 1, "provider": "mobilemoney", "phone": PAYER},
                              headers=account.key_headers)
    assert order.status_code == 201, order.text
    assert (await client.get(f"/v1/contact-lists/{list_id}", headers=account.jwt_headers)).status_code == 200
    assert (await client.get(f"/no/such/path/{uuid.uuid4()}")).status_code == 404

    got = await scrape(scraper)

    # sends, by carrier and encoding, and the parts billed for them
    assert got.value("ujumbe_sms_sends_total", outcome="sent", carrier="Vodacom", encoding="GSM-7") == 1
    assert got.value("ujumbe_sms_sends_total", outcome="sent", carrier="Airtel", encoding="UCS-2") == 1
    assert got.value("ujumbe_sms_sends_total", outcome="sent", carrier="Halotel", encoding="GSM-7") == 2
    assert got.value("ujumbe_sms_sends_total", outcome="failed") == 0
    assert got.value("ujumbe_sms_parts_billed_total", carrier="Airtel", encoding="UCS-2") == 2
    assert got.value("ujumbe_sms_parts_billed_total") == 5
    assert got.value("ujumbe_sms_delivery_reports_total", status="delivered") == 4
    assert got.value("ujumbe_sms_delivery_reports_total", status="delivered", carrier="Vodacom") == 1
    # the ledger: one grant, three deductions (two sends, one campaign batch); credits by type
    assert got.value("ujumbe_ledger_postings_total", type="grant") == 1
    assert got.value("ujumbe_ledger_credits_total", type="grant") == 50
    assert got.value("ujumbe_ledger_postings_total", type="deduct") == 3
    assert got.value("ujumbe_ledger_credits_total", type="deduct") == 5
    # webhooks, with their latency; the gateway's submits, with theirs
    assert got.value("ujumbe_webhook_delivery_attempts_total", result="succeeded") == 4
    assert got.value("ujumbe_webhook_delivery_duration_seconds_count", result="succeeded") == 4
    assert got.value("ujumbe_webhook_delivery_duration_seconds_bucket", result="succeeded", le="+Inf") == 4
    assert got.value("ujumbe_gateway_submit_duration_seconds_count", bind="simulator", answer="accepted") == 4
    # HTTP: by route template, never the path with its id; unknown paths under one value
    routes = got.labels("ujumbe_http_requests_total", "route")
    assert "/v1/contact-lists/{list_id}" in routes and "unmatched" in routes
    assert not any(list_id in route for route in routes)
    assert got.value("ujumbe_http_requests_total", route="/v1/sms", method="POST", status="200") == 2
    assert got.value("ujumbe_http_requests_total", route="unmatched", method="GET", status="404") == 1
    sends = dict(route="/v1/sms", method="POST")
    assert got.value("ujumbe_http_request_duration_seconds_count", **sends) == 2
    assert got.value("ujumbe_http_request_duration_seconds_bucket", **sends, le="+Inf") == 2
    assert {s.labels["le"] for s in got.families["ujumbe_http_request_duration_seconds"].samples
            if s.name.endswith("_bucket")} >= {"0.005", "0.1", "1.0", "+Inf"}
    # payment orders placed, and what is in flight, read at scrape time: pending orders, campaigns
    # scheduled or running (not the one that completed), the database
    assert got.value("ujumbe_payment_orders_total", provider="mobilemoney", status="pending") == 1
    assert got.value("ujumbe_payment_orders_pending", provider="mobilemoney") == 1
    assert got.value("ujumbe_campaigns", status="scheduled") == 1
    assert got.value("ujumbe_campaigns", status="running") == 0
    assert got.value("ujumbe_campaign_messages_total", status="sent") == 2
    assert got.value("ujumbe_campaign_messages_total", status="delivered") == 2
    assert got.value("ujumbe_database_up") == 1


async def test_the_job_queue_depth_and_oldest_waiting_job_per_queue(  # type: ignore[no-untyped-def]
        scraper: httpx.AsyncClient, container: Container) -> None:
    for _ in range(2):  # deliveries that no longer exist: their jobs find nothing to do
        await container.job_queue().defer(DELIVER_WEBHOOK, {"account_id": str(uuid.uuid4()),
                                                            "delivery_id": str(uuid.uuid4())})
    async with container.pool().connection() as conn:  # the first was deferred a minute and a half ago
        await conn.execute("UPDATE procrastinate_events SET at = at - interval '90 seconds' WHERE id = "
                           "(SELECT min(id) FROM procrastinate_events WHERE type = 'deferred')")
    waited = await scrape(scraper)
    assert waited.value("ujumbe_job_queue_depth", queue="webhooks", status="todo") == 2
    assert waited.value("ujumbe_job_queue_depth", queue="webhooks", status="doing") == 0
    assert 90 <= waited.value("ujumbe_job_queue_oldest_waiting_seconds", queue="webhooks") < 150
    await drain(container)
    drained = await scrape(scraper)
    assert drained.value("ujumbe_job_queue_depth", queue="webhooks", status="todo") == 0


async def test_a_send_rolled_back_is_not_counted(  # type: ignore[no-untyped-def]
        client: AsyncTestClient[Any], scraper: httpx.AsyncClient, make_account) -> None:
    account = await make_account()  # no credits: the send is refused, its debit never commits
    refused = await client.post("/v1/sms", json={"to": VODACOM, "message": "Habari"}, headers=account.key_headers)
    assert refused.status_code == 402
    got = await scrape(scraper)
    assert got.value("ujumbe_ledger_postings_total") == 0
    assert got.value("ujumbe_sms_sends_total") == 0
    assert got.value("ujumbe_http_requests_total", route="/v1/sms", status="402") == 1


async def test_without_a_token_only_loopback_clients_may_read_it(  # type: ignore[no-untyped-def]
        client: AsyncTestClient[Any], scraper: httpx.AsyncClient) -> None:
    assert (await scraper.get("/metrics")).status_code == 200
    remote = await client.get("/metrics")  # from `testclient`: not a loopback address
    assert remote.status_code == 403 and error_of(remote) == ("forbidden", None)
    assert "ujumbe_" not in remote.text
    # Through a proxy the address is the proxy's to vouch for: a client's own header naming
    # loopback (which a server trusting every proxy would believe) is never enough.
    for header in ({"X-Forwarded-For": "127.0.0.1"}, {"Forwarded": "for=127.0.0.1"}, {"X-Real-IP": "::1"}):
        proxied = await scraper.get("/metrics", headers=header)
        assert proxied.status_code == 403 and error_of(proxied) == ("forbidden", None), header


async def test_with_a_token_only_requests_bearing_it_may_read_it(  # type: ignore[no-untyped-def]
        client: AsyncTestClient[Any], scraper: httpx.AsyncClient, container: Container, settings: Settings) -> None:
    container.settings.override(providers.Object(replace(settings, metrics_token="scrape-me-9f2c")))
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Bearer scrape-me-9f2"},
                    {"Authorization": "Basic scrape-me-9f2c"}, {"X-API-Key": "scrape-me-9f2c"}):
        refused = await scraper.get("/metrics", headers=headers)  # loopback is no longer enough
        assert refused.status_code == 401 and error_of(refused) == ("unauthorized", None), headers
    bearer = {"Authorization": "Bearer scrape-me-9f2c"}
    assert (await scraper.get("/metrics", headers=bearer)).status_code == 200
    from_anywhere = await client.get("/metrics", headers=bearer)
    assert from_anywhere.status_code == 200 and "ujumbe_http_requests_total" in from_anywhere.text


def test_requests_spread_over_several_api_processes_are_counted_in_one_scrape(
        clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_SECRET_KEY": "metrics-tests-secret-key-long-enough-for-hs256"}
    counts = tmp_path / "data" / "metrics"
    with serving(env, tmp_path, "--workers", "2", "--no-worker") as base_url:
        sent = 0

        async def burst() -> None:
            nonlocal sent
            async with httpx.AsyncClient(base_url=base_url, limits=httpx.Limits(max_keepalive_connections=0)) as http:
                answers = await asyncio.gather(*(http.get("/health/live") for _ in range(20)))
            assert {a.status_code for a in answers} == {200}
            sent += len(answers)

        while len({path.stem.rsplit("_", 1)[1] for path in counts.glob("counter_*.db")}) < 2:
            assert sent < 400, "every request went to one process"
            asyncio.run(burst())  # new connections each time: the processes take turns accepting them
        scraped = scrape_of(base_url)
    assert scraped.value("ujumbe_http_requests_total", route="/health/live", method="GET",
                                      status="200") == sent


def test_a_separate_job_worker_and_an_operator_command_on_the_same_data_dir_are_counted_in_the_api_scrape(
        clean_database: str, tmp_path: Path) -> None:
    """No PROMETHEUS_MULTIPROC_DIR anywhere: `ujumbe serve` makes `<data dir>/metrics`, and the
    worker and the CLI of the same data directory count there."""
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_SECRET_KEY": "metrics-tests-secret-key-long-enough-for-hs256",
           "UJUMBE_SIMULATOR_DLR_DELAY": "0"}
    with serving(env, tmp_path, "--no-worker") as base_url:
        assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "s3cret-pass",
                      env=env).returncode == 0
        assert ujumbe("credits", "grant", "duka@example.com", "5", env=env).returncode == 0  # counted by the CLI
        key = json.loads(ujumbe("keys", "create", "duka@example.com", "--json", env=env).stdout)["key"]
        sent = httpx.post(f"{base_url}/v1/sms", json={"to": VODACOM, "message": "Habari"},
                          headers={"X-API-Key": key}, timeout=30)
        assert sent.status_code == 200, sent.text
        with open(tmp_path / "worker.log", "wb") as log:
            worker = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "worker"],
                                      env={**os.environ, **env}, stdout=log, stderr=log)
            try:  # the delivery report is applied by the worker, in its own process
                got = wait_until(lambda: "ujumbe_sms_delivery_reports" in (s := scrape_of(base_url)).families and s)
            finally:
                stop(worker)
    assert got.value("ujumbe_sms_delivery_reports_total", status="delivered", carrier="Vodacom") == 1
    assert got.value("ujumbe_sms_sends_total", outcome="sent", carrier="Vodacom") == 1  # the API's process
    assert got.value("ujumbe_ledger_postings_total", type="grant") == 1  # `ujumbe credits grant`'s
    assert got.value("ujumbe_ledger_postings_total", type="deduct") == 1


async def test_a_database_that_does_not_answer_is_said_and_the_counts_still_come(  # type: ignore[no-untyped-def]
        scraper: httpx.AsyncClient, container: Container) -> None:
    nowhere = AsyncConnectionPool("postgresql://ujumbe@127.0.0.1:9/ujumbe", open=False)
    assert (await scraper.get("/health/live")).status_code == 200
    with container.pool.override(providers.Object(nowhere)):
        got = await scrape(scraper)
    assert got.value("ujumbe_database_up") == 0
    assert "ujumbe_job_queue_depth" not in got.families and "ujumbe_campaigns" not in got.families
    assert got.value("ujumbe_http_requests_total", route="/health/live") == 1  # what this process counted
