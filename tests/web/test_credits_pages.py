"""Buying credits on the dashboard, in Swahili and English: the packages and the voucher
calculator, verifying the phone that pays (the code read off the gateway simulator), an order paid
by USSD push or on the checkout page and followed to its end (the mobile-money simulator answers
when the job queue is drained), the orders page by page; each refusal in the reader's language
with the API's status, and CSRF."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from adapters.memory.system import FrozenClock
from application.credits.balance import Grant
from application.payments.orders import VoucherOrderRequest
from application.sending.sends import SmsRequest
from entrypoints.container import Container
from entrypoints.web.i18n import moment
from entrypoints.web.protection import CONTENT_SECURITY_POLICY
from jobs_support import drain
from web_support import LANGUAGE_COOKIE, Client, csrf_of, inline_code, make_account, post_form, sign_in

PAYER = "+255754000111"
SECOND_PAYER = "+255754000112"
DECLINES = "+255799000003"  # the mobile-money simulator's payer who says no
EMAIL = "duka@example.com"
HTMX = {"HX-Request": "true"}


@pytest.fixture()
async def account(client: Client, container: Container) -> str:
    account_id = await make_account(container, EMAIL)
    await sign_in(client, EMAIL)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    return account_id


async def code_sent_to(container: Container, phone: str) -> str:
    """The code in the newest SMS the gateway simulator received for `phone`."""
    found = re.search(r"\b(\d{6})\b", (await container.simulator().received(to=phone))[0].text)
    assert found
    return found.group(1)


async def verify(client: Client, container: Container, phone: str, next_page: str = "/credits") -> None:
    sent = await post_form(client, "/verify-phone/send", {"phone": phone, "next": next_page}, token_from="/credits")
    assert sent.status_code == 303, sent.text
    done = await post_form(client, "/verify-phone", {"phone": phone, "otp": await code_sent_to(container, phone),
                                                     "next": next_page}, token_from="/credits")
    assert done.status_code == 303 and done.headers["location"] == next_page, done.text


async def settle(container: Container, clock: FrozenClock) -> None:
    """Run what the job queue holds: the simulated payer's answer is applied. The clock moves past
    the half minute a delivery report of the code's SMS is retried for first: that SMS is the
    platform's, with no message of an account to match, so on a frozen clock it would be retried
    for ever."""
    clock.advance(31)
    await drain(container)


async def buy(client: Client, **form: str) -> str:
    """The order's page the purchase goes on to."""
    placed = await post_form(client, "/credits/buy", form, token_from="/credits")
    assert placed.status_code == 303, placed.text
    assert re.fullmatch(r"/credits/orders/[0-9a-f-]{36}", placed.headers["location"])
    return str(placed.headers["location"])


@pytest.mark.parametrize(("path", "swahili", "english"), [
    ("/credits", "Kiasi chochote", "Any amount"),
    ("/credits/buy?package=1", "Kifurushi cha Starter", "The Starter package"),
    ("/credits/buy?amount=5000", "Bei ya krediti moja", "Price of a credit"),
    ("/verify-phone", "Tuma msimbo", "Send the code"),
    ("/verify-phone?sent_to=%2B255754000111", "Tumetuma msimbo kwa +255754000111", "We sent a code to +255754000111"),
])
async def test_each_page_is_in_both_languages(client: Client, account: str, path: str, swahili: str,
                                              english: str) -> None:
    for language, says, not_said in (("sw", swahili, english), ("en", english, swahili)):
        client.cookies.set(LANGUAGE_COOKIE, language)
        answer = await client.get(path)
        assert answer.status_code == 200, answer.text
        assert f'<html lang="{language}">' in answer.text
        assert says in answer.text and not_said not in answer.text
        assert inline_code(answer.text) == [] and answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


async def test_the_packages_and_the_rate_card_are_the_reference_data(client: Client, container: Container,
                                                                      account: str) -> None:
    listed = (await client.get("/v1/packages")).json()["data"]
    card = (await client.get("/v1/vouchers/rate")).json()["data"]
    page = (await client.get("/credits")).text
    for package in listed:
        assert package["name"] in page and f'href="/credits/buy?package={package["id"]}"' in page
    assert f"TSh {card['min_amount_tzs']:,} – TSh {card['tiers'][0]['max_amount_tzs']:,}" in page
    assert "and more" in page  # the last tier has no upper bound
    # No phone verified yet: the way to verify one, and no way to pay.
    assert 'href="/verify-phone"' in page and "Verify a phone number" in page
    buying = (await client.get("/credits/buy?package=1")).text
    assert 'action="/credits/buy"' not in buying and "/verify-phone?next=/credits/buy%3Fpackage%3D1" in buying


