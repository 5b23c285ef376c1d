"""An id that is no uuid, in a path or a body: each route's answer, pinned (status, code, message,
field). In a path it is an id of nothing, so it answers as an unknown id does; the same id in
another spelling of its uuid (upper case, braces, no hyphens) finds the same thing."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from application.campaigns.creation import CampaignRequest
from application.credits.balance import Grant
from campaigns_support import numbers, seed_list
from entrypoints.container import Container

Client = AsyncTestClient  # type: ignore[type-arg]
MakeAccount = Any  # tests/http/conftest.py

BAD = "not-a-uuid"
LISTS = "/v1/contact-lists"
CONTACT = LISTS + "/{list}/contacts/{contact}"
NO_LIST = (404, "not_found", "No such contact list.", None)
NO_CONTACT = (404, "not_found", "No such contact.", None)
NO_PHONE = (404, "not_found", "No such phone number on this contact.", None)
NO_CAMPAIGN = (404, "not_found", "No such campaign.", None)
NOT_A_LIST_ID = (400, "validation_error", "contact_list_id is a contact list's id (a uuid).", "contact_list_id")
CAMPAIGN = {"name": "Sikukuu", "message": "Heri ya sikukuu!"}

# (method, path, JSON body, the answer); `{bad}` is the malformed id, the other ids are real.
ROUTES: list[tuple[str, str, dict[str, Any] | None, tuple[int, str, str, str | None]]] = [
    ("DELETE", "/v1/api-keys/{bad}", None, (404, "not_found", "No such API key.", None)),
    ("GET", "/v1/campaigns/{bad}", None, NO_CAMPAIGN),
    ("POST", "/v1/campaigns/{bad}/cancel", None, NO_CAMPAIGN),
    ("GET", "/v1/campaigns/{bad}/messages", None, NO_CAMPAIGN),
    ("GET", "/v1/campaigns/{bad}/messages/export", None, NO_CAMPAIGN),
    ("POST", "/v1/campaigns", {**CAMPAIGN, "contact_list_id": "{bad}"}, NOT_A_LIST_ID),
    ("POST", "/v1/campaigns/preview", {**CAMPAIGN, "contact_list_id": "{bad}"}, NOT_A_LIST_ID),
    ("GET", LISTS + "/{bad}", None, NO_LIST),
    ("PUT", LISTS + "/{bad}", {"name": "Wapya"}, NO_LIST),
    ("DELETE", LISTS + "/{bad}", None, NO_LIST),
    ("GET", LISTS + "/{bad}/contacts", None, NO_LIST),
    ("POST", LISTS + "/{bad}/contacts", {"phone": "0712999999"}, NO_LIST),
    ("GET", LISTS + "/{bad}/contacts/export", None, NO_LIST),
    ("POST", LISTS + "/{bad}/import", None, NO_LIST),  # a good file (see `_request`)
    ("GET", CONTACT.format(list="{bad}", contact="{contact}"), None, NO_CONTACT),
    ("GET", CONTACT.format(list="{list}", contact="{bad}"), None, NO_CONTACT),
    ("PUT", CONTACT.format(list="{bad}", contact="{contact}"), {"first_name": "Asha"}, NO_CONTACT),
    ("PUT", CONTACT.format(list="{list}", contact="{bad}"), {"first_name": "Asha"}, NO_CONTACT),
    ("DELETE", CONTACT.format(list="{bad}", contact="{contact}"), None, NO_CONTACT),
    ("DELETE", CONTACT.format(list="{list}", contact="{bad}"), None, NO_CONTACT),
    ("POST", CONTACT.format(list="{bad}", contact="{contact}") + "/phones", {"phone": "0754888888"}, NO_CONTACT),
    ("POST", CONTACT.format(list="{list}", contact="{bad}") + "/phones", {"phone": "0754888888"}, NO_CONTACT),
    ("DELETE", CONTACT.format(list="{bad}", contact="{contact}") + "/phones/{phone}", None, NO_PHONE),
    ("DELETE", CONTACT.format(list="{list}", contact="{bad}") + "/phones/{phone}", None, NO_PHONE),
    ("DELETE", CONTACT.format(list="{list}", contact="{contact}") + "/phones/{bad}", None, NO_PHONE),
    ("POST", "/v1/notifications/{bad}/read", None, (404, "not_found", "No such notification.", None)),
    ("GET", "/v1/payments/{bad}", None, (404, "not_found", "No such payment order.", "order_id")),
    ("DELETE", "/v1/webhooks/{bad}", None, (404, "not_found", "No such webhook.", None)),
    ("GET", "/v1/webhooks/{bad}/deliveries", None, (404, "not_found", "No such webhook.", None)),
]


@pytest.fixture()
async def world(client: Client, make_account: MakeAccount) -> dict[str, Any]:
    """An account with a list holding a contact with an extra number: the real ids beside the bad one."""
    account = await make_account()
    made = (await client.post(LISTS, json={"name": "Wateja"}, headers=account.jwt_headers)).json()["data"]
    contact = (await client.post(f"{LISTS}/{made['id']}/contacts", json={"phone": "0712345678"},
                                 headers=account.jwt_headers)).json()["data"]
    phone = (await client.post(f"{LISTS}/{made['id']}/contacts/{contact['id']}/phones", json={"phone": "0754000111"},
                               headers=account.jwt_headers)).json()["data"]
    return {"account": account, "list": made["id"], "contact": contact["id"], "phone": phone["id"]}


def _filled(value: Any, ids: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {key: _filled(item, ids) for key, item in value.items()}
    return value.format(**ids) if isinstance(value, str) else value


async def _request(client: Client, method: str, path: str, body: dict[str, Any] | None,
                   world: dict[str, Any], bad: str) -> Any:
    ids = {"bad": bad, "list": world["list"], "contact": world["contact"], "phone": world["phone"]}
    headers = world["account"].jwt_headers
    if path.endswith("/import"):
        return await client.post(_filled(path, ids), headers=headers,
                                 files={"file": ("c.csv", b"phone\n0712000001\n", "text/csv")})
    return await client.request(method, _filled(path, ids), json=_filled(body, ids), headers=headers)


def _answer(response: Any) -> tuple[int, str, str, str | None]:
    error = response.json()["error"]
    return response.status_code, error["code"], error["message"], error.get("field")


# Not a uuid; too short; too long; not even ASCII.
MALFORMED = [BAD, "0b6f4a7e", "0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6fa", "ü"]


@pytest.mark.parametrize(("method", "path", "body", "answer"), ROUTES, ids=[f"{m} {p}" for m, p, _, _ in ROUTES])
async def test_a_malformed_id_answers_as_it_always_has(client: Client, world: dict[str, Any], method: str, path: str,
                                                        body: dict[str, Any] | None,
                                                        answer: tuple[int, str, str, str | None]) -> None:
    # Each malformed id is refused before anything is written, so one account's ids serve them all.
    answers = {bad: _answer(await _request(client, method, path, body, world, bad)) for bad in MALFORMED}
    assert answers == dict.fromkeys(MALFORMED, answer)


async def test_another_spelling_of_an_id_finds_the_same_thing(client: Client, world: dict[str, Any],
                                                              container: Container, clean_database: str) -> None:
    account, list_id, contact_id = world["account"], world["list"], world["contact"]
    seeded = seed_list(clean_database, account.id, [(n, "", "") for n in numbers(1)])
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    campaign = await container.create_campaign()(CampaignRequest(
        account_id=account.id, name="Sikukuu", message="Heri", contact_list_id=seeded, scheduled_at="2099-12-24T09:00"))
    for spell in (str.upper, lambda i: "{" + i + "}", lambda i: i.replace("-", "")):
        found = await client.get(f"/v1/campaigns/{spell(campaign.id)}", headers=account.jwt_headers)
        assert (found.status_code, found.json()["data"]["id"]) == (200, campaign.id), found.text
        found = await client.get(f"{LISTS}/{spell(list_id)}/contacts/{spell(contact_id)}", headers=account.jwt_headers)
        assert (found.status_code, found.json()["data"]["id"]) == (200, contact_id), found.text
