"""Sending from the dashboard (/send): to one number, to several, to a contact list now or later,
under a sender ID; the live quote (the API's, with its offer of plainer characters); the refusals
in the reader's language with the API's status; one form posted twice sending once; and the home
page's sending figures."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import httpx
import pytest

from application.contacts.contacts import ContactDetails
from application.credits.balance import Grant
from application.sending.message_logs import MessageLogQuery
from domain.ledger import EntryType
from entrypoints.container import Container
from jobs_support import drain
from web_support import LANGUAGE_COOKIE, Client, csrf_of, inline_code, make_account, post_form, sign_in

EMAIL = "duka@example.com"


@pytest.fixture()
async def account(client: Client, container: Container) -> str:
    """A signed-in account with 100 credits, reading Swahili."""
    account_id = await make_account(container, EMAIL)
    await container.grant_credits()(Grant(account_id=account_id, credits=100))
    await sign_in(client, EMAIL)
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    return account_id


async def send(client: Client, **fields: str) -> httpx.Response:
    return await post_form(client, "/send", fields, token_from="/send")


async def htmx(client: Client, path: str, fields: dict[str, str]) -> httpx.Response:
    """A POST as htmx makes it: the CSRF token in its header, the form's fields in the body."""
    token = csrf_of(await client.get("/send"))
    return await client.post(path, data=fields, headers={"HX-Request": "true", "X-CSRF-Token": token})


async def contact_list(container: Container, account_id: str, name: str, *phones: str) -> str:
    made = await container.create_contact_list()(account_id, name)
    for phone in phones:
        await container.add_contact()(account_id, made.id, ContactDetails(phone=phone, first_name="Asha"))
    return made.id


def _query(account_id: str) -> MessageLogQuery:
    return MessageLogQuery(account_id=account_id)


async def balance(container: Container, account_id: str) -> int:
    return (await container.get_balance()(account_id)).balance


@pytest.mark.parametrize(("path", "swahili", "english"), [
    ("/send", "Tuma ujumbe", "Send message"),
    ("/", "SMS zako", "Your SMS"),
])
async def test_the_pages_speak_both_languages(client: Client, account: str, path: str, swahili: str,
                                              english: str) -> None:
    for language, says, not_said in (("sw", swahili, english), ("en", english, swahili)):
        client.cookies.set(LANGUAGE_COOKIE, language)
        page = await client.get(path)
        assert page.status_code == 200 and f'<html lang="{language}">' in page.text
        assert says in page.text and not_said not in page.text
        assert inline_code(page.text) == []  # the policy would block it


async def test_the_form_offers_the_accounts_sender_ids_and_lists_and_says_the_fallback(
        client: Client, container: Container, account: str) -> None:
    await container.add_sender_id()(account, "DUKA")
    await contact_list(container, account, "Wateja wa Mwanza", "0712345678")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    page = (await client.get("/send")).text
    assert '<option value="DUKA">DUKA</option>' in page and "UJUMBE (the default)" in page
    assert "any other would go out as UJUMBE" in page
    assert "Wateja wa Mwanza (1 contact)" in page and "Default (0 contacts)" in page
    assert "Your balance: 100 credits" in page


async def test_one_number_is_a_single_send_with_its_result(client: Client, container: Container,
                                                           account: str) -> None:
    await container.add_sender_id()(account, "DUKA")
    answer = await send(client, target="numbers", to=" 0712 345 678 ", message="Habari\r\nya leo", **{"from": "DUKA"})
    assert answer.status_code == 200 and "Ujumbe umetumwa" in answer.text
    message_id = re.search(r'id="result-id">([^<]+)<', answer.text).group(1)  # type: ignore[union-attr]
    assert "+255712345678" in answer.text and 'id="result-status">Imetumwa' in answer.text
    assert 'id="result-credits">1<' in answer.text and "DUKA" in answer.text
    logged = (await container.list_message_logs()(_query(account))).messages
    assert [(m.message_id, m.to, m.sender, m.message) for m in logged] == [
        (message_id, "+255712345678", "DUKA", "Habari\nya leo")]  # a line break is one character
    assert await balance(container, account) == 99


