"""ujumbe load and soak run (`make soak`): many accounts using the API at once, for minutes.

Starts `ujumbe serve` (with its in-process job worker, so campaigns run and delivery reports
are applied as in production) on a fresh embedded PostgreSQL in a temporary directory, or on
UJUMBE_DATABASE_URL when it is set, makes `--accounts` enterprise accounts (API key, JWT,
credits, a contact list), then drives a mix of operations over loopback from `--concurrency`
lean keep-alive clients for `--duration` seconds, each request for a random account:

    single send     POST /v1/sms/                        (API key)
    bulk send       POST /v1/sms/bulk, 50 recipients     (API key)
    message logs    GET  /v1/sms/logs?per_page=25        (API key)
    balance         GET  /v1/credits/balance             (API key)
    contacts        GET  /v1/contact-lists/{id}/contacts (JWT)
    campaign        POST /v1/campaigns to 20 contacts    (API key)

Reports requests/s and p50/p99 per operation, the same per time window (does it slow down as
the tables grow?), CPU per request (server, PostgreSQL, this client), the resident memory of
the server's processes and PostgreSQL's after the warm-up and at the end, against a bound, and
a ceiling measured in the same run: GET /v1/templates (no account, no database) from the same
clients. Then waits for the campaigns to finish and runs `ujumbe audit --json` on the database.

Fails (exit 1) on any server error (5xx, a dropped connection, a request over `--timeout`),
any other answer than the operation's success, a memory bound passed, or an audit that found
something. Bounded: the run stops at `--duration` or `--max-requests`, every wait has a limit,
and the directory is removed at the end. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from dependency_injector import providers

sys.path.insert(0, str(Path(__file__).parent))
from campaign import seed_contacts  # noqa: E402
from run import CpuMeter, LeanClient, free_port, percentile, start_server, stop, wait_until_healthy  # noqa: E402

from adapters.postgres.database import embedded_database_url  # noqa: E402
from application.accounts.accounts import Registration  # noqa: E402
from application.credits.balance import Grant  # noqa: E402
from entrypoints.container import Container  # noqa: E402
from entrypoints.settings import Settings  # noqa: E402

# The accounts are made through the use cases; their passwords are never the point here.
FAST_PASSWORD_HASH_COST = "m=1024,t=1,p=1"
PASSWORD = "soak-password"
CONTACTS_PER_LIST = 20
BULK_SIZE = 50
TOKEN_REFRESH_S = 600

# operation -> share of the requests
MIX = {
    "single send": 40,
    "bulk send": 5,
    "message logs": 20,
    "balance": 15,
    "contacts": 18,
    "campaign": 2,
}


@dataclass
class Account:
    id: str
    email: str
    key: str
    token: str
    list_id: str


@dataclass
class Sample:
    at: float
    op: str
    seconds: float


@dataclass
class Tally:
    samples: list[Sample] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)  # 5xx, dropped connections, timeouts
    unexpected: list[str] = field(default_factory=list)  # any other answer than the success expected
    campaigns: int = 0


# --- memory --------------------------------------------------------------------------------

@dataclass
class Memory:
    at: float
    server_rss_mb: float
    pg_rss_mb: float
    pg_pss_mb: float


class MemoryMeter:
    """Resident memory of the server's process tree (its HTTP process, job worker, children) and
    of PostgreSQL's processes, from /proc (Linux only). PostgreSQL's RSS counts the shared
    buffers once per backend that touched them; PSS shares them out, so it is the sum that
    means something."""

    def __init__(self, server_pid: int, postmaster: Callable[[], int]) -> None:
        self._server_pid, self._postmaster = server_pid, postmaster

    @staticmethod
    def _parents() -> dict[int, int]:
        found = {}
        for entry in Path("/proc").glob("[0-9]*/stat"):
            try:
                found[int(entry.parent.name)] = int(entry.read_text().rpartition(")")[2].split()[1])
            except (OSError, ValueError):
                continue
        return found

    @staticmethod
    def _tree(parents: dict[int, int], root: int, stop_at: int) -> list[int]:
        pids, todo = [], [root]
        while todo:
            pid = todo.pop()
            if pid in parents and pid != stop_at:
                pids.append(pid)
                todo.extend(child for child, parent in parents.items() if parent == pid)
        return pids

    @staticmethod
    def _kb(path: str, key: str) -> int:
        try:
            for line in Path(path).read_text().splitlines():
                if line.startswith(key):
                    return int(line.split()[1])
        except OSError:
            pass
        return 0

    def sample(self) -> Memory:
        parents, postmaster = self._parents(), self._postmaster()
        server = self._tree(parents, self._server_pid, postmaster)
        pg = self._tree(parents, postmaster, -1) if postmaster > 0 else []
        return Memory(
            time.monotonic(),
            sum(self._kb(f"/proc/{pid}/status", "VmRSS:") for pid in server) / 1024,
            sum(self._kb(f"/proc/{pid}/status", "VmRSS:") for pid in pg) / 1024,
            sum(self._kb(f"/proc/{pid}/smaps_rollup", "Pss:") for pid in pg) / 1024,
        )


def postmaster_of(url: str, data_dir: Path) -> Callable[[], int]:
    """The postmaster's pid: the embedded one's from its pid file; on UJUMBE_DATABASE_URL the parent
    of one of our backends, when that server runs on this machine (else -1: not measured)."""
    pid_file = data_dir / "pg" / "postmaster.pid"
    if pid_file.exists():
        return lambda: int(pid_file.read_text().split()[0])
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT pg_backend_pid()").fetchone()
    try:
        postmaster = int(Path(f"/proc/{row[0] if row else 0}/stat").read_text().rpartition(")")[2].split()[1])
    except (OSError, ValueError):
        postmaster = -1
    return lambda: postmaster


# --- setup ---------------------------------------------------------------------------------

def bench_container(url: str, data_dir: Path) -> Container:
    """The use cases on the server's database, with its secret key (the same data directory), so
    the tokens they issue are the server's."""
    container = Container()
    container.settings.override(providers.Object(Settings(
        database_url=url, data_dir=data_dir, password_hash_cost=FAST_PASSWORD_HASH_COST)))
    return container


