"""The ledger's rules under load on real PostgreSQL (decision: ledger statement): no overdraft under
any concurrency, and nothing lost or stuck when the process dies between the debit and the outcome.

The test client serves one request at a time, so the races call the routes' use cases from the
app's container concurrently (each on its own pooled connection, as concurrent requests would).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import psycopg
import pytest
from dependency_injector import providers

from adapters.gateways.simulator import SimulatorGateway
from application.credits.balance import Grant
from application.ports import OutboundSms
from application.sending.sends import BulkRequest, SmsRequest
from domain.errors import InsufficientCredits
from domain.submits import SubmitResult

SEND = {"to": "0712345678", "message": "Habari"}


class InFlight:
    """Counts how many calls overlap, to prove the race really is one."""

    def __init__(self) -> None:
        self.now = self.most = 0

    async def run(self, call):
        self.now += 1
        self.most = max(self.most, self.now)
        try:
            await asyncio.sleep(0)
            return await call
        except InsufficientCredits:
            return 402
        finally:
            self.now -= 1


def ledger_invariant(database_url: str, account_id: str) -> tuple[int, int, int]:
    """(sum of amounts, newest balance_after, balance row), which are equal (decision: ledger statement)."""
    with psycopg.connect(database_url) as conn:
        total = conn.execute("SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account_id = %s",
                             (account_id,)).fetchone()[0]
        newest = conn.execute("SELECT balance_after FROM ledger_entries WHERE account_id = %s"
                              " ORDER BY seq DESC LIMIT 1", (account_id,)).fetchone()[0]
        balance = conn.execute("SELECT balance FROM credit_balances WHERE account_id = %s",
                               (account_id,)).fetchone()[0]
    return total, newest, balance


def count(database_url: str, sql: str, *params: object) -> int:
    with psycopg.connect(database_url) as conn:
        return conn.execute(sql, params).fetchone()[0]


async def test_50_parallel_sends_against_a_balance_for_10(client, container, make_account,
                                                          clean_database: str) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 10))
    flight = InFlight()
    outcomes = await asyncio.gather(*(
        flight.run(container.send_sms()(SmsRequest(account.id, "0712345678", "Habari")))
        for _ in range(50)
    ))
    assert flight.most > 10
    assert sum(o == 402 for o in outcomes) == 40
    assert [o.status for o in outcomes if o != 402] == ["sent"] * 10
    assert ledger_invariant(clean_database, account.id) == (0, 0, 0)
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 10
    assert count(clean_database, "SELECT count(*) FROM messages WHERE account_id = %s", account.id) == 10
    over_http = await client.post("/v1/sms/", json=SEND, headers=account.key_headers)
    assert over_http.status_code == 402


async def test_bulks_racing_singles_never_overdraw(client, container, make_account,
                                                   clean_database: str) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 25))
    numbers = [f"0754{n:06d}" for n in range(10)]
    flight = InFlight()
    calls = [flight.run(container.send_bulk()(BulkRequest(account.id, numbers, "Habari"))) for _ in range(5)]
    calls += [flight.run(container.send_sms()(SmsRequest(account.id, "0712345678", "Habari")))
              for _ in range(20)]
    outcomes = await asyncio.gather(*calls)
    assert flight.most > 5
    bulk_ok = sum(o != 402 for o in outcomes[:5])
    single_ok = sum(o != 402 for o in outcomes[5:])
    spent = bulk_ok * 10 + single_ok
    assert 15 < spent <= 25  # what is left is too little for a bulk of 10, or nothing at all
    total, newest, balance = ledger_invariant(clean_database, account.id)
    assert total == newest == balance == 25 - spent
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == spent
    assert count(clean_database, "SELECT count(*) FROM ledger_entries WHERE type = 'deduct'") == bulk_ok + single_ok


async def test_one_batch_sent_twice_at_once_is_paid_for_and_sent_once(client, container, make_account,
                                                                      clean_database: str) -> None:
    # The same batch id twice at once (a form posted twice): one deduction, each number sent
    # once, and both answers name the batch's messages.
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 25))
    numbers = [f"0754{n:06d}" for n in range(10)]
    request = BulkRequest(account.id, numbers, "Habari", batch_id=container.ids().new_id())
    flight = InFlight()
    outcomes = await asyncio.gather(*(flight.run(container.send_bulk()(request)) for _ in range(2)))
    assert flight.most == 2
    assert [o.batch_id for o in outcomes] == [request.batch_id] * 2
    assert {e.message_id for e in outcomes[0].results} == {e.message_id for e in outcomes[1].results}
    assert ledger_invariant(clean_database, account.id) == (15, 15, 15)
    assert count(clean_database, "SELECT count(*) FROM ledger_entries WHERE type = 'deduct'") == 1
    assert count(clean_database, "SELECT count(*) FROM messages WHERE account_id = %s", account.id) == 10
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 10


class DatabaseGone(Exception):
    """The database went away after the hand-over."""


class SubmitsThenFails:
    """The SMS reaches the carrier, then `failure` is raised before the outcome commits."""

    def __init__(self, inner: SimulatorGateway, failure: type[Exception]) -> None:
        self.inner, self.failure = inner, failure

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        await self.inner.submit(sms)
        raise self.failure


async def test_a_send_whose_outcome_was_not_recorded_answers_pending_and_is_reconciled_once(
    client, container, make_account, clean_database: str, clock
) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 5))
    container.gateway.override(providers.Object(SubmitsThenFails(container.simulator(), DatabaseGone)))
    died = await client.post("/v1/sms/", json=SEND, headers=account.key_headers)
    dead_reject = await client.post("/v1/sms/", json={**SEND, "to": "+255799000001"},
                                    headers=account.key_headers)
    # Charged and handed over: not a 500 the client would retry, but the message id to follow.
    assert died.status_code == dead_reject.status_code == 200, died.text
    assert died.json()["data"]["status"] == dead_reject.json()["data"]["status"] == "pending"
    assert {died.json()["data"]["message_id"], dead_reject.json()["data"]["message_id"]} == {
        row[0] for row in psycopg.connect(clean_database).execute("SELECT id::text FROM messages")}
    container.gateway.reset_override()
    assert count(clean_database, "SELECT count(*) FROM messages WHERE status = 'pending'") == 2
    assert ledger_invariant(clean_database, account.id)[2] == 3

    assert (await container.reconcile_stuck_messages()(older_than=timedelta(minutes=5))).sent == 0
    clock.advance(minutes=6)
    report = await container.reconcile_stuck_messages()(older_than=timedelta(minutes=5))
    assert (report.sent, report.failed, report.still_pending) == (1, 1, 0)

    assert count(clean_database, "SELECT count(*) FROM messages WHERE status = 'pending'") == 0
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 2  # none sent twice
    assert ledger_invariant(clean_database, account.id) == (4, 4, 4)  # one charged, one refunded
    assert count(clean_database, "SELECT count(*) FROM outbox_events WHERE type IN"
                                 " ('message.sent', 'message.failed')") == 2


# --- Idempotency-Key retries after a failure past the debit: resumed, never sent twice ---------


def keyed(account, key: str = "order-7") -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {**account.key_headers, "Idempotency-Key": key}


async def post_and_die(client, container, path: str, body: dict, headers: dict[str, str],  # type: ignore[no-untyped-def,type-arg]
                       database_url: str, clock) -> None:  # type: ignore[no-untyped-def]
    """The request, whose process dies after the debit (the carrier got the SMS) and before it
    stores its answer under the key: the claim is left as a killed process leaves it, taken long
    enough ago to count as abandoned."""
    container.gateway.override(providers.Object(SubmitsThenFails(container.simulator(), DatabaseGone)))
    try:
        answer = await client.post(path, json=body, headers=headers)
    finally:
        container.gateway.reset_override()
    assert answer.status_code == 200, answer.text
    with psycopg.connect(database_url) as conn:
        conn.execute("UPDATE idempotency_keys SET response_status = NULL, response_body = NULL,"
                     " completed_at = NULL, claimed_at = %s", (clock.now() - timedelta(minutes=10),))


async def test_a_keyed_retry_after_the_process_died_past_the_debit_finishes_that_send(
    client, container, make_account, clean_database: str, clock
) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 1))
    await post_and_die(client, container, "/v1/sms/", SEND, keyed(account), clean_database, clock)
    (pending_id,) = [row[0] for row in psycopg.connect(clean_database).execute(
        "SELECT id::text FROM messages WHERE status = 'pending'")]

    retried = await client.post("/v1/sms/", json=SEND, headers=keyed(account))
    # Balance 0 now, but the retry is the same, already paid for, send: not a 402, not a new one.
    assert retried.status_code == 200, retried.text
    assert retried.json()["data"]["message_id"] == pending_id
    assert retried.json()["data"]["status"] == "sent"
    assert count(clean_database, "SELECT count(*) FROM messages") == 1
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 1
    assert ledger_invariant(clean_database, account.id) == (0, 0, 0)
    assert count(clean_database, "SELECT count(*) FROM ledger_entries WHERE type = 'deduct'") == 1


async def test_a_keyed_retry_taking_over_a_dead_process_claim_finishes_that_send(
    client, container, make_account, clean_database: str, clock
) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 3))
    await post_and_die(client, container, "/v1/sms/", SEND, keyed(account), clean_database, clock)
    with psycopg.connect(clean_database) as conn:  # a killed process never released its claim
        conn.execute("UPDATE idempotency_keys SET claimed_at = %s", (clock.now(),))
    busy = await client.post("/v1/sms/", json=SEND, headers=keyed(account))
    assert busy.status_code == 409 and busy.json()["error"]["code"] == "request_in_progress"

    clock.advance(minutes=6)  # abandoned: the retry takes over, and the reconciler may race it
    report = await container.reconcile_stuck_messages()(older_than=timedelta(minutes=5))
    assert report.sent == 1
    retried = await client.post("/v1/sms/", json=SEND, headers=keyed(account))
    assert retried.status_code == 200 and retried.json()["data"]["status"] == "sent"
    assert count(clean_database, "SELECT count(*) FROM messages") == 1
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 1
    assert ledger_invariant(clean_database, account.id) == (2, 2, 2)
    replay = await client.post("/v1/sms/", json=SEND, headers=keyed(account))
    assert replay.headers["idempotent-replay"] == "true" and replay.json() == retried.json()


async def test_a_keyed_bulk_retry_after_the_process_died_past_the_debit_finishes_that_batch(
    client, container, make_account, clean_database: str, clock
) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 3))
    body = {"to": ["0712345678", "+255799000001", "0754000111", "123"], "message": "Karibu"}
    await post_and_die(client, container, "/v1/sms/bulk", body, keyed(account), clean_database, clock)
    assert count(clean_database, "SELECT count(*) FROM messages WHERE status = 'pending'") == 3

    retried = await client.post("/v1/sms/bulk", json=body, headers=keyed(account))
    assert retried.status_code == 200, retried.text
    data = retried.json()["data"]
    assert (data["total"], data["sent"], data["failed"], data["pending"]) == (4, 2, 2, 0)
    assert count(clean_database, "SELECT count(*) FROM messages") == 3
    assert count(clean_database, "SELECT count(DISTINCT batch_id) FROM messages") == 1
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 3
    assert ledger_invariant(clean_database, account.id) == (1, 1, 1)  # 3 - 3 + 1 refunded


# --- the database gone before the debit: nothing charged, nothing sent, retry as it is ---------


class NoDatabase:
    """A unit of work whose database does not answer."""

    def __call__(self) -> NoDatabase:
        return self

    async def __aenter__(self) -> NoDatabase:
        raise psycopg.OperationalError("connection failed: server closed the connection unexpectedly")

    async def __aexit__(self, *exc: object) -> None:
        return None


@pytest.mark.parametrize(("path", "body"), [("/v1/sms/", SEND), ("/v1/sms/bulk", {"to": ["0712345678"], "message": "Habari"})])
async def test_a_send_whose_debit_the_database_did_not_take_is_a_503_to_retry(
    client, container, make_account, clean_database: str, path: str, body: dict  # type: ignore[type-arg]
) -> None:
    account = await make_account(plan="enterprise")
    await container.grant_credits()(Grant(account.id, 5))
    container.uow.override(providers.Object(NoDatabase()))
    try:
        answer = await client.post(path, json=body, headers=account.key_headers)
    finally:
        container.uow.reset_override()
    assert answer.status_code == 503, answer.text
    assert answer.json()["error"]["code"] == "service_unavailable" and answer.json()["success"] is False
    assert answer.headers["retry-after"] == "5"
    assert count(clean_database, "SELECT count(*) FROM messages") == 0
    assert count(clean_database, "SELECT count(*) FROM simulator_messages") == 0
    assert ledger_invariant(clean_database, account.id) == (5, 5, 5)
