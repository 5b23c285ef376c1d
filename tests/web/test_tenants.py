"""Tenant isolation on the dashboard: a signed-in page shows its own account's data and nothing of
another's. Each page of an account joins ACCOUNT_PAGES as it is built; `seed` gives both accounts
something of their own to show (so far a business name, an email and a balance)."""

from __future__ import annotations

import pytest

from application.credits.balance import Grant
from entrypoints.container import Container
from web_support import LANGUAGE_COOKIE, Client, make_account, sign_in

ACCOUNT_PAGES = ["/"]


async def seed(container: Container) -> dict[str, list[str]]:
    """Two accounts, each with its own data; what each one's pages may show, by email."""
    asha = await make_account(container, "asha@example.com", business_name="Duka la Asha", plan="pro")
    await make_account(container, "baraka@example.com", business_name="Kibanda cha Baraka")
    await container.grant_credits()(Grant(account_id=asha, credits=1_234_567))
    return {"asha@example.com": ["Duka la Asha", "asha@example.com", "1,234,567"],
            "baraka@example.com": ["Kibanda cha Baraka", "baraka@example.com"]}


@pytest.mark.parametrize("path", ACCOUNT_PAGES)
async def test_a_page_shows_its_accounts_data_and_no_one_elses(client: Client, container: Container,
                                                               path: str) -> None:
    owned = await seed(container)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    for email, own in owned.items():
        client.cookies.delete("ujumbe_session")
        await sign_in(client, email)
        page = await client.get(path, follow_redirects=False)
        assert page.status_code == 200, page.text
        others = [text for other, theirs in owned.items() if other != email for text in theirs]
        assert all(text in page.text for text in own), (email, path)
        assert not any(text in page.text for text in others), (email, path)
