"""Tenant isolation on the dashboard: a signed-in page shows its own account's data and nothing of
another's, and another account's ids (in paths) give the not-found page. Each page of an account
joins ACCOUNT_PAGES as it is built; `seed` gives both accounts something of their own to show on
each (a business name, an email, a balance, an API key, a webhook, a notification, a sender ID)."""

from __future__ import annotations

import re

import pytest

from application.credits.balance import Grant
from application.ports import Notification, NotificationKind
from entrypoints.container import Container
from web_support import LANGUAGE_COOKIE, Client, make_account, post_form, sign_in

ACCOUNT_PAGES = ["/", "/developers", "/notifications", "/sender-ids", "/profile"]


async def seed(container: Container) -> dict[str, dict[str, list[str]]]:
    """Two accounts, each with its own data; by email, what each of its pages shows (by path)."""
    asha = await make_account(container, "asha@example.com", business_name="Duka la Asha", plan="pro")
    baraka = await make_account(container, "baraka@example.com", business_name="Kibanda cha Baraka")
    await container.grant_credits()(Grant(account_id=asha, credits=1_234_567))
    for account_id, who in ((asha, "Asha"), (baraka, "Baraka")):
        await container.create_api_key()(account_id, f"{who} POS")
        await container.register_webhook()(account_id, f"https://{who.lower()}.example.com/hooks")
        await container.add_sender_id()(account_id, who.upper())
        async with container.uow() as uow:
            await uow.notifications.add(Notification(
                id=container.ids().new_id(), account_id=account_id, kind=NotificationKind.ANNOUNCEMENT,
                title=f"For {who}", message=f"A note for {who}.", created_at=container.clock().now()))
            await uow.commit()
    return {
        "asha@example.com": {"/": ["Duka la Asha", "asha@example.com", "1,234,567"],
                             "/developers": ["Asha POS", "https://asha.example.com/hooks"],
                             "/notifications": ["A note for Asha."], "/sender-ids": ["ASHA"],
                             "/profile": ["Duka la Asha", "asha@example.com"]},
        "baraka@example.com": {"/": ["Kibanda cha Baraka", "baraka@example.com"],
                               "/developers": ["Baraka POS", "https://baraka.example.com/hooks"],
                               "/notifications": ["A note for Baraka."], "/sender-ids": ["BARAKA"],
                               "/profile": ["Kibanda cha Baraka", "baraka@example.com"]},
    }


@pytest.mark.parametrize("path", ACCOUNT_PAGES)
async def test_a_page_shows_its_accounts_data_and_no_one_elses(client: Client, container: Container,
                                                               path: str) -> None:
    owned = await seed(container)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    for email, pages in owned.items():
        client.cookies.delete("ujumbe_session")
        await sign_in(client, email)
        page = await client.get(path, follow_redirects=False)
        assert page.status_code == 200, page.text
        others = [text for other, theirs in owned.items() if other != email for shown in theirs.values()
                  for text in shown]
        assert all(text in page.text for text in pages[path]), (email, path)
        assert not any(text in page.text for text in others), (email, path)


async def test_another_accounts_ids_give_the_not_found_page(client: Client, container: Container) -> None:
    await seed(container)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    await sign_in(client, "asha@example.com")
    developers = (await client.get("/developers")).text
    key_id = re.findall(r"/developers/api-keys/([0-9a-f-]{36})/revoke", developers)[0]
    webhook_id = re.findall(r"/developers/webhooks/([0-9a-f-]{36})\"", developers)[0]
    notification_id = re.findall(r"/notifications/([0-9a-f-]{36})/read", (await client.get("/notifications")).text)[0]

    client.cookies.delete("ujumbe_session")
    await sign_in(client, "baraka@example.com")
    for path in (f"/developers/api-keys/{key_id}/revoke", f"/developers/webhooks/{webhook_id}/test",
                 f"/developers/webhooks/{webhook_id}/delete", f"/notifications/{notification_id}/read"):
        refused = await post_form(client, path, {}, token_from="/developers")
        assert refused.status_code == 404 and "We could not find that page." in refused.text, path
    seen = await client.get(f"/developers/webhooks/{webhook_id}")
    assert seen.status_code == 404 and "We could not find that page." in seen.text
    assert (await client.get("/developers/webhooks/not-an-id")).status_code == 404  # a malformed id: no 500
    for malformed in ("/developers/webhooks/12345/test", "/developers/api-keys/12345/revoke",
                      "/notifications/12345/read"):
        assert (await post_form(client, malformed, {}, token_from="/developers")).status_code == 404, malformed

    client.cookies.delete("ujumbe_session")  # Asha's key, webhook and notification are as they were
    await sign_in(client, "asha@example.com")
    assert (await client.get(f"/developers/webhooks/{webhook_id}")).status_code == 200
    assert f"/developers/api-keys/{key_id}/revoke" in (await client.get("/developers")).text
    assert f"/notifications/{notification_id}/read" in (await client.get("/notifications")).text
    assert "Nothing has been sent to this webhook yet." in (await client.get(f"/developers/webhooks/{webhook_id}")).text