async def make_accounts(url: str, data_dir: Path, count: int, credits: int) -> list[Account]:
    """Enterprise accounts through the use cases, each with an API key, a JWT, credits and a list
    of contacts."""
    container = bench_container(url, data_dir)
    await container.pool().open(wait=True)
    await container.job_app().open_async()  # registering queues each account's verification email
    try:
        made = []
        for i in range(count):
            email = f"soak{i}-{uuid.uuid4().hex[:8]}@bench.test"
            account = await container.register_account()(
                Registration(email=email, password=PASSWORD, business_name=f"Duka {i}", plan="enterprise"))
            key = await container.create_api_key()(account.id, "soak")
            await container.grant_credits()(Grant(account.id, credits))
            tokens = await container.log_in()(email, PASSWORD)
            list_id = seed_contacts(url, account.id, CONTACTS_PER_LIST)
            made.append(Account(account.id, email, key.key, tokens.access_token, list_id))
        return made
    finally:
        await container.job_app().close_async()
        await container.pool().close()


async def keep_tokens_fresh(url: str, data_dir: Path, accounts: list[Account], stop_event: asyncio.Event) -> None:
    """A new access token for every account every ten minutes (they last fifteen), for runs longer
    than that."""
    while True:
        try:
            await asyncio.wait_for(stop_event.wait(), TOKEN_REFRESH_S)
            return
        except TimeoutError:
            pass
        container = bench_container(url, data_dir)
        await container.pool().open(wait=True)
        try:
            for account in accounts:
                account.token = (await container.log_in()(account.email, PASSWORD)).access_token
        finally:
            await container.pool().close()
        print(f"access tokens renewed ({len(accounts)} accounts)", file=sys.stderr)


# --- the load ------------------------------------------------------------------------------

def number(rng: random.Random) -> str:
    return f"+2557{rng.randrange(10_000_000, 100_000_000):08d}"


