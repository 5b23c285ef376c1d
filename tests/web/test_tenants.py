"""Tenant isolation on the dashboard: a signed-in page shows its own account's data and nothing of
another's, and another account's id (in a path or a form) is the not-found page. Each page of an
account joins ACCOUNT_PAGES as it is built; `seed` gives both accounts something of their own to
show on each page (a business name, an email, a balance, a sent SMS, a contact list, a sender ID,
a campaign)."""

from __future__ import annotations

import pytest

from application.campaigns.creation import CampaignRequest
from application.contacts.contacts import ContactDetails
from application.credits.balance import Grant
from application.sending.sends import SmsRequest
from entrypoints.container import Container
from web_support import LANGUAGE_COOKIE, Client, make_account, post_form, sign_in

ACCOUNT_PAGES = ["/", "/send", "/messages", "/messages/export.csv"]


async def _sends_and_lists(container: Container, account_id: str, owner: str, sender_id: str) -> str:
    """An SMS, a contact list, a sender ID and a scheduled campaign of the account's own; the list's id."""
    await container.add_sender_id()(account_id, sender_id)
    await container.send_sms()(SmsRequest(account_id=account_id, to="0712345678", message=f"Ofa ya {owner}"))
    made = await container.create_contact_list()(account_id, f"Wateja wa {owner}")
    await container.add_contact()(account_id, made.id, ContactDetails(phone="0754000111"))
    await container.create_campaign()(CampaignRequest(
        account_id=account_id, name=f"Kampeni ya {owner}", message="Habari", contact_list_id=made.id,
        scheduled_at="2026-02-01T08:00"))
    return made.id


async def seed(container: Container) -> dict[str, dict[str, list[str]]]:
    """Two accounts, each with its own data; what each one's pages may show, by email and page."""
    asha = await make_account(container, "asha@example.com", business_name="Duka la Asha", plan="pro")
    baraka = await make_account(container, "baraka@example.com", business_name="Kibanda cha Baraka")
    await container.grant_credits()(Grant(account_id=asha, credits=1_234_567))
    await container.grant_credits()(Grant(account_id=baraka, credits=10))
    await _sends_and_lists(container, asha, "Asha", "DUKAASHA")
    await _sends_and_lists(container, baraka, "Baraka", "KIBANDA")
    return {
        "asha@example.com": {"/": ["Duka la Asha", "asha@example.com", "1,234,566", "Kampeni ya Asha"],
                             "/send": ["Wateja wa Asha", "DUKAASHA", "1,234,566"],
                             "/messages": ["Ofa ya Asha"], "/messages/export.csv": ["Ofa ya Asha"]},
        "baraka@example.com": {"/": ["Kibanda cha Baraka", "baraka@example.com", "Kampeni ya Baraka"],
                               "/send": ["Wateja wa Baraka", "KIBANDA"],
                               "/messages": ["Ofa ya Baraka"], "/messages/export.csv": ["Ofa ya Baraka"]},
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
        others = [text for other, theirs in owned.items() if other != email for texts in theirs.values()
                  for text in texts]
        assert all(text in page.text for text in pages[path]), (email, path)
        assert not any(text in page.text for text in others), (email, path)


async def test_another_accounts_contact_list_in_the_send_form_is_not_found(client: Client,
                                                                           container: Container) -> None:
    await seed(container)
    barakas = (await container.list_contact_lists()((await container.find_account()("baraka@example.com")).id)).lists
    theirs = next(found.id for found in barakas if found.name == "Wateja wa Baraka")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    await sign_in(client, "asha@example.com")
    answer = await post_form(client, "/send", {"target": "list", "contact_list_id": theirs, "message": "Habari"},
                             token_from="/send")
    assert answer.status_code == 404 and "We could not find that page." in answer.text
    assert "Wateja wa Baraka" not in answer.text
    asha = (await container.find_account()("asha@example.com")).id
    assert [c.name for c in (await container.list_campaigns()(asha)).campaigns] == ["Kampeni ya Asha"]
