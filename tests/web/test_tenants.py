"""Tenant isolation on the dashboard: a signed-in page shows its own account's data and nothing of
another's. Each page of an account joins ACCOUNT_PAGES as it is built, naming what of its account
it shows; `seed` gives both accounts something of their own to show, by name (a business name, an
email, a balance, a contact list, a campaign, an API key, a webhook, a notification, a sender ID, a payment
order, a reply).
Another account's id, in a path or in a form, is not found."""

from __future__ import annotations

import re

import pytest

from application.campaigns.creation import CampaignRequest
from application.contacts.contacts import ContactDetails
from application.credits.balance import Grant
from application.payments.orders import VoucherOrderRequest
from application.sending.sends import SmsRequest
from application.ports import InboundSms, Notification, NotificationKind
from entrypoints.container import Container
from web_support import LANGUAGE_COOKIE, Client, csrf_of, make_account, post_form, sign_in

# path -> what of its account's own data the page shows (the names of `seed`'s texts)
ACCOUNT_PAGES = {
    "/": ("business", "email", "balance", "campaign"),
    "/send": ("contact list", "sender id"),
    "/messages": ("sms",),
    "/messages/export.csv": ("sms",),
    "/messages/replies": ("reply",),
    "/contacts": ("contact list",),
    "/campaigns": ("campaign",),
    "/campaigns/new": ("contact list",),
    "/developers": ("api key", "webhook"),
    "/notifications": ("notification",),
    "/sender-ids": ("sender id",),
    "/profile": ("business", "email"),
    "/credits": ("balance", "order"),
    "/credits/history": ("balance",),
}


async def seed(container: Container) -> dict[str, dict[str, str]]:
    """Two accounts, each with its own data; what each one's pages may show, by email and name."""
    asha = await make_account(container, "asha@example.com", business_name="Duka la Asha", plan="pro")
    baraka = await make_account(container, "baraka@example.com", business_name="Kibanda cha Baraka")
    await container.grant_credits()(Grant(account_id=asha, credits=1_234_569))  # 1,234,567 after its two SMS
    await container.grant_credits()(Grant(account_id=baraka, credits=10))
    owned = {"asha@example.com": {"business": "Duka la Asha", "email": "asha@example.com", "balance": "1,234,567"},
             "baraka@example.com": {"business": "Kibanda cha Baraka", "email": "baraka@example.com"}}
    for account_id, email, name in ((asha, "asha@example.com", "Asha"), (baraka, "baraka@example.com", "Baraka")):
        contact_list = await container.create_contact_list()(account_id, f"Wateja wa {name}")
        await container.add_contact()(account_id, contact_list.id,
                                      ContactDetails(first_name="Neema", phone="0714000001"))
        campaign = await container.create_campaign()(CampaignRequest(
            account_id=account_id, name=f"Ofa ya {name}", message="Habari {first_name}",
            contact_list_id=contact_list.id, scheduled_at="2026-02-01T09:00"))
        await container.send_sms()(SmsRequest(account_id=account_id, to="0712345678", message=f"SMS ya {name}"))
        replier = "0713000001" if name == "Asha" else "0713000002"  # a reply goes to who sent to the number
        await container.send_sms()(SmsRequest(account_id=account_id, to=replier, message=f"SMS ya {name}"))
        await container.receive_inbound_sms()(InboundSms(from_number=replier, text=f"Jibu la {name}"))
        await container.create_api_key()(account_id, f"{name} POS")
        await container.register_webhook()(account_id, f"https://{name.lower()}.example.com/hooks")
        await container.add_sender_id()(account_id, name.upper())
        order = await container.order_voucher()(VoucherOrderRequest(
            account_id=account_id, amount=77_777 if name == "Asha" else 88_888, provider="manual", phone=None))
        async with container.uow() as uow:
            await uow.notifications.add(Notification(
                id=container.ids().new_id(), account_id=account_id, kind=NotificationKind.ANNOUNCEMENT,
                title=f"For {name}", message=f"A note for {name}.", created_at=container.clock().now()))
            await uow.commit()
        owned[email].update({"api key": f"{name} POS", "webhook": f"https://{name.lower()}.example.com/hooks",
                             "notification": f"A note for {name}.", "sender id": name.upper(),
                             "sms": f"SMS ya {name}", "reply": f"Jibu la {name}",
                             "order": f"TSh {order.amount:,}"})
        owned[email].update({"account id": account_id, "contact list": f"Wateja wa {name}",
                             "campaign": f"Ofa ya {name}", "campaign id": campaign.id,
                             "contact list id": contact_list.id})
    return owned


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
        others = [text for other, theirs in owned.items() if other != email for text in theirs.values()]
        assert all(own[name] in page.text for name in ACCOUNT_PAGES[path] if name in own), (email, path)
        assert not any(text in page.text for text in others), (email, path)


