"""Contact import benchmark (`make bench` runs it after bench/run.py): 100,000 CSV rows into one
list over HTTP, end to end, beside the ceiling measured in the same run.

1. ceiling  the same rows, already in E.164 and with their ids, COPYed straight into `contacts`
            and `contact_phones` with psycopg (no HTTP, no parsing, no duplicate checks);
2. HTTP     POST /v1/contact-lists/{listId}/import of the CSV file (multipart) to `ujumbe serve
            --no-worker`: upload, parse, check every number, COPY, decide duplicates, insert;
3. memory   the server's peak resident memory (VmHWM) after importing 10,000 rows, then after
            100,000: an import streams, so the second peak stays near the first;
4. xlsx     the two maintained .xlsx readers (python-calamine, openpyxl read-only) on one
            100,000-row sheet, in this process: time and memory (how the reader was chosen).

Each import goes into a fresh list. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psycopg
from dependency_injector import providers

from application.accounts.accounts import Registration
from domain.contacts import ContactList
from entrypoints.container import Container
from entrypoints.settings import Settings
from adapters.postgres.database import embedded_database_url
from run import CpuMeter, free_port, start_server, stop, wait_until_healthy

TARGET_ROWS_PER_SECOND = 30_000
PREFIXES = ["71", "74", "75", "76", "77", "78", "65", "67", "68", "69", "62"]


def rows(count: int, seed: int) -> list[tuple[str, str, str, str]]:
    """`count` contacts with distinct numbers (local form, as people write them), names and email."""
    rng = random.Random(seed)
    numbers = rng.sample(range(10_000_000), count)
    return [(f"0{rng.choice(PREFIXES)}{n:07d}", f"Mteja{i}", rng.choice(["Juma", "Mushi", "Kimaro", "Said"]),
             f"mteja{i}@example.co.tz") for i, n in enumerate(numbers)]


def csv_of(people: list[tuple[str, str, str, str]]) -> bytes:
    lines = ["phone,first_name,last_name,email", *(",".join(p) for p in people)]
    return ("\n".join(lines) + "\n").encode()


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def new_list(container: Container, account_id: str, name: str) -> str:
    list_id = str(uuid.uuid4())
    now = datetime.now(UTC)
    async with container.uow() as uow:
        await uow.contact_lists.add(ContactList(account_id=account_id, id=list_id, name=name, description="",
                                                is_default=False, created_at=now, updated_at=now))
        await uow.commit()
    return list_id


def ceiling(url: str, account_id: str, list_id: str, people: list[tuple[str, str, str, str]]) -> float:
    """Seconds to COPY the rows, in E.164 and with ids made beforehand, into the list's tables."""
    prefix = uuid.uuid4().int >> 64 << 64  # ids in the order they are made, as the import's uuidv7()
    prepared = [(str(uuid.UUID(int=prefix | n)), "+255" + phone[1:], first, last, email)
                for n, (phone, first, last, email) in enumerate(people)]
    now = datetime.now(UTC)
    started = time.perf_counter()
    with psycopg.connect(url) as conn:
        with conn.cursor() as cur:
            with cur.copy("COPY contacts (account_id, list_id, id, phone, first_name, last_name, email, created_at,"
                          " updated_at) FROM STDIN") as copy:
                for contact_id, phone, first, last, email in prepared:
                    copy.write_row((account_id, list_id, contact_id, phone, first, last, email, now, now))
            with cur.copy("COPY contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)"
                          " FROM STDIN") as copy:
                for contact_id, phone, *_ in prepared:
                    copy.write_row((account_id, list_id, contact_id, contact_id, phone, True, now))
        conn.commit()
    return time.perf_counter() - started


async def http_import(base: str, token: str, list_id: str, content: bytes) -> tuple[float, dict[str, object]]:
    async with httpx.AsyncClient(base_url=base, timeout=300) as client:
        started = time.perf_counter()
        response = await client.post(f"/v1/contact-lists/{list_id}/import", headers={"Authorization": f"Bearer {token}"},
                                     files={"file": ("contacts.csv", content, "text/csv")})
        seconds = time.perf_counter() - started
    if response.status_code != 200:
        raise SystemExit(f"import: {response.status_code} {response.text[:500]}")
    report: dict[str, object] = response.json()["data"]
    return seconds, report


