"""The `Metrics` port over prometheus-client, with the HTTP request counts beside it.

Several processes on one host (uvicorn's workers, each with its job worker, and `ujumbe worker`s)
count together through prometheus-client's multiprocess mode: with PROMETHEUS_MULTIPROC_DIR set,
every process writes its counts to its own files in that directory, and a scrape, answered by
whichever process gets it, adds up the files of all of them (a dead process's counts included:
a counter never goes back). Without it, the counts are this process's own. Only counters and
histograms are counted here; what is state (queue depth, bind windows, orders by status) is read
from PostgreSQL at scrape time, so no process's gauge can go stale when it dies.
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
from collections import Counter as TallyCounter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import ParamSpec

from prometheus_client import CONTENT_TYPE_PLAIN_0_0_4, CollectorRegistry, Counter, Histogram, generate_latest, values
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric

from adapters.postgres.metrics import ServiceState
from adapters.system import process_running
from domain.ledger import Posting
from domain.messages import Message, MessageStatus
from domain.payments import PaymentOrder
from domain.phone import Carrier

P = ParamSpec("P")
log = logging.getLogger("ujumbe.metrics")

CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4  # text/plain; version=0.0.4; charset=utf-8
MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
UNKNOWN = Carrier.UNKNOWN.value  # as the API answers a number libphonenumber names no carrier for

_HTTP_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_WEBHOOK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
_SUBMIT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


METRICS_DIRECTORY = "metrics"  # under the data directory, unless PROMETHEUS_MULTIPROC_DIR names one


def share_counts(default: Path, *, start_afresh: bool = False) -> Path:
    """The directory every process of this host counts in: the one PROMETHEUS_MULTIPROC_DIR names,
    kept as it is, or else `default` (under the data directory), which this process and those it
    starts (they inherit the variable) count in from now on, whichever of a `ujumbe serve`, a
    `ujumbe worker` or an operator's command came first. `start_afresh` (a serve starting) empties
    `default` first, unless a live process still counts there: an earlier run's counts would be
    added to this one's, while a running worker's would be lost. Call before any
    `PrometheusMetrics` exists: prometheus-client chose its storage when first imported, so it is
    chosen again here."""
    named = _shared_directory()
    directory = Path(named or default)
    if named is None:
        if start_afresh and not counted_by_a_live_process(directory):
            shutil.rmtree(directory, ignore_errors=True)
        os.environ[MULTIPROC_DIR] = str(directory)
    directory.mkdir(parents=True, exist_ok=True)
    values.ValueClass = values.get_value_class()  # type: ignore[no-untyped-call]
    return directory


def counted_by_a_live_process(directory: Path) -> bool:
    """Whether a process other than this one that is still running counts in `directory`
    (prometheus-client names each process's files `<kind>_<pid>.db`)."""
    for path in directory.glob("*.db"):
        pid = path.stem.rpartition("_")[2]
        if pid.isdigit() and int(pid) != os.getpid() and process_running(int(pid)):
            return True
    return False


def _shared_directory() -> str | None:
    return os.environ.get(MULTIPROC_DIR) or None


class _Joined:
    """Several collectors read as one (what `generate_latest` takes)."""

    def __init__(self, sources: Iterable[Collector]) -> None:
        self._sources = list(sources)

    def collect(self) -> Iterator[Metric]:
        for source in self._sources:
            yield from source.collect()


def _never_fails(count: Callable[P, None]) -> Callable[P, None]:
    """A count that cannot be made (its file cannot be written, say) is logged, never raised: what
    it counts has committed, and its caller must not answer as if it had not."""
    @functools.wraps(count)
    def counted(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            count(*args, **kwargs)
        except Exception:
            log.warning("metrics: %s could not be counted", count.__name__, exc_info=True)
    return counted


class PrometheusMetrics:
    """One per process (the container's): its metrics in a registry of its own, so two apps in
    one process (tests) count apart."""

    def __init__(self) -> None:
        if (directory := _shared_directory()) is not None:  # any command of a host set up to share counts
            Path(directory).mkdir(parents=True, exist_ok=True)
        r = self.registry = CollectorRegistry()
        self._http_requests = Counter(
            "ujumbe_http_requests", "HTTP requests answered, by route template, method and status.",
            ["route", "method", "status"], registry=r)
        self._http_seconds = Histogram(
            "ujumbe_http_request_duration_seconds", "Time to answer an HTTP request, by route template and method.",
            ["route", "method"], buckets=_HTTP_BUCKETS, registry=r)
        self._sends = Counter(
            "ujumbe_sms_sends", "SMS whose submit outcome was recorded: sent (the gateway took it) or failed "
            "(refunded), by carrier and encoding.", ["outcome", "carrier", "encoding"], registry=r)
        self._parts = Counter(
            "ujumbe_sms_parts_billed", "SMS parts billed for sends the gateway took (160 GSM-7 / 70 UCS-2 "
            "characters a part).", ["carrier", "encoding"], registry=r)
        self._reports = Counter(
            "ujumbe_sms_delivery_reports", "Messages a delivery report moved, by the status it moved them to.",
            ["status", "carrier"], registry=r)
        self._postings = Counter(
            "ujumbe_ledger_postings", "Ledger postings committed, by entry type.", ["type"], registry=r)
        self._credits = Counter(
            "ujumbe_ledger_credits", "Credits moved by committed ledger postings, by entry type.", ["type"],
            registry=r)
        self._payment_orders = Counter(
            "ujumbe_payment_orders", "Payment orders written, by provider and the status they reached: pending "
            "(placed), confirmed or failed.", ["provider", "status"], registry=r)
        self._campaign_messages = Counter(
            "ujumbe_campaign_messages", "Campaign messages, by the status they reached: sent (the gateway took "
            "it), delivered, or failed (refused, or undeliverable).", ["status"], registry=r)
        self._webhooks = Counter(
            "ujumbe_webhook_delivery_attempts", "Webhook POSTs, by result: succeeded, retrying (tried again "
            "later) or failed (given up).", ["result"], registry=r)
        self._webhook_seconds = Histogram(
            "ujumbe_webhook_delivery_duration_seconds", "Time a webhook receiver took to answer, by result.",
            ["result"], buckets=_WEBHOOK_BUCKETS, registry=r)
        self._submit_seconds = Histogram(
            "ujumbe_gateway_submit_duration_seconds", "Time the SMS gateway took to answer a submit, by bind "
            "(`simulator` for the simulator) and answer.", ["bind", "answer"], buckets=_SUBMIT_BUCKETS,
            registry=r)

    # -- the Metrics port -----------------------------------------------------------------------

    # A batch's thousand messages are counted per label set first: one increment of each counter
    # child instead of one per message (each is a write to a shared file in multiprocess mode).

    @_never_fails
    def messages_settled(self, messages: Iterable[Message]) -> None:
        sends: TallyCounter[tuple[str, str, str]] = TallyCounter()
        parts: TallyCounter[tuple[str, str]] = TallyCounter()
        campaign: TallyCounter[str] = TallyCounter()
        for message in messages:
            carrier = message.carrier or UNKNOWN
            sends[message.status.value, carrier, message.encoding] += 1
            if message.status is not MessageStatus.FAILED:
                parts[carrier, message.encoding] += message.sms_parts
            if message.campaign_id is not None:
                campaign[message.status.value] += 1
        for (status, carrier, encoding), n in sends.items():
            self._sends.labels(status, carrier, encoding).inc(n)
        for (carrier, encoding), n in parts.items():
            self._parts.labels(carrier, encoding).inc(n)
        for status, n in campaign.items():
            self._campaign_messages.labels(status).inc(n)

    @_never_fails
    def messages_reported(self, messages: Iterable[Message]) -> None:
        reports: TallyCounter[tuple[str, str]] = TallyCounter()
        campaign: TallyCounter[str] = TallyCounter()
        for message in messages:
            reports[message.status.value, message.carrier or UNKNOWN] += 1
            if message.campaign_id is not None:
                campaign[message.status.value] += 1
        for (status, carrier), n in reports.items():
            self._reports.labels(status, carrier).inc(n)
        for status, n in campaign.items():
            self._campaign_messages.labels(status).inc(n)

    @_never_fails
    def payment_orders_moved(self, orders: Iterable[PaymentOrder]) -> None:
        for order in orders:
            self._payment_orders.labels(order.provider, order.status.value).inc()

    @_never_fails
    def credits_posted(self, postings: Iterable[Posting]) -> None:
        for posting in postings:
            self._postings.labels(posting.type.value).inc()
            self._credits.labels(posting.type.value).inc(posting.credits)

    @_never_fails
    def webhook_attempted(self, result: str, seconds: float) -> None:
        self._webhooks.labels(result).inc()
        self._webhook_seconds.labels(result).observe(seconds)

    @_never_fails
    def gateway_submitted(self, bind: str, answer: str, seconds: float) -> None:
        self._submit_seconds.labels(bind, answer).observe(seconds)

    # -- HTTP and the scrape ----------------------------------------------------------------------

    @_never_fails
    def http_request(self, route: str, method: str, status: int, seconds: float) -> None:
        self._http_requests.labels(route, method, str(status)).inc()
        self._http_seconds.labels(route, method).observe(seconds)

    def exposition(self, state: ServiceState) -> bytes:
        """The Prometheus text of every count (every process's, in multiprocess mode) and of the
        service's `state`, as gauges."""
        directory = _shared_directory()
        counted: Collector = (self.registry if directory is None
                              else MultiProcessCollector(None, directory))  # type: ignore[no-untyped-call]
        return generate_latest(_Joined([counted, _Gauges(state)]))


JOB_STATUSES = ("todo", "doing", "failed")
CAMPAIGNS_IN_FLIGHT = ("scheduled", "running")


class _Gauges:
    """The state one scrape read, as gauges (a collector for one exposition)."""

    def __init__(self, state: ServiceState) -> None:
        self._state = state

    def collect(self) -> Iterator[Metric]:
        state = self._state
        up = _gauge("ujumbe_database_up", "1 when this scrape could read the service's state from PostgreSQL, "
                                          "else 0 (the state metrics are then absent).", [])
        up.add_metric([], 1.0 if state.database_up else 0.0)
        yield up
        if state.database_up:
            yield from (*_jobs(state.jobs, state.oldest_waiting), *_binds(state.binds),
                        *_payment_orders(state.pending_orders), *_campaigns(state.campaigns))


def _gauge(name: str, documentation: str, labels: list[str]) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, labels=labels)


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
        age.add_metric([queue], float(waited.get(queue) or 0.0))
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