def operation(name: str, account: Account, rng: random.Random) -> tuple[str, str, dict[str, str], object, int]:
    """(method, path, headers, body, the success status) of one request."""
    key = {"X-API-Key": account.key}
    if name == "single send":
        return "POST", "/v1/sms/", key, {"to": number(rng), "message": "Habari, oda yako iko tayari."}, 200
    if name == "bulk send":
        return "POST", "/v1/sms/bulk", key, {"to": [number(rng) for _ in range(BULK_SIZE)],
                                              "message": "Ofa ya leo: punguzo la 20%!"}, 200
    if name == "message logs":
        return "GET", "/v1/sms/logs?page=1&per_page=25", key, None, 200
    if name == "balance":
        return "GET", "/v1/credits/balance", key, None, 200
    if name == "contacts":
        return ("GET", f"/v1/contact-lists/{account.list_id}/contacts",
                {"Authorization": f"Bearer {account.token}"}, None, 200)
    if name == "campaign":
        return "POST", "/v1/campaigns", key, {"name": f"Ofa {rng.randrange(10**6)}", "contact_list_id": account.list_id,
                                               "message": "Habari {first_name}! Ofa ya leo."}, 201
    raise ValueError(name)


async def mix(base: str, accounts: list[Account], concurrency: int, seconds: float, max_requests: int,
              timeout_s: float, seed: int, tally: Tally) -> float:
    """The mix from `concurrency` clients, each a request after the other, until `seconds` have
    passed or `max_requests` were sent; returns the wall time it took."""
    names, weights = list(MIX), list(MIX.values())
    left = iter(range(max_requests))
    started = time.monotonic()
    deadline = started + seconds

    async with LeanClient(base, concurrency) as client:
        async def user(index: int) -> None:
            rng = random.Random(seed * 1000 + index)
            for _ in left:
                if time.monotonic() >= deadline:
                    return
                op = rng.choices(names, weights)[0]
                method, path, headers, body, expected = operation(op, rng.choice(accounts), rng)
                t0 = time.monotonic()
                try:
                    status, answer = await asyncio.wait_for(client.request(method, path, headers, body), timeout_s)
                except (Exception, SystemExit) as exc:  # the lean client exits on an answer it cannot read
                    tally.server_errors.append(f"{op}: {type(exc).__name__} {exc}"[:300])
                    continue
                t1 = time.monotonic()
                if status >= 500:
                    tally.server_errors.append(f"{op}: {status} {answer[:300]!r}")
                elif status != expected:
                    tally.unexpected.append(f"{op}: {status} {answer[:300]!r}")
                else:
                    tally.samples.append(Sample(t1, op, t1 - t0))
                    tally.campaigns += op == "campaign"

        await asyncio.gather(*(user(i) for i in range(concurrency)))
    return time.monotonic() - started


