"""Dashboard benchmark (`make bench`): each page's server time for an account with 100,000 messages
and 100,000 contacts, beside the time of the same SQL straight on psycopg, in the same run.

On a fresh embedded PostgreSQL in a temporary directory (or `--database-url`):
1. seed    one account, written straight with SQL (setup, not timed): 100,000 messages over the
           last 90 days (every status), 100,000 contacts in one list with their numbers, campaigns,
           notifications and payment orders;
2. pages   the app in this process (Litestar's ASGI interface, no network: the server's time and
           nothing else), signed in through the login form, GETs each page `--rounds` times after
           one warm-up: p50 and p95. Every statement a page sends PostgreSQL is captured at
           psycopg's cursor;
3. ceiling those statements, with their parameters, run again straight on one psycopg connection
           `--rounds` times: the p95 of their sum is what the page's SQL alone costs.

The target is a p95 under 100 ms per page; the ratio page / SQL says how much of a page's time is
the web layer (templates, session, use cases) rather than its queries.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import functools
import html
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.postgres.database import embedded_database_url
from adapters.postgres.migrate import migrate
from application.accounts.accounts import Registration
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings

TARGET_P95_MS = 100.0
MESSAGES = 100_000
CONTACTS = 100_000
PASSWORD = "bench-password-1"

# The pages, as a person opens them; `{list_id}`, `{campaign_id}` and `{message_search}` are the
# seeded account's. A page that filters or searches is here with its filter too (a search by words, and
# one by digits, which looks in the numbers and the texts both).
PAGES = [
    "/",
    "/messages",
    "/messages?status=delivered",
    "/messages?search={message_search}",
    "/messages?search=4242",
    "/contacts",
    "/contacts/{list_id}",
    "/contacts/{list_id}?search=Mteja4242",
    "/contacts/{list_id}?search=4242",
    "/campaigns",
    "/campaigns/{campaign_id}",
    "/credits",
    "/developers",
    "/notifications",
    "/sender-ids",
    "/profile",
]
# Forms whose answer is a page, posted as the browser posts them: the campaign builder's preview to
# the whole list (every recipient's text priced: its credits, beside three samples).
FORMS = {
    "POST /campaigns/preview": ("/campaigns/new", "/campaigns/preview",
                                {"name": "Ofa", "contact_list_id": "{list_id}", "sender_id": "", "when": "now",
                                 "message": "Habari {{first_name}}, ofa ya wiki hii!", "scheduled_at": "",
                                 "campaign_id": ""}),
}

_statements: contextvars.ContextVar[list[tuple[Any, Any]] | None] = contextvars.ContextVar("statements", default=None)


def capture_statements() -> None:
    """Every `execute` on an async psycopg cursor, while a page is asked for, noted with its
    parameters (the pool's connections run in the request's task, so its context sees them)."""
    original = psycopg.AsyncCursor.execute

    async def execute(self: Any, query: Any, params: Any = None, **kwargs: Any) -> Any:
        noted = _statements.get()
        if noted is not None:
            noted.append((query, params))
        return await original(self, query, params, **kwargs)

    psycopg.AsyncCursor.execute = execute  # type: ignore[method-assign]


def seed(url: str, account_id: str) -> dict[str, str]:
    """The account's data, written straight with SQL; the ids and words the pages are opened with."""
    list_id, campaign_id = str(uuid.uuid4()), str(uuid.uuid4())
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("""
            INSERT INTO contact_lists (account_id, id, name, created_at, updated_at)
            VALUES (%(a)s, %(l)s, 'Wateja wote', now(), now())""", {"a": account_id, "l": list_id})
        conn.execute("""
            INSERT INTO contacts (account_id, list_id, id, phone, first_name, last_name, created_at, updated_at)
            SELECT %(a)s, %(l)s, uuidv7(), '+2557' || lpad(n::text, 8, '0'), 'Mteja' || n, 'Juma',
                   now() - n * interval '1 second', now()
            FROM generate_series(1, %(n)s) AS n""", {"a": account_id, "l": list_id, "n": CONTACTS})
        conn.execute("""
            INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)
            SELECT account_id, list_id, id, uuidv7(), phone, true, created_at FROM contacts WHERE list_id = %(l)s""",
                     {"l": list_id})
        conn.execute("""
            INSERT INTO campaigns (account_id, id, name, message, status, contact_list_id, total_contacts,
                                   sent_count, delivered_count, failed_count, created_at, updated_at, completed_at)
            SELECT %(a)s, CASE WHEN n = 1 THEN %(c)s::uuid ELSE uuidv7() END, 'Kampeni ' || n,
                   'Habari {first_name}, ofa ya wiki hii!', 'completed', %(l)s, 2000, 2000, 1900, 100,
                   now() - n * interval '1 day', now() - n * interval '1 day', now() - n * interval '1 day'
            FROM generate_series(1, 50) AS n""", {"a": account_id, "c": campaign_id, "l": list_id})
        conn.execute("""
            INSERT INTO messages (account_id, id, campaign_id, to_number, sender, body, encoding, characters,
                                  sms_parts, segments, credits_used, cost, carrier, status, error, created_at,
                                  sent_at, delivered_at, updated_at, campaign_batch)
            SELECT %(a)s, uuidv7(), CASE WHEN n %% 2 = 0 THEN %(c)s::uuid END, '+2557' || lpad((n %% 90000)::text, 8, '0'),
                   'UJUMBE', 'Habari Mteja' || n || ', ofa ya wiki hii!', 'GSM-7', 40, 1, 1, 1, '1', 'vodacom',
                   (ARRAY['delivered', 'delivered', 'delivered', 'sent', 'failed', 'pending'])[1 + n %% 6],
                   CASE WHEN n %% 6 = 4 THEN 'undeliverable' END, t, t, CASE WHEN n %% 6 < 3 THEN t END, t,
                   CASE WHEN n %% 2 = 0 THEN 1 END
            FROM generate_series(1, %(n)s) AS n, LATERAL (SELECT now() - n * interval '77 seconds' AS t) AS at""",
                     {"a": account_id, "c": campaign_id, "n": MESSAGES})
        conn.execute("VACUUM ANALYZE")  # the steady state autovacuum keeps: index-only scans see the rows
    return {"list_id": list_id, "campaign_id": campaign_id, "message_search": "Mteja4242"}


