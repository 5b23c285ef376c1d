"""The developers' page: API keys (made, shown once, working on the API, revoked) and webhooks
(registered with their secret shown once, a test event reaching a real receiver signed, its
attempts listed, deleted), in Swahili and English, with the API's refusals and statuses."""

from __future__ import annotations

import re

import httpx

from domain.webhooks import verify
from entrypoints.container import Container
from jobs_support import drain
from web_support import LANGUAGE_COOKIE, Client, make_account, post_form, sign_in
from webhook_receiver import WebhookReceiver


async def signed_in(client: Client, container: Container, language: str = "en") -> str:
    account_id = await make_account(container, "dev@example.com")
    await sign_in(client, "dev@example.com")
    client.cookies.set(LANGUAGE_COOKIE, language)
    return account_id


def key_on(page: httpx.Response) -> str:
    found = re.search(r'id="new-key" value="([^"]+)"', page.text)
    assert found, page.text
    return found.group(1)


def webhook_ids(page: str) -> list[str]:
    return re.findall(r'href="/developers/webhooks/([0-9a-f-]{36})"', page)


async def test_the_page_in_both_languages_links_the_api_reference(client: Client, container: Container) -> None:
    await signed_in(client, container, "sw")
    swahili = await client.get("/developers")
    assert swahili.status_code == 200 and '<html lang="sw">' in swahili.text
    assert "Funguo za API" in swahili.text and "Bado hakuna funguo za API." in swahili.text
    client.cookies.set(LANGUAGE_COOKIE, "en")
    english = await client.get("/developers")
    assert "API keys" in english.text and "No API keys yet." in english.text and "Funguo" not in english.text
    assert 'href="/schema/swagger"' in english.text
    assert (await client.get("/schema/swagger")).status_code == 200  # the link leads somewhere
    assert "copy.js" in english.text and "<script src=\"/static/copy.js?v=" in english.text


async def test_a_new_key_is_shown_once_works_on_the_api_and_stops_once_revoked(client: Client,
                                                                              container: Container) -> None:
    await signed_in(client, container)
    created = await post_form(client, "/developers/api-keys", {"name": "Duka POS"}, token_from="/developers")
    assert created.status_code == 201 and "Your new API key" in created.text
    key = key_on(created)
    assert key.startswith("uj_live_") and "Duka POS" in created.text

    api = await client.get("/v1/sender-ids", headers={"X-API-Key": key})
    assert api.status_code == 200, api.text

    again = await client.get("/developers")
    assert key not in again.text and key[:12] in again.text  # the prefix only, from now on
    key_id = re.search(r'action="/developers/api-keys/([0-9a-f-]{36})/revoke"', again.text)
    assert key_id
    revoked = await post_form(client, f"/developers/api-keys/{key_id.group(1)}/revoke", {}, token_from="/developers")
    assert revoked.status_code == 303 and revoked.headers["location"] == "/developers?done=revoked"
    after = await client.get(revoked.headers["location"])
    assert "The key was revoked" in after.text and key[:12] not in after.text
    assert (await client.get("/v1/sender-ids", headers={"X-API-Key": key})).status_code == 401


async def test_a_key_name_too_long_is_refused_as_the_api_refuses_it(client: Client, container: Container) -> None:
    await signed_in(client, container, "sw")
    refused = await post_form(client, "/developers/api-keys", {"name": "x" * 101}, token_from="/developers")
    assert refused.status_code == 400 and 'aria-invalid="true"' in refused.text
    assert "Baadhi ya ulichoandika si sahihi" in refused.text and 'id="new-key"' not in refused.text


async def test_a_webhook_shows_its_secret_once_and_a_test_event_reaches_the_receiver_signed(
        client: Client, container: Container) -> None:
    await signed_in(client, container)
    with WebhookReceiver() as receiver:
        created = await post_form(client, "/developers/webhooks",
                                  {"url": receiver.url, "events": "message.delivered"}, token_from="/developers")
        assert created.status_code == 201 and "signing secret" in created.text
        secret = re.search(r'id="new-secret" value="([^"]+)"', created.text)
        assert secret and secret.group(1).startswith("whsec_")
        listed = await client.get("/developers")
        assert secret.group(1) not in listed.text and receiver.url in listed.text
        (webhook_id,) = webhook_ids(listed.text)

        tested = await post_form(client, f"/developers/webhooks/{webhook_id}/test", {}, token_from="/developers")
        assert tested.status_code == 303
        assert tested.headers["location"] == f"/developers/webhooks/{webhook_id}?sent=test"
        waiting = await client.get(tested.headers["location"])
        assert "A test event is on its way" in waiting.text and "webhook.test" in waiting.text
        assert 'hx-trigger="every 3s"' in waiting.text  # asked for again while it waits

        await drain(container)
        (received,) = receiver.snapshot()
    assert received.json["type"] == "webhook.test" and received.json["data"] == {"webhook_id": webhook_id}
    signed_at = int(received.headers["webhook-timestamp"])
    assert verify(secret.group(1), received.headers["x-service-signature"], received.body, now=signed_at)

    fragment = await client.get(f"/developers/webhooks/{webhook_id}",
                                headers={"HX-Request": "true", "HX-Target": "deliveries"})
    assert fragment.text.startswith('<div id="deliveries">')  # final: no more polling
    assert "<html" not in fragment.text and "HTTP 200" in fragment.text and "Delivered" in fragment.text


async def test_a_refused_webhook_keeps_what_was_typed_and_says_why(client: Client, container: Container) -> None:
    await signed_in(client, container, "sw")
    refused = await post_form(client, "/developers/webhooks", {"url": "ftp://shop.example.com",
                                                               "events": "payment.confirmed"},
                              token_from="/developers")
    assert refused.status_code == 400 and "Anwani hii haiwezi kupokea webhooks" in refused.text
    assert 'value="ftp://shop.example.com"' in refused.text and 'value="payment.confirmed" checked' in refused.text
    assert 'id="new-secret"' not in refused.text


async def test_deleting_a_webhook_ends_it_and_its_deliveries_page(client: Client, container: Container) -> None:
    await signed_in(client, container)
    await post_form(client, "/developers/webhooks", {"url": "https://shop.example.com/hooks"},
                    token_from="/developers")
    (webhook_id,) = webhook_ids((await client.get("/developers")).text)
    page = await client.get(f"/developers/webhooks/{webhook_id}")
    assert page.status_code == 200 and "Nothing has been sent to this webhook yet." in page.text
    deleted = await post_form(client, f"/developers/webhooks/{webhook_id}/delete", {}, token_from="/developers")
    assert deleted.status_code == 303 and deleted.headers["location"] == "/developers?done=deleted"
    assert webhook_ids((await client.get("/developers")).text) == []
    gone = await client.get(f"/developers/webhooks/{webhook_id}")
    assert gone.status_code == 404 and "We could not find that page." in gone.text


async def test_every_form_needs_the_csrf_token(client: Client, container: Container) -> None:
    await signed_in(client, container)
    for path in ("/developers/api-keys", "/developers/webhooks"):
        refused = await client.post(path, data={"name": "x", "url": "https://shop.example.com/hooks"})
        assert refused.status_code == 403 and "This form has expired" in refused.text
    assert "No API keys yet." in (await client.get("/developers")).text