@pytest.mark.parametrize(("language", "typed", "says"), [
    ("en", "5,000", ["142 credits", "for TSh 5,000, at TSh 35 a credit.", "TSh 30 of it buys no whole credit."]),
    ("sw", "5000", ["krediti 142", "kwa TSh 5,000, TSh 35 kwa krediti moja."]),
    ("en", "10 000", ["333 credits", "at TSh 30 a credit", "TSh 10 of it"]),  # the next tier: cheaper credits
    ("en", "999", ["from the smallest top-up up to 100 million"]),
    ("sw", "elfu tano", ["kuanzia kiwango cha chini kabisa"]),
])
async def test_the_calculator_says_what_an_amount_buys_as_it_is_typed(client: Client, account: str, language: str,
                                                                      typed: str, says: list[str]) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    answer = await client.get("/credits/quote", params={"amount": typed}, headers=HTMX)
    assert answer.status_code == 200  # an answer htmx swaps in, a refused amount's too
    assert "<html" not in answer.text  # the part only
    assert all(text in answer.text for text in says), answer.text
    assert (await client.get("/credits/quote", params={"amount": " "}, headers=HTMX)).text.strip() == ""


async def test_the_calculators_figure_is_what_the_order_buys(client: Client, container: Container,
                                                            account: str) -> None:
    await verify(client, container, PAYER)
    buying = await client.get("/credits/buy?amount=5,000")
    assert "142 credits" in buying.text and "TSh 5,000" in buying.text and 'name="amount" value="5000"' in buying.text
    order = await buy(client, amount="5000", provider="mobilemoney", phone=PAYER)
    placed = await container.get_payment_order()(account, order.rsplit("/", 1)[1])
    assert (placed.amount, placed.credit_amount, placed.leftover_tzs) == (5_000, 142, 30)


async def test_an_amount_that_buys_nothing_goes_back_to_the_calculator_saying_why(client: Client,
                                                                                  account: str) -> None:
    for amount in ("500", "", "1.5"):
        answer = await client.get("/credits/buy", params={"amount": amount})
        assert answer.status_code == 400  # the API's status for the same refusal
        assert "from the smallest top-up up to 100 million" in answer.text and 'aria-invalid="true"' in answer.text
        assert f'name="amount" value="{amount}"' in answer.text