def xlsx_readers(people: list[tuple[str, str, str, str]], tmp: Path) -> dict[str, tuple[float, float]]:
    """(seconds, MB of peak memory above the reader's start) for each reader, each in a child
    process so their peaks do not mix."""
    from openpyxl import Workbook

    path = tmp / "contacts.xlsx"
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet()
    sheet.append(["phone", "first_name", "last_name", "email"])
    for person in people:
        sheet.append(list(person))
    workbook.save(path)
    # VmHWM, not ru_maxrss: after fork and exec, ru_maxrss starts at this (larger) process's peak.
    program = """
import sys, time
def peak_mb():
    return next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:")) / 1024
which, path = sys.argv[1], sys.argv[2]
if which == "calamine":
    from python_calamine import CalamineWorkbook
else:
    from openpyxl import load_workbook
before = peak_mb()
started = time.perf_counter()
if which == "calamine":
    rows = sum(1 for _ in CalamineWorkbook.from_path(path).get_sheet_by_index(0).iter_rows())
else:
    rows = sum(1 for _ in load_workbook(path, read_only=True, data_only=True).worksheets[0].iter_rows(values_only=True))
print(time.perf_counter() - started, peak_mb() - before, rows)
"""
    found = {}
    for which in ("calamine", "openpyxl"):
        out = subprocess.run([sys.executable, "-c", program, which, str(path)], capture_output=True, text=True,
                             check=True).stdout.split()
        found[which] = (float(out[0]), float(out[1]))
    return found


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--no-xlsx", action="store_true", help="skip the .xlsx reader comparison")
    parser.add_argument("--json", dest="json_path", help="also write the results to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ujumbe-bench-import-") as tmp_name:
        tmp = Path(tmp_name)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        print(f"starting ujumbe serve --no-worker on {base}", file=sys.stderr)
        server = start_server(tmp, port, 1)
        try:
            await wait_until_healthy(base, server, tmp / "server.log")
            url = embedded_database_url(tmp)
            container = Container()
            container.settings.override(providers.Object(Settings(database_url=url, data_dir=tmp)))
            await container.pool().open(wait=True)
            try:
                email = f"bench-{uuid.uuid4().hex[:8]}@bench.test"
                account = await container.register_account()(Registration(
                    email=email, password="bench-password", business_name="bench", plan="enterprise"))
                token = (await container.log_in()(email, "bench-password")).access_token
                lists = {name: await new_list(container, account.id, name)
                         for name in ("ceiling", "warmup", "small", "large")}
            finally:
                await container.pool().close()
            people = rows(args.rows, seed=1)
            content = csv_of(people)
            meter = CpuMeter(server.pid, tmp)

            print("phase: ceiling (COPY straight to PostgreSQL)", file=sys.stderr)
            _, db_before = meter.sample()
            client_before = time.process_time()
            ceiling_s = ceiling(url, account.id, lists["ceiling"], people)
            ceiling_client_cpu, ceiling_db_cpu = time.process_time() - client_before, meter.sample()[1] - db_before
            print("phase: warm-up import of 1,000 rows over HTTP", file=sys.stderr)
            await http_import(base, token, lists["warmup"], csv_of(rows(1000, seed=2)))
            print("phase: 10,000 rows over HTTP", file=sys.stderr)
            small = rows(min(10_000, args.rows), seed=3)
            await http_import(base, token, lists["small"], csv_of(small))
            peak_small = peak_rss_mb(server.pid)
            print(f"phase: {args.rows:,} rows over HTTP", file=sys.stderr)
            server_cpu, db_cpu = meter.sample()
            http_s, report = await http_import(base, token, lists["large"], content)
            server_cpu, db_cpu = (a - b for a, b in zip(meter.sample(), (server_cpu, db_cpu)))
            peak_large = peak_rss_mb(server.pid)
            if report["imported"] != args.rows:
                raise SystemExit(f"imported {report['imported']} of {args.rows}: {json.dumps(report)[:500]}")
        finally:
            stop(server)
        xlsx = {} if args.no_xlsx else xlsx_readers(people, tmp)

    http_rate, ceiling_rate = args.rows / http_s, args.rows / ceiling_s
    lines = [
        f"contact import, {args.rows:,} CSV rows ({len(content) / 1e6:.1f} MB), one list, this machine",
        f"  ceiling: COPY straight to PostgreSQL   {ceiling_rate:>9,.0f} rows/s  ({ceiling_s:.2f} s; client CPU "
        f"{ceiling_client_cpu:.2f} s, PostgreSQL CPU {ceiling_db_cpu:.2f} s)",
        f"  import over HTTP, end to end           {http_rate:>9,.0f} rows/s  ({http_s:.2f} s; server CPU "
        f"{server_cpu:.2f} s, PostgreSQL CPU {db_cpu:.2f} s)",
        f"  HTTP / ceiling                         {http_rate / ceiling_rate:>9.2f}",
        f"  HTTP / target ({TARGET_ROWS_PER_SECOND:,} rows/s)           {http_rate / TARGET_ROWS_PER_SECOND:>9.2f}"
        f"  {'met' if http_rate >= TARGET_ROWS_PER_SECOND else 'NOT met'}",
        f"  server peak memory after 10,000 rows   {peak_small:>9.0f} MB",
        f"  server peak memory after {args.rows:,} rows {peak_large:>8.0f} MB  (+{peak_large - peak_small:.0f} MB)",
    ]
    for which, (seconds, mb) in xlsx.items():
        lines.append(f"  .xlsx reader {which:<9} {args.rows:,} rows  {seconds:>6.2f} s  +{mb:.0f} MB peak")
    print("\n".join(lines))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({
            "rows": args.rows, "http_seconds": http_s, "ceiling_seconds": ceiling_s, "http_rows_per_second": http_rate,
            "ceiling_rows_per_second": ceiling_rate, "ceiling_db_cpu_seconds": ceiling_db_cpu,
            "http_server_cpu_seconds": server_cpu, "http_db_cpu_seconds": db_cpu, "peak_rss_mb_small": peak_small, "peak_rss_mb_large": peak_large,
            "xlsx": xlsx}, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
