"""The message log (/messages): the account's sends newest first, filtered by status, number or
text and East Africa Time days, a page at a time; the table asking for itself again while a
message shown may still change; and the CSV file of what the filters keep."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime

import pytest

from application.credits.balance import Grant
from application.ports import InboundSms
from application.sending.sends import BulkRequest, SmsRequest
from entrypoints.container import Container
from jobs_support import drain
from web_support import LANGUAGE_COOKIE, Client, inline_code, make_account, sign_in

EMAIL = "duka@example.com"


@pytest.fixture()
async def account(client: Client, container: Container) -> str:
    account_id = await make_account(container, EMAIL)
    await container.grant_credits()(Grant(account_id=account_id, credits=1000))
    await sign_in(client, EMAIL)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    return account_id


async def sent(container: Container, account_id: str, to: str, message: str) -> str:
    return (await container.send_sms()(SmsRequest(account_id=account_id, to=to, message=message))).message_id


def shown(page: str) -> list[str]:
    """The message ids of the log's rows, in order."""
    return re.findall(r'<tr id="message-([0-9a-f-]+)">', page)


def polls(page: str) -> bool:
    return bool(re.search(r'<section id="log"[^>]*hx-trigger="every 3s"', page))


async def test_the_log_in_both_languages_and_when_there_is_nothing_yet(client: Client, account: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    empty = await client.get("/messages")
    assert empty.status_code == 200 and '<html lang="sw">' in empty.text
    assert "Bado hujatuma SMS yoyote." in empty.text and not polls(empty.text)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    assert "You have not sent any SMS yet." in (await client.get("/messages")).text


async def test_the_log_shows_each_send_newest_first_with_its_fate(client: Client, container: Container, clock,  # type: ignore[no-untyped-def]
                                                                  account: str) -> None:
    first = await sent(container, account, "0712345678", "Habari ya asubuhi")
    clock.advance(minutes=1)
    rejected = await sent(container, account, "0799000001", "Bei mpya")
    page = (await client.get("/messages")).text
    assert shown(page) == [rejected, first]
    row = page.split(f'id="message-{rejected}"')[1].split("</tr>")[0]
    assert "+255799000001" in row and "Failed" in row and "The network refused it." in row and "Bei mpya" in row
    assert "5 January 2026, 12:01 EAT" in row
    assert 'id="log-total">2 messages<' in page and inline_code(page) == []


async def test_the_table_asks_again_while_a_message_shown_may_change_and_stops_when_all_are_final(
        client: Client, container: Container, account: str) -> None:
    await sent(container, account, "0712345678", "Habari")  # sent: its delivery report is on its way
    waiting = await client.get("/messages?status=sent", headers={"HX-Request": "true"})
    assert waiting.text.startswith('<section id="log"') and polls(waiting.text)
    assert 'hx-get="/messages?status=sent&amp;page=1"' in waiting.text  # the same filters and page
    await drain(container)  # the simulator's delivery report
    settled = await client.get("/messages", headers={"HX-Request": "true"})
    assert "Delivered" in settled.text and not polls(settled.text)


async def test_an_old_message_without_a_report_does_not_keep_the_table_asking(
        client: Client, container: Container, account: str, clock) -> None:  # type: ignore[no-untyped-def]
    await sent(container, account, "0712345678", "Habari")
    clock.advance(hours=2)
    assert not polls((await client.get("/messages")).text)


async def test_filters_by_status_number_text_and_east_africa_days(client: Client, container: Container, clock,  # type: ignore[no-untyped-def]
                                                                  account: str) -> None:
    clock.set(datetime(2026, 1, 4, 20, 30, tzinfo=UTC))  # 23:30 on 4 January, East Africa Time
    late = await sent(container, account, "0712345678", "Usiku mwema")
    clock.set(datetime(2026, 1, 4, 21, 30, tzinfo=UTC))  # 00:30 on 5 January
    early = await sent(container, account, "0754000111", "Habari za asubuhi")
    clock.set(datetime(2026, 1, 6, 6, 0, tzinfo=UTC))
    rejected = await sent(container, account, "0799000001", "Ofa ya leo")

    async def ids(query: str) -> list[str]:
        answer = await client.get(f"/messages?{query}")
        assert answer.status_code == 200, answer.text
        return shown(answer.text)

    assert await ids("status=failed") == [rejected]
    assert await ids("search=0754+000+111") == [early]
    assert await ids("search=asubuhi") == [early]
    assert await ids("date_from=2026-01-05&date_to=2026-01-05") == [early]
    assert await ids("date_to=2026-01-04") == [late]
    assert await ids("date_from=2026-01-05") == [rejected, early]
    assert await ids("status=sent&date_from=2026-01-04&date_to=2026-01-05") == [early, late]
    narrowed = (await client.get("/messages?status=failed&search=ofa")).text
    assert 'value="ofa"' in narrowed and '<option value="failed" selected>' in narrowed  # kept as chosen
    assert "No message matches these filters." in (await client.get("/messages?search=hakuna")).text


async def test_a_filter_that_is_not_valid_says_so(client: Client, account: str) -> None:
    page = await client.get("/messages?date_from=jana")
    assert page.status_code == 400 and "The first day is not a date." in page.text
    assert re.search(r'id="date_from"[^>]*aria-invalid="true"', page.text)
    fragment = await client.get("/messages?page=0", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and "There is no such page." in fragment.text  # htmx swaps only 2xx


async def test_pages_of_25_newest_first(client: Client, container: Container, clock, account: str) -> None:  # type: ignore[no-untyped-def]
    made = []
    for n in range(27):
        made.append(await sent(container, account, "0712345678", f"Ujumbe {n}"))
        clock.advance(seconds=1)
    first = (await client.get("/messages?search=ujumbe")).text
    assert shown(first) == made[::-1][:25] and "Page 1 of 2" in first
    assert 'href="/messages?search=ujumbe&amp;page=2"' in first and 'rel="prev"' not in first
    second = (await client.get("/messages?search=ujumbe&page=2")).text
    assert shown(second) == [made[1], made[0]] and 'rel="next"' not in second


async def test_the_csv_is_every_message_the_filters_keep(client: Client, container: Container, clock,  # type: ignore[no-untyped-def]
                                                         account: str) -> None:
    batch = await container.send_bulk()(BulkRequest(account_id=account, to=[f"07130{n:05d}" for n in range(30)],
                                                    message="=Ofa kubwa"))
    clock.advance(minutes=1)
    other = await sent(container, account, "0754000111", "Habari")
    page = (await client.get("/messages?search=ofa")).text
    assert 'href="/messages/export.csv?search=ofa"' in page
    answer = await client.get("/messages/export.csv?search=ofa")
    assert answer.status_code == 200 and answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert 'attachment; filename="ujumbe-messages.csv"' == answer.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    assert len(rows) == 30 and {row["batch_id"] for row in rows} == {batch.batch_id}  # all of them, not a page
    assert rows[0]["message"] == "'=Ofa kubwa" and rows[0]["created_at"] == "2026-01-05T12:00:00+03:00"
    assert other not in answer.text
    everything = list(csv.DictReader(io.StringIO((await client.get("/messages/export.csv")).text)))
    assert [row["message_id"] for row in everything][0] == other and len(everything) == 31
    bad = await client.get("/messages/export.csv?date_to=kesho")
    assert bad.status_code == 400 and "The last day is not a date." in bad.text


async def test_the_log_needs_a_signed_in_account(client: Client) -> None:
    for path in ("/messages", "/messages/export.csv", "/send"):
        answer = await client.get(path, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == f"/login?next={path}"



async def test_replies_show_who_wrote_back_and_what_a_stop_or_start_did(client: Client, container: Container,
                                                                        clock, account: str) -> None:  # type: ignore[no-untyped-def]
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    assert "Bado hakuna majibu." in (await client.get("/messages/replies")).text
    assert 'href="/messages/replies"' in (await client.get("/messages")).text  # the log links to them
    await sent(container, account, "0712345678", "Ofa ya leo")  # a reply is routed to who sent to the number last
    await sent(container, account, "0754000111", "Ofa ya leo")
    receive = container.receive_inbound_sms()
    await receive(InboundSms(from_number="0712345678", text="Asante sana"))
    clock.advance(minutes=1)
    await receive(InboundSms(from_number="0754000111", text="STOP"))
    other = await make_account(container, "jirani@example.com")  # another account's reply is never shown
    await container.grant_credits()(Grant(account_id=other, credits=10))
    await sent(container, other, "0688000222", "Habari")
    await receive(InboundSms(from_number="0688000222", text="Siri ya jirani"))

    page = await client.get("/messages/replies")
    assert page.status_code == 200 and inline_code(page.text) == []
    text = re.sub(r"\s+", " ", page.text)
    assert text.index("+255754000111") < text.index("+255712345678")  # newest first
    assert "Asante sana" in text and "Amejitoa: kampeni haziitumii namba hii" in text
    assert "Siri ya jirani" not in text
    client.cookies.set(LANGUAGE_COOKIE, "en")
    english = (await client.get("/messages/replies")).text
    assert "Opted out: campaigns leave this number out" in english
