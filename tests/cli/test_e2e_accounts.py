"""An account's life end to end over real HTTP between processes: `ujumbe serve` in its own process
(API, in-process job worker, the email simulator), the operator CLI as another.

A person registers and confirms the address from the email the simulator recorded; forgets the
password and resets it by the emailed link, after which the old password, every old session and
the link itself are refused; logs out one session; changes the password from one session, which
keeps it and ends the others; and the operator sees and ends the sessions.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from running_app import serving
from tests_support import ujumbe, wait_until

EMAIL, PASSWORD = "duka@example.com", "s3cret-pass"


@pytest.fixture()
def server(clean_database: str, tmp_path: Path) -> Iterator[tuple[httpx.Client, dict[str, str]]]:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path),
           "UJUMBE_PUBLIC_URL": "https://app.ujumbe.example"}
    with serving(env, tmp_path) as base, httpx.Client(base_url=base, timeout=10) as api:
        yield api, env


def cli_json(*args: str, env: dict[str, str]) -> Any:
    done = ujumbe(*args, "--json", env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def emailed_token(env: dict[str, str], page: str, count: int) -> str:
    """The token of the newest link to `page`, once the simulator holds `count` emails to EMAIL."""
    wait_until(lambda: len(cli_json("simulator", "emails", "--to", EMAIL, env=env)) >= count)
    newest = cli_json("simulator", "emails", "--to", EMAIL, "--limit", "1", env=env)[0]
    assert set(newest) == {"to", "subject", "text", "created_at"}
    prefix = f"https://app.ujumbe.example/{page}?token="
    return newest["text"].split(prefix, 1)[1].split()[0]


def log_in(api: httpx.Client, password: str = PASSWORD) -> httpx.Response:
    return api.post("/v1/auth/login", json={"email": EMAIL, "password": password})


def refreshes(api: httpx.Client, refresh_token: str) -> bool:
    return api.post("/v1/auth/refresh", json={"refresh_token": refresh_token}).status_code == 200


def test_verify_the_email_then_forget_and_reset_the_password(server: tuple[httpx.Client, dict[str, str]]) -> None:
    api, env = server
    assert api.post("/v1/auth/register", json={"email": EMAIL, "password": PASSWORD}).status_code == 201
    verification = emailed_token(env, "verify-email", 1)
    verified = api.post("/v1/auth/verify-email", json={"token": verification})
    assert verified.status_code == 200 and verified.json()["data"]["email_verified"] is True, verified.text
    again = api.post("/v1/auth/verify-email", json={"token": verification})
    assert again.status_code == 400 and again.json()["error"]["code"] == "invalid_token"

    sessions = [log_in(api).json()["data"] for _ in range(2)]
    for email in (EMAIL, "nobody@example.com"):
        asked = api.post("/v1/auth/forgot-password", json={"email": email})
        assert asked.status_code == 200 and asked.json()["data"] == {"status": "queued"}
    reset = emailed_token(env, "reset-password", 2)
    assert api.post("/v1/auth/reset-password", json={"token": reset, "new_password": "a-new-pass"}).status_code == 200

    assert log_in(api).status_code == 401
    assert log_in(api, "a-new-pass").status_code == 200
    assert not any(refreshes(api, session["refresh_token"]) for session in sessions)
    second = api.post("/v1/auth/reset-password", json={"token": reset, "new_password": "another-pass"})
    assert second.status_code == 400 and second.json()["error"]["code"] == "invalid_token"
    assert cli_json("accounts", "show", EMAIL, env=env)["email_verified"] is True


def test_logout_change_password_and_the_operator_ending_sessions(server: tuple[httpx.Client, dict[str, str]]) -> None:
    api, env = server
    assert api.post("/v1/auth/register", json={"email": EMAIL, "password": PASSWORD}).status_code == 201
    phone, laptop, tablet = (log_in(api).json()["data"] for _ in range(3))

    assert api.post("/v1/auth/logout", json={"refresh_token": phone["refresh_token"]}).status_code == 200
    assert api.post("/v1/auth/logout", json={"refresh_token": "never-issued"}).status_code == 200
    assert not refreshes(api, phone["refresh_token"])
    assert cli_json("accounts", "show", EMAIL, env=env)["live_sessions"] == 2

    bearer = {"Authorization": f"Bearer {laptop['access_token']}"}
    wrong = api.post("/v1/auth/change-password", headers=bearer,
                     json={"current_password": "not-the-one", "new_password": "a-new-pass"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_credentials"
    changed = api.post("/v1/auth/change-password", headers=bearer,
                       json={"current_password": PASSWORD, "new_password": "a-new-pass"})
    assert changed.status_code == 200, changed.text
    assert not refreshes(api, tablet["refresh_token"])
    assert api.get("/v1/auth/me", headers={"Authorization": f"Bearer {tablet['access_token']}"}).status_code == 401
    new = changed.json()["data"]
    assert api.get("/v1/auth/me", headers={"Authorization": f"Bearer {new['access_token']}"}).status_code == 200
    assert refreshes(api, new["refresh_token"])
    assert cli_json("accounts", "show", EMAIL, env=env)["live_sessions"] == 1
    assert log_in(api).status_code == 401

    fresh = log_in(api, "a-new-pass").json()["data"]
    ended = cli_json("accounts", "revoke-sessions", EMAIL, env=env)
    assert ended == {"email": EMAIL, "sessions_ended": 2}
    assert not refreshes(api, fresh["refresh_token"])
    assert cli_json("accounts", "show", EMAIL, env=env)["live_sessions"] == 0

    again = log_in(api, "a-new-pass").json()["data"]
    everywhere = api.post("/v1/auth/logout-all", headers={"Authorization": f"Bearer {again['access_token']}"})
    assert everywhere.status_code == 200 and everywhere.json()["data"] == {"sessions_ended": 1}
    assert not refreshes(api, again["refresh_token"])
