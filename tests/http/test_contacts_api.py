"""/v1/contact-lists and their contacts over the whole app on PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from domain.contacts import MAX_CONTACTS_PER_LIST
from entrypoints.container import Container
from http_helpers import error_of

LISTS = "/v1/contact-lists"
UNKNOWN = "00000000-0000-4000-8000-000000000000"


async def new_list(client: AsyncTestClient, account: Any, name: str = "Wateja", **fields: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    response = await client.post(LISTS, json={"name": name, **fields}, headers=account.jwt_headers)
    assert response.status_code == 201, response.text
    return response.json()["data"]  # type: ignore[no-any-return]


async def new_contact(client: AsyncTestClient, account: Any, list_id: str, phone: str, **fields: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    response = await client.post(f"{LISTS}/{list_id}/contacts", json={"phone": phone, **fields},
                                 headers=account.jwt_headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]  # type: ignore[no-any-return]


async def found_by(client: AsyncTestClient, account: Any, list_id: str, search: str) -> list[str]:  # type: ignore[type-arg]
    response = await client.get(f"{LISTS}/{list_id}/contacts", params={"search": search}, headers=account.jwt_headers)
    assert response.status_code == 200, response.text
    return [contact["id"] for contact in response.json()["data"]["contacts"]]


# --- lists -------------------------------------------------------------------------------


async def test_first_access_makes_the_default_list_once_even_when_requests_race(client, make_account) -> None:
    account = await make_account(plan="enterprise")
    answers = await asyncio.gather(*(client.get(f"{LISTS}/", headers=account.jwt_headers) for _ in range(6)))
    assert [answer.status_code for answer in answers] == [200] * 6
    ids = {answer.json()["data"]["lists"][0]["id"] for answer in answers}
    assert len(ids) == 1
    body = answers[0].json()["data"]
    assert (body["page"], body["per_page"], body["total"]) == (1, 25, 1)
    default = body["lists"][0]
    assert set(default) == {"id", "name", "description", "contact_count", "is_default", "created_at", "updated_at"}
    assert (default["name"], default["description"], default["contact_count"], default["is_default"]) == (
        "Default", "", 0, True)


async def test_creating_a_list_first_also_makes_the_default_one(client, make_account) -> None:
    account = await make_account()
    made = await new_list(client, account, " Wateja wa Dar ", description="Dar es Salaam")
    assert (made["name"], made["description"], made["contact_count"], made["is_default"]) == (
        "Wateja wa Dar", "Dar es Salaam", 0, False)
    lists = (await client.get(LISTS, headers=account.jwt_headers)).json()["data"]["lists"]
    assert [(one["name"], one["is_default"]) for one in lists] == [("Default", True), ("Wateja wa Dar", False)]


async def test_lists_are_paged_default_first_then_newest_first(client, make_account, clock: FrozenClock) -> None:
    account = await make_account()
    names = []
    for n in range(4):
        clock.advance(60)
        names.append((await new_list(client, account, f"List {n}"))["name"])
    page = (await client.get(LISTS, params={"page": 1, "per_page": 2}, headers=account.jwt_headers)).json()["data"]
    assert [one["name"] for one in page["lists"]] == ["Default", "List 3"]
    assert (page["page"], page["per_page"], page["total"]) == (1, 2, 5)
    page = (await client.get(f"{LISTS}/", params={"page": 3, "per_page": 2}, headers=account.jwt_headers)).json()
    assert [one["name"] for one in page["data"]["lists"]] == ["List 0"]
    for bad in ({"per_page": 101}, {"per_page": 0}, {"page": 0}):
        response = await client.get(LISTS, params=bad, headers=account.jwt_headers)
        assert response.status_code == 400 and error_of(response) == ("validation_error", next(iter(bad)))


@pytest.mark.parametrize(("body", "field"), [
    ({}, "name"), ({"name": "   "}, "name"), ({"name": "x" * 101}, "name"),
    ({"name": "Sawa", "description": "x" * 501}, "description"), ({"name": 7}, "name"),
])
async def test_a_list_needs_a_name_of_at_most_100_characters(client, make_account, body, field) -> None:
    account = await make_account()
    response = await client.post(LISTS, json=body, headers=account.jwt_headers)
    assert response.status_code == 400 and error_of(response) == ("validation_error", field)


async def test_a_list_is_renamed_described_and_deleted(client, make_account, clock: FrozenClock) -> None:
    account = await make_account()
    made = await new_list(client, account, "Wateja", description="Zamani")
    clock.advance(60)
    path = f"{LISTS}/{made['id']}"
    renamed = (await client.put(path, json={"name": "Wateja wapya"}, headers=account.jwt_headers)).json()["data"]
    assert (renamed["name"], renamed["description"]) == ("Wateja wapya", "Zamani")
    assert renamed["updated_at"] > renamed["created_at"] == made["created_at"]
    described = (await client.put(f"{path}/", json={"description": ""}, headers=account.jwt_headers)).json()["data"]
    assert (described["name"], described["description"]) == ("Wateja wapya", "")
    response = await client.put(path, json={"name": ""}, headers=account.jwt_headers)
    assert response.status_code == 400 and error_of(response) == ("validation_error", "name")

    await new_contact(client, account, made["id"], "0712345678")
    deleted = await client.delete(f"{path}/", headers=account.jwt_headers)
    assert deleted.status_code == 200 and deleted.json()["success"] is True and deleted.json()["data"] is None
    assert error_of(await client.get(path, headers=account.jwt_headers)) == ("not_found", None)
    assert (await client.delete(path, headers=account.jwt_headers)).status_code == 404


async def test_the_default_list_is_never_deleted(client, make_account) -> None:
    account = await make_account()
    default = (await client.get(LISTS, headers=account.jwt_headers)).json()["data"]["lists"][0]
    response = await client.delete(f"{LISTS}/{default['id']}", headers=account.jwt_headers)
    assert response.status_code == 409 and error_of(response) == ("default_list_not_deletable", None)
    assert (await client.get(f"{LISTS}/{default['id']}", headers=account.jwt_headers)).status_code == 200


async def test_a_list_comes_with_a_page_of_its_contacts(client, make_account, clock: FrozenClock) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    added = []
    for n in range(3):
        clock.advance(1)
        added.append((await new_contact(client, account, made["id"], f"07120000{n:02d}"))["id"])
    whole = (await client.get(f"{LISTS}/{made['id']}/", headers=account.jwt_headers)).json()["data"]
    assert whole["contact_count"] == 3 and (whole["page"], whole["per_page"]) == (1, 25)
    assert [contact["id"] for contact in whole["contacts"]] == added
    second = (await client.get(f"{LISTS}/{made['id']}", params={"page": 2, "per_page": 2},
                               headers=account.jwt_headers)).json()["data"]
    assert [contact["id"] for contact in second["contacts"]] == added[2:]
    listed = (await client.get(LISTS, headers=account.jwt_headers)).json()["data"]["lists"]
    assert {one["id"]: one["contact_count"] for one in listed}[made["id"]] == 3


# --- contacts ----------------------------------------------------------------------------


async def test_a_contact_is_added_read_changed_and_deleted(client, make_account, clock: FrozenClock) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    contact = await new_contact(client, account, made["id"], "0712 345 678", first_name=" Amina ", last_name="Juma",
                                email=" Amina@Duka.co.TZ ")
    assert set(contact) == {"id", "list_id", "first_name", "last_name", "phone", "email", "phones", "opted_out",
                            "created_at", "updated_at"}
    assert (contact["list_id"], contact["first_name"], contact["last_name"], contact["phone"], contact["email"],
            contact["phones"], contact["opted_out"]) == (
        made["id"], "Amina", "Juma", "+255712345678", "amina@duka.co.tz", [], False)
    path = f"{LISTS}/{made['id']}/contacts/{contact['id']}"
    assert (await client.get(path, headers=account.jwt_headers)).json()["data"] == contact
    assert (await client.get(f"{path}/", headers=account.jwt_headers)).json()["data"] == contact

    clock.advance(60)
    changed = (await client.put(path, json={"phone": "+255 754 000 111", "last_name": ""},
                                headers=account.jwt_headers)).json()["data"]
    assert (changed["first_name"], changed["last_name"], changed["phone"], changed["email"]) == (
        "Amina", "", "+255754000111", "amina@duka.co.tz")
    assert changed["updated_at"] > changed["created_at"]
    await new_contact(client, account, made["id"], "0712345678")  # the old number is free again

    assert (await client.delete(path, headers=account.jwt_headers)).json()["data"] is None
    assert error_of(await client.get(path, headers=account.jwt_headers)) == ("not_found", None)
    assert (await client.delete(f"{path}/", headers=account.jwt_headers)).status_code == 404
    assert (await client.get(f"{LISTS}/{made['id']}", headers=account.jwt_headers)).json()["data"]["contact_count"] == 1


@pytest.mark.parametrize(("body", "status", "code", "field"), [
    ({}, 400, "validation_error", "phone"),
    ({"phone": "12345"}, 403, "invalid_phone_number", "phone"),
    ({"phone": "+254712345678"}, 403, "invalid_phone_number", "phone"),
    ({"phone": "0712345678", "email": "amina@"}, 400, "validation_error", "email"),
    ({"phone": "0712345678", "first_name": "x" * 101}, 400, "validation_error", "first_name"),
    ({"phone": "0712345678", "last_name": "a\u0000b"}, 400, "validation_error", "last_name"),
])
async def test_a_contact_is_refused_naming_the_field(client, make_account, body, status, code, field) -> None:
    account = await make_account()
    made = await new_list(client, account)
    response = await client.post(f"{LISTS}/{made['id']}/contacts", json=body, headers=account.jwt_headers)
    assert (response.status_code, error_of(response)) == (status, (code, field))


async def test_one_number_in_any_form_is_one_contact_per_list(client, make_account) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    first = await new_contact(client, account, made["id"], "0712345678")
    phone = await client.post(f"{LISTS}/{made['id']}/contacts/{first['id']}/phones", json={"phone": "0754000111"},
                              headers=account.jwt_headers)
    assert phone.status_code == 200
    for form in ("+255712345678", "255712345678", "0712 345 678", "+255 712-345-678", "0754000111", "+255754000111"):
        response = await client.post(f"{LISTS}/{made['id']}/contacts", json={"phone": form},
                                     headers=account.jwt_headers)
        assert (response.status_code, error_of(response)) == (409, ("duplicate_contact", "phone")), form
    second = await new_contact(client, account, made["id"], "0712000002")
    for path, body, method in (
        (f"{LISTS}/{made['id']}/contacts/{second['id']}", {"phone": "255 712 345 678"}, client.put),
        (f"{LISTS}/{made['id']}/contacts/{second['id']}/phones", {"phone": "0712345678"}, client.post),
        (f"{LISTS}/{made['id']}/contacts/{second['id']}/phones", {"phone": "+255754000111"}, client.post),
        (f"{LISTS}/{made['id']}/contacts/{first['id']}/phones", {"phone": "0712345678"}, client.post),
    ):
        response = await method(path, json=body, headers=account.jwt_headers)
        assert (response.status_code, error_of(response)) == (409, ("duplicate_contact", "phone")), (path, body)
    # the same number in another list is another contact
    other = await new_list(client, account, "Wauzaji")
    await new_contact(client, account, other["id"], "+255712345678")


async def test_two_concurrent_adds_of_one_number_make_one_contact(client, make_account) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    answers = await asyncio.gather(*(
        client.post(f"{LISTS}/{made['id']}/contacts", json={"phone": form}, headers=account.jwt_headers)
        for form in ("0712345678", "+255 712 345 678")))
    assert sorted(answer.status_code for answer in answers) == [200, 409]
    assert (await client.get(f"{LISTS}/{made['id']}", headers=account.jwt_headers)).json()["data"]["contact_count"] == 1


async def test_an_extra_number_racing_another_contact_s_main_number_is_kept_once(client, make_account) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    first = await new_contact(client, account, made["id"], "0712000001")
    answers = await asyncio.gather(
        client.post(f"{LISTS}/{made['id']}/contacts", json={"phone": "0754000111"}, headers=account.jwt_headers),
        client.post(f"{LISTS}/{made['id']}/contacts/{first['id']}/phones", json={"phone": "255754000111"},
                    headers=account.jwt_headers),
    )
    assert sorted(answer.status_code for answer in answers) == [200, 409]
    assert [error_of(a)[0] for a in answers if a.status_code == 409] == ["duplicate_contact"]
    assert len(await found_by(client, account, made["id"], "0754000111")) == 1


async def test_extra_numbers_are_added_shown_and_removed(client, make_account, clock: FrozenClock) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    contact = await new_contact(client, account, made["id"], "0712345678")
    path = f"{LISTS}/{made['id']}/contacts/{contact['id']}"
    clock.advance(60)
    response = await client.post(f"{path}/phones/", json={"phone": "0754 000 111"}, headers=account.jwt_headers)
    assert response.status_code == 200
    phone = response.json()["data"]
    assert set(phone) == {"id", "phone", "opted_out", "created_at"}
    assert (phone["phone"], phone["opted_out"]) == ("+255754000111", False)
    shown = (await client.get(path, headers=account.jwt_headers)).json()["data"]
    assert shown["phones"] == [phone] and shown["phone"] == "+255712345678"
    assert shown["updated_at"] == phone["created_at"]
    response = await client.post(f"{path}/phones", json={"phone": "hello"}, headers=account.jwt_headers)
    assert (response.status_code, error_of(response)) == (403, ("invalid_phone_number", "phone"))

    deleted = await client.delete(f"{path}/phones/{phone['id']}", headers=account.jwt_headers)
    assert deleted.status_code == 200 and deleted.json()["data"] is None
    assert (await client.get(path, headers=account.jwt_headers)).json()["data"]["phones"] == []
    assert (await client.delete(f"{path}/phones/{phone['id']}/", headers=account.jwt_headers)).status_code == 404
    # the main number is not an extra one: it changes through PUT
    assert (await client.delete(f"{path}/phones/{contact['id']}", headers=account.jwt_headers)).status_code == 404


async def test_a_contact_holds_at_most_ten_extra_numbers(client, make_account) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    contact = await new_contact(client, account, made["id"], "0712345678")
    path = f"{LISTS}/{made['id']}/contacts/{contact['id']}/phones"
    for n in range(10):
        assert (await client.post(path, json={"phone": f"07540001{n:02d}"}, headers=account.jwt_headers)).status_code == 200
    response = await client.post(path, json={"phone": "0754000199"}, headers=account.jwt_headers)
    assert (response.status_code, error_of(response)) == (409, ("too_many_phone_numbers", "phone"))


async def test_search_finds_a_contact_by_every_form_of_every_number_and_by_name_and_email(
        client, make_account, clock: FrozenClock) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    amina = await new_contact(client, account, made["id"], "0712345678", first_name="Amina", last_name="Juma",
                              email="amina@duka.co.tz")
    clock.advance(1)
    baraka = await new_contact(client, account, made["id"], "0687000222", first_name="Baraka", last_name="Juma")
    await client.post(f"{LISTS}/{made['id']}/contacts/{amina['id']}/phones", json={"phone": "0754000111"},
                      headers=account.jwt_headers)
    for form in ("0712345678", "255712345678", "+255712345678", "0712 345 678", "+255 712 345 678", "0712-345-678",
                 "0754000111", "+255 754 000 111", "255754000111"):
        assert await found_by(client, account, made["id"], form) == [amina["id"]], form
    assert await found_by(client, account, made["id"], "0712 34") == [amina["id"]]
    assert await found_by(client, account, made["id"], "juma") == [amina["id"], baraka["id"]]
    assert await found_by(client, account, made["id"], "Amina Juma") == [amina["id"]]
    assert await found_by(client, account, made["id"], "DUKA.co") == [amina["id"]]
    assert await found_by(client, account, made["id"], "0787000000") == []
    assert await found_by(client, account, made["id"], " ") == [amina["id"], baraka["id"]]
    response = await client.get(f"{LISTS}/{made['id']}/contacts", params={"search": "x" * 201},
                                headers=account.jwt_headers)
    assert (response.status_code, error_of(response)) == (400, ("validation_error", "search"))
    page = (await client.get(f"{LISTS}/{made['id']}/contacts/", params={"per_page": 1, "page": 2},
                             headers=account.jwt_headers)).json()["data"]
    assert ([c["id"] for c in page["contacts"]], page["page"], page["per_page"], page["total"]) == (
        [baraka["id"]], 2, 1, 2)


async def test_a_number_that_replied_stop_shows_opted_out(client, make_account, container: Container,
                                                          clock: FrozenClock) -> None:
    account = await make_account(plan="enterprise")
    other = await make_account()
    made = await new_list(client, account)
    amina = await new_contact(client, account, made["id"], "0712345678")
    clock.advance(1)
    baraka = await new_contact(client, account, made["id"], "0712000002")
    elsewhere = await new_contact(client, other, (await new_list(client, other))["id"], "0712345678")
    await client.post(f"{LISTS}/{made['id']}/contacts/{baraka['id']}/phones", json={"phone": "0754000111"},
                      headers=account.jwt_headers)
    async with container.uow() as uow:
        await uow.opt_outs.opt_out(account.id, "+255712345678", container.clock().now())
        await uow.opt_outs.opt_out(account.id, "+255754000111", container.clock().now())
        await uow.commit()
    listed = (await client.get(f"{LISTS}/{made['id']}/contacts", headers=account.jwt_headers)).json()["data"]
    assert [(c["id"], c["opted_out"], [p["opted_out"] for p in c["phones"]]) for c in listed["contacts"]] == [
        (amina["id"], True, []), (baraka["id"], False, [True])]
    shown = (await client.get(f"{LISTS}/{elsewhere['list_id']}/contacts/{elsewhere['id']}",
                              headers=other.jwt_headers)).json()["data"]
    assert shown["opted_out"] is False  # another account's STOP


async def test_a_full_list_refuses_the_next_contact(client, make_account, clean_database: str) -> None:
    account = await make_account()
    made = await new_list(client, account)
    await new_contact(client, account, made["id"], "0712000001")
    with psycopg.connect(clean_database) as conn:  # as if 99,999 more had been imported
        conn.execute("UPDATE contact_lists SET contact_count = %s WHERE id = %s", (MAX_CONTACTS_PER_LIST, made["id"]))
    response = await client.post(f"{LISTS}/{made['id']}/contacts", json={"phone": "0712000002"},
                                 headers=account.jwt_headers)
    assert (response.status_code, error_of(response)) == (409, ("contact_list_full", None))
    assert (await client.delete(f"{LISTS}/{made['id']}/contacts/{(await found_by(client, account, made['id'], '0712000001'))[0]}",
                                headers=account.jwt_headers)).status_code == 200
    await new_contact(client, account, made["id"], "0712000002")


# --- who may call ------------------------------------------------------------------------


def every_route(list_id: str, contact_id: str, phone_id: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    contact = f"{LISTS}/{list_id}/contacts/{contact_id}"
    return [
        ("GET", f"{LISTS}/{list_id}", None),
        ("PUT", f"{LISTS}/{list_id}", {"name": "Mine now"}),
        ("DELETE", f"{LISTS}/{list_id}", None),
        ("GET", f"{LISTS}/{list_id}/contacts", None),
        ("POST", f"{LISTS}/{list_id}/contacts", {"phone": "0712999999"}),
        ("GET", contact, None),
        ("PUT", contact, {"first_name": "Mine"}),
        ("POST", f"{contact}/phones", {"phone": "0712888888"}),
        ("DELETE", f"{contact}/phones/{phone_id}", None),
        ("DELETE", contact, None),
    ]


async def test_another_account_s_lists_contacts_and_numbers_are_not_found(client, make_account) -> None:
    owner = await make_account(plan="enterprise")
    stranger = await make_account(plan="enterprise")
    made = await new_list(client, owner)
    contact = await new_contact(client, owner, made["id"], "0712345678", first_name="Amina")
    phone = (await client.post(f"{LISTS}/{made['id']}/contacts/{contact['id']}/phones", json={"phone": "0754000111"},
                               headers=owner.jwt_headers)).json()["data"]
    other_list = await new_list(client, stranger)
    routes = every_route(made["id"], contact["id"], phone["id"])
    # the stranger's own list with the owner's contact and phone ids
    routes += [(method, path, body) for method, path, body in every_route(other_list["id"], contact["id"], phone["id"])
               if "/contacts/" in path]
    for method, path, body in routes:
        response = await client.request(method, path, json=body, headers=stranger.jwt_headers)
        assert (response.status_code, error_of(response)) == (404, ("not_found", None)), (method, path)
    unknown = every_route(UNKNOWN, UNKNOWN, UNKNOWN) + every_route("not-a-uuid", "nope", "nope")
    for method, path, body in unknown:
        response = await client.request(method, path, json=body, headers=owner.jwt_headers)
        assert response.status_code == 404, (method, path, response.text)
    # all still there, unchanged
    kept = (await client.get(f"{LISTS}/{made['id']}/contacts/{contact['id']}", headers=owner.jwt_headers)).json()
    assert kept["data"] == {**contact, "phones": [phone], "updated_at": phone["created_at"]}
    assert (await client.get(f"{LISTS}/{made['id']}", headers=owner.jwt_headers)).json()["data"]["name"] == "Wateja"


async def test_an_api_key_is_refused_and_no_credentials_are_unauthorized(client, make_account) -> None:
    account = await make_account(plan="enterprise")
    made = await new_list(client, account)
    contact = await new_contact(client, account, made["id"], "0712345678")
    routes = [("GET", LISTS, None), ("GET", f"{LISTS}/", None), ("POST", LISTS, {"name": "Kwa ufunguo"}),
              *every_route(made["id"], contact["id"], UNKNOWN)]
    for method, path, body in routes:
        response = await client.request(method, path, json=body, headers=account.key_headers)
        assert (response.status_code, error_of(response)[0]) == (403, "forbidden"), (method, path)
        response = await client.request(method, path, json=body)
        assert (response.status_code, error_of(response)[0]) == (401, "unauthorized"), (method, path)
    assert (await client.get(f"{LISTS}/{made['id']}/contacts/{contact['id']}", headers=account.jwt_headers)).status_code == 200


async def test_options_lists_every_method_of_a_path_with_ids(client) -> None:
    for path, allowed in ((f"{LISTS}/x", "DELETE, GET, OPTIONS, PUT"), (f"{LISTS}/x/contacts", "GET, OPTIONS, POST"),
                          (f"{LISTS}/x/contacts/y", "DELETE, GET, OPTIONS, PUT")):
        response = await client.options(path)
        assert (response.status_code, response.headers["allow"]) == (204, allowed), path
