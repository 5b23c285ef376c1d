"""The notifications page: the account's notifications newest first, the unread ones marked and
counted, each marked read on its own, paged; in Swahili and English. What ujumbe itself says (a
low balance, a payment, a finished campaign) is written in the reader's language from the
notification's figures; an announcement, or a row from before its figures were kept, shows the
text it was stored with."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest

from adapters.memory.system import FrozenClock
from application.campaigns.creation import CampaignRequest
from application.credits.balance import Grant
from application.payments.orders import PackageOrderRequest, VoucherOrderRequest
from application.ports import Notification, NotificationKind, ProviderResult, ProviderState
from application.sending.sends import SmsRequest
from campaigns_support import numbers, seed_list
from domain.payments import PaymentOrder
from entrypoints.container import Container
from entrypoints.web.notification_texts import notification_text
from jobs_support import drain
from web_support import LANGUAGE_COOKIE, Client, make_account, post_form, sign_in

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


async def notify(container: Container, account_id: str, *titles: str) -> list[str]:
    """A low-balance notification per title, a minute apart (the last one newest); their ids."""
    made = [Notification(id=container.ids().new_id(), account_id=account_id, kind=NotificationKind.LOW_BALANCE,
                         title=title, message=f"Your balance is 50 credits ({n}).",
                         created_at=START + timedelta(minutes=n)) for n, title in enumerate(titles)]
    async with container.uow() as uow:
        await uow.notifications.add_many(made)
        await uow.commit()
    return [n.id for n in made]


async def test_unread_notifications_are_marked_in_both_languages(client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    await notify(container, account_id, "Low balance")
    await sign_in(client, "duka@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    swahili = await client.get("/notifications")
    assert swahili.status_code == 200 and '<html lang="sw">' in swahili.text
    assert "Salio la chini" in swahili.text and "<mark>Mpya</mark>" in swahili.text
    assert "1 haijasomwa" in swahili.text and "Weka kuwa imesomwa" in swahili.text
    client.cookies.set(LANGUAGE_COOKIE, "en")
    english = await client.get("/notifications")
    assert "Low balance" in english.text and "<mark>New</mark>" in english.text and "1 unread" in english.text
    assert "Your balance is 50 credits (0)." in english.text


async def test_marking_one_read_keeps_the_others_unread(client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    first, second = await notify(container, account_id, "Low balance", "Payment received")
    await sign_in(client, "duka@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    marked = await post_form(client, f"/notifications/{first}/read", {"page": "1"}, token_from="/notifications")
    assert marked.status_code == 303 and marked.headers["location"] == "/notifications?page=1"
    page = await client.get(marked.headers["location"])
    assert "1 unread" in page.text
    assert f'action="/notifications/{second}/read"' in page.text
    assert f'action="/notifications/{first}/read"' not in page.text
    found = await container.list_notifications()(account_id)  # what the API lists
    assert {n.id: n.read for n in found.notifications} == {first: True, second: False}


async def test_notifications_are_paged_newest_first(client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    await notify(container, account_id, *[f"Note {n}" for n in range(23)])
    await sign_in(client, "duka@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    first = await client.get("/notifications")
    titles = re.findall(r"Note (\d+)", first.text)
    assert titles[:2] == ["22", "21"] and len(titles) == 20
    assert 'href="/notifications?page=2" rel="next"' in first.text and "Page 1 of 2" in first.text
    second = await client.get("/notifications?page=2")
    assert re.findall(r"Note (\d+)", second.text) == ["2", "1", "0"]
    assert 'href="/notifications?page=1" rel="prev"' in second.text
    assert (await client.get("/notifications?page=0")).status_code == 400


async def test_marking_read_needs_the_csrf_token(client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    (only,) = await notify(container, account_id, "Low balance")
    await sign_in(client, "duka@example.com")
    refused = await client.post(f"/notifications/{only}/read", data={"page": "1"})
    assert refused.status_code == 403
    client.cookies.set(LANGUAGE_COOKIE, "en")
    assert "1 unread" in (await client.get("/notifications")).text


PAYER = "+255754000111"
DECLINES = "+255799000003"  # the mobile-money simulator's payer who says no


async def read_as(client: Client, language: str) -> str:
    """The notifications page in `language`, its text as a reader sees it (entities decoded)."""
    client.cookies.set(LANGUAGE_COOKIE, language)
    return html.unescape((await client.get("/notifications")).text)


async def settle(container: Container, clock: FrozenClock) -> None:
    """What the job queue holds, run: a send's events dispatched, the simulated payer's answers
    applied, a campaign run. The clock moves past the half minute an SMS's delivery report of no
    account's message is retried for first (the payer code's, were there one)."""
    clock.advance(31)
    await drain(container)


async def test_a_low_balance_is_told_in_the_readers_language_with_its_figures(
        client: Client, container: Container, clock: FrozenClock) -> None:
    account_id = await make_account(container, "duka@example.com")
    await container.set_low_balance_threshold()(account_id, 1_500)
    await container.grant_credits()(Grant(account_id=account_id, credits=1_200))
    await container.send_sms()(SmsRequest(account_id=account_id, to="+255714000001", message="Habari"))
    await settle(container, clock)  # the send's events dispatched: the balance is checked
    await sign_in(client, "duka@example.com")
    swahili = await read_as(client, "sw")
    assert "Salio lako ni krediti 1,199, chini ya 1,500. Ongeza salio ili uendelee kutuma." in swahili
    assert "Your balance" not in swahili
    english = await read_as(client, "en")
    assert "Your balance is 1,199 credits, below 1,500. Top up to keep sending." in english


async def test_payments_received_declined_expired_late_and_failed_by_ujumbe_are_told_in_both_languages(
        client: Client, container: Container, clock: FrozenClock) -> None:
    account_id = await make_account(container, "duka@example.com")
    async with container.uow() as uow:
        for phone in (PAYER, DECLINES):
            await uow.payer_phones.add(account_id, phone, clock.now())
        # an order the simulated provider never heard of: nobody answers it, so it expires
        unanswered = PaymentOrder(account_id=account_id, id=container.ids().new_id(), source="voucher",
                                  provider="mobilemoney", amount=10_000, credit_amount=300,
                                  checkout_message="Approve the prompt", payer_phone=PAYER,
                                  created_at=clock.now(), updated_at=clock.now())
        await uow.payment_orders.add(unanswered)
        await uow.commit()
    for phone in (PAYER, DECLINES):  # the Starter package: TSh 3,500 for 100 credits
        await container.order_package()(PackageOrderRequest(account_id=account_id, package_id=1,
                                                            provider="mobilemoney", phone=phone))
    await settle(container, clock)
    clock.advance(11 * 60)
    assert await container.expire_stale_payment_orders()() == 1
    # the money came after all: confirmed late
    await container.apply_payment_result()("mobilemoney", ProviderResult(
        unanswered.reference, ProviderState.PAID, amount=10_000, currency="TZS", provider_ref="SIM-late"))
    by_hand = await container.order_voucher()(VoucherOrderRequest(account_id=account_id, amount=5_000,
                                                                  provider="manual", phone=None))
    await container.fail_payment_order()(by_hand.id, "asha")
    await sign_in(client, "duka@example.com")

    swahili = await read_as(client, "sw")
    assert "Malipo yako ya TSh 3,500 yamepokelewa: krediti 100 zimeongezwa kwenye salio lako." in swahili
    assert ("Malipo yako ya TSh 3,500 kwa krediti 100 hayakufanikiwa: hapakuwa na pesa za kutosha kwenye akaunti"
            " ya kulipia. Hakuna pesa iliyokatwa; anza malipo mapya ili ujaribu tena.") in swahili
    assert ("Malipo yako ya TSh 10,000 kwa krediti 300 hayakujibiwa ndani ya dakika 10, kwa hiyo yameghairiwa."
            " Anza malipo mapya ili ujaribu tena.") in swahili
    assert ("Malipo yako ya TSh 10,000 yamepokelewa: krediti 300 zimeongezwa kwenye salio lako. Yalifika baada"
            " ya agizo kughairiwa, kwa hiyo yamethibitishwa kwa kuchelewa.") in swahili
    assert "hayakufanikiwa: ujumbe iliyaghairi." in swahili
    assert "Your" not in swahili and "TZS" not in swahili

    english = await read_as(client, "en")
    assert "Your payment of TSh 3,500 was received: 100 credits were added to your balance." in english
    assert ("Your payment of TSh 3,500 for 100 credits failed: there was not enough money on the paying account."
            " No money was taken for it; start a new payment to try again.") in english
    assert ("Your payment of TSh 10,000 for 300 credits got no answer within 10 minutes and was cancelled."
            " Start a new payment to try again.") in english
    assert ("Your payment of TSh 10,000 was received: 300 credits were added to your balance. It arrived after"
            " the order had been cancelled, so it was confirmed late.") in english
    assert "Your payment of TSh 5,000 for " in english and "failed: ujumbe cancelled it." in english


async def test_an_operators_own_reason_for_a_failed_payment_is_shown_as_written(
        client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    by_hand = await container.order_voucher()(VoucherOrderRequest(account_id=account_id, amount=5_000,
                                                                  provider="manual", phone=None))
    await container.fail_payment_order()(by_hand.id, "asha", "Transfer bounced")
    await sign_in(client, "duka@example.com")
    assert "hayakufanikiwa: Transfer bounced. Hakuna pesa iliyokatwa" in await read_as(client, "sw")
    assert "failed: Transfer bounced. No money was taken" in await read_as(client, "en")


async def test_finished_campaigns_are_told_in_both_languages(client: Client, container: Container,
                                                           clock: FrozenClock) -> None:
    account_id = await make_account(container, "duka@example.com", plan="pro")
    await container.grant_credits()(Grant(account_id=account_id, credits=100))
    database = container.settings().database_url
    for name, start in (("Ofa ya Idd", 0), ("Ofa ya Pasaka", 3)):
        list_id = seed_list(database, account_id, [(n, "Juma", "") for n in numbers(3, start)], name=name)
        campaign = await container.create_campaign()(CampaignRequest(
            account_id=account_id, name=name, message="Habari {first_name}", contact_list_id=list_id))
        if name == "Ofa ya Pasaka":
            await container.cancel_campaign()(account_id, campaign.id)
        await settle(container, clock)
    await sign_in(client, "duka@example.com")
    swahili = await read_as(client, "sw")
    assert 'Kampeni "Ofa ya Idd" imetumwa kwa wapokeaji 3 kati ya 3.' in swahili
    assert 'Kampeni "Ofa ya Pasaka" ilisimamishwa baada ya kutumwa kwa wapokeaji 0 kati ya 3.' in swahili
    english = await read_as(client, "en")
    assert 'Campaign "Ofa ya Idd" was sent to 3 of 3 recipients.' in english
    assert 'Campaign "Ofa ya Pasaka" was stopped after 0 of 3 recipients.' in english


async def test_an_announcement_and_a_row_without_its_figures_show_the_stored_text(
        client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    stored = [  # a payment notification as made before its amount was kept; an operator's news
        (NotificationKind.PAYMENT, "Payment received", "Your payment of 3,500 TZS was received.",
         {"order_id": "o-1", "status": "confirmed", "credit_amount": 100}),
        (NotificationKind.ANNOUNCEMENT, "Announcement", "Maintenance tonight 22:00-23:00", {}),
    ]
    async with container.uow() as uow:
        await uow.notifications.add_many(Notification(
            id=container.ids().new_id(), account_id=account_id, kind=kind, title=title, message=message,
            created_at=START, data=data) for kind, title, message, data in stored)
        await uow.commit()
    await sign_in(client, "duka@example.com")
    for language in ("sw", "en"):
        page = await read_as(client, language)
        assert "Your payment of 3,500 TZS was received." in page
        assert "Maintenance tonight 22:00-23:00" in page


def campaign_note(**data: object) -> Notification:
    failed = data.get("status") == "failed"
    return Notification(id="n", account_id="a", kind=NotificationKind.CAMPAIGN,
                        title="Campaign failed" if failed else "Campaign completed", message="stored",
                        created_at=START, data={"name": "Ofa", "sent_count": 0, "total_contacts": 1, **data})


@pytest.mark.parametrize(("data", "language", "says"), [
    ({"status": "failed", "failure_reason": "insufficient_credits"}, "en",
     'Campaign "Ofa" stopped after 0 of 1 recipient: the balance did not cover it.'),
    ({"status": "failed", "failure_reason": "insufficient_credits", "total_contacts": 2_000}, "sw",
     'Kampeni "Ofa" ilisimama baada ya kutumwa kwa wapokeaji 0 kati ya 2,000: salio halikutosha.'),
    ({"status": "failed", "failure_reason": "gateway_down"}, "sw",
     'Kampeni "Ofa" ilisimama (gateway_down) baada ya kutumwa kwa mpokeaji 0 kati ya 1.'),
    ({"status": "completed", "sent_count": 1}, "en", 'Campaign "Ofa" was sent to 1 of 1 recipient.'),
    ({"status": "failed", "failure_reason": None}, "en", "stored"),  # nothing to say why: as stored
    ({"status": "completed", "sent_count": None}, "sw", "stored"),
])
def test_a_campaigns_reason_is_told_when_known_and_shown_as_it_is_otherwise(
        data: dict[str, object], language: str, says: str) -> None:
    assert notification_text(campaign_note(**data), language) == says
