"""The contacts pages, in Swahili and English: the lists (made, renamed, deleted, never the default
one), a list's contacts (added, searched, paged, changed, deleted, their extra numbers up to the
cap, the opted-out ones marked), a file imported with its report of the rows left out, and a list
exported as the API exports it. Every refusal is the use case's, translated, with the API's status;
every form needs the session's CSRF token."""

from __future__ import annotations

import csv
import io
import re

import pytest
from openpyxl import Workbook

from application.contacts.contacts import ContactDetails
from domain import contact_files
from domain.contacts import MAX_IMPORT_BYTES, MAX_PHONES_PER_CONTACT
from entrypoints.container import Container
from entrypoints.web.messages import IMPORT_ROW_MESSAGES
from hostile_workbooks import far_corner
from web_support import LANGUAGE_COOKIE, PASSWORD, Client, csrf_of, inline_code, make_account, post_form, sign_in

EMAIL = "duka@example.com"


async def signed_in(client: Client, container: Container, language: str = "en") -> str:
    """A signed-in account (on the pro plan: these tests open more pages a minute than the free
    plan's budget); its id."""
    account_id = await make_account(container, EMAIL, plan="pro")
    await sign_in(client, EMAIL)
    client.cookies.set(LANGUAGE_COOKIE, language)
    return account_id


async def new_list(container: Container, account_id: str, name: str = "Wateja") -> str:
    return (await container.create_contact_list()(account_id, name)).id


async def default_list(container: Container, account_id: str) -> str:
    return (await container.list_contact_lists()(account_id)).lists[0].id


async def new_contact(container: Container, account_id: str, list_id: str, phone: str, first_name: str = "",
                      last_name: str = "") -> str:
    details = ContactDetails(phone=phone, first_name=first_name, last_name=last_name)
    return (await container.add_contact()(account_id, list_id, details)).id


async def phones_of(container: Container, account_id: str, list_id: str) -> list[str]:
    found = await container.list_contacts()(account_id, list_id, None, 1, 100)
    return [contact.phone for contact in found.contacts]


