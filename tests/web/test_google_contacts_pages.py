"""The Google contacts page, against a local server that plays Google (tests/fake_google.py): only
there while the feature is on; connect (off to Google's consent, back through the API's callback to
the page, told how it went), sync into a chosen list with the report of the people left out,
disconnect. Every call to "Google" is real HTTP; the browser is Litestar's test client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from litestar.testing import AsyncTestClient

from domain.paging import MAX_PER_PAGE
from entrypoints.container import Container
from entrypoints.google_consent import CONSENT_COOKIE, GOOGLE_CALLBACK_PATH, RETURN_COOKIE
from entrypoints.http.app import create_app
from entrypoints.settings import Settings
from fake_google import FakeGoogle, fake_google, google_settings, person
from web_support import LANGUAGE_COOKIE, PASSWORD, Client, csrf_of, inline_code, make_account, sign_in

EMAIL = "duka@example.com"
PAGE = "/contacts/google"


@pytest.fixture()
def google() -> Iterator[FakeGoogle]:
    with fake_google() as fake:
        yield fake


@pytest.fixture()
def settings(settings: Settings, google: FakeGoogle) -> Settings:
    return google_settings(settings, google, "https://sms.example.com")


@pytest.fixture()
async def client(container: Container) -> AsyncIterator[Client]:
    """A browser at UJUMBE_PUBLIC_URL: over https, so it keeps and sends the Secure cookies."""
    async with AsyncTestClient(app=create_app(container), base_url="https://sms.example.com") as browser:
        yield browser


async def signed_in(client: Client, container: Container, language: str = "en") -> str:
    account_id = await make_account(container, EMAIL, plan="pro")
    await sign_in(client, EMAIL)
    client.cookies.set(LANGUAGE_COOKIE, language)
    return account_id


async def post(client: Client, path: str, data: dict[str, str] | None = None) -> httpx.Response:
    token = csrf_of(await client.get(PAGE))
    return await client.post(path, data={"csrf_token": token, **(data or {})}, follow_redirects=False)


async def connect(client: Client) -> httpx.Response:
    """Connect from the page: to Google's consent, which sends the browser back to the callback,
    which sends it back to the page; the page it lands on."""
    started = await post(client, f"{PAGE}/connect")
    assert started.status_code == 303, started.text
    consent = httpx.get(started.headers["location"], follow_redirects=False)  # "Google" consents at once
    assert consent.status_code == 302, consent.text
    back = urlsplit(consent.headers["location"])
    assert back.path == GOOGLE_CALLBACK_PATH
    returned = await client.get(f"{back.path}?{back.query}", follow_redirects=False)
    assert returned.status_code == 303, returned.text
    assert urlsplit(returned.headers["location"]).path == PAGE
    return await client.get(returned.headers["location"])


async def test_connecting_goes_to_googles_consent_and_comes_back_to_the_page_connected(
        client: Client, container: Container, google: FakeGoogle) -> None:
    account_id = await signed_in(client, container)
    before = await client.get(PAGE)
    assert before.status_code == 200 and "No Google account is connected." in before.text
    assert inline_code(before.text) == []
    # Its form may lead to Google's consent page, and nowhere else outside ujumbe.
    policy = before.headers.get_list("content-security-policy")
    assert len(policy) == 1 and f"form-action 'self' {google.base_url};" in policy[0] + ";"

    started = await post(client, f"{PAGE}/connect")

    assert started.headers["location"].startswith(google.auth_url)
    cookies = {c.split("=", 1)[0]: c for c in started.headers.get_list("set-cookie")}
    assert {CONSENT_COOKIE, RETURN_COOKIE} <= set(cookies)
    assert all(f"Path={GOOGLE_CALLBACK_PATH}" in cookies[name] and "HttpOnly" in cookies[name]
               for name in (CONSENT_COOKIE, RETURN_COOKIE))

    landed = await connect(client)
    assert "Your Google account is connected" in landed.text and "Disconnect Google" in landed.text
    assert (await container.get_google_connection()(account_id)).status == "connected"
    assert "Sync the contacts" in landed.text


async def test_a_sync_fills_the_chosen_list_and_reports_the_people_left_out(
        client: Client, container: Container, google: FakeGoogle) -> None:
    account_id = await signed_in(client, container)
    target = (await container.create_contact_list()(account_id, "Wateja wa Google")).id
    google.people = [person("Asha", "Mwita", "0712 345 678"), person("Baraka", "", "+255 754 000 111"),
                     person("Nobody", "Phoneless"), person("Juma", "", "0712345678")]
    await connect(client)
    chooser = await client.get(PAGE, params={"list_id": target})
    assert f'<option value="{target}" selected>' in chooser.text

    report = await post(client, f"{PAGE}/sync", {"list_id": target})

    assert report.status_code == 200, report.text
    assert "2 contacts imported." in report.text and "2 rows left out." in report.text
    assert "This person has no phone number in Google Contacts." in report.text
    assert "This number is already in the list, or in an earlier row." in report.text
    contacts = await container.list_contacts()(account_id, target, None, 1, 100)
    assert sorted(c.phone for c in contacts.contacts) == ["+255712345678", "+255754000111"]
    assert "Last synced" in (await client.get(PAGE)).text


async def test_in_swahili_the_page_and_its_report_are_in_swahili(
        client: Client, container: Container, google: FakeGoogle) -> None:
    await signed_in(client, container, "sw")
    google.people = [person("Asha", "Mwita", "0712 345 678"), person("Nobody", "Phoneless")]
    before = await client.get(PAGE)
    assert 'lang="sw"' in before.text and "No Google account is connected." not in before.text

    landed = await connect(client)
    report = await post(client, f"{PAGE}/sync")

    assert "Sync the contacts" not in landed.text
    assert report.status_code == 200 and "1 contact imported." not in report.text
    assert "This person has no phone number in Google Contacts." not in report.text


async def test_a_consent_google_refused_or_that_came_too_late_comes_back_to_the_page_saying_so(
        client: Client, container: Container, google: FakeGoogle, clock: object) -> None:
    await signed_in(client, container)
    google.deny_next_consent = True
    refused = await connect(client)
    assert "Google did not give access to the contacts." in refused.text
    assert "Connect Google" in refused.text

    started = await post(client, f"{PAGE}/connect")
    consent = httpx.get(started.headers["location"], follow_redirects=False)
    clock.advance(minutes=10)  # type: ignore[attr-defined]
    late = await client.get(consent.headers["location"], follow_redirects=True)
    assert urlsplit(str(late.url)).path == PAGE
    assert "The consent expired, was already used, or was asked for in another browser" in late.text


async def test_without_the_dashboards_cookie_the_callback_still_answers_the_api_in_json(
        client: Client, container: Container, google: FakeGoogle) -> None:
    await signed_in(client, container)
    started = await post(client, f"{PAGE}/connect")
    consent = httpx.get(started.headers["location"], follow_redirects=False)
    client.cookies.delete(RETURN_COOKIE)

    answer = await client.get(consent.headers["location"], follow_redirects=False)

    assert answer.status_code == 200 and answer.json()["data"]["status"] == "connected"


async def test_disconnecting_revokes_the_grant_and_offers_to_connect_again(
        client: Client, container: Container, google: FakeGoogle) -> None:
    await signed_in(client, container)
    await connect(client)
    assert google.live_grants() == 1

    gone = await post(client, f"{PAGE}/disconnect")

    assert gone.status_code == 303
    landed = await client.get(gone.headers["location"])
    assert "Google is disconnected" in landed.text and "Connect Google" in landed.text
    assert google.revoked_tokens


async def test_a_sync_into_another_accounts_list_or_while_not_connected_is_refused(
        client: Client, container: Container, google: FakeGoogle) -> None:
    other = await make_account(container, "other@example.com")
    theirs = (await container.create_contact_list()(other, "Theirs")).id
    await signed_in(client, container)
    not_yet = await post(client, f"{PAGE}/sync")
    assert not_yet.status_code == 409 and "No Google account is connected." in not_yet.text

    await connect(client)
    refused = await post(client, f"{PAGE}/sync", {"list_id": theirs})

    assert refused.status_code == 404 and "Choose one of your contact lists." in refused.text
    assert (await container.list_contacts()(other, theirs, None, 1, 10)).contacts == []


async def test_the_lists_and_the_import_page_link_to_it(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = (await container.create_contact_list()(account_id, "Wateja")).id
    assert 'href="/contacts/google"' in (await client.get("/contacts")).text
    assert f'href="/contacts/google?list_id={list_id}"' in (await client.get(f"/contacts/{list_id}/import")).text


async def test_a_list_past_the_first_hundred_is_chosen_and_its_report_links_to_it(
        client: Client, container: Container, google: FakeGoogle) -> None:
    account_id = await signed_in(client, container)
    oldest = (await container.create_contact_list()(account_id, "Wateja wa zamani")).id
    for n in range(MAX_PER_PAGE):
        await container.create_contact_list()(account_id, f"Orodha {n}")
    google.people = [person("Asha", "Mwita", "0712 345 678")]
    await connect(client)
    assert f'<option value="{oldest}" selected>' in (await client.get(PAGE, params={"list_id": oldest})).text

    report = await post(client, f"{PAGE}/sync", {"list_id": oldest})

    assert report.status_code == 200 and f'href="/contacts/{oldest}"' in report.text
    assert [c.phone for c in (await container.list_contacts()(account_id, oldest, None, 1, 10)).contacts] == [
        "+255712345678"]


async def test_asking_through_the_api_clears_the_dashboards_way_back(
        client: Client, container: Container, google: FakeGoogle) -> None:
    account_id = await signed_in(client, container)
    await post(client, f"{PAGE}/connect")  # a consent begun on the dashboard, then left
    assert client.cookies.get(RETURN_COOKIE) == "1"
    token = (await container.log_in()(EMAIL, PASSWORD)).access_token
    answer = await client.get("/v1/contact-lists/google/connect", headers={"Authorization": f"Bearer {token}"})
    assert client.cookies.get(RETURN_COOKIE) is None
    consent = httpx.get(answer.json()["data"]["authorization_url"], follow_redirects=False)

    back = await client.get(consent.headers["location"], follow_redirects=False)

    assert back.status_code == 200 and back.json()["data"]["status"] == "connected"
    assert (await container.get_google_connection()(account_id)).status == "connected"


async def test_a_made_up_callback_link_leaves_the_consent_this_browser_began(
        client: Client, container: Container, google: FakeGoogle) -> None:
    account_id = await signed_in(client, container)
    started = await post(client, f"{PAGE}/connect")
    made_up = await client.get(GOOGLE_CALLBACK_PATH, params={"state": f"{account_id}.made-up", "code": "4/x"},
                               follow_redirects=False)
    assert made_up.status_code == 303 and made_up.headers["location"] == f"{PAGE}?refused=not_found"
    assert "set-cookie" not in made_up.headers

    consent = httpx.get(started.headers["location"], follow_redirects=False)
    back = await client.get(consent.headers["location"], follow_redirects=False)

    assert back.headers["location"] == f"{PAGE}?done=connected"
