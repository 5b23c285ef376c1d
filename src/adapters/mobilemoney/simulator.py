"""The mobile-money simulator, the embedded default (decision: simulators): answers like a provider (rules in
`adapters.payment_simulation`) and records every prompt and checkout in PostgreSQL
(`simulator_payments`), so the CLI in another process and tests can read it.

It never calls back over HTTP: each result goes straight to the `PaymentListener` it is given,
due when the simulated payer answers. `read_callback` therefore refuses everything: with the
simulator configured, a POST to the callback route can only be forged.
"""

from __future__ import annotations

from psycopg.rows import class_row
from psycopg_pool import AsyncConnectionPool

from adapters.payment_simulation import (
    CHECKOUT,
    NO_CALLBACKS,
    PUSH,
    SimulatedPayment,
    checkout_url,
    provider_ref,
    tell_listener,
    unknown,
)
from application.ports import (
    Clock,
    InvalidCallback,
    PaymentListener,
    PaymentRequest,
    ProviderRejected,
    ProviderResult,
    PushAccepted,
)

_COLUMNS = "reference, kind, phone, amount, currency, status, reason, created_at, decided_at"


class MobileMoneySimulator:
    def __init__(self, pool: AsyncConnectionPool, clock: Clock, listener: PaymentListener | None = None,
                 decision_delay: float = 0.0, public_url: str = "http://127.0.0.1:8000") -> None:
        self._pool = pool
        self._clock = clock
        self._listener = listener
        self._delay = decision_delay  # seconds from a prompt to the simulated payer's answer
        self._public_url = public_url

    async def push(self, request: PaymentRequest) -> PushAccepted:
        """Prompt the payer; a repeated reference gets the first prompt's answer, prompts nobody."""
        if request.phone is None:
            raise ProviderRejected("a USSD push needs the payer's phone number")
        await self._record(SimulatedPayment.decide(request, PUSH, self._clock.now(), self._delay))
        return PushAccepted(provider_ref(request.reference))

    async def checkout_link(self, request: PaymentRequest) -> str:
        """A checkout the simulated payer completes after the delay, like a prompt."""
        await self._record(SimulatedPayment.decide(request, CHECKOUT, self._clock.now(), self._delay))
        return checkout_url(self._public_url, request.reference)

    async def status(self, reference: str) -> ProviderResult:
        payment = await self._find(reference)
        return payment.result_at(self._clock.now()) if payment else unknown(reference)

    async def reachable(self) -> None:
        """Always: the simulator lives in this process, on the database readiness checks anyway."""

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult:
        raise InvalidCallback(NO_CALLBACKS)

    async def received(self, phone: str | None = None, limit: int = 100) -> list[SimulatedPayment]:
        """The prompts and checkouts the simulator received, newest first."""
        where, params = ("WHERE phone = %s", [phone]) if phone else ("", [])
        async with self._pool.connection() as conn, conn.cursor(row_factory=class_row(SimulatedPayment)) as cur:
            await cur.execute(
                f"SELECT {_COLUMNS} FROM simulator_payments {where}"
                " ORDER BY created_at DESC, reference DESC LIMIT %s",
                (*params, limit),
            )
            return await cur.fetchall()

    async def _record(self, payment: SimulatedPayment) -> None:
        """Store the prompt unless its reference was prompted before; only a new one's result
        goes to the listener."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "INSERT INTO simulator_payments (reference, kind, phone, amount, currency, status, reason,"
                " created_at, decided_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (reference) DO NOTHING",
                (payment.reference, payment.kind, payment.phone, payment.amount, payment.currency,
                 payment.status, payment.reason, payment.created_at, payment.decided_at),
            )
            first = cur.rowcount == 1
        if first:
            await tell_listener(self._listener, payment)

    async def _find(self, reference: str) -> SimulatedPayment | None:
        async with self._pool.connection() as conn, conn.cursor(row_factory=class_row(SimulatedPayment)) as cur:
            await cur.execute(f"SELECT {_COLUMNS} FROM simulator_payments WHERE reference = %s", (reference,))
            return await cur.fetchone()
