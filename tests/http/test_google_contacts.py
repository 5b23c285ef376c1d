"""The external contacts import (Google) over HTTP, against a local server that plays Google:
connect -> consent -> callback -> connected -> sync -> token expiry and refresh -> a revoked
grant -> disconnected -> disconnect. The app runs in-process; every call to "Google" is real
HTTP to the fake (tests/fake_google.py)."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import psycopg
import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.google_consent import CONSENT_COOKIE, GOOGLE_CALLBACK_PATH
from entrypoints.settings import Settings
from fake_google import CLIENT_ID, CLIENT_SECRET, SCOPE, FakeGoogle, fake_google, google_settings, person
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
    return google_settings(settings, google, "https://sms.example.com")


@pytest.fixture()
async def client(container: Container) -> AsyncIterator[Client]:
    """A browser at UJUMBE_PUBLIC_URL: over https, so it keeps and sends the Secure consent cookie."""
    async with AsyncTestClient(app=create_app(container), base_url="https://sms.example.com") as browser:
        yield browser


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


async def test_the_consent_is_bound_to_the_browser_that_asked_for_it(
    client: Client, container: Container, make_account: MakeAccount, google: FakeGoogle
) -> None:
    google.people = [person("Asha", "Mwita", "0712 345 678")]
    mallory = await make_account()
    query = await consent(client, mallory, google)  # Mallory asks, and sends the consent URL to someone else

    transport = httpx.ASGITransport(app=client.app)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="https://sms.example.com") as victims_browser:
        refused = await victims_browser.get(GOOGLE_CALLBACK_PATH, params=query)

    assert refused.status_code == 404 and error_of(refused) == ("not_found", "state")
    assert google.grants_issued == []  # no code was exchanged
    assert (await status(client, mallory))["status"] == "not_connected"
    sync = await client.post(f"{BASE}/sync", headers=mallory.jwt_headers)
    assert sync.status_code == 409  # nothing to import from
    assert google.requests.count(("GET", "/v1/people/me/connections")) == 0
    # the browser that asked still completes its own consent, once
    assert (await client.get(GOOGLE_CALLBACK_PATH, params=query)).status_code == 200
    assert (await status(client, mallory))["status"] == "connected"


async def test_the_consent_cookie_lives_as_long_as_the_state_for_the_callback_only(
    client: Client, make_account: MakeAccount, container: Container, settings: Settings
) -> None:
    account = await make_account()
    answer = await client.get(f"{BASE}/connect", headers=account.jwt_headers)
    cookie = answer.headers["set-cookie"]
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "secure", "max-age", "path", "samesite"} <= attributes
    assert "Max-Age=600" in cookie and f"Path={GOOGLE_CALLBACK_PATH}" in cookie and "SameSite=lax" in cookie
    assert answer.json()["data"]["authorization_url"].split("state=")[1].split("&")[0] not in cookie

    container.settings.override(providers.Object(replace(settings, public_url="http://127.0.0.1:8000")))
    over_http = (await client.get(f"{BASE}/connect", headers=account.jwt_headers)).headers["set-cookie"]
    assert "secure" not in over_http.lower()


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


# --- sync ------------------------------------------------------------------------------

PEOPLE = [
    person("Asha", "Mwita", "0712 345 678", email="asha@example.com"),  # 1: imported
    person("Baraka", "", "+44 20 7946 0958"),  # 2: no Tanzanian mobile
    person("Chausiku", "Kimaro"),  # 3: no number at all
    person("Daudi", "Mushi", "+255 754 123 456", "+44 20 7946 0958", "0687 000 111",
           canonical={"+255 754 123 456": "+255754123456"}),  # 4: imported, one extra number
    person("Asha (work)", "", "255712345678"),  # 5: Asha's number in another form
    person("", "", "0622-999-888"),  # 6: imported with no name
    person("Erasto", "Ngowi", "0622 999 888", "0713 000 222"),  # 7: shares a number with 6
]


def contacts_in(settings: Settings, list_id: str) -> list[tuple[str, str, str, str, list[str]]]:
    """(main number, first name, last name, email, extra numbers) of a list's contacts, as stored."""
    assert settings.database_url is not None
    with psycopg.connect(settings.database_url) as conn:
        rows = conn.execute(
            "SELECT c.phone, c.first_name, c.last_name, c.email,"
            " coalesce(array_agg(p.phone ORDER BY p.phone) FILTER (WHERE NOT p.is_main), '{}')"
            " FROM contacts c JOIN contact_phones p ON p.account_id = c.account_id AND p.contact_id = c.id"
            " WHERE c.list_id = %s GROUP BY c.account_id, c.id ORDER BY c.created_at, c.phone", (list_id,)).fetchall()
    return [tuple(row) for row in rows]  # type: ignore[misc]


async def sync(client: Client, account: Account, body: dict[str, Any] | None = None) -> Any:
    return await client.post(f"{BASE}/sync", headers=account.jwt_headers, json=body)


