"""The gateway simulator, the embedded default: answers like a carrier and records every submit
in PostgreSQL (`simulator_messages`), so the CLI in another process and tests can read it.

An accepted submit's delivery report is written to the received reports (`received_delivery_reports`)
by the statement that records the submit: a submit is never recorded without its report, so no
fault between the two can leave its message `sent` for ever. The job that applies the reports is
then queued for when they are due (or found by its periodic run, should that fail)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import psycopg
from psycopg import AsyncConnection
from psycopg.rows import class_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from adapters.simulation import REJECTION_ERROR, ReceivedSms, accepts, carrier_reports
from application.ports import (
    Clock,
    DeliveryReport,
    GatewayNoAnswer,
    GatewayUnavailable,
    IdGenerator,
    Metrics,
    NO_METRICS,
    OutboundSms,
)
from domain.submits import Answer, SubmitResult

log = logging.getLogger("ujumbe.simulator")

_COLUMNS = (
    "message_id, account_id::text AS account_id, to_number AS to, sender, body AS text,"
    " accepted, gateway_ref, error, created_at"
)


def _failure(exc: Exception) -> str:
    return Answer.UNAVAILABLE.value if isinstance(exc, GatewayUnavailable) else Answer.NO_ANSWER.value


def recording_failure(exc: Exception) -> Exception:
    """What a failed recording means to the sender, as a carrier's answer would: no connection,
    or the server refused the statement (it rolled back): nothing was received, so failing and
    refunding is safe; the connection lost mid-statement: it may have been received."""
    refused = isinstance(exc, PoolTimeout) or (
        isinstance(exc, psycopg.Error) and exc.sqlstate is not None
        and not exc.sqlstate.startswith(("08", "57"))  # connection lost, server shutting down
    )
    if refused:
        return GatewayUnavailable(f"simulator unavailable: {exc}")
    return GatewayNoAnswer(f"simulator did not answer: {exc}")


class ReportsWritten(Protocol):
    """Told of the reports the simulator wrote with their submits, to apply them when due."""

    async def apply_when_due(self, reports: Sequence[DeliveryReport]) -> None: ...


class SimulatorGateway:
    """Submits that arrive together are recorded together: each one waits for a shared INSERT
    (as an SMPP client keeps a window of submits in flight), so a bulk of 1000 costs a few dozen
    statements, not 1000 transactions."""

    def __init__(self, pool: AsyncConnectionPool, clock: Clock, ids: IdGenerator,
                 listener: ReportsWritten | None = None, report_delay: float = 0.0,
                 metrics: Metrics = NO_METRICS) -> None:
        self._pool = pool
        self._metrics = metrics  # every submit's answer time, as the bind `simulator`
        self._clock = clock
        self._ids = ids
        # Delivery reports, due `report_delay` seconds after each accepted submit; none without a listener.
        self._listener = listener
        self._report_delay = report_delay
        self._waiting: list[tuple[OutboundSms, asyncio.Future[tuple[ReceivedSms, bool]]]] = []
        self._recorder: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        """Accept or reject by number; a repeated message id gets its first answer again."""
        started = time.monotonic()
        try:
            row, _ = await self._recorded(sms)
        except (GatewayUnavailable, GatewayNoAnswer) as exc:
            self._observe([_failure(exc)], started)
            raise
        self._observe([row.result().kind], started)
        return row.result()

    async def wait_available(self, timeout: float) -> bool:
        """Whether submits can be recorded within `timeout` seconds. The simulator keeps what it
        takes in the service's database, so it is down while that is away and back with it, as a
        carrier's SMSC comes back after a restart: a campaign waits for it rather than failing
        what it could not hand over (`RunCampaign`'s `gateway_wait`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (left := deadline - loop.time()) > 0:
            try:
                async with asyncio.timeout(left), self._pool.connection() as conn:
                    await conn.execute("SELECT 1")
                return True
            except (TimeoutError, psycopg.Error, PoolTimeout):
                await asyncio.sleep(min(0.5, max(0.0, deadline - loop.time())))
        return False

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        """A bulk's submits handed over at once: one INSERT and one report hand-over for all."""
        started = time.monotonic()
        try:
            rows = await asyncio.gather(*(self._enqueue(sms) for sms in batch))
        except (GatewayUnavailable, GatewayNoAnswer) as exc:
            self._observe([_failure(exc)] * len(batch), started)
            raise
        results = [row.result() for row, _ in rows]
        self._observe([result.kind for result in results], started)
        return results

    def _observe(self, answers: Sequence[str], started: float) -> None:
        elapsed = time.monotonic() - started
        for answer in answers:
            self._metrics.gateway_submitted("simulator", answer, elapsed)

    async def _recorded(self, sms: OutboundSms) -> tuple[ReceivedSms, bool]:
        """The row for the message id and whether this submit created it."""
        return await self._enqueue(sms)

    def _enqueue(self, sms: OutboundSms) -> asyncio.Future[tuple[ReceivedSms, bool]]:
        """Join the batch the recorder writes next; the future gets this submit's row."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a new event loop (a test, a CLI run): nothing of the old one carries over
            self._loop, self._waiting, self._recorder = loop, [], None
        answer: asyncio.Future[tuple[ReceivedSms, bool]] = loop.create_future()
        self._waiting.append((sms, answer))
        if self._recorder is None or self._recorder.done():
            self._recorder = asyncio.create_task(self._record_waiting())
        return answer

    async def _record_waiting(self) -> None:
        await asyncio.sleep(0)  # let the submits started in this tick join the first batch
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                rows = await self._record(batch)
            except Exception as exc:
                failure = recording_failure(exc)
                for _, answer in batch:
                    if not answer.done():
                        answer.set_exception(failure)
                continue
            reports = carrier_reports([row for row, first in rows.values() if first], self._report_delay)
            if self._listener is not None and reports:
                try:  # before any submit returns, so a test sees the job queued
                    await self._listener.apply_when_due(reports)
                except Exception:  # written all the same: the periodic run applies them
                    log.warning("the simulator could not queue the job for %d delivery report(s)", len(reports),
                                exc_info=True)
            for sms, answer in batch:
                if not answer.done():
                    answer.set_result(rows[sms.message_id])

    async def _record(
        self, batch: list[tuple[OutboundSms, asyncio.Future[tuple[ReceivedSms, bool]]]]
    ) -> dict[str, tuple[ReceivedSms, bool]]:
        now = self._clock.now()
        built: dict[str, ReceivedSms] = {}  # the first submit of each message id in the batch
        for sms, _ in batch:
            if sms.message_id not in built:
                accepted = accepts(sms.to)
                built[sms.message_id] = ReceivedSms(
                    message_id=sms.message_id, account_id=sms.account_id, to=sms.to, sender=sms.sender,
                    text=sms.text, accepted=accepted,
                    gateway_ref=f"sim-{self._ids.new_id()}" if accepted else None,
                    error=None if accepted else REJECTION_ERROR, created_at=now,
                )
        async with self._pool.connection() as conn:
            await conn.set_autocommit(True)  # one statement: no BEGIN/COMMIT round trips around it
            try:
                return await self._insert(conn, built, now)
            finally:
                await conn.set_autocommit(False)

    async def _insert(self, conn: AsyncConnection, built: dict[str, ReceivedSms],
                      now: datetime) -> dict[str, tuple[ReceivedSms, bool]]:
        rows = list(built.values())
        # Each new accepted submit's report, written by the same statement (one transaction) as
        # the submit, and only for a submit it inserts: a repeat was reported with its first.
        reported = {r.gateway_ref: r for r in carrier_reports(rows, self._report_delay)} if self._listener else {}
        by_ref = [(r.message_id, reported[r.gateway_ref]) for r in rows if r.gateway_ref in reported]
        async with conn.cursor() as cur:
            # Binary array parameters (no text escaping); only the ids come back: the rows
            # inserted are the ones built above.
            await cur.execute(
                "WITH recorded AS (INSERT INTO simulator_messages (message_id, account_id, to_number, sender, body,"
                " accepted, gateway_ref, error, created_at)"
                " SELECT m, a::uuid, t, s, b, ok, r, e, %b FROM unnest(%b::text[], %b::text[], %b::text[],"
                " %b::text[], %b::text[], %b::bool[], %b::text[], %b::text[]) AS u(m, a, t, s, b, ok, r, e)"
                " ON CONFLICT (message_id) DO NOTHING RETURNING message_id),"
                " reported AS (INSERT INTO received_delivery_reports (gateway_ref, outcome, error, reported_at,"
                " received_at, due_at) SELECT g, o, e, r, %b, r FROM unnest(%b::text[], %b::text[], %b::text[],"
                " %b::text[], %b::timestamptz[]) AS u(m, g, o, e, r) JOIN recorded ON recorded.message_id = u.m)"
                " SELECT message_id FROM recorded",
                (now, [r.message_id for r in rows], [r.account_id for r in rows], [r.to for r in rows],
                 [r.sender for r in rows], [r.text for r in rows], [r.accepted for r in rows],
                 [r.gateway_ref for r in rows], [r.error for r in rows],
                 now, [m for m, _ in by_ref], [d.gateway_ref for _, d in by_ref], [d.event.value for _, d in by_ref],
                 [d.error for _, d in by_ref], [d.reported_at for _, d in by_ref]),
            )
            recorded = {row[0]: (built[row[0]], True) for row in await cur.fetchall()}
        repeated = [message_id for message_id in built if message_id not in recorded]
        if repeated:  # received before: the first answer again
            async with conn.cursor(row_factory=class_row(ReceivedSms)) as cur:
                await cur.execute(
                    f"SELECT {_COLUMNS} FROM simulator_messages WHERE message_id = ANY(%s)",
                    (repeated,),
                )
                recorded.update({row.message_id: (row, False) for row in await cur.fetchall()})
        return recorded

    async def received(self, to: str | None = None, limit: int = 100) -> list[ReceivedSms]:
        """What the simulated carrier received, newest first."""
        where, params = ("WHERE to_number = %s", [to]) if to else ("", [])
        async with self._pool.connection() as conn:
            async with conn.cursor(row_factory=class_row(ReceivedSms)) as cur:
                await cur.execute(
                    f"SELECT {_COLUMNS} FROM simulator_messages {where} ORDER BY seq DESC LIMIT %s",
                    (*params, limit),
                )
                return await cur.fetchall()
