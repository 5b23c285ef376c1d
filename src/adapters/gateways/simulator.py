"""The gateway simulator, the embedded default: answers like a carrier and records every submit
in PostgreSQL (`simulator_messages`), so the CLI in another process and tests can read it."""

from __future__ import annotations

from psycopg.rows import class_row
from psycopg_pool import AsyncConnectionPool

from adapters.simulation import REJECTION_ERROR, ReceivedSms, accepts, report_later
from application.deliveries import GatewayListener
from application.messaging import OutboundSms, SubmitResult
from application.ports import Clock, IdGenerator

_COLUMNS = (
    "message_id, account_id::text AS account_id, to_number AS to, sender, body AS text,"
    " accepted, gateway_ref, error, created_at"
)


class SimulatorGateway:
    def __init__(self, pool: AsyncConnectionPool, clock: Clock, ids: IdGenerator,
                 listener: GatewayListener | None = None, report_delay: float = 0.0) -> None:
        self._pool = pool
        self._clock = clock
        self._ids = ids
        # Delivery reports go to the listener, `report_delay` seconds after each accepted submit.
        self._listener = listener
        self._report_delay = report_delay

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        """Accept or reject by number; a repeated message id gets its first answer again."""
        accepted = accepts(sms.to)
        async with self._pool.connection() as conn:
            async with conn.cursor(row_factory=class_row(ReceivedSms)) as cur:
                await cur.execute(
                    "INSERT INTO simulator_messages (message_id, account_id, to_number, sender, body,"
                    " accepted, gateway_ref, error, created_at)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
                    f" ON CONFLICT (message_id) DO NOTHING RETURNING {_COLUMNS}",
                    (sms.message_id, sms.account_id, sms.to, sms.sender, sms.text, accepted,
                     f"sim-{self._ids.new_id()}" if accepted else None,
                     None if accepted else REJECTION_ERROR, self._clock.now()),
                )
                row = await cur.fetchone()
                first_time = row is not None
                if row is None:
                    await cur.execute(
                        f"SELECT {_COLUMNS} FROM simulator_messages WHERE message_id = %s",
                        (sms.message_id,),
                    )
                    row = await cur.fetchone()
        assert row is not None
        if first_time and row.gateway_ref is not None:
            await report_later(self._listener, row.to, row.gateway_ref, row.created_at, self._report_delay)
        return SubmitResult(accepted=row.accepted, gateway_ref=row.gateway_ref, error=row.error)

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