async def test_verify_a_phone_then_buy_a_package_by_ussd_push_and_follow_it_until_paid(
        client: Client, container: Container, clock: FrozenClock, account: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    came_from = "/credits/buy?package=1"
    sent = await post_form(client, "/verify-phone/send", {"phone": "0754 000 111", "next": came_from},
                           token_from="/verify-phone")
    assert sent.status_code == 303
    asked = urlsplit(sent.headers["location"])
    assert asked.path == "/verify-phone" and parse_qs(asked.query) == {"sent_to": [PAYER], "next": [came_from]}
    form = await client.get(sent.headers["location"])
    assert f"Tumetuma msimbo kwa {PAYER}" in form.text and 'autocomplete="one-time-code"' in form.text
    code = await code_sent_to(container, PAYER)
    wrong = "000000" if code != "000000" else "111111"
    refused = await client.post("/verify-phone", data={"csrf_token": csrf_of(form), "phone": PAYER, "otp": wrong,
                                                       "next": came_from})
    assert refused.status_code == 400 and "Msimbo si sahihi au muda wake umekwisha." in refused.text
    assert 'name="otp"' in refused.text  # the code's form again
    verified = await client.post("/verify-phone", data={"csrf_token": csrf_of(form), "phone": PAYER, "otp": code,
                                                        "next": came_from}, follow_redirects=False)
    assert verified.status_code == 303 and verified.headers["location"] == came_from

    buying = await client.get(came_from)
    assert f'value="{PAYER}" checked' in buying.text and "Lipa TSh 3,500" in buying.text
    order_page = await buy(client, package="1", provider="mobilemoney", phone=PAYER)
    waiting = await client.get(order_page)
    assert "Inasubiri malipo" in waiting.text and f"Tumetuma ombi la malipo kwa {PAYER}" in waiting.text
    assert "Weka PIN yako ya pesa kwa simu ili kulipa TSh 3,500" in waiting.text
    assert f'hx-get="{order_page}" hx-trigger="every 3s"' in waiting.text  # it asks again until the end

    await settle(container, clock)  # the simulated payer approves; the result is applied
    client.cookies.set(LANGUAGE_COOKIE, "en")
    paid = await client.get(order_page, headers=HTMX)
    assert "<html" not in paid.text and "hx-trigger" not in paid.text  # the part, and no more asking
    assert "Paid" in paid.text and "100 credits were added to your balance." in paid.text
    assert re.search(r'id="order-balance">100<', paid.text)
    history = (await client.get("/credits")).text
    assert f'href="{order_page}"' in history and "Paid" in history and re.search(r'id="balance">100<', history)


async def package_form(client: Client, phone: str) -> dict[str, str]:
    """The buy form of package 1 as shown, filled in to pay by USSD push from `phone`."""
    buying = await client.get("/credits/buy?package=1")
    form_key = re.search(r'name="form_key" value="([0-9a-f-]{36})"', buying.text)
    assert form_key
    return {"csrf_token": csrf_of(buying), "form_key": form_key.group(1), "package": "1", "provider": "mobilemoney",
            "phone": phone}


async def test_a_buy_form_posted_twice_places_one_order_and_prompts_once(client: Client, container: Container,
                                                                         account: str) -> None:
    await verify(client, container, PAYER)
    form = await package_form(client, PAYER)
    first, second = [await client.post("/credits/buy", data=form, follow_redirects=False) for _ in range(2)]
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]  # a double click: the same order
    assert (await container.list_payment_orders()(account)).total == 1
    assert len(await container.mobile_money_simulator().received(PAYER)) == 1  # one prompt
    await verify(client, container, SECOND_PAYER)  # the same form, changed: another phone pays, a new order
    changed = await client.post("/credits/buy", data={**form, "csrf_token": csrf_of(await client.get("/credits")),
                                                      "phone": SECOND_PAYER}, follow_redirects=False)
    assert changed.status_code == 303 and changed.headers["location"] != first.headers["location"]
    assert (await container.list_payment_orders()(account)).total == 2
    assert len(await container.mobile_money_simulator().received(SECOND_PAYER)) == 1
    other = await make_account(container, "other@example.com")  # the same key, another account: its own order
    client.cookies.delete("ujumbe_session")
    await sign_in(client, "other@example.com")
    async with container.uow() as uow:
        await uow.payer_phones.add(other, PAYER, container.clock().now())
        await uow.commit()
    theirs = await post_form(client, "/credits/buy", {k: v for k, v in form.items() if k != "csrf_token"},
                             token_from="/credits")
    assert theirs.status_code == 303 and theirs.headers["location"] != first.headers["location"]


async def test_a_declined_payment_says_so_and_offers_to_try_again(client: Client, container: Container,
                                                                 clock: FrozenClock, account: str) -> None:
    await verify(client, container, DECLINES)
    order_page = await buy(client, package="1", provider="mobilemoney", phone=DECLINES)
    await settle(container, clock)
    failed = await client.get(order_page)
    assert "The payment did not go through" in failed.text and "Insufficient balance" in failed.text
    assert "hx-trigger" not in failed.text and 'href="/credits"' in failed.text


async def test_the_same_form_paid_again_after_a_declined_payment_is_a_new_order(
        client: Client, container: Container, clock: FrozenClock, account: str) -> None:
    await verify(client, container, DECLINES)
    form = await package_form(client, DECLINES)
    first = await client.post("/credits/buy", data=form, follow_redirects=False)
    await settle(container, clock)  # the payer says no
    again, twice = [await client.post("/credits/buy", data=form, follow_redirects=False)  # back, Pay, a double click
                    for _ in range(2)]
    assert first.status_code == again.status_code == twice.status_code == 303
    assert again.headers["location"] != first.headers["location"]
    assert twice.headers["location"] == again.headers["location"]  # the second attempt, once
    assert (await container.list_payment_orders()(account)).total == 2
    assert len(await container.mobile_money_simulator().received(DECLINES)) == 2  # prompted again, once
    await settle(container, clock)  # declined again: the next post is a third attempt
    third = await client.post("/credits/buy", data=form, follow_redirects=False)
    assert third.headers["location"] not in (first.headers["location"], again.headers["location"])
    assert (await container.list_payment_orders()(account)).total == 3


