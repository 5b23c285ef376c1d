"""`ujumbe accounts ...` and `ujumbe keys create` as an operator runs them (real processes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from tests_support import ujumbe

PROFILE_FIELDS = {"id", "email", "business_name", "plan", "email_verified", "phone_verified", "phone", "created_at"}


@pytest.fixture()
def env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    return {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}


def run_json(*args: str, env: dict[str, str]) -> object:
    result = ujumbe(*args, "--json", env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


async def test_operator_creates_an_account_and_a_key_that_works_over_http(
    env: dict[str, str], client: AsyncTestClient  # type: ignore[type-arg]
) -> None:
    created = run_json("accounts", "create", "--email", "Duka@Example.com", "--password", "s3cret-pass",
                       "--business-name", "Duka", "--plan", "pro", "--phone", "0712345678", env=env)
    assert isinstance(created, dict) and set(created) == PROFILE_FIELDS
    assert created["email"] == "duka@example.com"
    assert created["plan"] == "pro" and created["business_name"] == "Duka"
    assert created["phone"] == "+255712345678" and created["phone_verified"] is False

    key = run_json("keys", "create", "duka@example.com", "--name", "backend", env=env)
    assert isinstance(key, dict) and set(key) == {"id", "key", "prefix"}
    assert key["key"].startswith("uj_live_") and key["key"].startswith(key["prefix"])

    me = await client.get("/v1/auth/me", headers={"X-API-Key": key["key"]})
    assert me.status_code == 200
    assert me.json()["data"]["id"] == created["id"]
    assert me.headers["x-ratelimit-limit"] == "600"

    login = await client.post("/v1/auth/login", json={"email": "duka@example.com", "password": "s3cret-pass"})
    assert login.status_code == 200


def test_list_show_set_plan_and_verify_phone(env: dict[str, str]) -> None:
    for email in ("a@example.com", "b@example.com"):
        run_json("accounts", "create", "--email", email, "--password", "s3cret-pass", env=env)
    listed = run_json("accounts", "list", env=env)
    assert isinstance(listed, list) and [a["email"] for a in listed] == ["a@example.com", "b@example.com"]
    assert all("password" not in json.dumps(a) for a in listed)

    shown = run_json("accounts", "show", "B@example.com", env=env)
    assert isinstance(shown, dict) and shown["email"] == "b@example.com" and shown["plan"] == "free"

    moved = run_json("accounts", "set-plan", "b@example.com", "enterprise", env=env)
    assert isinstance(moved, dict) and moved["plan"] == "enterprise"
    assert run_json("accounts", "show", "b@example.com", env=env)["plan"] == "enterprise"  # type: ignore[index]

    verified = run_json("accounts", "verify-phone", "a@example.com", "0754 000 111", env=env)
    assert isinstance(verified, dict)
    assert verified["phone"] == "+255754000111" and verified["phone_verified"] is True

    human = ujumbe("accounts", "show", "a@example.com", env=env)
    assert human.returncode == 0 and "a@example.com" in human.stdout and "verified" in human.stdout


def test_errors_are_one_line_on_stderr_with_exit_1(env: dict[str, str]) -> None:
    run_json("accounts", "create", "--email", "a@example.com", "--password", "s3cret-pass", env=env)
    cases = [
        (("accounts", "create", "--email", "A@example.com", "--password", "s3cret-pass"), "email_taken"),
        (("accounts", "create", "--email", "c@example.com", "--password", "short"), "validation_error"),
        (("accounts", "show", "nobody@example.com"), "not_found"),
        (("accounts", "set-plan", "nobody@example.com", "pro"), "not_found"),
        (("keys", "create", "nobody@example.com"), "not_found"),
        (("accounts", "verify-phone", "a@example.com", "+14155550100"), "invalid_phone_number"),
    ]
    for args, code in cases:
        result = ujumbe(*args, "--json", env=env)
        assert result.returncode == 1, args
        assert result.stdout == ""
        assert json.loads(result.stderr.strip().splitlines()[-1])["error"]["code"] == code, args