async def test_a_sender_not_registered_goes_out_as_the_default_and_says_so(client: Client, container: Container,
                                                                          account: str) -> None:
    answer = await send(client, target="numbers", to="0712345678", message="Habari", **{"from": "WENGINE"})
    assert answer.status_code == 200 and "UJUMBE" in answer.text
    assert "WENGINE halijasajiliwa kwa akaunti yako" in answer.text


async def test_several_numbers_are_one_bulk_send_each_with_its_fate(client: Client, container: Container,
                                                                    account: str) -> None:
    answer = await send(client, target="numbers", to="0712345678, 0754000111\n0799000001;\n0799\n0712345678",
                        message="Ofa ya leo")
    assert answer.status_code == 200 and "Jumbe zimetumwa" in answer.text and inline_code(answer.text) == []
    assert "Kati ya 4: 2 zimetumwa, 2 hazikutumwa, 0 zinasubiri mtandao." in answer.text
    assert 'id="result-credits">2<' in answer.text  # the rejected one was refunded, the invalid one never paid
    assert "Mtandao umeukataa." in answer.text  # +255799000001: the simulator's gateway rejects it
    assert "Hii si namba ya simu ya mkononi ya Tanzania." in answer.text
    assert await balance(container, account) == 98


async def test_a_failed_single_send_says_its_credits_came_back(client: Client, container: Container,
                                                               account: str) -> None:
    answer = await send(client, target="numbers", to="0799000001", message="Habari")
    assert answer.status_code == 200 and "Ujumbe haukutumwa" in answer.text
    assert "Hakuna: zimerudishwa kwenye salio lako." in answer.text
    assert await balance(container, account) == 100


@pytest.mark.parametrize(("fields", "status", "says", "field"), [
    ({"to": "0612", "message": "Habari"}, 403, "Hii si namba ya simu ya mkononi ya Tanzania.", "to"),
    ({"to": "", "message": "Habari"}, 400, "Andika namba moja ya simu, au hadi namba 1,000.", "to"),
    ({"to": "0712345678", "message": "   "}, 400, "Andika ujumbe wa hadi herufi 1,600", "message"),
    ({"to": "0712345678", "message": "x" * 1601}, 400, "Andika ujumbe wa hadi herufi 1,600", "message"),
    ({"to": "0712345678", "message": "Habari", "from": "DUKA LA MAMA"}, 400,
     "Jina la mtumaji lina herufi au tarakimu 1 hadi 11.", "from"),
    ({"target": "list", "contact_list_id": "", "message": "Habari"}, 400, "Chagua moja ya orodha zako za anwani.",
     "contact_list_id"),
])
async def test_a_refused_send_shows_the_form_again_with_the_reason(client: Client, container: Container, account: str,
                                                                    fields: dict[str, str], status: int, says: str,
                                                                    field: str) -> None:
    answer = await send(client, **{"target": "numbers", **fields})
    assert answer.status_code == status and says in answer.text
    assert re.search(rf'id="{field}"[^>]*aria-invalid="true"', answer.text), answer.text
    assert (await container.list_message_logs()(_query(account))).total == 0
    assert await balance(container, account) == 100