async def test_a_voucher_on_the_checkout_page_links_to_the_providers_page(client: Client, container: Container,
                                                                         account: str) -> None:
    await verify(client, container, PAYER)
    buying = await client.get("/credits/buy?amount=10000")
    assert 'value="mobilemoney-session"' in buying.text  # a voucher may be paid on a page; a package may not
    assert 'value="mobilemoney-session"' not in (await client.get("/credits/buy?package=1")).text
    order_page = await buy(client, amount="10000", provider="mobilemoney-session", phone=PAYER)
    placed = await container.get_payment_order()(account, order_page.rsplit("/", 1)[1])
    assert placed.checkout_url and placed.reference in placed.checkout_url
    shown = await client.get(order_page)
    assert f'href="{placed.checkout_url}"' in shown.text and "Open the payment page" in shown.text


@pytest.mark.parametrize(("language", "message"), [
    ("en", "Verify the phone number first."), ("sw", "Thibitisha namba ya simu kwanza.")])
async def test_an_unverified_payer_is_refused_as_the_api_refuses_it(client: Client, container: Container,
                                                                    account: str, language: str,
                                                                    message: str) -> None:
    await verify(client, container, PAYER)
    client.cookies.set(LANGUAGE_COOKIE, language)
    refused = await post_form(client, "/credits/buy", {"package": "1", "provider": "mobilemoney",
                                                       "phone": "0765000222"}, token_from="/credits")
    assert refused.status_code == 409 and message in refused.text  # phone_not_verified, as the API says
    assert "/verify-phone?phone=0765000222&amp;next=/credits/buy%3Fpackage%3D1" in refused.text
    assert (await container.list_payment_orders()(account)).total == 0  # nothing ordered, nobody prompted
    assert await container.mobile_money_simulator().received() == []


async def test_a_purchase_needs_an_offered_way_to_pay_and_a_package_on_sale(client: Client, container: Container,
                                                                           account: str) -> None:
    await verify(client, container, PAYER)
    for provider in ("", "manual", "mobilemoney-session"):  # the page does not offer these for a package
        refused = await post_form(client, "/credits/buy", {"package": "1", "provider": provider, "phone": PAYER},
                                  token_from="/credits")
        assert refused.status_code == 400 and "Choose how you want to pay." in refused.text
    for package in ("99", "abc"):
        missing = await post_form(client, "/credits/buy", {"package": package, "provider": "mobilemoney",
                                                           "phone": PAYER}, token_from="/credits")
        assert missing.status_code == 404 and "We could not find that page." in missing.text
    assert (await client.get("/credits/buy?package=99")).status_code == 404
    invalid = await post_form(client, "/credits/buy", {"amount": "5000", "provider": "mobilemoney", "phone": "12"},
                              token_from="/credits")
    assert invalid.status_code == 403 and "This is not a Tanzanian mobile number." in invalid.text
    assert (await container.list_payment_orders()(account)).total == 0


