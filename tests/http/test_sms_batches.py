"""A bulk's outcomes are written in batches (one UPDATE, one refund, one multi-row outbox insert):
what they leave behind on PostgreSQL is exactly what per-recipient writes would."""

from __future__ import annotations

import psycopg

from application.credits.balance import Grant

REJECTED = "+255799000001"


async def test_a_bulk_with_rejects_leaves_statuses_events_one_refund_and_a_balanced_ledger(
        client, container, make_account, clean_database: str) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account.id, 50))
    numbers = [f"+2557120000{n:02d}" for n in range(20)] + [REJECTED]
    long_text = "Habari " * 30  # 210 GSM-7 characters: 2 parts, 2 credits a recipient
    response = await client.post("/v1/sms/bulk", headers=account.key_headers,
                                 json={"to": numbers, "message": long_text})
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert (data["total"], data["sent"], data["failed"], data["credits_used"]) == (21, 20, 1, 40)
    by_number = {entry["to"]: entry for entry in data["results"]}
    with psycopg.connect(clean_database) as conn:
        messages = {row[0]: row[1:] for row in conn.execute(
            "SELECT id::text, status, credits_used, cost, error, gateway_ref IS NOT NULL, sent_at IS NOT NULL"
            " FROM messages WHERE batch_id = %s", (data["batch_id"],)).fetchall()}
        events = conn.execute(
            "SELECT type, data->>'message_id', data->>'status', (data->>'credits_used')::int,"
            " data->>'batch_id', data->>'error' FROM outbox_events WHERE account_id = %s",
            (account.id,)).fetchall()
        ledger = conn.execute(
            "SELECT type, amount, balance_after, reference, refunds FROM ledger_entries"
            " WHERE account_id = %s ORDER BY seq", (account.id,)).fetchall()
        received = conn.execute("SELECT count(*) FROM simulator_messages").fetchone()
    assert len(messages) == 21 and received == (21,)
    rejected_id = by_number[REJECTED]["message_id"]
    assert messages[rejected_id] == ("failed", 0, "0 credits", "rejected_by_gateway", False, False)
    assert all(row == ("sent", 2, "2 credits", None, True, True)
               for mid, row in messages.items() if mid != rejected_id)
    assert sorted(events) == sorted(
        [("message.sent", mid, "sent", 2, data["batch_id"], None) for mid in messages if mid != rejected_id]
        + [("message.failed", rejected_id, "failed", 0, data["batch_id"], "rejected_by_gateway")])
    batch = f"bulk:{data['batch_id']}"
    assert ledger == [("grant", 50, 50, ledger[0][3], None), ("deduct", -42, 8, batch, None),
                      ("refund", 2, 10, f"refund:{rejected_id}", batch)]
    assert sum(amount for _, amount, *_ in ledger) == ledger[-1][2] == 10
