"""The external contacts import (Google) over HTTP, against a local server that plays Google:
connect -> consent -> callback -> connected -> sync -> token expiry and refresh -> a revoked
grant -> disconnected -> disconnect. The app runs in-process; every call to "Google" is real
HTTP to the fake (tests/fake_google.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import psycopg
import pytest
from litestar.testing import AsyncTestClient

from entrypoints.settings import GOOGLE_CALLBACK_PATH, Settings
from fake_google import CLIENT_ID, CLIENT_SECRET, SCOPE, FakeGoogle, fake_google
from http_helpers import error_of
MakeAccount = Any  # tests/http/conftest.py: `await make_account()` gives a Account
Account = Any

Client = AsyncTestClient  # type: ignore[type-arg]
BASE = "/v1/contact-lists/google"


@pytest.fixture()
def google() -> Iterator[FakeGoogle]:
    with fake_google() as fake:
        yield fake


@pytest.fixture()
def settings(settings: Settings, google: FakeGoogle) -> Settings:
    return replace(settings, feature_google_contacts=True, google_client_id=CLIENT_ID,
                   google_client_secret=CLIENT_SECRET, google_auth_url=google.auth_url,
                   google_token_url=google.token_url, google_people_url=google.people_url,
                   google_revoke_url=google.revoke_url, public_url="https://sms.example.com")


async def consent(client: Client, account: Account, google: FakeGoogle) -> dict[str, str]:
    """Ask for the consent URL, let "Google" consent, and return the query of its redirect back."""
    answer = await client.get(f"{BASE}/connect", headers=account.jwt_headers)
    assert answer.status_code == 200, answer.text
    url = answer.json()["data"]["authorization_url"]
    assert url.startswith(google.auth_url)
    redirect = httpx.get(url, follow_redirects=False)
    assert redirect.status_code == 302, redirect.text
    back = urlsplit(redirect.headers["location"])
    assert f"{back.scheme}://{back.netloc}{back.path}" == "https://sms.example.com" + GOOGLE_CALLBACK_PATH
    return {key: values[0] for key, values in parse_qs(back.query).items()}


async def connect(client: Client, account: Account, google: FakeGoogle) -> dict[str, Any]:
    query = await consent(client, account, google)
    answer = await client.get(GOOGLE_CALLBACK_PATH, params=query)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


async def status(client: Client, account: Account) -> dict[str, Any]:
    answer = await client.get(f"{BASE}/status", headers=account.jwt_headers)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


async def test_the_consent_url_asks_google_for_read_only_contacts_with_a_one_time_state(
    client: Client, make_account: MakeAccount, google: FakeGoogle
) -> None:
    account = await make_account()
    answer = await client.get(f"{BASE}/connect", headers=account.jwt_headers)
    assert answer.status_code == 200, answer.text
    query = parse_qs(urlsplit(answer.json()["data"]["authorization_url"]).query)
    assert query["scope"] == [SCOPE]
    assert query["response_type"] == ["code"] and query["client_id"] == [CLIENT_ID]
    assert query["redirect_uri"] == ["https://sms.example.com" + GOOGLE_CALLBACK_PATH]
    assert query["access_type"] == ["offline"]
    assert query["state"][0].startswith(account.id + ".")
    assert answer.json()["data"]["expires_at"] == "2026-01-05T09:10:00Z"  # ten minutes, by the app's clock


async def test_connect_then_status_is_connected_and_tokens_are_sealed_in_the_database(
    client: Client, make_account: MakeAccount, google: FakeGoogle, settings: Settings
) -> None:
    account = await make_account()
    assert (await status(client, account))["status"] == "not_connected"

    connected = await connect(client, account, google)

    assert connected["status"] == "connected" and connected["scope"] == SCOPE
    assert connected["connected_at"] == "2026-01-05T09:00:00Z" and connected["reason"] is None
    assert await status(client, account) == {**connected, "enabled": True}
    assert google.grants_issued == ["authorization_code"]
    assert settings.database_url is not None
    with psycopg.connect(settings.database_url) as conn:
        row = conn.execute("SELECT access_token, refresh_token FROM google_connections WHERE account_id = %s",
                           (account.id,)).fetchone()
        states = conn.execute("SELECT count(*) FROM google_oauth_states").fetchone()
    assert row is not None and all(sealed.startswith("v1.") for sealed in row)
    issued = set(google._access) | set(google._grants)
    assert not any(token in sealed or sealed in token for token in issued for sealed in row)
    assert states == (0,)  # the state was used up


async def test_a_state_works_once(client: Client, make_account: MakeAccount, google: FakeGoogle) -> None:
    account = await make_account()
    query = await consent(client, account, google)
    assert (await client.get(GOOGLE_CALLBACK_PATH, params=query)).status_code == 200

    again = await client.get(GOOGLE_CALLBACK_PATH, params=query)

    assert again.status_code == 404 and error_of(again) == ("not_found", "state")


async def test_an_unknown_or_expired_state_is_refused(
    client: Client, make_account: MakeAccount, google: FakeGoogle, clock: Any
) -> None:
    account = await make_account()
    unknown = await client.get(GOOGLE_CALLBACK_PATH, params={"state": f"{account.id}.made-up", "code": "4/x"})
    garbage = await client.get(GOOGLE_CALLBACK_PATH, params={"state": "no-account-here", "code": "4/x"})
    query = await consent(client, account, google)
    clock.advance(minutes=10)
    expired = await client.get(GOOGLE_CALLBACK_PATH, params=query)

    for answer in (unknown, garbage, expired):
        assert answer.status_code == 404 and error_of(answer) == ("not_found", "state")
    assert google.grants_issued == []  # no code was exchanged
    assert (await status(client, account))["status"] == "not_connected"


async def test_a_state_cannot_be_moved_to_another_account(
    client: Client, make_account: MakeAccount, google: FakeGoogle
) -> None:
    alice, mallory = await make_account(), await make_account()
    query = await consent(client, alice, google)
    _, _, secret = query["state"].partition(".")

    moved = await client.get(GOOGLE_CALLBACK_PATH, params={**query, "state": f"{mallory.id}.{secret}"})

    assert moved.status_code == 404 and error_of(moved) == ("not_found", "state")
    assert (await status(client, mallory))["status"] == "not_connected"
    # Alice's own consent still completes, for Alice only.
    assert (await client.get(GOOGLE_CALLBACK_PATH, params=query)).status_code == 200
    assert (await status(client, alice))["status"] == "connected"
    assert (await status(client, mallory))["status"] == "not_connected"


async def test_a_refused_consent_connects_nothing(client: Client, make_account: MakeAccount, google: FakeGoogle) -> None:
    account = await make_account()
    google.deny_next_consent = True
    query = await consent(client, account, google)

    answer = await client.get(GOOGLE_CALLBACK_PATH, params=query)

    assert answer.status_code == 409 and error_of(answer)[0] == "google_authorization_failed"
    assert "access_denied" in answer.json()["error"]["message"]
    assert (await status(client, account))["status"] == "not_connected"


async def test_a_code_google_refuses_connects_nothing(
    client: Client, make_account: MakeAccount, google: FakeGoogle
) -> None:
    account = await make_account()
    query = await consent(client, account, google)

    answer = await client.get(GOOGLE_CALLBACK_PATH, params={**query, "code": "4/forged"})

    assert answer.status_code == 409 and error_of(answer)[0] == "google_authorization_failed"
    assert (await status(client, account))["status"] == "not_connected"


@pytest.mark.parametrize("method", ["POST", "DELETE"])
async def test_disconnect_deletes_the_tokens_and_revokes_the_grant_at_google(
    client: Client, make_account: MakeAccount, google: FakeGoogle, settings: Settings, method: str
) -> None:
    account = await make_account()
    await connect(client, account, google)
    assert google.live_grants() == 1

    answer = await client.request(method, f"{BASE}/disconnect", headers=account.jwt_headers)

    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["status"] == "not_connected"
    assert (await status(client, account))["status"] == "not_connected"
    assert google.live_grants() == 0 and len(google.revoked_tokens) == 1
    assert settings.database_url is not None
    with psycopg.connect(settings.database_url) as conn:
        assert conn.execute("SELECT count(*) FROM google_connections").fetchone() == (0,)
    again = await client.request(method, f"{BASE}/disconnect", headers=account.jwt_headers)
    assert again.status_code == 200 and again.json()["data"]["status"] == "not_connected"


async def test_the_routes_take_an_access_token_only(client: Client, make_account: MakeAccount) -> None:
    account = await make_account()
    for method, path in [("GET", "/status"), ("GET", "/connect"), ("POST", "/sync"), ("POST", "/disconnect"),
                         ("DELETE", "/disconnect")]:
        with_key = await client.request(method, BASE + path, headers=account.key_headers)
        without = await client.request(method, BASE + path)
        assert (with_key.status_code, error_of(with_key)[0]) == (403, "forbidden"), path
        assert (without.status_code, error_of(without)[0]) == (401, "unauthorized"), path