async def test_another_accounts_ids_are_not_found_in_paths_and_forms(client: Client, container: Container) -> None:
    owned = await seed(container)
    asha, baraka = owned["asha@example.com"], owned["baraka@example.com"]
    client.cookies.set(LANGUAGE_COOKIE, "en")
    await sign_in(client, "asha@example.com")
    token = csrf_of(await client.get("/campaigns/new"))
    theirs = baraka["campaign id"]
    for path in (f"/campaigns/{theirs}", f"/campaigns/{theirs}/report", "/campaigns/not-an-id"):
        answer = await client.get(path)
        assert answer.status_code == 404 and "We could not find that page." in answer.text, path
        assert "Ofa ya Baraka" not in answer.text
    stop = await client.post(f"/campaigns/{theirs}/cancel", data={"csrf_token": token})
    assert stop.status_code == 404 and "We could not find that page." in stop.text
    assert (await container.get_campaign()(baraka["account id"], theirs)).status == "scheduled"

    form = {"csrf_token": token, "name": "Ofa", "message": "Habari", "when": "now", "sender_id": "",
            "scheduled_at": "", "campaign_id": "", "contact_list_id": baraka["contact list id"]}
    for path in ("/campaigns/preview", "/campaigns"):
        refused = await client.post(path, data=form, follow_redirects=False)
        assert refused.status_code == 404 and "Choose one of your contact lists." in refused.text, path
        assert "Wateja wa Baraka" not in refused.text and "Wateja wa Asha" in refused.text
    assert (await container.list_campaigns()(asha["account id"])).total == 1  # only its own seeded one


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
    assert [(one.name, one.contact_count) for one in their_lists] == [("Default", 0), ("Wateja wa Baraka", 2)]  # its seeded contact, and Zuhura
    assert (await container.describe_contact_list()(asha, mine)).contact_count == 1  # its seeded contact alone


async def test_another_accounts_contact_list_in_the_send_form_is_not_found(client: Client,
                                                                           container: Container) -> None:
    await seed(container)
    barakas = (await container.list_contact_lists()((await container.find_account()("baraka@example.com")).id)).lists
    theirs = next(found.id for found in barakas if found.name == "Wateja wa Baraka")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    await sign_in(client, "asha@example.com")
    answer = await post_form(client, "/send", {"target": "list", "contact_list_id": theirs, "message": "Habari"},
                             token_from="/send")
    # as in the campaign builder: the form again, its list refused as not found
    assert answer.status_code == 404 and "Choose one of your contact lists." in answer.text
    assert "Wateja wa Baraka" not in answer.text
    asha = (await container.find_account()("asha@example.com")).id
    assert [c.name for c in (await container.list_campaigns()(asha)).campaigns] == ["Ofa ya Asha"]


async def test_another_accounts_order_and_payer_phone_are_not_this_accounts(client: Client,
                                                                            container: Container) -> None:
    """In a path, another account's order is the not-found page; in a form, a payer phone another
    account verified is one this account has not (409 phone_not_verified, as the API answers)."""
    await seed(container)
    asha = (await container.find_account()("asha@example.com")).id
    baraka = (await container.find_account()("baraka@example.com")).id
    theirs = (await container.list_payment_orders()(baraka)).orders[0]
    async with container.uow() as uow:
        await uow.payer_phones.add(baraka, "+255754000111", theirs.created_at)
        await uow.commit()
    await sign_in(client, "asha@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    page = await client.get(f"/credits/orders/{theirs.id}")
    assert page.status_code == 404 and "We could not find that page." in page.text and "88,888" not in page.text
    assert "+255754000111" not in (await client.get("/credits/buy?package=1")).text
    refused = await post_form(client, "/credits/buy", {"package": "1", "provider": "mobilemoney",
                                                       "phone": "+255754000111"}, token_from="/credits")
    assert refused.status_code == 409 and "Verify the phone number first." in refused.text
    assert (await container.list_payment_orders()(asha)).total == 1  # its own seeded order alone


@pytest.mark.parametrize(("path", "fields", "token_from"), [
    ("/campaigns/preview", {"name": "Ofa", "message": "Habari", "when": "now", "sender_id": "", "scheduled_at": "",
                            "campaign_id": "not-an-id"}, "/campaigns/new"),
    ("/campaigns", {"name": "Ofa", "message": "Habari", "when": "now", "sender_id": "", "scheduled_at": "",
                    "campaign_id": "not-an-id"}, "/campaigns/new"),
    ("/send", {"target": "list", "message": "Habari"}, "/send"),
])
async def test_an_id_in_a_form_that_is_no_id_is_refused_by_its_field(client: Client, container: Container, path: str,
                                                                     fields: dict[str, str], token_from: str) -> None:
    await seed(container)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    await sign_in(client, "asha@example.com")
    for malformed in ("not-an-id", "12345", ""):
        answer = await post_form(client, path, {**fields, "contact_list_id": malformed}, token_from=token_from)
        assert answer.status_code == 400, (malformed, answer.text[:300])  # refused as input, never a 500
        assert "Choose one of your contact lists." in answer.text, malformed
