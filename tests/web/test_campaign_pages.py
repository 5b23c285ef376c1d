"""The campaigns pages, in Swahili and English: the list, the builder and its preview (recipients
after opted-out numbers are left out, credits against the balance, three messages with the
contacts' own names), sending now or at a time in East Africa Time, following a run to delivered
(the progress htmx polls, which stops once nothing can change), stopping or cancelling one, its
messages a page at a time and its CSV report (the API's own); each refusal in the reader's
language with the API's status, and CSRF on every form."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from application.campaigns.creation import CampaignRequest
from application.contacts.contacts import ContactDetails
from application.credits.balance import Grant
from campaigns_support import numbers, opt_out, seed_list
from entrypoints.container import Container
from jobs_support import drain
from web_support import LANGUAGE_COOKIE, PASSWORD, Client, csrf_of, inline_code, make_account, sign_in

PEOPLE = [("0714000001", "Asha", "Mushi"), ("0714000002", "Juma", "Kweka"), ("0714000003", "Neema", "Lyimo"),
          ("0714000004", "Baraka", "Mollel")]


async def _account(client: Client, container: Container, *, credits: int = 100, language: str = "sw",
                   email: str = "duka@example.com") -> tuple[str, str]:
    """A signed-in account (pro: its budget holds a test's requests) with a list of PEOPLE, the
    last of them opted out, and `credits`; (account id, list id)."""
    account_id = await make_account(container, email, plan="pro")
    contact_list = await container.create_contact_list()(account_id, "Wateja")
    for phone, first, last in PEOPLE:
        await container.add_contact()(account_id, contact_list.id,
                                      ContactDetails(first_name=first, last_name=last, phone=phone))
    opt_out(container.settings().database_url, account_id, "+255714000004")
    if credits:
        await container.grant_credits()(Grant(account_id=account_id, credits=credits))
    client.cookies.set(LANGUAGE_COOKIE, language)
    await sign_in(client, email)
    return account_id, contact_list.id


def _form(list_id: str, **changes: str) -> dict[str, str]:
    return {"name": "Ofa ya Idd", "contact_list_id": list_id, "sender_id": "", "when": "now", "scheduled_at": "",
            "message": "Habari {first_name} {last_name}!\r\nOfa ya leo.", "campaign_id": "", **changes}


def _hidden(page: httpx.Response) -> dict[str, str]:
    """The fields a page's confirmation form carries."""
    return {name: html.unescape(value) for name, value in
            re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', page.text)}


async def _post(client: Client, path: str, data: dict[str, str], token: str, **kwargs: Any) -> httpx.Response:
    return await client.post(path, data={"csrf_token": token, **data}, follow_redirects=False, **kwargs)


async def test_preview_then_send_then_follow_the_run_to_delivered_and_download_its_report(
        client: Client, container: Container) -> None:
    account_id, list_id = await _account(client, container, language="en")
    builder = await client.get("/campaigns/new")
    assert builder.status_code == 200 and "New campaign" in builder.text
    assert "Wateja (4 contacts)" in re.sub(r"\s+", " ", builder.text)
    assert f'value="{list_id}" selected' not in builder.text  # the first list, the default one, until chosen
    chosen = await client.get(f"/campaigns/new?contact_list_id={list_id}")  # the list's page links so
    assert f'value="{list_id}" selected' in chosen.text
    token = csrf_of(builder)

    preview = await _post(client, "/campaigns/preview", _form(list_id), token)
    assert preview.status_code == 200, preview.text
    text = re.sub(r"\s+", " ", preview.text)
    assert 'id="recipients">3 ' in text and 'id="opted-out">1<' in text  # Baraka replied STOP
    assert 'id="credits">3 ' in text and 'id="balance">100<' in text
    for first, last in (("Asha", "Mushi"), ("Juma", "Kweka"), ("Neema", "Lyimo")):
        assert f"Habari {first} {last}!\nOfa ya leo." in html.unescape(preview.text)  # the line break as sent
    assert "Baraka" not in preview.text
    assert 'id="when">Now<' in text and "Send the campaign now" in text
    confirm = _hidden(preview)
    assert confirm["message"] == "Habari {first_name} {last_name}!\nOfa ya leo."
    assert re.fullmatch(r"[0-9a-f-]{36}", confirm["campaign_id"])
    assert inline_code(preview.text) == []

    sent = await _post(client, "/campaigns", confirm, token)
    assert sent.status_code == 303
    campaign_path = sent.headers["location"]
    assert campaign_path == f"/campaigns/{confirm['campaign_id']}"
    again = await _post(client, "/campaigns", confirm, token)  # a double click: the same campaign, once
    assert again.headers["location"] == campaign_path
    assert (await container.list_campaigns()(account_id)).total == 1

    running = await client.get(campaign_path)
    assert running.status_code == 200
    assert 'id="status">Sending<' in running.text and 'id="count-pending">3<' in running.text
    assert f'hx-get="{campaign_path}" hx-trigger="every 3s"' in running.text  # followed while it runs
    assert "Stop sending" in running.text
    fragment = await client.get(campaign_path, headers={"HX-Request": "true"})
    assert fragment.text.lstrip().startswith('<article id="progress"') and "<html" not in fragment.text
    # its messages are followed too, each status as it changes, on their own page of the list
    assert f'id="campaign-messages" aria-labelledby="messages-title" hx-get="{campaign_path}?page=1"' in running.text
    messages_part = {"HX-Request": "true", "HX-Target": "campaign-messages"}
    waiting = await client.get(campaign_path, headers=messages_part)
    assert waiting.text.lstrip().startswith("<section id=\"campaign-messages\"") and "<html" not in waiting.text
    assert "id=\"progress\"" not in waiting.text
    assert waiting.text.count(">Waiting<") == 3 and "hx-trigger" in waiting.text

    await drain(container)  # the run, then the simulator's delivery reports
    done = await client.get(campaign_path, headers={"HX-Request": "true"})
    assert 'id="status">Completed<' in done.text and 'id="count-delivered">3<' in done.text
    assert 'id="count-pending">0<' in done.text and 'id="count-sent">0<' in done.text
    assert "hx-get" not in done.text and "Stop sending" not in done.text  # final: the polling stops
    delivered = await client.get(campaign_path, headers=messages_part)
    assert delivered.text.count("Delivered") == 3 and "Waiting" not in delivered.text
    assert "hx-get" not in delivered.text  # every message shown is final: this polling stops too
    whole = await client.get(campaign_path)
    assert whole.text.count("+25571400000") == 3 and "Habari Asha Mushi!" in whole.text

    report = await client.get(f"{campaign_path}/report")
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/csv")
    assert report.headers["content-disposition"] == (
        f'attachment; filename="campaign-{confirm["campaign_id"]}-messages.csv"')
    pair = await container.log_in()("duka@example.com", PASSWORD)
    api = await client.get(f"/v1/campaigns/{confirm['campaign_id']}/messages/export",
                           headers={"Authorization": f"Bearer {pair.access_token}"})
    assert report.text == api.text
    rows = list(csv.DictReader(io.StringIO(report.text)))
    assert [(row["status"], row["message"]) for row in rows] == [
        ("delivered", f"Habari {first} {last}!\nOfa ya leo.") for _, first, last in PEOPLE[:3]]

    listed = await client.get("/campaigns")
    assert "Ofa ya Idd" in listed.text and "Completed" in listed.text and f'href="{campaign_path}"' in listed.text


async def test_a_later_time_is_east_africa_time_and_a_scheduled_campaign_can_be_cancelled(
        client: Client, container: Container) -> None:
    account_id, list_id = await _account(client, container, language="sw")
    token = csrf_of(await client.get("/campaigns/new"))
    later = _form(list_id, when="later", scheduled_at="2026-01-06T09:30")  # the clock: 5 January 2026, 12:00 EAT
    preview = await _post(client, "/campaigns/preview", later, token)
    assert preview.status_code == 200
    assert 'id="when">6 Januari 2026, 09:30 EAT<' in preview.text and "Panga kampeni" in preview.text

    scheduled = await _post(client, "/campaigns", _hidden(preview), token)
    campaign_id = scheduled.headers["location"].rsplit("/", 1)[1]
    campaign = await container.get_campaign()(account_id, campaign_id)
    assert campaign.scheduled_at == datetime(2026, 1, 6, 6, 30, tzinfo=UTC)  # 09:30 EAT is 06:30 UTC
    page = await client.get(f"/campaigns/{campaign_id}")
    assert 'id="status">Imepangwa<' in page.text and "6 Januari 2026, 09:30 EAT" in page.text
    assert "hx-trigger" in page.text and "Ghairi ratiba" in page.text
    # no message written yet, and it may still start: its messages are asked for too, until then
    assert (f'id="campaign-messages" aria-labelledby="messages-title" hx-get="/campaigns/{campaign_id}?page=1"'
            in page.text)

    cancelled = await _post(client, f"/campaigns/{campaign_id}/cancel", {}, token)
    assert cancelled.status_code == 303
    draft = await client.get(f"/campaigns/{campaign_id}")
    assert 'id="status">Rasimu<' in draft.text and "Ghairi ratiba" not in draft.text and "hx-trigger" not in draft.text

    refused = await _post(client, f"/campaigns/{campaign_id}/cancel", {}, token)  # a draft: nothing to cancel
    assert refused.status_code == 409
    assert "Ni kampeni iliyopangwa au inayoendelea tu inayoweza kusimamishwa." in refused.text


async def test_a_time_already_past_sends_it_now(client: Client, container: Container) -> None:
    _, list_id = await _account(client, container, language="en")
    token = csrf_of(await client.get("/campaigns/new"))
    preview = await _post(client, "/campaigns/preview", _form(list_id, when="later", scheduled_at="2026-01-05T11:59"),
                          token)
    assert 'id="when">Now<' in preview.text and "Send the campaign now" in preview.text


async def test_stopping_a_running_campaign_ends_it_failed_with_nothing_more_sent(client: Client,
                                                                                container: Container) -> None:
    _, list_id = await _account(client, container, language="en")
    token = csrf_of(await client.get("/campaigns/new"))
    preview = await _post(client, "/campaigns/preview", _form(list_id), token)
    path = (await _post(client, "/campaigns", _hidden(preview), token)).headers["location"]
    stopped = await _post(client, f"{path}/cancel", {}, token)
    assert stopped.status_code == 303
    await drain(container)
    page = await client.get(path)
    assert 'id="status">Failed<' in page.text and "Stopped before everyone was reached." in page.text
    assert 'id="count-failed">3<' in page.text and "The campaign was stopped." in page.text


@pytest.mark.parametrize(("language", "changes", "status", "says"), [
    ("sw", {"name": "  "}, 400, "Ipe kampeni jina la hadi herufi 200."),
    ("en", {"name": "  "}, 400, "Give the campaign a name of up to 200 characters."),
    ("sw", {"message": " "}, 400, "Andika ujumbe wa hadi herufi 1,600."),
    ("en", {"message": "x" * 1601}, 400, "Write a message of up to 1,600 characters."),
    ("sw", {"when": "later", "scheduled_at": ""}, 400, "Chagua tarehe na saa ya kuituma."),
    ("en", {"when": "later", "scheduled_at": "tomorrow"}, 400, "Choose the date and time to send it."),
    ("en", {"sender_id": "Not a sender!"}, 400, "A sender ID has 1 to 11 letters or digits."),
    ("sw", {"contact_list_id": "not-a-list"}, 400, "Chagua moja ya orodha zako za anwani."),
    ("en", {"contact_list_id": "00000000-0000-4000-8000-000000000000"}, 404, "Choose one of your contact lists."),
])
async def test_a_refused_preview_is_the_builder_again_saying_why(client: Client, container: Container, language: str,
                                                                 changes: dict[str, str], status: int,
                                                                 says: str) -> None:
    _, list_id = await _account(client, container, language=language)
    token = csrf_of(await client.get("/campaigns/new"))
    refused = await _post(client, "/campaigns/preview", _form(list_id, **changes), token)
    assert refused.status_code == status
    assert says in html.unescape(refused.text) and f'<html lang="{language}">' in refused.text
    field = next(iter(changes)) if "when" not in changes else "scheduled_at"
    assert f'id="{field}"' in refused.text and f'href="#{field}"' in refused.text  # the summary links to it
    assert 'aria-invalid="true"' in refused.text
    assert 'action="/campaigns/preview"' in refused.text
    if field in ("name", "message", "scheduled_at"):
        assert html.escape(changes[field]) in refused.text  # what was entered, kept


@pytest.mark.parametrize("language", ["sw", "en"])
async def test_sending_more_than_the_balance_covers_is_refused(client: Client, container: Container,
                                                               language: str) -> None:
    account_id, list_id = await _account(client, container, credits=2, language=language)
    token = csrf_of(await client.get("/campaigns/new"))
    preview = await _post(client, "/campaigns/preview", _form(list_id), token)
    short = {"sw": "Salio lako limepungua kwa krediti 1.", "en": "Your balance is 1 credit short."}[language]
    assert short in preview.text and 'href="/credits"' in preview.text
    refused = await _post(client, "/campaigns", _hidden(preview), token)
    assert refused.status_code == 402
    assert {"sw": "Salio lako halitoshi: nunua krediti kisha ujaribu tena.",
            "en": "Your balance is too low: buy credits and try again."}[language] in refused.text
    assert (await container.list_campaigns()(account_id)).total == 0


async def test_every_form_needs_the_sessions_csrf_token(client: Client, container: Container) -> None:
    account_id, list_id = await _account(client, container, language="en")
    token = csrf_of(await client.get("/campaigns/new"))
    preview = await _post(client, "/campaigns/preview", _form(list_id), token)
    campaign = await container.create_campaign()(CampaignRequest(
        account_id=account_id, name="Ofa", message="Habari", contact_list_id=list_id,
        scheduled_at="2026-02-01T09:00"))
    forms = [("/campaigns/new", _form(list_id)), ("/campaigns/preview", _form(list_id)),
             ("/campaigns", _hidden(preview)), (f"/campaigns/{campaign.id}/cancel", {})]
    for path, data in forms:
        for forged in ({}, {"csrf_token": "forged"}):
            answer = await client.post(path, data={**{k: v for k, v in data.items() if k != "csrf_token"}, **forged},
                                       follow_redirects=False)
            assert answer.status_code == 403, path
            assert "This form has expired. Reload the page and try again." in answer.text
    assert (await container.list_campaigns()(account_id)).total == 1
    assert (await container.get_campaign()(account_id, campaign.id)).status == "scheduled"
    by_header = await client.post(f"/campaigns/{campaign.id}/cancel", headers={"X-CSRF-Token": token},
                                  follow_redirects=False)  # htmx sends it in a header
    assert by_header.status_code == 303


async def test_change_it_brings_the_builder_back_filled_in(client: Client, container: Container) -> None:
    _, list_id = await _account(client, container, language="en")
    token = csrf_of(await client.get("/campaigns/new"))
    preview = await _post(client, "/campaigns/preview", _form(list_id, when="later", scheduled_at="2026-03-01T08:00"),
                          token)
    back = await _post(client, "/campaigns/new", _hidden(preview), token)
    assert back.status_code == 200
    assert 'value="Ofa ya Idd"' in back.text
    assert ">Habari {first_name} {last_name}!\nOfa ya leo.</textarea>" in back.text
    assert f'value="{list_id}" selected' in back.text and 'value="later" checked' in back.text
    assert 'value="2026-03-01T08:00"' in back.text and _hidden(preview)["campaign_id"] in back.text


async def test_the_list_and_the_messages_come_a_page_at_a_time(client: Client, container: Container) -> None:
    account_id, _ = await _account(client, container, language="en", credits=1000)
    big = seed_list(container.settings().database_url, account_id, [(n, "Mteja", "") for n in numbers(30)])
    for n in range(26):
        made = await container.create_campaign()(CampaignRequest(
            account_id=account_id, name=f"Kampeni {n:02d}", message="Habari {first_name}", contact_list_id=big))
    first = await client.get("/campaigns")
    assert "Kampeni 25" in first.text and "Kampeni 00" not in first.text and "Page 1 of 2" in first.text
    second = await client.get("/campaigns?page=2")
    assert "Kampeni 00" in second.text and "Kampeni 01" not in second.text and 'href="/campaigns?page=1"' in second.text
    messages = await client.get(f"/campaigns/{made.id}?page=2")
    assert messages.text.count("Habari Mteja") == 5 and "Page 2 of 2" in messages.text


@pytest.mark.parametrize(("path", "swahili", "english"), [
    ("/campaigns", "Kampeni mpya", "New campaign"),
    ("/campaigns/new", "Angalia kabla ya kutuma", "Preview the campaign"),
])
async def test_the_pages_say_it_in_both_languages(client: Client, container: Container, path: str, swahili: str,
                                                  english: str) -> None:
    await _account(client, container)
    for language, says, not_said in (("sw", swahili, english), ("en", english, swahili)):
        client.cookies.set(LANGUAGE_COOKIE, language)
        answer = await client.get(path)
        assert answer.status_code == 200 and f'<html lang="{language}">' in answer.text
        assert says in answer.text and not_said not in answer.text
        assert inline_code(answer.text) == []