def texts(page: str) -> str:
    """The page's text, tags taken out and spaces made single."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


async def test_each_contacts_page_is_in_swahili_and_in_english(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    contact_id = await new_contact(container, account_id, list_id, "0712345678", "Amina", "Juma")
    pages = [
        ("/contacts", "Orodha mpya", "New list"),
        (f"/contacts/{list_id}", "Ongeza mwasiliani", "Add a contact"),
        (f"/contacts/{list_id}/contacts/{contact_id}", "Namba za ziada", "Extra numbers"),
        (f"/contacts/{list_id}/import", "Ingiza wawasiliani", "Import contacts"),
    ]
    for path, swahili, english in pages:
        for language, says, not_said in (("sw", swahili, english), ("en", english, swahili)):
            client.cookies.set(LANGUAGE_COOKIE, language)
            answer = await client.get(path)
            assert answer.status_code == 200, (path, answer.text)
            assert f'<html lang="{language}">' in answer.text
            assert says in answer.text and not_said not in answer.text, (path, language)
            assert inline_code(answer.text) == [], path


async def test_the_lists_page_shows_each_list_its_count_and_the_default_one_marked(client: Client,
                                                                                    container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id, "Wateja wa Arusha")
    for phone in ("0712000001", "0712000002"):
        await new_contact(container, account_id, list_id, phone)
    shown = texts((await client.get("/contacts")).text)
    assert "Default Default list 0" in shown  # the default list first, made on this first look
    assert "Wateja wa Arusha 2" in shown


async def test_a_list_is_created_and_a_nameless_one_refused(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    made = await post_form(client, "/contacts", {"name": "  VIP  ", "description": "Wateja wakubwa"},
                           token_from="/contacts")
    assert made.status_code == 303
    list_id = made.headers["location"].split("/")[2].split("?")[0]
    assert made.headers["location"] == f"/contacts/{list_id}?done=list-created"
    page = await client.get(made.headers["location"])
    assert "<h1>VIP</h1>" in page.text and "Wateja wakubwa" in page.text
    assert "The list is ready: add contacts one by one or import a file." in page.text

    for language, message in (("en", "Give the list a name of at most 100 characters."),
                              ("sw", "Ipe orodha jina la herufi zisizozidi 100.")):
        client.cookies.set(LANGUAGE_COOKIE, language)
        refused = await post_form(client, "/contacts", {"name": " ", "description": "kept"}, token_from="/contacts")
        assert refused.status_code == 400  # the API's validation_error
        assert message in refused.text and 'value="kept"' in refused.text
        assert 'id="name" name="name" value=" "' in refused.text and 'aria-invalid="true"' in refused.text
    assert len((await container.list_contact_lists()(account_id)).lists) == 2


async def test_a_list_is_renamed_and_a_name_too_long_refused(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    renamed = await post_form(client, f"/contacts/{list_id}", {"name": "Wateja wapya", "description": "Dar"},
                              token_from="/contacts")
    assert (renamed.status_code, renamed.headers["location"]) == (303, f"/contacts/{list_id}?done=list-saved")
    described = await container.describe_contact_list()(account_id, list_id)
    assert (described.name, described.description) == ("Wateja wapya", "Dar")

    refused = await post_form(client, f"/contacts/{list_id}", {"name": "x" * 101, "description": ""},
                              token_from="/contacts")
    assert refused.status_code == 400 and "Give the list a name of at most 100 characters." in refused.text
    assert "<details open>" in refused.text  # the rename form, opened where the message is
    assert (await container.describe_contact_list()(account_id, list_id)).name == "Wateja wapya"


async def test_a_list_is_deleted_with_its_contacts_but_never_the_default_one(client: Client,
                                                                             container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    await new_contact(container, account_id, list_id, "0712000001")
    gone = await post_form(client, f"/contacts/{list_id}/delete", {}, token_from="/contacts")
    assert (gone.status_code, gone.headers["location"]) == (303, "/contacts?done=list-deleted")
    assert "The list and its contacts are deleted." in (await client.get(gone.headers["location"])).text
    assert (await client.get(f"/contacts/{list_id}")).status_code == 404

    default = await default_list(container, account_id)
    assert "Delete the list" not in (await client.get(f"/contacts/{default}")).text  # not offered
    for language, message in (("en", "The default contact list cannot be deleted."),
                              ("sw", "Orodha ya anwani ya msingi haiwezi kufutwa.")):
        client.cookies.set(LANGUAGE_COOKIE, language)
        refused = await post_form(client, f"/contacts/{default}/delete", {}, token_from="/contacts")
        assert refused.status_code == 409 and message in refused.text  # the API's default_list_not_deletable
    assert await default_list(container, account_id) == default


async def test_a_contact_is_added_and_a_bad_one_refused_with_what_was_typed(client: Client,
                                                                           container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    form = {"first_name": "Amina", "last_name": "Juma", "phone": "0712 345 678", "email": "amina@example.com"}
    added = await post_form(client, f"/contacts/{list_id}/contacts", form, token_from="/contacts")
    assert (added.status_code, added.headers["location"]) == (303, f"/contacts/{list_id}?done=contact-added")
    shown = texts((await client.get(added.headers["location"])).text)
    assert "The contact is added." in shown and "Amina Juma amina@example.com +255712345678" in shown

    refusals = [
        ({"phone": " "}, 400, "Enter the phone number.", "Andika namba ya simu."),
        ({"phone": "12345"}, 403, "This is not a Tanzanian mobile number.",
         "Hii si namba ya simu ya mkononi ya Tanzania."),
        ({"phone": "+255712345678"}, 409, "This number is already in the list.", "Namba hii tayari iko kwenye orodha."),
        ({"phone": "0712000002", "email": "not an address"}, 400, "This is not a valid email address.",
         "Hii si anwani sahihi ya barua pepe."),
        ({"phone": "0712000002", "first_name": "x" * 101}, 400, "A name has at most 100 characters.",
         "Jina lina herufi zisizozidi 100."),
    ]
    for fields, status, english, swahili in refusals:
        for language, message in (("en", english), ("sw", swahili)):
            client.cookies.set(LANGUAGE_COOKIE, language)
            refused = await post_form(client, f"/contacts/{list_id}/contacts", {**form, **fields},
                                      token_from="/contacts")
            assert refused.status_code == status, (fields, refused.text)
            assert message in refused.text, (fields, language)
            assert f'value="{fields["phone"]}"' in refused.text  # what was typed stays in the form
    assert await phones_of(container, account_id, list_id) == ["+255712345678"]


async def test_a_lists_contacts_are_searched_and_paged(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    for n in range(1, 31):
        await new_contact(container, account_id, list_id, f"07120000{n:02d}", f"Mteja{n:02d}")
    await new_contact(container, account_id, list_id, "0754999888", "Amina", "Juma")

    first = texts((await client.get(f"/contacts/{list_id}")).text)
    assert "Mteja01" in first and "Mteja25" in first and "Mteja26" not in first
    assert "Page 1 of 2" in first
    second = await client.get(f"/contacts/{list_id}?page=2")
    assert "Mteja26" in second.text and "Amina Juma" in second.text and "Mteja25" not in second.text
    assert f'href="/contacts/{list_id}?page=1" rel="prev"' in second.text

    for term in ("amina", "Amina Juma", "0754 999 888", "+255754999888", "999"):
        found = texts((await client.get(f"/contacts/{list_id}", params={"search": term})).text)
        assert "Amina Juma" in found and "Mteja01" not in found and "1 contact found" in found, term
    nothing = await client.get(f"/contacts/{list_id}", params={"search": "Zawadi"})
    assert "No contact matches this search." in nothing.text

    # the search box (htmx) asks for the table alone; htmx going back in history, for the whole page
    htmx = {"HX-Request": "true", "HX-Target": "contacts"}
    fragment = await client.get(f"/contacts/{list_id}", params={"search": "mteja3"}, headers=htmx)
    assert fragment.text.lstrip().startswith('<div id="contacts"') and "<html" not in fragment.text
    assert "Mteja30" in fragment.text and "Mteja29" not in fragment.text
    restored = await client.get(f"/contacts/{list_id}", params={"search": "mteja3"},
                                headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert restored.text.startswith("<!doctype html>") and 'value="mteja3"' in restored.text

    too_long = await client.get(f"/contacts/{list_id}", params={"search": "x" * 201})
    assert too_long.status_code == 400 and "Search for at most 200 characters." in too_long.text


async def test_a_contact_is_changed_and_a_number_of_another_contact_refused(client: Client,
                                                                           container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    contact_id = await new_contact(container, account_id, list_id, "0712345678", "Amina", "Juma")
    await new_contact(container, account_id, list_id, "0754000111", "Baraka")
    path = f"/contacts/{list_id}/contacts/{contact_id}"

    page = await client.get(path)
    assert 'value="Amina"' in page.text and 'value="+255712345678"' in page.text
    saved = await post_form(client, path, {"first_name": "Amina", "last_name": "", "phone": "0712 345 679",
                                           "email": "a@example.com"}, token_from=path)
    assert (saved.status_code, saved.headers["location"]) == (303, f"/contacts/{list_id}?done=contact-saved")
    changed = await container.get_contact()(account_id, list_id, contact_id)
    assert (changed.first_name, changed.last_name, changed.phone, changed.email) == (
        "Amina", "", "+255712345679", "a@example.com")

    client.cookies.set(LANGUAGE_COOKIE, "sw")
    refused = await post_form(client, path, {"first_name": "Amina", "phone": "0754000111"}, token_from=path)
    assert refused.status_code == 409 and "Namba hii tayari iko kwenye orodha." in refused.text
    assert 'value="0754000111"' in refused.text
    assert (await container.get_contact()(account_id, list_id, contact_id)).phone == "+255712345679"


async def test_a_contact_is_deleted(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    contact_id = await new_contact(container, account_id, list_id, "0712345678")
    await new_contact(container, account_id, list_id, "0712345679")
    path = f"/contacts/{list_id}/contacts/{contact_id}"
    gone = await post_form(client, f"{path}/delete", {}, token_from=path)
    assert (gone.status_code, gone.headers["location"]) == (303, f"/contacts/{list_id}?done=contact-deleted")
    assert "The contact is deleted." in (await client.get(gone.headers["location"])).text
    assert await phones_of(container, account_id, list_id) == ["+255712345679"]
    assert (await client.get(path)).status_code == 404


async def test_extra_numbers_are_added_up_to_the_cap_and_removed(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    contact_id = await new_contact(container, account_id, list_id, "0712345678", "Amina")
    await new_contact(container, account_id, list_id, "0754000111")
    path = f"/contacts/{list_id}/contacts/{contact_id}"

    added = await post_form(client, f"{path}/phones", {"phone": "0654 000 100"}, token_from=path)
    assert (added.status_code, added.headers["location"]) == (303, f"{path}?done=number-added")
    page = await client.get(added.headers["location"])
    assert "The number is added." in page.text and "+255654000100" in page.text

    for phone, status, message in (("0754000111", 409, "This number is already in the list."),
                                   ("12345", 403, "This is not a Tanzanian mobile number.")):
        refused = await post_form(client, f"{path}/phones", {"phone": phone}, token_from=path)
        assert refused.status_code == status and message in refused.text and f'value="{phone}"' in refused.text
    for n in range(1, MAX_PHONES_PER_CONTACT):
        await post_form(client, f"{path}/phones", {"phone": f"06540001{n:02d}"}, token_from=path)
    for language, message in (("en", "This contact has as many numbers as a contact may have."),
                              ("sw", "Mwasiliani huyu tayari ana namba nyingi kadiri inavyoruhusiwa.")):
        client.cookies.set(LANGUAGE_COOKIE, language)
        full = await post_form(client, f"{path}/phones", {"phone": "0654999999"}, token_from=path)
        assert full.status_code == 409 and message in full.text  # the API's too_many_phone_numbers
    contact = await container.get_contact()(account_id, list_id, contact_id)
    assert len(contact.phones) == MAX_PHONES_PER_CONTACT

    first = contact.phones[0]
    removed = await post_form(client, f"{path}/phones/{first.id}/delete", {}, token_from=path)
    assert (removed.status_code, removed.headers["location"]) == (303, f"{path}?done=number-removed")
    remaining = (await container.get_contact()(account_id, list_id, contact_id)).phones
    assert first.phone not in [p.phone for p in remaining] and len(remaining) == MAX_PHONES_PER_CONTACT - 1
    assert (await post_form(client, f"{path}/phones/{first.id}/delete", {}, token_from=path)).status_code == 404


async def test_an_opted_out_number_is_marked_on_the_list_and_the_contact(client: Client, container: Container,
                                                                        clock: object) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    opted = await new_contact(container, account_id, list_id, "0712345678", "Amina")
    await new_contact(container, account_id, list_id, "0712345679", "Baraka")
    await container.add_contact_phone()(account_id, list_id, opted, "0754000111")
    async with container.uow() as uow:
        for phone in ("+255712345678", "+255754000111"):
            await uow.opt_outs.opt_out(account_id, phone, container.clock().now())
        await uow.commit()

    shown = texts((await client.get(f"/contacts/{list_id}")).text)
    assert "Amina +255712345678 Opted out and 1 more number" in shown
    assert "Baraka +255712345679 and" not in shown and shown.count("Opted out") == 1
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    contact = texts((await client.get(f"/contacts/{list_id}/contacts/{opted}")).text)
    assert "Amejitoa Namba hii ilijibu STOP" in contact and "+255754000111 Amejitoa" in contact


CSV = ("phone,first_name,last_name\n"
       "0712 345 678,Amina,Juma\n"
       "12345,Bad,Number\n"
       "0754000111,Baraka,\n"
       "+255712345678,Same,Number\n").encode()


async def upload(client: Client, list_id: str, content: bytes, file_name: str = "wateja.csv",
                 media_type: str = "text/csv") -> object:
    token = csrf_of(await client.get(f"/contacts/{list_id}/import"))
    return await client.post(f"/contacts/{list_id}/import", data={"csrf_token": token},
                             files={"file": (file_name, content, media_type)})


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["2 contacts imported.", "2 rows left out.", "3 12345 This is not a Tanzanian mobile number.",
            "5 +255712345678 This number is already in the list, or in an earlier row."]),
    ("sw", ["Wawasiliani 2 wameingizwa.", "Safu 2 zimeachwa.", "3 12345 Hii si namba ya simu ya mkononi ya Tanzania.",
            "5 +255712345678 Namba hii tayari iko kwenye orodha, au kwenye safu ya awali."]),
])
async def test_a_csv_file_is_imported_and_each_row_left_out_reported(client: Client, container: Container,
                                                                     language: str, words: list[str]) -> None:
    account_id = await signed_in(client, container, language)
    list_id = await new_list(container, account_id)
    answer = await upload(client, list_id, CSV)
    assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]
    shown = texts(answer.text)  # type: ignore[attr-defined]
    assert all(word in shown for word in words), shown
    assert await phones_of(container, account_id, list_id) == ["+255712345678", "+255754000111"]


def xlsx(rows: list[list[object]]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


async def test_an_excel_workbook_is_imported_and_a_whole_file_problem_reported_on_its_header(
        client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    workbook = xlsx([["Simu", "Jina"], [712345678, "Amina"], ["0754 000 111", "x" * 101]])
    answer = await upload(client, list_id, workbook, "wateja.xlsx",
                          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    shown = texts(answer.text)  # type: ignore[attr-defined]
    assert "1 contact imported." in shown and f"3 {'x' * 59}… A name has at most 100 characters." in shown
    assert await phones_of(container, account_id, list_id) == ["+255712345678"]

    headless = await upload(client, list_id, b"name,email\nAmina,a@example.com\n")
    shown = texts(headless.text)  # type: ignore[attr-defined]
    assert "0 contacts imported." in shown
    assert "1 name, email No column is named phone: name the column of numbers phone (or simu)." in shown


async def test_an_import_without_a_file_or_of_a_false_workbook_is_refused(client: Client,
                                                                         container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    token = csrf_of(await client.get(f"/contacts/{list_id}/import"))
    # a browser sends an empty file field when no file was chosen
    empty = await client.post(f"/contacts/{list_id}/import", data={"csrf_token": token},
                              files={"file": ("", b"", "application/octet-stream")})
    assert empty.status_code == 400 and "Choose a CSV file or an Excel workbook (.xlsx) to import." in empty.text
    false = await upload(client, list_id, b"PK\x03\x04not really a zip", "wateja.xlsx")
    assert false.status_code == 400  # type: ignore[attr-defined]
    assert "Choose a CSV file or an Excel workbook (.xlsx) to import." in false.text  # type: ignore[attr-defined]
    by_htmx = await client.post(f"/contacts/{list_id}/import", data={"csrf_token": token},
                                headers={"HX-Request": "true"},
                                files={"file": ("wateja.xlsx", b"PK\x03\x04not really a zip", "text/plain")})
    assert by_htmx.status_code == 200  # htmx swaps in only a 2xx: the page saying why takes the form's place
    assert "Choose a CSV file or an Excel workbook (.xlsx) to import." in by_htmx.text


async def test_a_file_past_the_limits_is_refused_with_the_translated_413(client: Client,
                                                                        container: Container) -> None:
    account_id = await signed_in(client, container, "sw")
    list_id = await new_list(container, account_id)
    message = "Faili ni kubwa mno: uingizaji mmoja hupokea hadi MB 10 na safu 100,000."
    for content, file_name in ((b"phone\n" + b"0" * MAX_IMPORT_BYTES, "wateja.csv"), (far_corner(), "wateja.xlsx")):
        refused = await upload(client, list_id, content, file_name)
        assert refused.status_code == 413, file_name  # type: ignore[attr-defined]
        assert message in refused.text and 'action="/contacts/' in refused.text  # type: ignore[attr-defined]
    token = csrf_of(await client.get(f"/contacts/{list_id}/import"))
    body_too_large = await client.post(f"/contacts/{list_id}/import", data={"csrf_token": token},
                                       files={"file": ("wateja.csv", b"0" * (MAX_IMPORT_BYTES + 100_000))})
    assert body_too_large.status_code == 413 and "Faili ni kubwa mno." in body_too_large.text
    assert await phones_of(container, account_id, list_id) == []


async def test_the_list_is_exported_as_the_api_exports_it(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id, "Wateja: VIP")
    contact_id = await new_contact(container, account_id, list_id, "0712345678", "=Amina", "Juma")
    await container.add_contact_phone()(account_id, list_id, contact_id, "0754000111")
    await new_contact(container, account_id, list_id, "0712345679")

    export = await client.get(f"/contacts/{list_id}/export.csv")
    assert export.status_code == 200 and export.headers["content-type"].startswith("text/csv")
    assert export.headers["content-disposition"].startswith('attachment; filename="Wateja_ VIP-contacts.csv"')
    assert list(csv.reader(io.StringIO(export.text))) == [
        ["phone", "first_name", "last_name", "email", "extra_phones", "opted_out"],
        ["+255712345678", "'=Amina", "Juma", "", "+255754000111", "false"],
        ["+255712345679", "", "", "", "", "false"],
    ]
    token = (await client.post("/v1/auth/login", json={"email": EMAIL, "password": PASSWORD})).json()["data"]
    api = await client.get(f"/v1/contact-lists/{list_id}/contacts/export",
                           headers={"Authorization": f"Bearer {token['access_token']}"})
    assert (api.content, api.headers["content-disposition"]) == (export.content, export.headers["content-disposition"])


async def test_every_contacts_form_needs_the_csrf_token(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    contact_id = await new_contact(container, account_id, list_id, "0712345678")
    phone_id = (await container.add_contact_phone()(account_id, list_id, contact_id, "0754000111")).id
    contact = f"/contacts/{list_id}/contacts/{contact_id}"
    posts = ["/contacts", f"/contacts/{list_id}", f"/contacts/{list_id}/delete", f"/contacts/{list_id}/contacts",
             contact, f"{contact}/delete", f"{contact}/phones", f"{contact}/phones/{phone_id}/delete"]
    for path in posts:
        for token in ({}, {"csrf_token": "forged"}):
            answer = await client.post(path, data={"name": "X", "phone": "0712000009", **token})
            assert answer.status_code == 403, path
            assert "This form has expired. Reload the page and try again." in answer.text
    for token in ({}, {"csrf_token": "forged"}):
        upload = await client.post(f"/contacts/{list_id}/import", data=token,
                                   files={"file": ("wateja.csv", b"phone\n0712000009\n", "text/csv")})
        assert upload.status_code == 403
    assert await phones_of(container, account_id, list_id) == ["+255712345678"]
    assert len((await container.get_contact()(account_id, list_id, contact_id)).phones) == 1
    assert len((await container.list_contact_lists()(account_id)).lists) == 2


@pytest.mark.parametrize("path", ["/contacts/00000000-0000-0000-0000-000000000000",
                                  "/contacts/00000000-0000-0000-0000-000000000000/import",
                                  "/contacts/00000000-0000-0000-0000-000000000000/export.csv"])
async def test_an_unknown_list_is_the_not_found_page(client: Client, container: Container, path: str) -> None:
    await signed_in(client, container)
    answer = await client.get(path)
    assert answer.status_code == 404 and "We could not find that page." in answer.text


@pytest.mark.parametrize("path", ["/contacts/not-a-uuid", "/contacts/1234/import", "/contacts/x/export.csv",
                                  "/contacts/00000000-0000-0000-0000-000000000000/contacts/nope"])
async def test_a_malformed_id_matches_no_page(client: Client, container: Container, path: str) -> None:
    await signed_in(client, container)
    assert (await client.get(path)).status_code == 404  # the app's answer to a path it does not have


def test_every_reason_an_import_gives_for_a_row_has_a_message() -> None:
    codes = {value for name, value in vars(contact_files).items() if name.isupper() and isinstance(value, str)
             and re.fullmatch(r"[a-z_]+", value)}
    assert codes <= set(IMPORT_ROW_MESSAGES), codes - set(IMPORT_ROW_MESSAGES)


async def test_without_the_google_contacts_feature_there_is_no_google_page_nor_a_link_to_it(
        client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    list_id = await new_list(container, account_id)
    assert (await client.get("/contacts/google")).status_code == 404
    assert "/contacts/google" not in (await client.get("/contacts")).text
    assert "/contacts/google" not in (await client.get(f"/contacts/{list_id}/import")).text
