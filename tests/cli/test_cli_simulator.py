"""`ujumbe simulator messages` shows what the gateway simulator received, newest first."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.gateways.simulator import SimulatorGateway
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.postgres.database import create_pool
from application.ports import OutboundSms
from tests_support import ujumbe


async def test_lists_received_sms_as_json_and_filters_by_number(clean_database: str, tmp_path: Path) -> None:
    pool = create_pool(clean_database, min_size=1, max_size=2)
    await pool.open(wait=True)
    simulator = SimulatorGateway(pool, FrozenClock(), SequentialIds())
    for n, to in enumerate(["+255712345678", "+255799000001", "+255712345678"], start=1):
        await simulator.submit(OutboundSms(message_id=f"m{n}", account_id=None, to=to, sender="UJUMBE",
                                           text=f"text {n}"))
    await pool.close()
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}

    everything = ujumbe("simulator", "messages", "--json", env=env)
    assert everything.returncode == 0, everything.stderr
    listed = json.loads(everything.stdout)
    assert [m["message_id"] for m in listed] == ["m3", "m2", "m1"]
    assert {"message_id", "to", "from", "text", "accepted", "created_at"} <= set(listed[0])
    assert listed[1]["accepted"] is False

    local_form = ujumbe("simulator", "messages", "--to", "0712 345 678", "--json", env=env)
    assert [m["text"] for m in json.loads(local_form.stdout)] == ["text 3", "text 1"]
