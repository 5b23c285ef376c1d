"""`ujumbe simulator messages` and `payments` show what the gateway and mobile-money simulators
received, newest first."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from adapters.gateways.simulator import SimulatorGateway
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.mobilemoney.simulator import MobileMoneySimulator
from adapters.postgres.database import create_pool
from application.ports import OutboundSms, PaymentRequest
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


async def test_lists_prompts_of_the_mobile_money_simulator_with_the_payers_answer(
        clean_database: str, tmp_path: Path) -> None:
    pool = create_pool(clean_database, min_size=1, max_size=2)
    await pool.open(wait=True)
    answered = MobileMoneySimulator(pool, FrozenClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC)), decision_delay=3)
    pending = MobileMoneySimulator(pool, FrozenClock(datetime(2100, 1, 1, tzinfo=UTC)), decision_delay=3)
    for reference, phone, simulator in [("ord1", "+255712345678", answered), ("ord2", "+255799000003", answered),
                                        ("ord3", "+255712345678", pending)]:
        await simulator.push(PaymentRequest(reference=reference, amount=5000, currency="TZS", phone=phone,
                                            description="SMS 200"))
    await answered.checkout_link(PaymentRequest(reference="ord0", amount=9000, currency="TZS", phone=None,
                                                description="Voucher"))
    await pool.close()
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}

    everything = ujumbe("simulator", "payments", "--json", env=env)
    assert everything.returncode == 0, everything.stderr
    listed = json.loads(everything.stdout)
    assert [(p["reference"], p["kind"], p["state"], p["reason"]) for p in listed] == [
        ("ord3", "push", "waiting", None), ("ord2", "push", "failed", "Insufficient balance"),
        ("ord1", "push", "paid", None), ("ord0", "checkout", "paid", None)]

    by_phone = ujumbe("simulator", "payments", "--phone", "0712 345 678", "--limit", "1", "--json", env=env)
    assert [p["reference"] for p in json.loads(by_phone.stdout)] == ["ord3"]
    text = ujumbe("simulator", "payments", "--phone", "+255799000003", env=env)
    assert "ord2" in text.stdout and "Insufficient balance" in text.stdout
