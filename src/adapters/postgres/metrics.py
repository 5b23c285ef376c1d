"""What the service's state is, read from PostgreSQL when Prometheus scrapes: the job queue, the
SMPP binds (as their processes publish them), payment orders and campaigns.

Every process sees the same rows, so whichever answers the scrape reports the whole service, and
nothing of a process that died lingers. Each query reads what is in flight through a partial
index (pending payment orders, scheduled and running campaigns, the jobs still queued) or a small
table (the binds), never the message log, the ledger or what has ended.
"""

from __future__ import annotations

import logging

from collections.abc import Iterator
from datetime import datetime

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
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
_CAMPAIGNS = "SELECT status, count(*) FROM campaigns WHERE status IN ('scheduled', 'running') GROUP BY status"
JOB_STATUSES = ("todo", "doing", "failed")
CAMPAIGNS_IN_FLIGHT = ("scheduled", "running")


def _gauge(name: str, documentation: str, labels: list[str]) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, labels=labels)


class ServiceState:
    """A prometheus-client collector of what one read found (`read_state`)."""

    def __init__(self, families: list[Metric], database_up: bool) -> None:
        self._families = families
        self._up = database_up

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("ujumbe_database_up", "1 when this scrape could read the service's state "
                                                     "from PostgreSQL, else 0 (the state metrics are then absent).")
        up.add_metric([], 1.0 if self._up else 0.0)
        yield up
        yield from self._families


async def read_state(pool: AsyncConnectionPool, *, binds_since: datetime, timeout: float = 5.0) -> ServiceState:
    """The state as it stands (binds as reported since `binds_since`); a database that does not
    answer gives `ujumbe_database_up 0`."""
    try:
        async with pool.connection(timeout=timeout) as conn:
            jobs = await (await conn.execute(_JOBS)).fetchall()
            oldest = await (await conn.execute(OLDEST_WAITING_SQL)).fetchall()
            binds = await (await conn.execute(_BINDS, (binds_since,))).fetchall()
            orders = await (await conn.execute(_PAYMENT_ORDERS)).fetchall()
            campaigns = await (await conn.execute(_CAMPAIGNS)).fetchall()
    except Exception:  # any failure to read: the scrape still answers, saying so, and the log says why
        log.warning("metrics: the database state could not be read", exc_info=True)
        return ServiceState([], database_up=False)
    return ServiceState([*_jobs(jobs, oldest), *_binds(binds), *_payment_orders(orders), *_campaigns(campaigns)],
                        database_up=True)


def _jobs(jobs: list[tuple[str, str, int]], oldest: list[tuple[str, float]]) -> list[Metric]:
    depth = _gauge("ujumbe_job_queue_depth", "Jobs in the queue: todo (waiting, or scheduled for later), "
                                             "doing (running) and failed (retries spent), by queue.",
                   ["queue", "status"])
    counted = {(queue, status): n for queue, status, n in jobs}
    queues = sorted({queue for queue, _ in counted} | {queue for queue, _ in oldest})
    for queue in queues:
        for status in JOB_STATUSES:
            depth.add_metric([queue, status], float(counted.get((queue, status), 0)))
    age = _gauge("ujumbe_job_queue_oldest_waiting_seconds", "How long the oldest job that is due has waited "
                                                             "to start, by queue (0: none waiting).", ["queue"])
    waited = dict(oldest)
    for queue in queues:
        age.add_metric([queue], max(0.0, float(waited.get(queue) or 0.0)))
    return [depth, age]


def _binds(rows: list[tuple[str, int, int, int, int, float]]) -> list[Metric]:
    bound = _gauge("ujumbe_gateway_bind_bound", "Processes holding the SMPP bind bound (0: it is down "
                                                "everywhere).", ["bind"])
    window = _gauge("ujumbe_gateway_bind_window", "Submits the bind may keep in flight (its window), summed "
                                                  "over the processes holding it.", ["bind"])
    in_use = _gauge("ujumbe_gateway_bind_window_in_use", "Submits in flight on the bind, awaiting their answer.",
                    ["bind"])
    tps = _gauge("ujumbe_gateway_bind_tps", "Submits per second on the bind (the last whole second).", ["bind"])
    tps_limit = _gauge("ujumbe_gateway_bind_tps_limit", "The bind's submits-per-second cap (0: none).", ["bind"])
    for name, n_bound, n_window, n_in_flight, n_tps, limit in rows:
        bound.add_metric([name], float(n_bound))
        window.add_metric([name], float(n_window))
        in_use.add_metric([name], float(n_in_flight))
        tps.add_metric([name], float(n_tps))
        tps_limit.add_metric([name], float(limit))
    return [bound, window, in_use, tps, tps_limit]


def _payment_orders(rows: list[tuple[str, int]]) -> list[Metric]:
    pending = _gauge("ujumbe_payment_orders_pending", "Payment orders waiting for their payment, by provider.",
                     ["provider"])
    for provider, n in rows:
        pending.add_metric([provider], float(n))
    return [pending]


def _campaigns(rows: list[tuple[str, int]]) -> list[Metric]:
    campaigns = _gauge("ujumbe_campaigns", "Campaigns scheduled or running, by status.", ["status"])
    counted = dict(rows)
    for status in CAMPAIGNS_IN_FLIGHT:
        campaigns.add_metric([status], float(counted.get(status, 0)))
    return [campaigns]