@dataclass(frozen=True, slots=True)
class Timing:
    page: str
    status: int
    p50_ms: float
    p95_ms: float
    statements: int
    sql_p95_ms: float


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1] if len(samples) > 1 else samples[0]


async def time_sql(url: str, statements: list[tuple[Any, Any]], rounds: int) -> list[float]:
    """Seconds to run the page's statements, in order, straight on one connection, `rounds` times."""
    times = []
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        for _ in range(rounds + 1):
            started = time.perf_counter()
            for query, params in statements:
                await (await conn.execute(query, params)).fetchall() if _returns_rows(query) \
                    else await conn.execute(query, params)
            times.append(time.perf_counter() - started)
    return times[1:]


def _returns_rows(query: Any) -> bool:
    text = query if isinstance(query, str) else query.as_string(None) if hasattr(query, "as_string") else str(query)
    return text.lstrip().upper().startswith(("SELECT", "WITH"))


async def sign_in(client: AsyncTestClient[Any], email: str) -> None:
    login = await client.get("/login")
    token = html.unescape(re.search(r'name="csrf_token" value="([^"]+)"', login.text).group(1))  # type: ignore[union-attr]
    answer = await client.post("/login", data={"csrf_token": token, "email": email, "password": PASSWORD},
                               follow_redirects=False)
    assert answer.status_code == 303, answer.text


async def measure(url: str, data_dir: Path, rounds: int, log: Callable[[str], None]) -> list[Timing]:
    settings = Settings(database_url=url, data_dir=data_dir, secret_key="bench-secret-key-long-enough-for-hs256",
                        log_level="ERROR")
    container = Container()
    container.settings.override(providers.Object(settings))
    email = f"bench-{uuid.uuid4().hex[:8]}@example.com"
    capture_statements()
    timings = []
    async with AsyncTestClient(app=create_app(container)) as client:
        account = await container.register_account()(
            Registration(email=email, password=PASSWORD, business_name="Duka la Benchi", plan="enterprise"))
        started = time.monotonic()
        ids = seed(url, account.id)
        log(f"seeded {MESSAGES:,} messages and {CONTACTS:,} contacts in {time.monotonic() - started:.0f} s")
        await sign_in(client, email)
        asked: list[tuple[str, Callable[[], Any]]] = [
            (template, functools.partial(client.get, template.format(**ids), follow_redirects=False))
            for template in PAGES]
        for name, (form_page, path, fields) in FORMS.items():
            token = html.unescape(re.search(r'name="csrf_token" value="([^"]+)"',  # type: ignore[union-attr]
                                            (await client.get(form_page)).text).group(1))
            form = {"csrf_token": token, **{key: value.format(**ids) for key, value in fields.items()}}
            asked.append((name, functools.partial(client.post, path, data=form, follow_redirects=False)))
        for template, ask in asked:
            samples, noted = [], []
            for round_ in range(rounds + 1):  # the first warms the templates and the pool
                statements: list[tuple[Any, Any]] = []
                token = _statements.set(statements)
                began = time.perf_counter()
                answer = await ask()
                elapsed = time.perf_counter() - began
                _statements.reset(token)
                if round_:
                    samples.append(elapsed)
                noted = statements
            sql = await time_sql(url, noted, rounds) if noted else [0.0]
            timings.append(Timing(template, answer.status_code, statistics.median(samples) * 1000,
                                  p95(samples) * 1000, len(noted), p95(sql) * 1000))
            log(f"{template:<42} {answer.status_code}")
    return timings


def report(timings: list[Timing]) -> str:
    lines = [f"{'page':<42} {'status':>6} {'p50 ms':>8} {'p95 ms':>8} {'SQL':>4} {'SQL p95 ms':>10} {'page/SQL':>8}"]
    for t in timings:
        ratio = f"{t.p95_ms / t.sql_p95_ms:.1f}" if t.sql_p95_ms else "-"
        verdict = "" if t.p95_ms < TARGET_P95_MS and t.status == 200 else "  <- over target" \
            if t.status == 200 else "  <- not served"
        lines.append(f"{t.page:<42} {t.status:>6} {t.p50_ms:>8.1f} {t.p95_ms:>8.1f} {t.statements:>4} "
                     f"{t.sql_p95_ms:>10.1f} {ratio:>8}{verdict}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30, help="requests per page (after one warm-up)")
    parser.add_argument("--database-url", help="an empty database to use instead of a fresh embedded one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ujumbe-bench-dashboard-") as tmp:
        url = args.database_url or embedded_database_url(Path(tmp) / "db")
        migrate(url)
        timings = asyncio.run(measure(url, Path(tmp) / "data", args.rounds, lambda line: print(line, flush=True)))
    print(report(timings))
    served = [t for t in timings if t.status == 200]
    sys.exit(0 if served and all(t.p95_ms < TARGET_P95_MS for t in served) else 1)


if __name__ == "__main__":
    main()
