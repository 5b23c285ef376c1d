"""`ujumbe credits` and `ujumbe senders` as an operator runs them."""

from __future__ import annotations

import json
from pathlib import Path

from tests_support import ujumbe


def test_grant_then_balance_and_senders(clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    created = ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                     "--json", env=env)
    assert created.returncode == 0, created.stderr

    granted = ujumbe("credits", "grant", "duka@example.com", "250", "--description", "Welcome", "--json", env=env)
    assert granted.returncode == 0, granted.stderr
    assert json.loads(granted.stdout)["balance"] == 250
    twice = [ujumbe("credits", "grant", "duka@example.com", "5", "--reference", "promo-1", env=env)
             for _ in range(2)]
    assert all(r.returncode == 0 for r in twice)
    balance = ujumbe("credits", "balance", "DUKA@example.com", "--json", env=env)
    assert json.loads(balance.stdout)["balance"] == 255

    assert ujumbe("senders", "add", "duka@example.com", "DUKA", env=env).returncode == 0
    listed = json.loads(ujumbe("senders", "list", "duka@example.com", "--json", env=env).stdout)
    assert [s["sender_id"] for s in listed["sender_ids"]] == ["DUKA"]
    assert ujumbe("senders", "remove", "duka@example.com", "DUKA", env=env).returncode == 0
    gone = ujumbe("senders", "remove", "duka@example.com", "DUKA", "--json", env=env)
    assert gone.returncode == 1 and json.loads(gone.stderr.strip())["error"]["code"] == "not_found"

    bad = ujumbe("senders", "add", "duka@example.com", "TOO-LONG-NAME", env=env)
    assert bad.returncode == 1 and "validation_error" in bad.stderr
    unknown = ujumbe("credits", "balance", "nobody@example.com", env=env)
    assert unknown.returncode == 1 and "not_found" in unknown.stderr
    negative = ujumbe("credits", "grant", "duka@example.com", "0", env=env)
    assert negative.returncode == 1 and "validation_error" in negative.stderr


def test_a_grant_out_of_range_is_a_validation_error_naming_the_amount(clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    for amount in ("2147483647", "99999999999999999999"):
        refused = ujumbe("credits", "grant", "duka@example.com", amount, "--json", env=env)
        assert refused.returncode == 1
        error = json.loads(refused.stderr.strip())["error"]
        assert error["code"] == "validation_error" and "amount" in error["message"], error
    for _ in range(3):  # the most one grant moves, three times: past a 32-bit balance
        assert ujumbe("credits", "grant", "duka@example.com", "1000000000", env=env).returncode == 0
    balance = ujumbe("credits", "balance", "duka@example.com", "--json", env=env)
    assert json.loads(balance.stdout)["balance"] == 3_000_000_000