async def test_too_few_credits_is_refused_with_402_and_nothing_sent(client: Client, container: Container) -> None:
    await make_account(container, "maskini@example.com")
    await sign_in(client, "maskini@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    for to in ("0712345678", "0712345678, 0754000111"):
        answer = await send(client, target="numbers", to=to, message="Habari")
        assert answer.status_code == 402 and "Your balance is too low: buy credits and try again." in answer.text
        assert f">\n{to}</textarea>" in answer.text and ">\nHabari</textarea>" in answer.text  # kept as typed


async def test_a_contact_list_is_a_campaign_now_or_at_an_east_africa_time(client: Client, container: Container,
                                                                          account: str) -> None:
    list_id = await contact_list(container, account, "Wateja", "0712345678", "0754000111")
    now = await send(client, target="list", contact_list_id=list_id, message="Karibu {first_name}", when="now")
    assert now.status_code == 201 and "Kampeni imeanza" in now.text
    assert "Wateja · 5 Januari 2026, 12:00 EAT" in now.text  # named after the list and the time
    later = await send(client, target="list", contact_list_id=list_id, message="Kesho", when="later",
                       scheduled_at="2026-01-06T08:30", name="Ofa ya kesho", to="0712345678")
    assert later.status_code == 201 and "Kampeni imepangwa" in later.text and "Ofa ya kesho" in later.text
    assert 'id="result-scheduled">6 Januari 2026, 08:30 EAT' in later.text
    campaigns = (await container.list_campaigns()(account)).campaigns
    assert [(c.name, c.status, c.scheduled_at) for c in campaigns] == [
        ("Ofa ya kesho", "scheduled", datetime(2026, 1, 6, 5, 30, tzinfo=UTC)),
        ("Wateja · 5 Januari 2026, 12:00 EAT", "running", None)]
    # the numbers typed were not sent to: the list was chosen
    assert (await container.list_message_logs()(_query(account))).total == 2


async def test_a_list_send_without_its_time_or_credits_is_refused(client: Client, container: Container,
                                                                  account: str) -> None:
    list_id = await contact_list(container, account, "Wateja", "0712345678")
    no_time = await send(client, target="list", contact_list_id=list_id, message="Habari", when="later")
    assert no_time.status_code == 400 and "Chagua tarehe na saa ya kuituma." in no_time.text
    await contact_list(container, account, "Kubwa", *[f"07130{n:05d}" for n in range(101)])
    big = next(x.id for x in (await container.list_contact_lists()(account)).lists if x.name == "Kubwa")
    too_many = await send(client, target="list", contact_list_id=big, message="Habari")
    assert too_many.status_code == 402 and "Salio lako halitoshi" in too_many.text
    assert (await container.list_campaigns()(account)).total == 0


async def test_the_quote_follows_the_text_as_it_is_typed(client: Client, account: str) -> None:
    short = await htmx(client, "/send/quote", {"message": "Habari"})
    assert short.status_code == 200 and short.text.startswith('<div id="quote"')
    figures = dict(re.findall(r'id="quote-(\w+)">([^<]+)<', short.text))
    assert figures == {"characters": "6", "encoding": "GSM-7", "parts": "1", "credits": "1"}
    long = await htmx(client, "/send/quote", {"message": "Karibu sana 😀 " * 10})
    figures = dict(re.findall(r'id="quote-(\w+)">([^<]+)<', long.text))
    assert figures == {"characters": "140", "encoding": "UCS-2", "parts": "3", "credits": "3"}
    assert "<code>😀</code>" in long.text
    empty = await htmx(client, "/send/quote", {"message": ""})
    assert "Andika ujumbe wako uone urefu na bei yake." in empty.text
    refused = await htmx(client, "/send/quote", {"message": "x" * 1601})
    assert refused.status_code == 200 and "Andika ujumbe wa hadi herufi 1,600" in refused.text


async def test_plainer_characters_are_offered_and_used_only_when_chosen(client: Client, account: str) -> None:
    typed = "Bei \u201cnafuu\u201d leo\u2026 karibu!"
    quote = await htmx(client, "/send/quote", {"message": typed})
    assert dict(re.findall(r'id="quote-(\w+)">([^<]+)<', quote.text))["encoding"] == "UCS-2"
    assert "Kwa herufi za kawaida ungekuwa GSM-7, kwa krediti 1 kwa kila mpokeaji." in quote.text
    assert "<code>\u201c</code> → <code>&#34;</code>" in quote.text
    plain = await htmx(client, "/send/plain", {"message": typed, "to": "0712345678"})
    assert plain.text.startswith('<div id="compose">') and inline_code(quote.text + plain.text) == []
    assert '>\nBei &#34;nafuu&#34; leo... karibu!</textarea>' in plain.text
    assert 'id="quote-encoding">GSM-7<' in plain.text and 'id="plain-offer"' not in plain.text
    # without htmx, the whole form comes back with the text replaced and the rest as typed
    whole = await post_form(client, "/send/plain", {"message": typed, "to": "0712345678"}, token_from="/send")
    assert whole.status_code == 200 and ">\n0712345678</textarea>" in whole.text
    assert '>\nBei &#34;nafuu&#34; leo... karibu!</textarea>' in whole.text


async def filled_in(client: Client) -> dict[str, str]:
    """The hidden fields of a send form as shown: its CSRF token and its key."""
    shown = await client.get("/send")
    key = re.search(r'name="send_key" value="([0-9a-f-]{36})"', shown.text)
    assert key, shown.text
    return {"csrf_token": csrf_of(shown), "send_key": key.group(1)}


def result_id(answer: httpx.Response) -> str:
    found = re.search(r'id="result-id">([^<]+)<', answer.text)
    assert found, answer.text
    return found.group(1)


async def deductions(container: Container, account_id: str) -> int:
    history = await container.credit_history()(account_id)
    return sum(1 for entry in history.transactions if entry.type is EntryType.DEDUCT)


async def test_each_form_shown_carries_a_key_of_its_own(client: Client, account: str) -> None:
    assert (await filled_in(client))["send_key"] != (await filled_in(client))["send_key"]


async def test_the_same_form_posted_twice_sends_once_and_shows_the_first_send_again(
        client: Client, container: Container, account: str) -> None:
    # A double click, a reload, the back button and Send again: the same form posted again. (The
    # test client serves one request at a time; tests/http race the use cases under one id.)
    form = {**await filled_in(client), "target": "numbers", "to": "0712345678", "message": "Habari\r\nya leo"}
    first = await client.post("/send", data=form)
    again = await client.post("/send", data=form)
    assert first.status_code == again.status_code == 200 and "Ujumbe umetumwa" in again.text
    assert result_id(again) == result_id(first)
    assert (await container.list_message_logs()(_query(account))).total == 1
    assert await balance(container, account) == 99 and await deductions(container, account) == 1


async def test_a_form_changed_under_the_same_key_is_another_send(client: Client, container: Container,
                                                                account: str) -> None:
    form = {**await filled_in(client), "target": "numbers", "to": "0712345678", "message": "Habari"}
    first = await client.post("/send", data=form)
    changed = await client.post("/send", data={**form, "message": "Habari za jioni"})
    other_number = await client.post("/send", data={**form, "to": "0754000111"})
    assert len({result_id(first), result_id(changed), result_id(other_number)}) == 3
    logged = (await container.list_message_logs()(_query(account))).messages
    assert sorted((m.to, m.message) for m in logged) == [
        ("+255712345678", "Habari"), ("+255712345678", "Habari za jioni"), ("+255754000111", "Habari")]
    assert await balance(container, account) == 97 and await deductions(container, account) == 3


async def test_several_numbers_posted_twice_are_one_batch(client: Client, container: Container, account: str) -> None:
    form = {**await filled_in(client), "target": "numbers", "to": "0712345678, 0754000111, 0799", "message": "Ofa"}
    first = await client.post("/send", data=form)
    again = await client.post("/send", data=form)
    ids = re.compile(r"<td><code>([0-9a-f-]{36})</code></td>")
    assert first.status_code == again.status_code == 200 and "Kati ya 3: 2 zimetumwa, 1 hazikutumwa" in again.text
    assert len(ids.findall(first.text)) == 2 and ids.findall(again.text) == ids.findall(first.text)
    assert (await container.list_message_logs()(_query(account))).total == 2
    assert await balance(container, account) == 98 and await deductions(container, account) == 1


async def test_a_list_posted_twice_is_one_campaign(client: Client, container: Container, account: str) -> None:
    list_id = await contact_list(container, account, "Wateja", "0712345678", "0754000111")
    form = {**await filled_in(client), "target": "list", "contact_list_id": list_id, "message": "Karibu", "when": "now"}
    first = await client.post("/send", data=form)
    again = await client.post("/send", data=form)
    assert first.status_code == again.status_code == 201 and "Kampeni imeanza" in again.text
    assert result_id(again) == result_id(first)
    campaigns = (await container.list_campaigns()(account)).campaigns
    assert [(c.id, c.total_contacts) for c in campaigns] == [(result_id(first), 2)]
    assert (await container.list_message_logs()(_query(account))).total == 2


async def test_a_refused_form_keeps_its_key_so_its_corrected_send_is_still_one(
        client: Client, container: Container, account: str) -> None:
    form = {**await filled_in(client), "target": "numbers", "to": "0712345678", "message": ""}
    refused = await client.post("/send", data=form)
    assert refused.status_code == 400 and f'name="send_key" value="{form["send_key"]}"' in refused.text
    corrected = {**form, "message": "Habari"}
    assert result_id(await client.post("/send", data=corrected)) == result_id(await client.post("/send", data=corrected))
    assert await balance(container, account) == 99


@pytest.mark.parametrize("key", [None, "", "si-ufunguo"])
async def test_a_form_without_a_good_key_still_sends_each_time_it_is_posted(
        client: Client, container: Container, account: str, key: str | None) -> None:
    form = {"csrf_token": csrf_of(await client.get("/send")), "target": "numbers", "to": "0712345678",
            "message": "Habari", **({} if key is None else {"send_key": key})}
    answers = [await client.post("/send", data=form) for _ in range(2)]  # an old page knows no key
    assert [a.status_code for a in answers] == [200, 200] and "Ujumbe umetumwa" in answers[0].text
    assert (await container.list_message_logs()(_query(account))).total == 2
    assert await balance(container, account) == 98


async def test_sending_and_quoting_need_the_forms_token(client: Client, account: str) -> None:
    for path in ("/send", "/send/quote", "/send/plain"):
        answer = await client.post(path, data={"to": "0712345678", "message": "Habari"})
        assert answer.status_code == 403 and "Fomu hii imepitwa na muda" in answer.text, path


async def test_home_shows_todays_and_this_months_sends_and_the_delivery_rate(
        client: Client, container: Container, account: str, clock) -> None:  # type: ignore[no-untyped-def]
    client.cookies.set(LANGUAGE_COOKIE, "en")
    empty = (await client.get("/")).text
    assert 'id="sent-today">0<' in empty and 'id="delivery-rate">–<' in empty
    assert "No campaigns yet" in empty and "No unread notifications" in empty
    clock.set(datetime(2026, 1, 4, 20, 0, tzinfo=UTC))  # 23:00 on 4 January, East Africa Time
    await send(client, target="numbers", to="0712345678, 0799000002", message="Jana")
    clock.set(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    await send(client, target="numbers", to="0712345678", message="Leo")
    await drain(container)  # the simulator's delivery reports: +255799000002 is undeliverable
    page = (await client.get("/")).text
    assert 'id="sent-today">1<' in page and 'id="sent-month">3<' in page
    assert 'id="delivery-rate">67%<' in page


async def test_home_warns_of_a_low_balance_at_the_accounts_threshold(client: Client, container: Container,
                                                                     account: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "en")
    assert 'id="low-balance"' not in (await client.get("/")).text  # 100 credits: at the threshold
    await send(client, target="numbers", to="0712345678", message="Habari")
    low = (await client.get("/")).text
    assert 'id="low-balance"' in low and "It is below 100 credits" in low and 'href="/credits"' in low
    await container.set_low_balance_threshold()(account, 50)
    assert 'id="low-balance"' not in (await client.get("/")).text


async def test_home_lists_the_latest_five_campaigns_and_the_unread_notifications(
        client: Client, container: Container, account: str, clock) -> None:  # type: ignore[no-untyped-def]
    list_id = await contact_list(container, account, "Wateja", "0712345678")
    for n in range(6):
        await send(client, target="list", contact_list_id=list_id, message="Habari", when="later",
                   scheduled_at="2026-02-01T08:00", name=f"Kampeni {n}")
        clock.advance(minutes=1)
    await container.announce()("Karibu ujumbe")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    page = (await client.get("/")).text
    shown = re.findall(r'<a href="/campaigns/[0-9a-f-]+">([^<]+)</a>', page)
    assert shown == [f"Kampeni {n}" for n in (5, 4, 3, 2, 1)]
    assert "Scheduled" in page
    assert '<a href="/notifications">1 unread notification</a>' in page


async def test_a_compose_template_takes_the_messages_place_keeping_the_rest_of_the_form(
        client: Client, container: Container, account: str) -> None:
    offered = await client.get("/send")
    templates = await container.list_templates()()
    assert templates and all(f'name="template" value="{t.id}" formaction="/send/template"' in offered.text
                             for t in templates)
    list_id = await contact_list(container, account, "Wateja", "+255712000001")
    filled = {"target": "list", "contact_list_id": list_id, "name": "Malipo", "message": "Habari"}

    chosen = await post_form(client, "/send/template", {**filled, "template": "payment-received"}, token_from="/send")

    assert chosen.status_code == 200
    typed = re.search(r'<textarea id="message"[^>]*>\n?(.*?)</textarea>', chosen.text, re.S)
    assert typed is not None and typed.group(1) == ("Dear {first_name} {last_name}, we have received your payment"
                                                     " of TZS {amount}. Thank you for choosing Duka.")
    assert 'id="target-list" checked' in chosen.text.replace("\n      ", " ")
    assert f'<option value="{list_id}" selected>' in chosen.text and 'value="Malipo"' in chosen.text
    # What no send would fill in is named: to a list, {amount} alone; to numbers, the names too.
    assert re.findall(r"<code>(\{\w+\})</code>", _to_fill(chosen.text)) == ["{amount}"]
    to_numbers = await htmx(client, "/send/quote", {"message": typed.group(1), "target": "numbers"})
    assert re.findall(r"<code>(\{\w+\})</code>", _to_fill(to_numbers.text)) == ["{first_name}", "{last_name}",
                                                                               "{amount}"]
    plain = await htmx(client, "/send/quote", {"message": "Habari {first_name}", "target": "list"})
    assert 'id="to-fill"' not in plain.text
    unknown = await post_form(client, "/send/template", {**filled, "template": "no-such"}, token_from="/send")
    assert unknown.status_code == 200 and re.search(r'<textarea id="message"[^>]*>\n?Habari</textarea>', unknown.text)


def _to_fill(page: str) -> str:
    return page.split('id="to-fill"', 1)[1].split("</p>", 1)[0]


async def test_an_account_without_a_business_name_keeps_its_placeholder_named(
        client: Client, container: Container, account: str) -> None:
    await container.update_profile()(account, "")

    chosen = await post_form(client, "/send/template", {"template": "otp-code"}, token_from="/send")

    assert "Your {business_name} verification code is {code}." in chosen.text
    assert re.findall(r"<code>(\{\w+\})</code>", _to_fill(chosen.text)) == ["{business_name}", "{code}",
                                                                            "{minutes}"]


async def test_the_campaign_builder_starts_from_a_template_keeping_what_was_filled_in(
        client: Client, container: Container, account: str) -> None:
    list_id = await contact_list(container, account, "Wateja", "+255712000001")
    builder = await client.get("/campaigns/new", params={"contact_list_id": list_id})
    assert 'name="template" value="weekend-offer" formaction="/campaigns/new"' in builder.text

    chosen = await post_form(client, "/campaigns/new", {"name": "Ofa", "contact_list_id": list_id,
                                                         "template": "weekend-offer"}, token_from="/campaigns/new")

    assert ("Hi {first_name}! Get {discount}% off everything at Duka this weekend. Reply STOP to opt out."
            "</textarea>") in chosen.text
    assert f'<option value="{list_id}" selected' in chosen.text and 'value="Ofa"' in chosen.text
    assert re.findall(r"<code>(\{\w+\})</code>", _to_fill(chosen.text)) == ["{discount}"]
    preview = await post_form(client, "/campaigns/preview", {"name": "Ofa", "contact_list_id": list_id,
                                                             "message": "Hi {first_name}, {discount}% off",
                                                             "when": "now"}, token_from="/campaigns/new")
    assert re.findall(r"<code>(\{\w+\})</code>", _to_fill(preview.text)) == ["{discount}"]
