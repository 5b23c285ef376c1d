"""ujumbe benchmarks (`make bench`): sends on one hot account, over HTTP and straight on PostgreSQL.

Everything runs on this machine, on loopback, on a fresh embedded PostgreSQL in a temporary
directory, in one run, so the ratios compare like with like:

1. ceiling    the SQL of one single send as it was before group commit (debit + pending
              message, the simulator's submit row, outcome + outbox event: three autocommit
              statements per send), run with psycopg on one account by N connections at once;
2. use case   the SendSms use case in this process (group commits and all, no HTTP);
3. single     POST /v1/sms/ on one account through `ujumbe serve --no-worker` (a lean
              keep-alive client: see `LeanClient`);
4. idempotent the same with a fresh Idempotency-Key per request (claim + store on top);
5. bulk       POST /v1/sms/bulk with 1000 recipients, one request at a time.
Each with the CPU per request of the server, PostgreSQL and this client. `--baseline REV`
instead compares single sends over HTTP on this tree and on git revision REV, alternated.

Bounded: each phase stops at its request count or its time limit, whichever comes first.
See bench/README.md for what the numbers mean.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psycopg
from dependency_injector import providers
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.database import embedded_database_url
from application.accounts.accounts import Registration
from application.credits.balance import Grant
from application.sending.sends import SmsRequest
from entrypoints.container import Container
from entrypoints.settings import Settings

TARGET_SENDS_PER_SECOND = 1000
TARGET_BULK_MS = 300


@dataclass
class Result:
    name: str
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    server_cpu_ms: float = 0.0  # CPU per request: the server's processes, PostgreSQL's, this client's
    db_cpu_ms: float = 0.0
    client_cpu_ms: float = 0.0

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def summary(name: str, latencies: list[float], seconds: float) -> Result:
    return Result(name, len(latencies), seconds, percentile(latencies, 0.5) * 1000,
                  percentile(latencies, 0.99) * 1000, max(latencies, default=0) * 1000)


async def drive(count: int, concurrency: int, limit_s: float,
                one: Callable[[int], Awaitable[None]]) -> tuple[list[float], float]:
    """Run `one(i)` for i < count with `concurrency` in flight; stop early after `limit_s`."""
    latencies: list[float] = []
    next_index = iter(range(count))
    started = time.perf_counter()
    deadline = started + limit_s

    async def worker() -> None:
        for i in next_index:
            if time.perf_counter() > deadline:
                return
            t0 = time.perf_counter()
            await one(i)
            latencies.append(time.perf_counter() - t0)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return latencies, time.perf_counter() - started


def number(i: int) -> str:
    return f"+2557{12000000 + i % 8000000:08d}"


# --- the server ----------------------------------------------------------------------------

class CpuMeter:
    """CPU seconds used so far by the server's processes and by PostgreSQL's (from /proc, so on
    Linux only; zeros elsewhere). Tells what a phase cost, not only how long it took: on a
    shared 2-core machine the wall time depends on what else runs."""

    def __init__(self, server_pid: int, data_dir: Path) -> None:
        self._server_pid, self._postmaster_file = server_pid, data_dir / "pg" / "postmaster.pid"
        self._tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def _processes(self) -> dict[int, tuple[int, float]]:
        found: dict[int, tuple[int, float]] = {}
        for entry in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = entry.read_text().rpartition(")")[2].split()
            except OSError:
                continue
            # utime + stime, and cutime + cstime: what its exited children used (a backend that
            # closed during the phase is counted in the postmaster's)
            found[int(entry.parent.name)] = (int(fields[1]), sum(map(int, fields[11:15])) / self._tick)
        return found

    def sample(self) -> tuple[float, float]:
        """(server CPU s, PostgreSQL CPU s) so far."""
        processes = self._processes()
        try:
            postmaster = int(self._postmaster_file.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            postmaster = -1

        def tree(root: int, stop: int) -> float:
            total, todo = 0.0, [root]
            while todo:
                pid = todo.pop()
                if pid in processes and pid != stop:
                    total += processes[pid][1]
                    todo.extend(child for child, (parent, _) in processes.items() if parent == pid)
            return total

        return tree(self._server_pid, postmaster), tree(postmaster, -1)


async def metered(meter: CpuMeter, phase: Awaitable[Result]) -> Result:
    """The phase's result with the CPU per request it cost the server and PostgreSQL."""
    server_before, db_before = meter.sample()
    client_before = time.process_time()
    result = await phase
    client_after = time.process_time()
    server_after, db_after = meter.sample()
    if result.requests:
        result.server_cpu_ms = (server_after - server_before) * 1000 / result.requests
        result.db_cpu_ms = (db_after - db_before) * 1000 / result.requests
        result.client_cpu_ms = (client_after - client_before) * 1000 / result.requests
    return result


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: Path, port: int, workers: int, src: list[Path] | None = None,
                 env_extra: dict[str, str] | None = None, *, job_worker: bool = False) -> subprocess.Popen[bytes]:
    """`ujumbe serve --no-worker` on the embedded database in `data_dir`; its output goes to
    `data_dir/server.log` (a pipe nobody reads would block it once full). `src`: serve that
    source tree (a baseline revision) instead of this one. `env_extra`: more settings (the
    SMPP bench's `UJUMBE_GATEWAY`, or `UJUMBE_DATABASE_URL`). `job_worker`: with its in-process
    job worker (plain `ujumbe serve`)."""
    env = {**os.environ, "UJUMBE_DATA_DIR": str(data_dir), "UJUMBE_DATABASE_URL": "", **(env_extra or {})}
    if src is not None:  # ahead of this tree's editable install on sys.path
        env["PYTHONPATH"] = os.pathsep.join([*map(str, src), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with open(data_dir / "server.log", "ab") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "entrypoints.cli.main", "serve", *([] if job_worker else ["--no-worker"]),
             "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)],
            env=env, stdout=log, stderr=subprocess.STDOUT,
        )


async def wait_until_healthy(base: str, server: subprocess.Popen[bytes], log: Path, timeout_s: float = 90) -> None:
    deadline = time.monotonic() + timeout_s
    async with httpx.AsyncClient(base_url=base) as client:
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise SystemExit(f"the server exited:\n{log.read_text(errors='replace')[-3000:]}")
            try:
                if (await client.get("/health")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit("the server did not become healthy")


@dataclass
class Account:
    id: str
    key: str


async def make_accounts(container: Container, names: list[str], credits: int) -> dict[str, Account]:
    """Enterprise accounts (6000 requests a minute) with credits, made through the use cases."""
    made = {}
    for name in names:
        email = f"{name}-{uuid.uuid4().hex[:8]}@bench.test"
        account = await container.register_account()(
            Registration(email=email, password="bench-password", business_name=name, plan="enterprise"))
        key = await container.create_api_key()(account.id, "bench")
        await container.grant_credits()(Grant(account.id, credits))
        made[name] = Account(account.id, key.key)
    return made


# --- the phases ----------------------------------------------------------------------------

class LeanClient:
    """Keep-alive HTTP/1.1 connections with next to no client-side work: on a 2-core machine an
    httpx client spends more CPU per request (~3.5 ms) than the server, so it would measure
    itself. Requests are written by hand; answers are read by Content-Length."""

    def __init__(self, base: str, connections: int) -> None:
        host, _, port = base.removeprefix("http://").partition(":")
        self._host, self._port, self._size = host, int(port), connections
        self._idle: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()

    async def __aenter__(self) -> LeanClient:
        for _ in range(self._size):
            self._idle.put_nowait(await asyncio.open_connection(self._host, self._port))
        return self

    async def __aexit__(self, *exc: object) -> None:
        while not self._idle.empty():
            _, writer = self._idle.get_nowait()
            writer.close()

    async def post(self, path: str, headers: dict[str, str], body: object) -> tuple[int, bytes]:
        return await self.request("POST", path, headers, body)

    async def request(self, method: str, path: str, headers: dict[str, str],
                      body: object = None) -> tuple[int, bytes]:
        payload = b"" if body is None else json.dumps(body).encode()
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        if body is not None:
            head = f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n{head}"
        request = f"{method} {path} HTTP/1.1\r\nHost: {self._host}\r\n{head}\r\n".encode() + payload
        reader, writer = await self._idle.get()
        try:
            writer.write(request)
            status_line = await reader.readline()
            length = None
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if length is None:
                raise SystemExit(f"an answer without Content-Length: {status_line!r}")
            answer = await reader.readexactly(length)
        except BaseException:
            writer.close()
            self._idle.put_nowait(await asyncio.open_connection(self._host, self._port))
            raise
        self._idle.put_nowait((reader, writer))
        return int(status_line.split()[1]), answer


async def http_sends(base: str, account: Account, count: int, concurrency: int, limit_s: float,
                     name: str, *, idempotent: bool = False) -> Result:
    async with LeanClient(base, concurrency) as client:
        async def one(i: int) -> None:
            headers = {"X-API-Key": account.key}
            if idempotent:
                headers["Idempotency-Key"] = f"bench-{i}"
            status, answer = await client.post("/v1/sms/", headers,
                                               {"to": number(i), "message": f"Habari, oda {i} iko tayari."})
            if status != 200 or json.loads(answer)["data"]["status"] != "sent":
                raise SystemExit(f"{name}: unexpected answer {status} {answer[:300]!r}")

        latencies, seconds = await drive(count, concurrency, limit_s, one)
    return summary(name, latencies, seconds)


async def http_bulks(base: str, account: Account, rounds: int, limit_s: float) -> Result:
    # httpx here: one request at a time, so its client-side cost (encoding 1000 numbers, parsing
    # 1000 results) is counted in the time, which makes the number conservative.
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        async def one(i: int) -> None:
            to = [number(i * 1000 + n) for n in range(1000)]
            response = await client.post("/v1/sms/bulk", headers={"X-API-Key": account.key},
                                         json={"to": to, "message": f"Ofa {i}: punguzo la 20% leo!"})
            data = response.json()["data"] if response.status_code == 200 else None
            if not data or data["sent"] != 1000:
                raise SystemExit(f"bulk: unexpected answer {response.status_code} {response.text[:300]}")

        latencies, seconds = await drive(rounds, 1, limit_s, one)
    return summary("bulk of 1000, per request", latencies, seconds)


# The statements of one single send as the adapters issued them before group commit (each send
# its own debit, submit row and outcome statement, each its own transaction in autocommit),
# without HTTP, auth or the use case around them: what one account gets when every send commits
# alone. The group-commit path is what the use-case phase runs.
_PAID = (  # the debit, its ledger entry and the pending message, or nothing
    "WITH d AS (UPDATE credit_balances SET balance = balance - 1, entries = entries + 1,"
    " updated_at = %(at)s WHERE account_id = %(account)s AND balance - 1 >= 0"
    " AND NOT EXISTS (SELECT 1 FROM ledger_entries WHERE account_id = %(account)s"
    " AND reference = %(reference)s) RETURNING balance, entries),"
    " e AS (INSERT INTO ledger_entries (account_id, id, seq, type, amount, balance_after, description,"
    " reference, refunds, created_at) SELECT %(account)s, %(entry)s, d.entries, 'deduct', -1,"
    " d.balance, 'SMS', %(reference)s, NULL, %(at)s FROM d RETURNING seq)"
    " INSERT INTO messages (account_id, id, to_number, sender, body, encoding, characters, sms_parts,"
    " segments, credits_used, cost, carrier, status, created_at, updated_at)"
    " SELECT %(account)s, %(id)s, %(to)s, 'UJUMBE', %(body)s, 'GSM-7', 25, 1, 1, 1, '1 credit',"
    " 'Yas', 'pending', %(at)s, %(at)s FROM e RETURNING 1"
)
_SUBMIT = (
    "INSERT INTO simulator_messages (message_id, account_id, to_number, sender, body, accepted,"
    " gateway_ref, error, created_at) VALUES (%(id)s, %(account)s, %(to)s, 'UJUMBE', %(body)s, true,"
    " %(ref)s, NULL, %(at)s) ON CONFLICT (message_id) DO NOTHING RETURNING message_id"
)
_SENT = (  # the outcome and its outbox event
    "WITH moved AS (UPDATE messages SET status = 'sent', gateway_ref = %(ref)s, sent_at = %(at)s,"
    " updated_at = %(at)s WHERE account_id = %(account)s AND id = %(id)s AND status = 'pending'"
    " RETURNING id), added AS (INSERT INTO outbox_events (account_id, id, type, data, created_at)"
    " SELECT %(account)s, %(event)s, 'message.sent', '{}'::jsonb, %(at)s FROM moved)"
    " SELECT id FROM moved"
)


async def sql_sends(url: str, account: Account, count: int, concurrency: int, limit_s: float) -> Result:
    pool = AsyncConnectionPool(url, min_size=concurrency, max_size=concurrency, open=False,
                               kwargs={"autocommit": True})
    await pool.open(wait=True)
    try:
        async def one(i: int) -> None:
            message_id = str(uuid.uuid4())
            params = {"account": account.id, "id": message_id, "to": number(i), "at": datetime.now(UTC),
                      "body": f"Habari, oda {i} iko tayari.", "entry": str(uuid.uuid4()),
                      "reference": f"send:{message_id}", "ref": f"sim-{uuid.uuid4()}",
                      "event": str(uuid.uuid4())}
            async with pool.connection() as conn:
                if await (await conn.execute(_PAID, params)).fetchone() is None:
                    raise SystemExit("ceiling: the account ran out of credits")
                await conn.execute(_SUBMIT, params)
                await conn.execute(_SENT, params)

        latencies, seconds = await drive(count, concurrency, limit_s, one)
    finally:
        await pool.close()
    return summary("ceiling: same SQL, psycopg", latencies, seconds)


async def use_case_sends(url: str, data_dir: Path, account: Account, count: int, concurrency: int,
                         limit_s: float) -> Result:
    """The SendSms use case in this process on the server's database, `concurrency` at once: the
    whole send path (group commits, simulator, outbox wake-up) without HTTP, auth or rate limit."""
    container = Container()
    container.settings.override(providers.Object(Settings(database_url=url, data_dir=data_dir)))
    await container.pool().open(wait=True)
    await container.job_app().open_async()
    try:
        send_sms = container.send_sms()

        async def one(i: int) -> None:
            result = await send_sms(SmsRequest(account.id, number(i), f"Habari, oda {i} iko tayari."))
            if result.status != "sent":
                raise SystemExit(f"use case: unexpected result {result}")

        latencies, seconds = await drive(count, concurrency, limit_s, one)
    finally:
        await container.job_app().close_async()
        await container.pool().close()
    return summary("send use case, no HTTP", latencies, seconds)


# --- report --------------------------------------------------------------------------------

def report(results: dict[str, Result], concurrency: int, workers: int) -> str:
    ceiling, single = results["ceiling"], results["single"]
    lines = [
        f"ujumbe bench: {os.cpu_count()} CPU(s), {concurrency} concurrent clients, "
        f"{workers} HTTP worker process(es), embedded PostgreSQL, loopback",
        "",
        f"{'phase':<34}{'requests':>9}{'per s':>10}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
        f"{'srv cpu':>9}{'db cpu':>9}{'clt cpu':>9}   (CPU ms per request)",
    ]
    for r in results.values():
        lines.append(f"{r.name:<34}{r.requests:>9}{r.per_second:>10.0f}{r.p50_ms:>9.1f}"
                     f"{r.p99_ms:>9.1f}{r.max_ms:>9.1f}{r.server_cpu_ms:>9.2f}{r.db_cpu_ms:>9.2f}"
                     f"{r.client_cpu_ms:>9.2f}")
    def ratio(label: str, value: float) -> None:
        lines.append(f"{label:<52}{value:7.2f}")

    lines += ["", "ratios (measured in this run)"]
    ratio("single sends/s over HTTP / ceiling sends/s", single.per_second / ceiling.per_second)
    ratio(f"single sends/s over HTTP / target {TARGET_SENDS_PER_SECOND}/s", single.per_second / TARGET_SENDS_PER_SECOND)
    ratio("ceiling sends/s / target", ceiling.per_second / TARGET_SENDS_PER_SECOND)
    if "use_case" in results:
        ratio("single sends/s over HTTP / use case without HTTP", single.per_second / results["use_case"].per_second)
    if "idempotent" in results:
        ratio("sends/s with Idempotency-Key / without", results["idempotent"].per_second / single.per_second)
    if "bulk" in results:
        bulk = results["bulk"]
        ratio(f"bulk of 1000 p50 / target {TARGET_BULK_MS} ms (above 1 = slower)", bulk.p50_ms / TARGET_BULK_MS)
        ratio("bulk recipients/s / single sends/s", 1000 / (bulk.p50_ms / 1000) / single.per_second)
    return "\n".join(lines)


def source_of(revision: str, into: Path, hidden: list[str]) -> list[Path]:
    """The `src` tree of a git revision of this repository, extracted under `into`, and ahead
    of it a folder in which each of the `hidden` packages fails to import (dependencies the
    revision did not have, such as uvloop, which uvicorn would otherwise pick up)."""
    repo = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(repo), "archive", revision, "src"], check=True,
                             capture_output=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    for package in hidden:
        (into / "hidden" / package).mkdir(parents=True)
        (into / "hidden" / package / "__init__.py").write_text(
            f"raise ImportError('{package} is hidden from the baseline by bench/run.py')\n")
    return [into / "hidden", into / "src"]


@dataclass
class Served:
    server: subprocess.Popen[bytes]
    base: str
    url: str
    accounts: dict[str, Account]
    meter: CpuMeter


async def serve(data_dir: Path, workers: int, names: list[str], src: list[Path] | None = None,
                env_extra: dict[str, str] | None = None) -> Served:
    """A server on a fresh embedded database, with enterprise accounts holding a million credits."""
    data_dir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    print(f"starting ujumbe serve --no-worker on {base} (data in {data_dir})", file=sys.stderr)
    server = start_server(data_dir, port, workers, src, env_extra)
    try:
        await wait_until_healthy(base, server, data_dir / "server.log")
        url = embedded_database_url(data_dir)
        container = Container()
        container.settings.override(providers.Object(Settings(database_url=url, data_dir=data_dir)))
        await container.pool().open(wait=True)
        try:
            accounts = await make_accounts(container, names, credits=1_000_000)
        finally:
            await container.pool().close()
    except BaseException:
        stop(server)
        raise
    return Served(server, base, url, accounts, CpuMeter(server.pid, data_dir))


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


async def against_baseline(tmp: Path, revision: str, hidden: list[str], rounds: int, sends: int,
                           concurrency: int, workers: int, limit_s: float) -> str:
    """Single sends over HTTP on this tree and on `revision`, each on its own fresh server and
    database, in alternate phases (this, baseline, this, baseline, ...) so both see the same
    machine; the report gives each phase and the ratio of the medians."""
    names = [f"round{i}" for i in range(rounds)] + ["warmup"]
    this = await serve(tmp / "this", workers, names)
    try:
        baseline = await serve(tmp / "baseline", workers, names, source_of(revision, tmp / "baseline-src", hidden))
        try:
            for served in (this, baseline):
                await http_sends(served.base, served.accounts["warmup"], 300, concurrency, limit_s, "warm-up")
            rates: dict[str, list[float]] = {"this tree": [], revision: []}
            cpu: dict[str, list[tuple[float, float, float]]] = {"this tree": [], revision: []}
            for i in range(rounds):
                for label, served in (("this tree", this), (revision, baseline)):
                    print(f"phase: single sends over HTTP, {label}, round {i + 1}", file=sys.stderr)
                    result = await metered(served.meter, http_sends(
                        served.base, served.accounts[f"round{i}"], sends, concurrency, limit_s, "single send, HTTP"))
                    rates[label].append(result.per_second)
                    cpu[label].append((result.server_cpu_ms, result.db_cpu_ms, result.client_cpu_ms))
        finally:
            stop(baseline.server)
    finally:
        stop(this.server)
    lines = [f"single sends/s over HTTP, one account, {concurrency} clients, alternated rounds"
             + (f" ({revision} served without {', '.join(hidden)})" if hidden else "")]
    for label, values in rates.items():
        lines.append(f"  {label:<24}" + "".join(f"{v:>8.0f}" for v in values)
                     + f"   median {statistics.median(values):.0f}")
    lines.append("CPU ms per send: server + PostgreSQL + client")
    for label, costs in cpu.items():
        lines.append(f"  {label:<24}" + "".join(f"  {srv:.2f}+{db:.2f}+{clt:.2f}" for srv, db, clt in costs))
    this_median, base_median = statistics.median(rates["this tree"]), statistics.median(rates[revision])
    lines.append(f"  this tree / {revision} (medians){this_median / base_median:>14.2f}")
    lines.append(f"  this tree / target {TARGET_SENDS_PER_SECOND}/s (median){this_median / TARGET_SENDS_PER_SECOND:>10.2f}")
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sends", type=int, default=2000, help="single sends per phase (at most 5000: "
                        "an enterprise account may make 6000 requests a minute)")
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--bulks", type=int, default=5, help="bulk requests of 1000 recipients")
    parser.add_argument("--workers", type=int, default=1, help="HTTP worker processes")
    parser.add_argument("--limit", type=float, default=60, help="seconds at most per phase")
    parser.add_argument("--json", dest="json_path", help="also write the results to this file")
    parser.add_argument("--baseline", metavar="REV", help="instead of the phases: single sends over HTTP on "
                        "this tree and on git revision REV, alternated (see --rounds)")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: phases per side")
    parser.add_argument("--baseline-hide", default="", metavar="PKG,...",
                        help="with --baseline: packages the baseline server may not import (e.g. uvloop,httptools)")
    args = parser.parse_args()
    sends = min(args.sends, 5000)
    if args.baseline:
        with tempfile.TemporaryDirectory(prefix="ujumbe-bench-") as tmp:
            hidden = [name for name in args.baseline_hide.split(",") if name]
            print(await against_baseline(Path(tmp), args.baseline, hidden, args.rounds, sends, args.concurrency,
                                         args.workers, args.limit))
        return

    with tempfile.TemporaryDirectory(prefix="ujumbe-bench-") as tmp:
        served = await serve(Path(tmp), args.workers,
                             ["warmup", "ceiling", "use_case", "single", "idempotent", "bulk"])
        base, url, accounts = served.base, served.url, served.accounts
        meter = served.meter
        try:
            results: dict[str, Result] = {}
            print("warming up", file=sys.stderr)
            await http_sends(base, accounts["warmup"], 300, args.concurrency, args.limit, "warm-up")
            print("phase: one send at a time", file=sys.stderr)
            results["sequential"] = await metered(meter, http_sends(base, accounts["warmup"], 200, 1, args.limit,
                                                                    "single send, HTTP, 1 client"))
            print("phase: ceiling (psycopg)", file=sys.stderr)
            results["ceiling"] = await metered(meter, sql_sends(url, accounts["ceiling"], sends, args.concurrency,
                                                                args.limit))
            print("phase: send use case in this process", file=sys.stderr)
            results["use_case"] = await metered(meter, use_case_sends(url, Path(tmp), accounts["use_case"], sends,
                                                                      args.concurrency, args.limit))
            print("phase: single sends over HTTP", file=sys.stderr)
            results["single"] = await metered(meter, http_sends(base, accounts["single"], sends, args.concurrency,
                                                                args.limit, "single send, HTTP"))
            print("phase: single sends with Idempotency-Key", file=sys.stderr)
            results["idempotent"] = await metered(meter, http_sends(
                base, accounts["idempotent"], sends, args.concurrency, args.limit, "single send + Idempotency-Key",
                idempotent=True))
            if args.bulks:
                print("phase: bulk of 1000", file=sys.stderr)
                results["bulk"] = await metered(meter, http_bulks(base, accounts["bulk"], args.bulks, args.limit))

            with psycopg.connect(url) as conn:
                row = conn.execute("SELECT count(*) FROM messages WHERE status = 'sent'").fetchone()
            print(f"messages sent in this run: {row[0] if row else 0}", file=sys.stderr)
            print(report(results, args.concurrency, args.workers))
            if args.json_path:
                Path(args.json_path).write_text(json.dumps(
                    {k: {**asdict(v), "per_second": v.per_second} for k, v in results.items()}, indent=2))
        finally:
            stop(served.server)


if __name__ == "__main__":
    asyncio.run(main())
