"""`ujumbe serve` in its own process on a free loopback port, and a customer ready to call it.

The customer is the one the API document's examples name (so its login example logs in), on
the enterprise plan (so the per-account rate limit does not shape what a fuzzer sees), with
credits for any send, a notification to read, an API key and an access token: one credential
for each of the document's security schemes. The job worker does not run: a fuzzer registers
webhooks at URLs it makes up, and a worker would post events to those hosts.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg

from tests_support import ujumbe

EMAIL = "shop@example.com"
PAYER_PHONE = "+255712345678"  # the customer's verified phone: the API document's order examples pay from it
EXAMPLE_CONTACT_LIST_ID = "4d3c2b1a-0f9e-4d8c-b7a6-958473625140"  # the list the API document's examples name
PASSWORD = "s3cret-pass"


@dataclass(frozen=True, slots=True)
class RunningApp:
    base_url: str
    env: dict[str, str]
    api_key: str
    access_token: str

    @property
    def document_url(self) -> str:
        return f"{self.base_url}/schema/openapi.json"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_until_healthy(base_url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base_url}/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"ujumbe serve did not come up:\n{log.read_text()}")
        time.sleep(0.1)


def _operator(*args: str, env: dict[str, str]) -> str:
    done = ujumbe(*args, env=env)
    assert done.returncode == 0, f"ujumbe {' '.join(args)}: {done.stderr}"
    return done.stdout


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, as an operator would; killed if it has not stopped within 15 s."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def serving(env: dict[str, str], tmp_path: Path, *options: str, port: int | None = None) -> Iterator[str]:
    """`ujumbe serve` with `env` on a free loopback port (or `port`, when its URL is needed before:
    UJUMBE_PUBLIC_URL), once healthy; its base URL."""
    port = port or free_port()
    base_url = f"http://127.0.0.1:{port}"
    log_path = tmp_path / "serve.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "serve", *options, "--port", str(port)],
                                env={**os.environ, **env}, stdout=log, stderr=log)
        try:
            _wait_until_healthy(base_url, proc, log_path)
            yield base_url
        finally:
            stop(proc)


def _seed_contact_list(database_url: str, email: str) -> None:
    """The customer's contact list the examples name (createCampaign, previewCampaign), with two
    contacts, so a campaign created from the examples or the document's links exists."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "WITH a AS (SELECT id FROM accounts WHERE email = %(email)s),"
            " l AS (INSERT INTO contact_lists (account_id, id, name, created_at, updated_at)"
            "       SELECT id, %(list)s, 'Wateja', now(), now() FROM a RETURNING account_id, id),"
            " c AS (INSERT INTO contacts (account_id, list_id, id, phone, first_name, created_at, updated_at)"
            "       SELECT l.account_id, l.id, gen_random_uuid(), p.phone, 'Asha', now(), now()"
            "       FROM l, (VALUES ('+255712345678'), ('+255754000111')) AS p(phone) RETURNING *)"
            " INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)"
            " SELECT account_id, list_id, id, id, phone, true, created_at FROM c",
            {"email": email, "list": EXAMPLE_CONTACT_LIST_ID})


def _seed_what_orders_buy(database_url: str) -> None:
    """A package and a voucher rate card to order from, unless the shipped data files gave them
    (package 1 is the one the API document's order example names)."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("INSERT INTO packages (id, name, credits, price_tzs) VALUES (1, 'Starter', 100, 3500)"
                     " ON CONFLICT (id) DO UPDATE SET active = true")
        if conn.execute("SELECT count(*) FROM voucher_tiers").fetchone() == (0,):
            conn.execute("INSERT INTO voucher_settings (min_amount_tzs) VALUES (1000) ON CONFLICT DO NOTHING")
            conn.execute("INSERT INTO voucher_tiers (max_amount_tzs, rate_tzs_per_credit)"
                         " VALUES (99999, 30), (NULL, 25)")


@contextmanager
def running_app_with_customer(database_url: str, tmp_path: Path,
                              extra_env: dict[str, str] | None = None, *, worker: bool = False) -> Iterator[RunningApp]:
    """The service with the customer; `worker` runs its job worker too (campaigns need one)."""
    # Private webhook URLs are allowed so that registering one never waits on DNS.
    env = {"UJUMBE_DATABASE_URL": database_url, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1", "UJUMBE_SECRET_KEY": "contract-tests-secret-key-long-enough-for-hs256",
           **(extra_env or {})}
    with serving(env, tmp_path, *(() if worker else ("--no-worker",))) as base_url:
        _operator("accounts", "create", "--email", EMAIL, "--password", PASSWORD, "--business-name", "Duka",
                  "--plan", "enterprise", env=env)
        _operator("credits", "grant", EMAIL, "1000000000", env=env)
        _operator("announce", "Karibu ujumbe", "--title", "Welcome", env=env)
        _seed_contact_list(database_url, EMAIL)
        _operator("accounts", "verify-phone", EMAIL, PAYER_PHONE, env=env)
        _seed_what_orders_buy(database_url)
        api_key = json.loads(_operator("keys", "create", EMAIL, "--name", "contract-tests", "--json", env=env))["key"]
        login = httpx.post(f"{base_url}/v1/auth/login", json={"email": EMAIL, "password": PASSWORD}, timeout=10)
        assert login.status_code == 200, login.text
        yield RunningApp(base_url=base_url, env=env, api_key=api_key,
                         access_token=login.json()["data"]["access_token"])
