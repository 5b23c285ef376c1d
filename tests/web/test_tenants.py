"""Tenant isolation on the dashboard: a signed-in page shows its own account's data and nothing of
another's. Each page of an account joins ACCOUNT_PAGES as it is built; `seed` gives both accounts
something of their own to show (so far a business name, an email, a balance and a contact list).
Another account's ids, in a page's address or a form's, are the not-found page."""

from __future__ import annotations

import pytest

from application.contacts.contacts import ContactDetails
from application.credits.balance import Grant
from entrypoints.container import Container
from web_support import LANGUAGE_COOKIE, Client, csrf_of, make_account, sign_in

ACCOUNT_PAGES = ["/", "/contacts"]


async def seed(container: Container) -> dict[str, dict[str, list[str]]]:
    """Two accounts, each with its own data; what each one's pages show, by email and page."""
    asha = await make_account(container, "asha@example.com", business_name="Duka la Asha", plan="pro")
    baraka = await make_account(container, "baraka@example.com", business_name="Kibanda cha Baraka")
    await container.grant_credits()(Grant(account_id=asha, credits=1_234_567))
    await container.create_contact_list()(asha, "Wateja wa Asha")
    await container.create_contact_list()(baraka, "Wateja wa Baraka")
    return {"asha@example.com": {"/": ["Duka la Asha", "asha@example.com", "1,234,567"],
                                 "/contacts": ["Wateja wa Asha"]},
            "baraka@example.com": {"/": ["Kibanda cha Baraka", "baraka@example.com"],
                                   "/contacts": ["Wateja wa Baraka"]}}


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
        others = [text for other, theirs in owned.items() if other != email for texts in theirs.values()
                  for text in texts]
        assert all(text in page.text for text in own[path]), (email, path)
        assert not any(text in page.text for text in others), (email, path)


async def test_another_accounts_contact_lists_contacts_and_numbers_are_the_not_found_page(
        client: Client, container: Container) -> None:
    await seed(container)
    baraka = (await container.find_account()("baraka@example.com")).id
    theirs = (await container.list_contact_lists()(baraka)).lists[1].id
    zuhura = ContactDetails(phone="0712345678", first_name="Zuhura")
    contact = (await container.add_contact()(baraka, theirs, zuhura)).id
    phone = (await container.add_contact_phone()(baraka, theirs, contact, "0754000111")).id
    await sign_in(client, "asha@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    asha = (await container.find_account()("asha@example.com")).id
    mine = (await container.list_contact_lists()(asha)).lists[1].id
    token = csrf_of(await client.get("/contacts"))

    for list_id in (theirs, mine):  # their list, and their contact under my list
        base = f"/contacts/{list_id}/contacts/{contact}"
        pages = [f"/contacts/{list_id}", f"/contacts/{list_id}/import", f"/contacts/{list_id}/export.csv", base]
        if list_id == mine:
            pages = [base]
        for path in pages:
            answer = await client.get(path)
            assert answer.status_code == 404 and "We could not find that page." in answer.text, path
            assert "Zuhura" not in answer.text and "Wateja wa Baraka" not in answer.text
        forms = [(base, {"first_name": "Asha", "phone": "0712000001"}), (f"{base}/delete", {}),
                 (f"{base}/phones", {"phone": "0712000002"}), (f"{base}/phones/{phone}/delete", {})]
        if list_id == theirs:
            forms += [(f"/contacts/{list_id}", {"name": "Yangu"}), (f"/contacts/{list_id}/delete", {}),
                      (f"/contacts/{list_id}/contacts", {"phone": "0712000003"})]
        for path, fields in forms:
            answer = await client.post(path, data={"csrf_token": token, **fields})
            assert answer.status_code == 404 and "We could not find that page." in answer.text, path
        upload = await client.post(f"/contacts/{theirs}/import", data={"csrf_token": token},
                                   files={"file": ("wateja.csv", b"phone\n0712000004\n", "text/csv")})
        assert upload.status_code == 404 and "We could not find that page." in upload.text

    found = await container.get_contact()(baraka, theirs, contact)
    assert (found.first_name, found.phone, [p.phone for p in found.phones]) == ("Zuhura", "+255712345678",
                                                                                ["+255754000111"])
    their_lists = (await container.list_contact_lists()(baraka)).lists
    assert [(one.name, one.contact_count) for one in their_lists] == [("Default", 0), ("Wateja wa Baraka", 1)]
    assert (await container.describe_contact_list()(asha, mine)).contact_count == 0
