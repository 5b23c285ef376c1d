"""The notifications page: the account's notifications newest first, the unread ones marked and
counted, each marked read on its own, paged; in Swahili and English."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from application.ports import Notification, NotificationKind
from entrypoints.container import Container
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