async def ceiling(base: str, concurrency: int, seconds: float, tally: Tally) -> tuple[float, list[float]]:
    """GET /v1/templates from the same clients: no account, no database; the most requests/s this
    server and this client do together on this machine in this run. Each request names its own
    client address (X-Forwarded-For, which the server takes from a loopback proxy), as that many
    visitors would: one address may make 600 public requests a minute."""
    latencies: list[float] = []
    visitors = iter(range(1, 2**24))
    deadline = time.monotonic() + seconds
    async with LeanClient(base, concurrency) as client:
        async def user() -> None:
            for n in visitors:
                if time.monotonic() >= deadline:
                    return
                t0 = time.monotonic()
                status, answer = await client.request(
                    "GET", "/v1/templates", {"X-Forwarded-For": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"})
                if status != 200:
                    tally.unexpected.append(f"ceiling: {status} {answer[:300]!r}")
                latencies.append(time.monotonic() - t0)

        started = time.monotonic()
        await asyncio.gather(*(user() for _ in range(concurrency)))
    return len(latencies) / (time.monotonic() - started), latencies


async def settle_campaigns(url: str, limit_s: float) -> tuple[dict[str, int], float]:
    """Campaigns by status once none is waiting or running, or after `limit_s`."""
    started = time.monotonic()
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        while True:
            rows = await (await conn.execute("SELECT status, count(*) FROM campaigns GROUP BY status")).fetchall()
            counts = {status: n for status, n in rows}
            busy = sum(n for status, n in counts.items() if status in ("draft", "scheduled", "running"))
            if not busy or time.monotonic() - started > limit_s:
                return counts, time.monotonic() - started
            await asyncio.sleep(0.5)


def database_mb(url: str) -> float:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT pg_database_size(current_database())").fetchone()
    return (row[0] if row else 0) / 2**20


def audit(data_dir: Path, env_extra: dict[str, str]) -> tuple[str, bool]:
    """`ujumbe audit --json` on the run's database: (what to print, whether the run may pass)."""
    env = {**os.environ, "UJUMBE_DATA_DIR": str(data_dir), "UJUMBE_DATABASE_URL": "", **env_extra}
    try:
        done = subprocess.run([sys.executable, "-m", "entrypoints.cli.main", "audit", "--json"], env=env,
                              capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "audit: ujumbe audit --json did not finish within 300 s", False
    if done.returncode != 0 and "No such command" in done.stderr:
        banner = "!" * 78
        return (f"{banner}\n!! AUDIT NOT AVAILABLE: this ujumbe has no `audit` command; the ledger's invariants\n"
                f"!! were NOT checked after the run.\n{banner}"), True
    output = (done.stdout.strip() or done.stderr.strip())[:4000]
    verdict = "passed" if done.returncode == 0 else f"FAILED (exit {done.returncode})"
    return f"audit (ujumbe audit --json): {verdict}\n{output}", done.returncode == 0


# --- report --------------------------------------------------------------------------------

def table(samples: list[Sample], seconds: float) -> list[str]:
    by_op: dict[str, list[float]] = {}
    for s in samples:
        by_op.setdefault(s.op, []).append(s.seconds)
    lines = [f"{'operation':<16}{'requests':>10}{'per s':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"]
    for op in [*MIX, "all"]:
        values = [s.seconds for s in samples] if op == "all" else by_op.get(op, [])
        lines.append(f"{op:<16}{len(values):>10}{len(values) / seconds:>9.1f}{percentile(values, 0.5) * 1000:>9.1f}"
                     f"{percentile(values, 0.99) * 1000:>9.1f}{max(values, default=0) * 1000:>9.1f}")
    return lines


def windows(samples: list[Sample], start: float, seconds: float, count: int,
            memory: list[Memory]) -> tuple[list[str], list[tuple[float, float]]]:
    """Per time window: requests/s, p99 of all operations, and the memory sampled last in it."""
    width = seconds / count
    lines = [f"{'window':<16}{'per s':>9}{'p50 ms':>9}{'p99 ms':>9}{'server MB':>11}{'PG PSS MB':>11}"]
    rates = []
    for i in range(count):
        lo, hi = start + i * width, start + (i + 1) * width
        values = [s.seconds for s in samples if lo <= s.at < hi]
        seen = [m for m in memory if m.at < hi]
        last = seen[-1] if seen else None
        rates.append((len(values) / width, percentile(values, 0.99) * 1000))
        lines.append(f"{f'{i * width:.0f}-{(i + 1) * width:.0f} s':<16}{len(values) / width:>9.1f}"
                     f"{percentile(values, 0.5) * 1000:>9.1f}{rates[-1][1]:>9.1f}"
                     f"{(last.server_rss_mb if last else 0):>11.1f}{(last.pg_pss_mb if last else 0):>11.1f}")
    return lines, rates


async def sample_memory(meter: MemoryMeter, into: list[Memory], every_s: float, stop_event: asyncio.Event) -> None:
    while not stop_event.is_set():
        into.append(meter.sample())
        try:
            await asyncio.wait_for(stop_event.wait(), every_s)
        except TimeoutError:
            pass


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=30, help="seconds of load after the warm-up "
                        "(30 to try it; 300 for the soak: make soak)")
    parser.add_argument("--accounts", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=32, help="clients, each a request after the other")
    parser.add_argument("--warmup", type=float, default=10, help="seconds of the same mix first, not measured")
    parser.add_argument("--max-requests", type=int, default=2_000_000, help="stop after this many requests")
    parser.add_argument("--timeout", type=float, default=30, help="seconds a request may take (then an error)")
    parser.add_argument("--windows", type=int, default=0, help="time windows reported (default: a minute "
                        "each, at least 3)")
    parser.add_argument("--server-memory-bound", type=float, default=50, metavar="MB",
                        help="the most the server's RSS may grow between the end of the warm-up and the end")
    parser.add_argument("--pg-memory-bound", type=float, default=150, metavar="MB",
                        help="the same for PostgreSQL's PSS (its shared buffers fill as the tables grow)")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--json", dest="json_path", help="also write the figures to this file")
    args = parser.parse_args()

    database_url = os.environ.get("UJUMBE_DATABASE_URL", "")
    env_extra = {"UJUMBE_PASSWORD_HASH_COST": FAST_PASSWORD_HASH_COST,
                 **({"UJUMBE_DATABASE_URL": database_url} if database_url else {})}
    with tempfile.TemporaryDirectory(prefix="ujumbe-soak-") as tmp:
        data_dir = Path(tmp)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        print(f"starting ujumbe serve on {base} (data in {data_dir}, "
              f"{'UJUMBE_DATABASE_URL' if database_url else 'embedded PostgreSQL'})", file=sys.stderr)
        server = start_server(data_dir, port, 1, env_extra=env_extra, job_worker=True)
        try:
            await wait_until_healthy(base, server, data_dir / "server.log")
            url = database_url or embedded_database_url(data_dir)
            print(f"making {args.accounts} accounts", file=sys.stderr)
            accounts = await make_accounts(url, data_dir, args.accounts, credits=10_000_000)
            cpu = CpuMeter(server.pid, data_dir)
            memory = MemoryMeter(server.pid, postmaster_of(url, data_dir))
            size0_mb = database_mb(url)

            # The ceiling first, while the job worker is idle: after the warm-up it would still be
            # applying delivery reports and running campaigns, on the same cores and counted as the server's.
            print("ceiling: GET /v1/templates, 5 s", file=sys.stderr)
            tally = Tally()
            ceiling_cpu0 = cpu.sample()[0]
            ceiling_rate, ceiling_latencies = await ceiling(base, args.concurrency, 5, tally)
            ceiling_cpu_ms = (cpu.sample()[0] - ceiling_cpu0) * 1000 / max(1, len(ceiling_latencies))
            stop_refreshing = asyncio.Event()
            refresher = asyncio.create_task(keep_tokens_fresh(url, data_dir, accounts, stop_refreshing))
            print(f"warm-up: {args.warmup:.0f} s", file=sys.stderr)
            await mix(base, accounts, args.concurrency, args.warmup, args.max_requests, args.timeout, args.seed, tally)
            warm_errors, warm_unexpected = list(tally.server_errors), list(tally.unexpected)

            print(f"load: {args.duration:.0f} s, {args.concurrency} clients, {args.accounts} accounts", file=sys.stderr)
            tally = Tally()
            timeline: list[Memory] = []
            stop_sampling = asyncio.Event()
            sampler = asyncio.create_task(sample_memory(memory, timeline, 5, stop_sampling))
            server_cpu0, pg_cpu0 = cpu.sample()
            client_cpu0 = time.process_time()
            started = time.monotonic()
            seconds = await mix(base, accounts, args.concurrency, args.duration, args.max_requests, args.timeout,
                                args.seed + 1, tally)
            client_cpu = time.process_time() - client_cpu0
            server_cpu1, pg_cpu1 = cpu.sample()
            stop_sampling.set()
            stop_refreshing.set()
            await asyncio.gather(sampler, refresher)
            timeline.append(memory.sample())

            size_mb = database_mb(url)
            print("waiting for the campaigns to finish (at most 120 s)", file=sys.stderr)
            campaigns, settle_s = await settle_campaigns(url, 120)
            print("ujumbe audit --json", file=sys.stderr)
            audit_text, audit_ok = audit(data_dir, env_extra)
        finally:
            stop(server)

    samples, served = tally.samples, len(tally.samples)
    errors, unexpected = warm_errors + tally.server_errors, warm_unexpected + tally.unexpected
    first, last = timeline[0], timeline[-1]
    count = args.windows or max(3, round(seconds / 60))
    window_lines, rates = windows(samples, started, seconds, count, timeline)
    server_growth, pg_growth = last.server_rss_mb - first.server_rss_mb, last.pg_pss_mb - first.pg_pss_mb
    memory_ok = server_growth <= args.server_memory_bound and pg_growth <= args.pg_memory_bound
    per_request = 1000 / served if served else 0.0
    ratio = served / seconds / ceiling_rate if ceiling_rate else 0.0
    busy = sum(n for status, n in campaigns.items() if status in ("draft", "scheduled", "running"))

    lines = [
        f"ujumbe soak: {os.cpu_count()} CPU(s), {args.accounts} accounts, {args.concurrency} clients, "
        f"{seconds:.0f} s after a {args.warmup:.0f} s warm-up; ujumbe serve (1 HTTP process + its job worker), "
        f"{'UJUMBE_DATABASE_URL' if database_url else 'embedded PostgreSQL'}, loopback",
        "", *table(samples, seconds), "",
        f"ceiling: GET /v1/templates   {ceiling_rate:>8.1f}/s   p50 {percentile(ceiling_latencies, 0.5) * 1000:.1f} ms"
        f"   p99 {percentile(ceiling_latencies, 0.99) * 1000:.1f} ms   server CPU {ceiling_cpu_ms:.2f} ms per request",
        f"mix requests/s / ceiling      {ratio:>8.2f}",
        f"CPU per request (ms): server {(server_cpu1 - server_cpu0) * per_request:.2f}, "
        f"PostgreSQL {(pg_cpu1 - pg_cpu0) * per_request:.2f}, this client {client_cpu * per_request:.2f}",
        "", *window_lines,
        f"last window / first: requests/s {rates[-1][0] / rates[0][0] if rates[0][0] else 0:.2f}, "
        f"p99 {rates[-1][1] / rates[0][1] if rates[0][1] else 0:.2f}",
        "",
        f"{'memory (MB)':<28}{'start':>9}{'end':>9}{'change':>9}{'bound':>9}",
        f"{'server RSS (process tree)':<28}{first.server_rss_mb:>9.1f}{last.server_rss_mb:>9.1f}"
        f"{server_growth:>+9.1f}{args.server_memory_bound:>9.0f}",
        f"{'PostgreSQL PSS':<28}{first.pg_pss_mb:>9.1f}{last.pg_pss_mb:>9.1f}{pg_growth:>+9.1f}"
        f"{args.pg_memory_bound:>9.0f}",
        f"{'PostgreSQL RSS (sum)':<28}{first.pg_rss_mb:>9.1f}{last.pg_rss_mb:>9.1f}"
        f"{last.pg_rss_mb - first.pg_rss_mb:>+9.1f}",
        f"memory: {'flat (within the bounds)' if memory_ok else 'GREW PAST A BOUND'}; the database grew from "
        f"{size0_mb:.0f} MB (accounts made) to {size_mb:.0f} MB",
        "",
        f"server errors (5xx, dropped, > {args.timeout:g} s): {len(errors)}; other unexpected answers: "
        f"{len(unexpected)}",
        *[f"  {e}" for e in (errors + unexpected)[:10]],
        f"campaigns created: {tally.campaigns} (+ warm-up); by status after {settle_s:.0f} s: "
        + ", ".join(f"{status} {n}" for status, n in sorted(campaigns.items())),
        "", audit_text,
    ]
    print("\n".join(lines))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({
            "seconds": seconds, "requests": served, "per_second": served / seconds, "ceiling_per_second": ceiling_rate,
            "server_errors": len(errors), "unexpected": len(unexpected),
            "operations": {op: {"requests": len(v := [s.seconds for s in samples if s.op == op]),
                                "p50_ms": percentile(v, 0.5) * 1000, "p99_ms": percentile(v, 0.99) * 1000}
                           for op in MIX},
            "windows": [{"per_second": r, "p99_ms": p} for r, p in rates],
            "memory_mb": {"server_rss": [first.server_rss_mb, last.server_rss_mb],
                          "pg_pss": [first.pg_pss_mb, last.pg_pss_mb], "pg_rss": [first.pg_rss_mb, last.pg_rss_mb]},
            "database_mb": [size0_mb, size_mb], "campaigns": campaigns, "audit_ok": audit_ok,
        }, indent=2))
    failed = [reason for reason, bad in (("server errors", errors), ("unexpected answers", unexpected),
                                         ("memory past its bound", not memory_ok),
                                         ("campaigns unfinished", busy), ("audit", not audit_ok)) if bad]
    if failed:
        print(f"\nsoak FAILED: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