async def test_a_sync_imports_every_page_into_the_default_list_with_the_import_rules(
    client: Client, make_account: MakeAccount, google: FakeGoogle, settings: Settings
) -> None:
    account = await make_account()
    await connect(client, account, google)
    google.people, google.page_size = PEOPLE, 2

    answer = await sync(client, account)

    assert answer.status_code == 200, answer.text
    report = answer.json()["data"]
    assert (report["imported"], report["skipped"]) == (3, 4)
    assert report["errors"] == [{"row": 2, "error": "invalid_phone_number"}, {"row": 3, "error": "no_phone_number"},
                                {"row": 5, "error": "duplicate_contact"}, {"row": 7, "error": "duplicate_contact"}]
    assert contacts_in(settings, report["list_id"]) == [  # one sync, one moment: by number
        ("+255622999888", "", "", "", []),
        ("+255712345678", "Asha", "Mwita", "asha@example.com", []),
        ("+255754123456", "Daudi", "Mushi", "", ["+255687000111"]),
    ]
    assert google.requests.count(("GET", "/v1/people/me/connections")) == 4  # 7 people, 2 a page
    assert {path for method, path in google.requests if method == "POST"} == {"/token"}  # nothing written back
    state = await status(client, account)
    assert state["last_synced_at"] == "2026-01-05T09:00:00Z"

    # Again: everyone is in the list already, so nothing is imported twice.
    again = (await sync(client, account, {"list_id": report["list_id"]})).json()["data"]
    assert (again["imported"], again["skipped"], again["list_id"]) == (0, 7, report["list_id"])
    assert {e["error"] for e in again["errors"]} == {"duplicate_contact", "invalid_phone_number", "no_phone_number"}
    assert len(contacts_in(settings, report["list_id"])) == 3


async def test_a_sync_into_a_named_list_and_never_into_another_accounts(
    client: Client, make_account: MakeAccount, google: FakeGoogle, container: Any, settings: Settings
) -> None:
    alice, bob = await make_account(), await make_account()
    await connect(client, alice, google)
    google.people = PEOPLE[:1]
    async with container.uow() as uow:
        bobs = await uow.contact_lists.default(bob.id, container.ids().new_id(), container.clock().now())
        await uow.commit()
    alices = (await sync(client, alice)).json()["data"]["list_id"]

    for list_id in (bobs.id, "not-a-list", "00000000-0000-0000-0000-000000000000"):
        refused = await sync(client, alice, {"list_id": list_id})
        assert refused.status_code == 404 and error_of(refused) == ("not_found", "list_id"), list_id
    assert contacts_in(settings, bobs.id) == []
    assert len(contacts_in(settings, alices)) == 1
    # Alice's connection is hers: Bob has none, and his sync says so.
    bobs_sync = await sync(client, bob, {"list_id": bobs.id})
    assert bobs_sync.status_code == 409 and error_of(bobs_sync)[0] == "google_not_connected"
    assert (await status(client, bob))["status"] == "not_connected"


async def test_an_id_that_is_no_uuid_answers_as_an_unknown_one(
    client: Client, make_account: MakeAccount, google: FakeGoogle
) -> None:
    account = await make_account()
    await connect(client, account, google)
    state = "not-a-uuid.made-up"  # with the cookie of this browser: the state's account is what is wrong
    proof = hashlib.sha256(b"google-consent-browser:" + state.encode()).hexdigest()
    for answer, expected in (
        (await sync(client, account, {"list_id": "not-a-uuid"}), ("No such contact list.", "list_id")),
        (await client.get(GOOGLE_CALLBACK_PATH, params={"state": state, "code": "4/x"},
                          headers={"Cookie": f"{CONSENT_COOKIE}={proof}"}),
         ("No Google consent is waiting under this state (unknown, expired or already used).", "state")),
    ):
        error = answer.json()["error"]
        assert (answer.status_code, error["code"], error["message"], error.get("field")) == (404, "not_found", *expected)


async def test_a_sync_without_a_connection_is_a_conflict(client: Client, make_account: MakeAccount) -> None:
    account = await make_account()

    answer = await sync(client, account)

    assert answer.status_code == 409 and error_of(answer)[0] == "google_not_connected"


