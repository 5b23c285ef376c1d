"""The TypeScript client (clients/typescript, `@ujumbe/client`) against a live `ujumbe serve`.

Its own suite runs under Node's test runner (`node --test`), compiled by the TypeScript the
package pins, installed from its committed lock file (`npm ci`, only when the lock changed); it
also checks that the committed types (src/schema.ts) are what the served API document generates.
One test, so that parallel test processes never build the package at once, and one server, with
its job worker (webhooks, campaigns) and two customers: one for sending, one whose webhook
endpoints see only the webhook tests' events. The suite reaches the gateway simulator's record
through the operator CLI, to count what the carrier received. Without Node ≥ 20 and npm the
module is skipped, saying so: CI has them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from running_app import PASSWORD, RunningApp, running_app_with_customer
from tests_support import ujumbe

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
HOOKS_EMAIL = "hooks@example.com"


def _node_major() -> int:
    """Node's major version; 0 without Node or npm."""
    node = shutil.which("node")
    if node is None or shutil.which("npm") is None:
        return 0
    version = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30,
                             check=False).stdout
    return int(version.strip().lstrip("v").split(".")[0] or 0)


pytestmark = pytest.mark.skipif(
    _node_major() < 20,
    reason="NODE >= 20 AND NPM NOT FOUND: the TypeScript client's suite (clients/typescript) did not run",
)


def _run(*command: str, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=CLIENT, capture_output=True, text=True, timeout=timeout, check=False,
                          env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def built() -> None:
    """node_modules as the lock file pins it (the Makefile's stamp, so `make test` installs once),
    then the package and its tests compiled."""
    checksum = _run("cksum", "package-lock.json").stdout.split()[0]
    stamp = CLIENT / "node_modules" / f".installed-{checksum}"
    if not stamp.exists():
        installed = _run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
        assert installed.returncode == 0, installed.stderr
        stamp.touch()
    for script in ("build", "build:test"):
        done = _run("npm", "run", "--silent", script)
        assert done.returncode == 0, f"npm run {script}:\n{done.stdout}\n{done.stderr}"


def _customer(app: RunningApp, email: str) -> tuple[str, str]:
    """A second customer on the enterprise plan with credits: its API key and an access token."""
    for args in (("accounts", "create", "--email", email, "--password", PASSWORD, "--plan", "enterprise"),
                 ("credits", "grant", email, "1000")):
        done = ujumbe(*args, env=app.env)
        assert done.returncode == 0, done.stderr
    created = ujumbe("keys", "create", email, "--json", env=app.env)
    assert created.returncode == 0, created.stderr
    login = httpx.post(f"{app.base_url}/v1/auth/login", json={"email": email, "password": PASSWORD}, timeout=10)
    assert login.status_code == 200, login.text
    return json.loads(created.stdout)["key"], login.json()["data"]["access_token"]


@pytest.fixture(scope="module")
def app(module_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    with running_app_with_customer(module_database, tmp_path_factory.mktemp("tsclient"), worker=True) as running:
        yield running


def test_the_typescript_client_passes_its_suite_against_the_live_app(built: None, app: RunningApp) -> None:
    hooks_key, hooks_token = _customer(app, HOOKS_EMAIL)
    tests = sorted(str(p.relative_to(CLIENT)) for p in (CLIENT / "build" / "test").glob("*.test.js"))
    assert tests, "the TypeScript client's tests did not compile"

    done = _run("node", "--test", "--test-reporter=spec", *tests, timeout=600, env={
        **app.env,
        "UJUMBE_API_URL": app.base_url, "UJUMBE_API_KEY": app.api_key, "UJUMBE_ACCESS_TOKEN": app.access_token,
        "UJUMBE_HOOKS_API_KEY": hooks_key, "UJUMBE_HOOKS_ACCESS_TOKEN": hooks_token,
        "UJUMBE_CLI": json.dumps([sys.executable, "-m", "entrypoints.cli.main"]),
    })

    assert done.returncode == 0, f"node --test failed:\n{done.stdout}\n{done.stderr}"
    assert "fail 0" in done.stdout, done.stdout