@pytest.mark.parametrize(("language", "invalid", "throttled"), [
    ("en", "This is not a Tanzanian mobile number.", "Too many codes asked for"),
    ("sw", "Hii si namba ya simu ya mkononi ya Tanzania.", "Umeomba misimbo mingi mno"),
])
async def test_asking_for_codes_is_refused_as_the_api_refuses_it(client: Client, container: Container, account: str,
                                                                 language: str, invalid: str, throttled: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    refused = await post_form(client, "/verify-phone/send", {"phone": "0123"}, token_from="/verify-phone")
    assert refused.status_code == 403 and invalid in refused.text and 'value="0123"' in refused.text
    assert (await post_form(client, "/verify-phone/send", {"phone": PAYER}, token_from="/verify-phone")
            ).status_code == 303
    again = await post_form(client, "/verify-phone/send", {"phone": PAYER, "again": "1"}, token_from="/verify-phone")
    assert again.status_code == 429 and throttled in again.text  # one code a minute per number (otp_throttled)
    assert 'name="otp"' in again.text  # the code sent a moment ago still works: its form stays
    short = await post_form(client, "/verify-phone", {"phone": PAYER, "otp": "12"}, token_from="/verify-phone")
    assert short.status_code == 400 and ("The code is 6 digits." if language == "en" else "Msimbo una tarakimu 6.") \
        in short.text


async def test_the_orders_are_listed_newest_first_a_page_at_a_time_in_east_africa_time(
        client: Client, container: Container, clock: FrozenClock, account: str) -> None:
    order_voucher = container.order_voucher()
    for n in range(12):
        clock.advance(60)
        await order_voucher(VoucherOrderRequest(account_id=account, amount=1_000 + n, provider="manual", phone=None))
    first = await client.get("/credits")
    assert first.text.count('href="/credits/orders/') == 10 and "Page 1 of 2" in first.text
    assert "TSh 1,011" in first.text and "TSh 1,001" not in first.text  # newest first
    assert 'href="/credits?page=2"' in first.text
    newest = (await container.list_payment_orders()(account, 1, 1)).orders[0]
    assert moment(newest.created_at, "en") in first.text and "EAT" in first.text
    second = await client.get("/credits?page=2")
    assert second.text.count('href="/credits/orders/') == 2 and "TSh 1,001" in second.text
    assert 'href="/credits?page=1"' in second.text
    manual = await client.get(f"/credits/orders/{newest.id}")
    assert "by bank transfer" in manual.text and "hx-trigger" not in manual.text  # an operator settles it
    assert (await client.get("/credits?page=0")).status_code == 400


async def test_an_order_id_that_names_no_order_is_the_not_found_page(client: Client, account: str) -> None:
    """(Another account's order: tests/web/test_tenants.py.)"""
    for path in ("/credits/orders/7c6b5a49-3827-4160-9e8d-7c6b5a493827", "/credits/orders/not-an-id",
                 "/credits/orders/7c6b5a49-3827-4160-9e8d-7c6b5a493827x"):
        answer = await client.get(path)
        assert answer.status_code == 404 and "We could not find that page." in answer.text, path


@pytest.mark.parametrize(("path", "form"), [
    ("/credits/buy", {"package": "1", "provider": "mobilemoney", "phone": PAYER}),
    ("/verify-phone/send", {"phone": PAYER}),
    ("/verify-phone", {"phone": PAYER, "otp": "123456"}),
])
async def test_a_form_without_its_csrf_token_is_refused(client: Client, container: Container, account: str,
                                                       path: str, form: dict[str, str]) -> None:
    refused = await client.post(path, data=form, follow_redirects=False)
    assert refused.status_code == 403 and "This form has expired" in refused.text
    assert await container.simulator().received(to=PAYER) == []
    assert (await container.list_payment_orders()(account)).total == 0


async def test_the_credit_history_is_every_change_to_the_balance_newest_first(
        client: Client, container: Container, clock: FrozenClock, account: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    empty = await client.get("/credits/history")
    assert empty.status_code == 200 and "Salio lako bado halijabadilika" in empty.text
    assert 'href="/credits/history"' in (await client.get("/credits")).text  # the credits page links to it
    await container.grant_credits()(Grant(account_id=account, credits=100, description="Karibu"))
    clock.advance(minutes=1)
    sent = await container.send_sms()(SmsRequest(account_id=account, to="0712345678", message="Habari"))
    other = await make_account(container, "jirani@example.com")
    await container.grant_credits()(Grant(account_id=other, credits=7, description="Ya jirani"))

    page = await client.get("/credits/history")
    assert page.status_code == 200 and inline_code(page.text) == []
    rows = re.findall(r'<tr id="entry-[0-9a-f-]+">(.*?)</tr>', page.text, re.S)
    cells = [[re.sub(r"<[^>]+>|\s+", " ", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
             for row in rows]
    assert [cell[1:] for cell in cells] == [
        ["Zimetumika kwa SMS", str(-sent.credits_used), str(100 - sent.credits_used), "SMS kwa +255712345678"],
        ["Zimetolewa na ujumbe", "+100", "100", "Karibu"],
    ]
    assert "Ya jirani" not in page.text and re.search(r'id="balance">99<', page.text)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    english = (await client.get("/credits/history")).text
    assert "Spent on SMS" in english and "SMS to +255712345678" in english


async def test_the_credit_history_comes_a_page_at_a_time(client: Client, container: Container,
                                                         account: str) -> None:
    for n in range(51):
        await container.grant_credits()(Grant(account_id=account, credits=1, description=f"Zawadi {n}"))
    first = (await client.get("/credits/history")).text
    assert first.count('<tr id="entry-') == 50 and "Zawadi 50" in first and "Zawadi 0<" not in first
    assert 'href="/credits/history?page=2"' in first
    second = (await client.get("/credits/history?page=2")).text
    assert second.count('<tr id="entry-') == 1 and "Zawadi 0<" in second