async def test_an_expired_access_token_is_refreshed_and_the_new_one_stored(
    client: Client, make_account: MakeAccount, google: FakeGoogle, settings: Settings, clock: Any, container: Any
) -> None:
    account = await make_account()
    google.expires_in = 300  # five minutes, so the account's own access token (15 minutes) outlives it
    await connect(client, account, google)
    google.people = PEOPLE[:1]
    before = sealed_tokens(settings, account)

    clock.advance(minutes=4, seconds=1)  # within a minute of the end: refreshed before it is used
    assert (await sync(client, account)).status_code == 200

    assert google.grants_issued == ["authorization_code", "refresh_token"]
    after = sealed_tokens(settings, account)
    box = container.secret_box()
    opened_before, opened_after = ([box.open(t, account.id) for t in pair] for pair in (before, after))  # type: ignore[arg-type]
    assert opened_after[0] != opened_before[0] and opened_after[1] == opened_before[1]  # a new access token only
    assert opened_after[0] == google.bearer_tokens_seen[-1]  # the one the sync used

    # Google refuses a token the app still thinks is good (401): refreshed, and the page asked again.
    google.expire_access_tokens()
    answer = await sync(client, account)
    assert answer.status_code == 200, answer.text
    assert google.grants_issued == ["authorization_code", "refresh_token", "refresh_token"]
    assert google.bearer_tokens_seen[-2] != google.bearer_tokens_seen[-1]  # the refused one, then the new one
    assert box.open(sealed_tokens(settings, account)[0], account.id) == google.bearer_tokens_seen[-1]
    assert (await status(client, account))["status"] == "connected"


def sealed_tokens(settings: Settings, account: Account) -> tuple[str | None, str | None]:
    assert settings.database_url is not None
    with psycopg.connect(settings.database_url) as conn:
        row = conn.execute("SELECT access_token, refresh_token FROM google_connections WHERE account_id = %s",
                           (account.id,)).fetchone()
    assert row is not None
    return row[0], row[1]


@pytest.mark.parametrize("how", ["expired by the clock", "refused by Google"])
async def test_a_revoked_grant_leaves_the_connection_disconnected_with_its_reason(
    client: Client, make_account: MakeAccount, google: FakeGoogle, settings: Settings, clock: Any, how: str
) -> None:
    account = await make_account()
    google.expires_in = 300
    connected = await connect(client, account, google)
    google.people = PEOPLE[:1]
    google.revoke_grants()  # the user removed ujumbe's access in their Google account
    if how == "expired by the clock":
        clock.advance(minutes=5)
    else:
        google.expire_access_tokens()

    answer = await sync(client, account)

    assert answer.status_code == 409 and error_of(answer)[0] == "google_not_connected"
    assert "revoked" in answer.json()["error"]["message"]
    assert await status(client, account) == {**connected, "enabled": True, "status": "disconnected",
                                             "reason": "revoked"}
    assert sealed_tokens(settings, account) == (None, None)
    again = await sync(client, account)
    assert again.status_code == 409 and error_of(again)[0] == "google_not_connected"
    # Disconnecting forgets it; connecting again works.
    assert (await client.delete(f"{BASE}/disconnect", headers=account.jwt_headers)).status_code == 200
    assert (await status(client, account))["status"] == "not_connected"
    assert (await connect(client, account, google))["status"] == "connected"
    assert (await sync(client, account)).status_code == 200


async def test_google_out_of_reach_is_a_bad_gateway_and_keeps_the_connection(
    client: Client, make_account: MakeAccount, google: FakeGoogle, container: Any, settings: Settings
) -> None:
    account = await make_account()
    await connect(client, account, google)
    from dependency_injector import providers

    from adapters.google_contacts import GoogleContacts, GoogleEndpoints
    container.google_contacts.override(providers.Object(GoogleContacts(GoogleEndpoints(
        client_id=CLIENT_ID, client_secret=CLIENT_SECRET, redirect_uri="https://sms.example.com/cb",
        auth_url=google.auth_url, token_url=google.token_url, people_url="http://127.0.0.1:9",
        revoke_url=google.revoke_url), timeout=2)))

    answer = await sync(client, account)

    assert answer.status_code == 502 and error_of(answer)[0] == "google_unavailable"
    assert (await status(client, account))["status"] == "connected"


async def test_tokens_sealed_under_another_secret_key_ask_the_account_to_connect_again(
    client: Client, make_account: MakeAccount, google: FakeGoogle, container: Any
) -> None:
    from dependency_injector import providers

    from adapters.security import AesGcmSecretBox

    account = await make_account()
    await connect(client, account, google)
    container.secret_box.override(providers.Object(AesGcmSecretBox("another-secret-key-after-a-rotation")))

    answer = await sync(client, account)

    assert answer.status_code == 409 and error_of(answer)[0] == "google_not_connected"
    assert (await status(client, account))["status"] == "disconnected"
    assert (await status(client, account))["reason"] == "tokens_unreadable"
    assert google.requests.count(("GET", "/v1/people/me/connections")) == 0


async def test_the_routes_answer_with_and_without_a_trailing_slash(
    client: Client, make_account: MakeAccount, google: FakeGoogle
) -> None:
    account = await make_account()
    for method, path in [("GET", "/status/"), ("GET", "/connect/"), ("POST", "/disconnect/"), ("DELETE", "/disconnect/")]:
        answer = await client.request(method, BASE + path, headers=account.jwt_headers)
        assert answer.status_code == 200, (method, path, answer.text)
    query = await consent(client, account, google)
    assert (await client.get(GOOGLE_CALLBACK_PATH + "/", params=query)).status_code == 200
    answer = await client.post(f"{BASE}/sync/", headers=account.jwt_headers)
    assert answer.status_code == 200, answer.text
