"""`ujumbe payments list [--status] | show | confirm | fail` as an operator runs them."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from application.ports import ProviderResult, ProviderState
from domain.payments import PaymentOrder
from entrypoints.container import Container
from tests_support import ids, ujumbe

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def order(account_id: str, n: int, provider: str = "manual") -> PaymentOrder:
    at = T0 + timedelta(minutes=n)
    return PaymentOrder(account_id=account_id, id=ids(700 + n), source="voucher", provider=provider, amount=10_000,
                        credit_amount=333, checkout_message="Pay to account 123 and tell us",
                        payer_phone=None if provider == "manual" else "+255712345678", created_at=at, updated_at=at)


async def test_an_operator_lists_shows_confirms_and_fails_orders(container: Container, clean_database: str,
                                                                 tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    pool = container.pool()
    await pool.open(wait=True)
    try:
        account = await container.find_account()("duka@example.com")
        manual, other, pushed = order(account.id, 1), order(account.id, 2), order(account.id, 3, "mobilemoney")
        async with container.uow() as uow:
            for o in (manual, other, pushed):
                await uow.payment_orders.add(o)
            await uow.commit()
        await container.apply_payment_result()("mobilemoney", ProviderResult(pushed.reference, ProviderState.WAITING))
    finally:
        await pool.close()

    listed = ujumbe("payments", "list", "--status", "pending", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    assert [o["id"] for o in json.loads(listed.stdout)] == [pushed.id, other.id, manual.id]
    shown = json.loads(ujumbe("payments", "show", pushed.id, "--json", env=env).stdout)
    assert (shown["status"], shown["reference"], shown["account_id"]) == ("pending", pushed.reference, account.id)
    assert [(a["channel"], a["outcome"]) for a in shown["provider_events"]] == [("callback", "waiting")]
    assert "callback" in ujumbe("payments", "show", pushed.id, env=env).stdout

    confirmed = ujumbe("payments", "confirm", manual.id, "--by", "asha", "--json", env=env)
    assert confirmed.returncode == 0, confirmed.stderr
    body = json.loads(confirmed.stdout)
    assert (body["status"], body["settled_by"], body["changed"]) == ("confirmed", "operator:asha", True)
    again = json.loads(ujumbe("payments", "confirm", manual.id, "--json", env=env).stdout)
    assert again["changed"] is False
    balance = json.loads(ujumbe("credits", "balance", "duka@example.com", "--json", env=env).stdout)
    assert balance["balance"] == 333  # granted once

    failed = ujumbe("payments", "fail", other.id, "--reason", "payer never paid", "--by", "asha", env=env)
    assert failed.returncode == 0 and "failed" in failed.stdout and "payer never paid" in failed.stdout
    refused = ujumbe("payments", "confirm", other.id, "--json", env=env)
    assert refused.returncode == 1
    error = json.loads(refused.stderr.strip())["error"]
    assert error["code"] == "illegal_transition" and "cannot confirm a failed order" in error["message"]
    assert json.loads(ujumbe("payments", "list", "--status", "failed", "--json", env=env).stdout)[0]["failure_reason"] \
        == "payer never paid"
    missing = ujumbe("payments", "show", ids(999), env=env)
    assert missing.returncode == 1 and "not_found" in missing.stderr
