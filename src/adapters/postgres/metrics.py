"""What the service's state is, read from PostgreSQL when Prometheus scrapes: the job queue, the
SMPP binds (as their processes publish them), payment orders and campaigns (`adapters.prometheus`
renders them as gauges).

Every process sees the same rows, so whichever answers the scrape reports the whole service, and
nothing of a process that died lingers. Each query reads what is in flight through a partial
index (pending payment orders, scheduled and running campaigns, the jobs still queued) or a small
table (the binds), never the message log, the ledger or what has ended.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from psycopg_pool import AsyncConnectionPool

from adapters.jobs import OLDEST_WAITING_SQL

log = logging.getLogger("ujumbe.metrics")

# Only what is still queued, running or failed: not the succeeded jobs a queue may keep by the million.
_JOBS = (
    "SELECT queue_name, status::text, count(*) FROM procrastinate_jobs"
    " WHERE status IN ('todo', 'doing', 'failed') GROUP BY queue_name, status"
)
_BINDS = (
    "SELECT bind, count(*) FILTER (WHERE status ->> 'state' = 'bound'),"
    " coalesce(sum((status ->> 'window')::int), 0), coalesce(sum((status ->> 'in_flight')::int), 0),"
    " coalesce(sum((status ->> 'tps')::int), 0), coalesce(sum((status ->> 'tps_limit')::float8), 0)"
    " FROM gateway_binds WHERE updated_at >= %s GROUP BY bind"
)
# What is in flight only, each through its partial index: what has ended is counted as it ends
# (ujumbe_payment_orders_total, ujumbe_campaign_messages_total), never by scanning every row.
_PAYMENT_ORDERS = "SELECT provider, count(*) FROM payment_orders WHERE status = 'pending' GROUP BY provider"
# (OR, not IN: the planner then reads the two partial indexes, campaigns_due and campaigns_running)
_CAMPAIGNS = "SELECT status, count(*) FROM campaigns WHERE status = 'scheduled' OR status = 'running' GROUP BY status"


@dataclass(frozen=True, slots=True)
class ServiceState:
    """What one read found: rows as the queries answer them (`adapters.prometheus` renders them)."""

    database_up: bool
    jobs: list[tuple[str, str, int]] = field(default_factory=list)  # queue, status, jobs
    oldest_waiting: list[tuple[str, float]] = field(default_factory=list)  # queue, seconds
    binds: list[tuple[str, int, int, int, int, float]] = field(default_factory=list)  # bind, bound, window, ...
    pending_orders: list[tuple[str, int]] = field(default_factory=list)  # provider, orders
    campaigns: list[tuple[str, int]] = field(default_factory=list)  # status (scheduled, running), campaigns


async def read_state(pool: AsyncConnectionPool, *, binds_since: datetime, timeout: float = 5.0) -> ServiceState:
    """The state as it stands (binds as reported since `binds_since`); `database_up` False when
    the database does not answer."""
    try:
        async with pool.connection(timeout=timeout) as conn:
            jobs = await (await conn.execute(_JOBS)).fetchall()
            oldest = await (await conn.execute(OLDEST_WAITING_SQL)).fetchall()
            binds = await (await conn.execute(_BINDS, (binds_since,))).fetchall()
            orders = await (await conn.execute(_PAYMENT_ORDERS)).fetchall()
            campaigns = await (await conn.execute(_CAMPAIGNS)).fetchall()
    except Exception:  # any failure to read: the scrape still answers, saying so, and the log says why
        log.warning("metrics: the database state could not be read", exc_info=True)
        return ServiceState(database_up=False)
    return ServiceState(database_up=True, jobs=jobs, oldest_waiting=oldest, binds=binds, pending_orders=orders,
                        campaigns=campaigns)
