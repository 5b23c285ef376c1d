"""ujumbe campaign benchmark (`make bench` runs it after bench/run.py): a campaign to N contacts
from `POST /v1/campaigns` to `completed`, through the gateway simulator.

On a fresh embedded PostgreSQL in a temporary directory: `ujumbe serve --no-worker` answers the
API, and `--workers` `ujumbe worker` processes (1) per campaign size run the jobs (the largest
peak resident memory among them, VmHWM from /proc, is the figure compared between sizes; their
CPU is summed). A campaign's run is one job, so a second worker takes the delivery reports and
other jobs off the one running it, as a deployment that starts more workers does. Each size gets its own account and a
contact list written straight with COPY (setup, not timed). Timed: the create request (it writes
every recipient's message and checks the balance) until the campaign reads `completed` (every
message paid for batch by batch, handed to the simulator, outcomes and events recorded).

The ceiling, measured in the same run on the same database: COPY of the same number of message
rows straight into `messages` (one statement, no pricing, no gateway, no ledger). The report
gives each campaign's rate beside it, as a ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psycopg
from dependency_injector import providers

sys.path.insert(0, str(Path(__file__).parent))
from run import make_accounts, serve, source_of, stop  # noqa: E402

from entrypoints.container import Container  # noqa: E402
from entrypoints.settings import Settings  # noqa: E402

TARGET_PER_SECOND = 10_000
MEMORY_TOLERANCE_MB = 50


def seed_contacts(url: str, account_id: str, n: int) -> str:
    list_id = str(uuid.uuid4())
    now = datetime.now(UTC)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO contact_lists (account_id, id, name, created_at, updated_at) VALUES (%s, %s, %s, %s, %s)",
                     (account_id, list_id, f"bench {n}", now, now))
        with conn.cursor() as cur, conn.transaction():
            with cur.copy("COPY contacts (account_id, list_id, id, phone, first_name, last_name, created_at, updated_at)"
                          " FROM STDIN") as copy:
                for i in range(n):
                    copy.write_row((account_id, list_id, str(uuid.uuid4()), f"+2557{i % 10}{i:07d}"[:13],
                                    f"Jina{i % 997}", "Mteja", now, now))
            cur.execute("INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)"
                        " SELECT account_id, list_id, id, id, phone, true, created_at FROM contacts"
                        " WHERE account_id = %s AND list_id = %s", (account_id, list_id))
    return list_id


def copy_ceiling(url: str, account_id: str, n: int) -> float:
    """Seconds to COPY n message rows like a campaign's straight into `messages` (then removed)."""
    now = datetime.now(UTC)
    campaign = str(uuid.uuid4())
    with psycopg.connect(url) as conn:
        started = time.perf_counter()
        with conn.cursor() as cur:
            with cur.copy("COPY messages (account_id, id, campaign_id, campaign_batch, to_number, sender, body,"
                          " encoding, characters, sms_parts, segments, credits_used, cost, carrier, status,"
                          " created_at, updated_at) FROM STDIN") as copy:
                for i in range(n):
                    copy.write_row((account_id, str(uuid.uuid4()), campaign, i // 1000 + 1, f"+2557{i:08d}"[:13],
                                    "UJUMBE", f"Habari Jina{i % 997}! Ofa ya leo.", "GSM-7", 28, 1, 1, 1, "1 credit",
                                    "Vodacom", "pending", now, now))
        conn.commit()
        seconds = time.perf_counter() - started
        conn.execute("DELETE FROM messages WHERE campaign_id = %s", (campaign,))
        conn.commit()
    return seconds


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (from /proc, Linux only)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_worker(data_dir: Path, log: Path, src: list[Path] | None = None,
                 env_extra: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`ujumbe worker` on the embedded database in `data_dir`. `src`: a baseline revision's tree, ahead
    of this tree's editable install; `env_extra`: more settings (the SMPP bench's `UJUMBE_GATEWAY`)."""
    env = {**os.environ, "UJUMBE_DATA_DIR": str(data_dir), "UJUMBE_DATABASE_URL": "", **(env_extra or {})}
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([*map(str, src), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with open(log, "wb") as out:
        return subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "worker"], env=env, stdout=out,
                                stderr=subprocess.STDOUT)


def start_py_spy(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """A raw (collapsed stacks) profile of process `pid` into `out`, written on SIGINT."""
    return subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "-r", "100", "-f", "raw",
                             "-o", str(out), "--pid", str(pid)])


async def run_campaign(base: str, key: str, list_id: str, limit_s: float) -> tuple[float, dict[str, object]]:
    headers = {"X-API-Key": key}
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        started = time.perf_counter()
        created = await client.post("/v1/campaigns", headers=headers, json={
            "name": "bench", "message": "Habari {first_name} {last_name}! Ofa ya leo.", "contact_list_id": list_id})
        if created.status_code != 201:
            raise SystemExit(f"create failed: {created.status_code} {created.text}")
        campaign_id = created.json()["data"]["id"]
        created_s = time.perf_counter() - started
        while time.perf_counter() - started < limit_s:
            data = (await client.get(f"/v1/campaigns/{campaign_id}", headers=headers)).json()["data"]
            if data["status"] in ("completed", "failed"):
                return time.perf_counter() - started, {**data, "created_s": created_s}
            await asyncio.sleep(0.05)
    raise SystemExit(f"campaign {campaign_id} did not finish within {limit_s} s")


@dataclass
class Row:
    n: int
    seconds: float
    data: dict[str, object]
    ceiling_s: float
    idle_mb: float
    peak_mb: float
    worker_cpu: float
    settled_cpu: float
    server_cpu: float
    pg_cpu: float

    @property
    def rate(self) -> float:
        return self.n / self.seconds

    def us(self, cpu: float) -> float:
        return cpu / self.n * 1e6


async def measure(data_dir: Path, sizes: list[int], limit_s: float, settle_s: float, py_spy: str | None,
                  src: list[Path] | None = None, workers: int = 1) -> list[Row]:
    """One campaign per size on a fresh server and database in `data_dir` (serving `src`, a
    baseline revision's tree, when given), run by `workers` worker processes."""
    served = await serve(data_dir, 1, ["ceiling"], src)
    rows = []
    try:
        container = Container()
        container.settings.override(providers.Object(Settings(database_url=served.url, data_dir=data_dir)))
        await container.pool().open(wait=True)
        try:
            accounts = await make_accounts(container, [f"c{n}" for n in sizes], credits=max(sizes) * 2)
        finally:
            await container.pool().close()
        for n in sizes:
            account = accounts[f"c{n}"]
            list_id = seed_contacts(served.url, account.id, n)
            ceiling_s = copy_ceiling(served.url, served.accounts["ceiling"].id, n)
            started = [start_worker(data_dir, data_dir / f"worker-{n}-{i}.log", src) for i in range(workers)]
            spies = []
            try:
                await asyncio.sleep(2)  # the workers' startup is not the campaign's time
                idle_mb = max(peak_rss_mb(w.pid) for w in started)
                if py_spy:
                    spies = [start_py_spy(w.pid, Path(f"{py_spy}-{n}-{i}.txt")) for i, w in enumerate(started)]
                cpu_before = sum(cpu_seconds(w.pid) for w in started)
                server_before, pg_before = served.meter.sample()
                print(f"campaign to {n} contacts", file=sys.stderr)
                seconds, data = await run_campaign(served.base, account.key, list_id, limit_s)
                peak_mb = max(peak_rss_mb(w.pid) for w in started)
                worker_cpu = sum(cpu_seconds(w.pid) for w in started) - cpu_before
                server_after, pg_after = served.meter.sample()
                await asyncio.sleep(settle_s)
                settled_cpu = sum(cpu_seconds(w.pid) for w in started) - cpu_before
            finally:
                for spy in spies:
                    spy.send_signal(signal.SIGINT)  # py-spy writes its profile on an interrupt
                    spy.wait()
                for w in started:
                    stop(w)
            rows.append(Row(n, seconds, data, ceiling_s, idle_mb, peak_mb, worker_cpu, settled_cpu,
                            server_after - server_before, pg_after - pg_before))
    finally:
        stop(served.server)
    return rows


HEADER = (f"{'contacts':>9} {'status':>10} {'sent':>7} {'seconds':>8} {'msg/s':>8} {'COPY ceiling/s':>15}"
          f" {'ratio':>6} {'create s':>8} {'worker µs/msg':>14} {'settled µs/msg':>15} {'PG µs/msg':>10}"
          f" {'API µs/msg':>11} {'worker peak MB':>15}")


def line(row: Row) -> str:
    ceiling = row.n / row.ceiling_s
    return (f"{row.n:>9} {row.data['status']:>10} {row.data['sent_count']:>7} {row.seconds:>8.2f} {row.rate:>8.0f}"
            f" {ceiling:>15.0f} {row.rate / ceiling:>6.2f} {row.data['created_s']:>8.2f}"
            f" {row.us(row.worker_cpu):>14.0f} {row.us(row.settled_cpu):>15.0f} {row.us(row.pg_cpu):>10.0f}"
            f" {row.us(row.server_cpu):>11.0f} {row.peak_mb:>9.0f} (idle {row.idle_mb:.0f})")


def against_baseline(revision: str, results: dict[str, list[list[Row]]], sizes: list[int]) -> str:
    """Each side's runs, then per size the medians and this tree ÷ the baseline."""
    figures: dict[str, Callable[[Row], float]] = {
        "msg/s": lambda r: r.rate, "create s": lambda r: float(r.data["created_s"]),  # type: ignore[arg-type]
        "worker µs/msg": lambda r: r.us(r.worker_cpu), "settled µs/msg": lambda r: r.us(r.settled_cpu),
        "PG µs/msg": lambda r: r.us(r.pg_cpu), "API µs/msg": lambda r: r.us(r.server_cpu),
        "worker peak MB": lambda r: r.peak_mb,
    }
    lines = []
    for n in sizes:
        lines.append(f"campaign to {n} contacts, alternated runs (this tree, {revision}, ...): medians")
        lines.append(f"  {'':<16}" + "".join(f"{label:>16}" for label in ("this tree", revision, "this / base")))
        for label, figure in figures.items():
            medians = [statistics.median(figure(row) for rows in results[side] for row in rows if row.n == n)
                       for side in ("this tree", revision)]
            lines.append(f"  {label:<16}" + "".join(f"{m:>16.2f}" for m in medians) + f"{medians[0] / medians[1]:>16.2f}")
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000", help="campaign sizes, comma-separated")
    parser.add_argument("--limit", type=float, default=300, help="seconds at most per campaign")
    parser.add_argument("--settle", type=float, default=0, help="seconds to leave the worker after `completed`"
                        " (its delivery reports and events) before its CPU is read a second time (`settled µs/msg`)")
    parser.add_argument("--baseline", metavar="REV", help="also run git revision REV (its `src`, served and run by"
                        " this bench), alternating with this tree, each run on a fresh database; medians and ratios")
    parser.add_argument("--rounds", type=int, default=2, help="with --baseline: runs per side")
    parser.add_argument("--workers", type=int, default=1, help="`ujumbe worker` processes (their CPU summed, the"
                        " largest peak memory reported)")
    parser.add_argument("--py-spy", metavar="PREFIX", help="profile each worker with py-spy (raw collapsed stacks"
                        " in PREFIX-<size>-<worker>.txt; py-spy installed next to this Python)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="ujumbe-bench-campaign-") as tmp:
        if not args.baseline:
            rows = await measure(Path(tmp), sizes, args.limit, args.settle, args.py_spy, workers=args.workers)
            print(HEADER)
            for row in rows:
                print(line(row))
            peaks = [row.peak_mb for row in rows]
            print(f"target: >= {TARGET_PER_SECOND} messages/s; worker peak memory within ±{MEMORY_TOLERANCE_MB} MB"
                  f" across sizes: spread {max(peaks) - min(peaks):.0f} MB")
            return
        src = source_of(args.baseline, Path(tmp) / "baseline-src", [])
        results: dict[str, list[list[Row]]] = {"this tree": [], args.baseline: []}
        print(HEADER)
        for i in range(args.rounds):
            for side, side_src in (("this tree", None), (args.baseline, src)):
                rows = await measure(Path(tmp) / f"{i}-{'base' if side_src else 'this'}", sizes, args.limit,
                                     args.settle, None, side_src, args.workers)
                results[side].append(rows)
                for row in rows:
                    print(f"{line(row)}  {side}", flush=True)
        print(against_baseline(args.baseline, results, sizes))


if __name__ == "__main__":
    asyncio.run(main())
