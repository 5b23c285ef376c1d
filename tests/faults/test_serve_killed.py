"""`ujumbe serve` SIGKILLed in the middle of a burst of sends, then started again.

Requests in flight lose their connection; some of them were charged and handed to the gateway.
The restarted service's reconciler settles each of those under its own message id: every charged
message is settled exactly once, nothing stays pending, and the ledger holds.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from audit_support import assert_audit_clean
from faults.conftest import (
    Burst,
    Processes,
    assert_each_message_settled_once,
    fault_env,
    kill,
    rows,
    seed_customer,
    simulator_texts,
)
from tests_support import wait_until

pytestmark = pytest.mark.faults


async def test_a_server_killed_mid_burst_settles_every_charged_send_exactly_once_after_its_restart(
    clean_database: str, processes_for: list[Processes], tmp_path: Path
) -> None:
    env = fault_env(clean_database, tmp_path)
    customer = await seed_customer(env, credits=1_000)
    processes = Processes(env, tmp_path)
    processes_for.append(processes)
    serve = processes.serve()

    burst = Burst(processes.base_url, customer.api_key, seconds=4.0)
    sending = asyncio.create_task(burst.run())
    await asyncio.to_thread(wait_until, lambda: len(burst.answers) >= 40, 60)
    kill(serve)  # SIGKILL: no clean-up, requests in flight cut
    await sending
    assert burst.cut, "the kill cut no request"
    url = clean_database
    # Usually some sends were charged and cut off between their debit and their outcome (pending);
    # a kill between two sends leaves none, and the settlement below must hold either way.

    processes.serve()  # on the same port; its worker's reconciler finds what the dead one left
    wait_until(lambda: rows(url, "SELECT count(*) FROM messages WHERE status = 'pending'") == [(0,)], 60)

    assert set(burst.statuses()) <= {"sent"}, burst.statuses()
    assert_each_message_settled_once(url, burst, simulator_texts(url))
    charged = rows(url, "SELECT count(*) FROM ledger_entries WHERE type = 'deduct'")[0][0]
    settled = rows(url, "SELECT count(*) FROM messages WHERE status IN ('sent', 'delivered', 'failed')")[0][0]
    assert charged == settled == len(burst.answers) + len(burst.cut) - _never_charged(url, burst)
    assert_audit_clean(env)


def _never_charged(url: str, burst: Burst) -> int:
    """The cut requests that died before their debit committed: no message, no charge."""
    logged = {body for (body,) in rows(url, "SELECT body FROM messages")}
    return sum(1 for i in burst.cut if Burst.text(i) not in logged)
