"""POST /v1/contact-lists/{listId}/import and GET /v1/contact-lists/{listId}/contacts/export over
the whole app: hostile files, formats, limits, tenancy, and an export that imports back."""

from __future__ import annotations

import csv
import json
import io
import random
import zipfile
from datetime import UTC, datetime


import pytest
from litestar.testing import AsyncTestClient
from openpyxl import Workbook

from domain.contacts import MAX_IMPORT_BYTES, ContactList, ContactSearch
from entrypoints.container import Container
from hostile_workbooks import far_corner, huge_shared_strings, zip_bomb
from collections.abc import Callable
from typing import Any

MakeAccount = Any  # the fixtures of tests/http/conftest.py
Account = Any

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
pytestmark = pytest.mark.usefixtures("clean_database")


async def new_list(container: Container, account: Account, name: str = "Wateja") -> str:
    list_id = container.ids().new_id()
    async with container.uow() as uow:
        await uow.contact_lists.add(ContactList(account_id=account.id, id=list_id, name=name, description="",
                                                is_default=False, created_at=T0, updated_at=T0))
        await uow.commit()
    return list_id


async def phones_in(container: Container, account: Account, list_id: str) -> list[str]:
    async with container.uow() as uow:
        found, _ = await uow.contacts.page(account.id, list_id, ContactSearch(), 100_000, 0)
    return [c.phone for c in found]


async def upload(client: AsyncTestClient, account: Account, list_id: str, content: bytes,  # type: ignore[type-arg]
                 file_name: str = "contacts.csv") -> Any:
    return await client.post(f"/v1/contact-lists/{list_id}/import", headers=account.jwt_headers,
                             files={"file": (file_name, content, "text/csv")})


def report_of(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()["data"]
    return data


def errors_of(report: dict[str, Any]) -> list[tuple[int, str]]:
    return [(e["row"], e["error"]) for e in report["errors"]]


async def test_a_csv_file_is_imported_and_its_bad_rows_reported_by_row_number(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    content = ("Phone,First_Name,last_name,Email\n"
               "0712 345 678,Amina,Juma,amina@example.com\n"
               "12345,Bad,Number,\n"
               "+255712345678,Same,Number,\n"
               "255754000111,Baraka,,\n").encode()

    report = report_of(await upload(client, account, list_id, content))

    assert report == {"imported": 2, "skipped": 2,
                      "errors": [{"row": 3, "error": "invalid_phone_number"}, {"row": 4, "error": "duplicate_contact"}]}
    assert await phones_in(container, account, list_id) == ["+255712345678", "+255754000111"]


async def test_a_byte_order_mark_semicolons_and_header_names_in_any_case_are_read(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    content = "\ufeff MSISDN ;Jina;LAST_NAME;Notes\n0712345678;Amina;Juma;vip\n0754000111;Baraka;;\n".encode()

    report = report_of(await upload(client, account, list_id, content))

    assert report == {"imported": 2, "skipped": 0, "errors": []}
    async with container.uow() as uow:
        found, _ = await uow.contacts.page(account.id, list_id, ContactSearch(), 10, 0)
    assert [(c.phone, c.first_name, c.last_name) for c in found] == [
        ("+255712345678", "Amina", "Juma"), ("+255754000111", "Baraka", "")]


async def test_tabs_and_the_other_phone_headers_are_read(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    for header in ("phone", "Phone_Number", "mobile", "Simu", "Phone Number"):
        list_id = await new_list(container, account)
        content = f"first_name\t{header}\nAmina\t+255 712 345 678\n".encode()
        assert report_of(await upload(client, account, list_id, content))["imported"] == 1, header
        assert await phones_in(container, account, list_id) == ["+255712345678"]


async def test_bytes_that_are_not_utf8_fail_their_row_only(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    content = b"phone,first_name\n0712345678,Amina\n0754000111,Ren\xe9e\n0754000222,Zuh\xc3\xa9\n"

    report = report_of(await upload(client, account, list_id, content))

    assert report == {"imported": 2, "skipped": 1, "errors": [{"row": 3, "error": "invalid_encoding"}]}
    assert await phones_in(container, account, list_id) == ["+255712345678", "+255754000222"]


async def test_ten_thousand_rows_with_duplicates_and_bad_numbers_are_sorted_out_row_by_row(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    rng = random.Random(11)
    lines, expected_errors, kept = ["phone,first_name,extra_phones"], [], []
    seen: set[str] = set()
    for row in range(2, 10_002):
        if rng.random() < 0.1:
            lines.append(f"07{rng.randrange(10)}{rng.randrange(10 ** 5):05d},Bad,")  # too short
            expected_errors.append((row, "invalid_phone_number"))
            continue
        if seen and rng.random() < 0.1:  # an earlier number in another spelling
            earlier = rng.choice(sorted(seen))
            lines.append(f"{rng.choice(['0' + earlier[4:], earlier[1:], earlier])},Again,")
            expected_errors.append((row, "duplicate_contact"))
            continue
        number = f"+2557{rng.choice('1345678')}{row:07d}"
        lines.append(f"{number},Mteja {row},")
        seen.add(number)
        kept.append(number)

    report = report_of(await upload(client, account, list_id, "\n".join(lines).encode()))

    assert errors_of(report) == expected_errors
    assert (report["imported"], report["skipped"]) == (len(kept), len(expected_errors))
    assert await phones_in(container, account, list_id) == kept


async def test_a_file_without_a_phone_column_is_refused_on_its_header_row(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)

    report = report_of(await upload(client, account, list_id, b"name,email\nAmina,amina@example.com\n"))

    assert report == {"imported": 0, "skipped": 1, "errors": [{"row": 1, "error": "missing_phone_column"}]}
    assert await phones_in(container, account, list_id) == []


@pytest.mark.parametrize(("content", "expected"), [
    (b"", {"imported": 0, "skipped": 1, "errors": [{"row": 1, "error": "empty_file"}]}),
    (b"\n\r\n , \n", {"imported": 0, "skipped": 1, "errors": [{"row": 1, "error": "empty_file"}]}),
    (b"phone\n", {"imported": 0, "skipped": 0, "errors": []}),
])
async def test_an_empty_file_imports_nothing_and_says_so(
    client: AsyncTestClient, container: Container, make_account: MakeAccount,  # type: ignore[type-arg]
    content: bytes, expected: dict[str, Any],
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    assert report_of(await upload(client, account, list_id, content)) == expected


async def test_a_file_that_breaks_off_half_way_leaves_the_list_as_it_was(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    await upload(client, account, list_id, b"phone\n0712000001\n")
    # 5,000 good rows, then a quote that never closes: a field past what the CSV reader takes
    good = "".join(f"07130{n:05d}\n" for n in range(5000))
    content = f"phone\n{good}\"{'x' * 200_000}\n0754000111\n".encode()

    report = report_of(await upload(client, account, list_id, content))

    assert report == {"imported": 0, "skipped": 1, "errors": [{"row": 5002, "error": "unreadable_file"}]}
    assert await phones_in(container, account, list_id) == ["+255712000001"]


def zip_of_a_text_file() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.txt", "a")
    return buffer.getvalue()


def xlsx(rows: list[list[Any]]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    workbook.create_sheet("Second")["A1"] = "phone"  # only the first sheet is read
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


async def test_an_excel_workbooks_first_sheet_is_imported(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    content = xlsx([["Simu", "Jina", "Last_Name"],
                    [712345678, "Amina", "Juma"],  # a number typed into the sheet: no leading 0
                    ["+255 754 000 111", "Baraka", None],
                    [None, None, None],
                    ["12345", "Bad", "Number"],
                    [255712345678, "Same", "Number"]])

    report = report_of(await upload(client, account, list_id, content, "wateja.xlsx"))

    assert report == {"imported": 2, "skipped": 2, "errors": [{"row": 5, "error": "invalid_phone_number"},
                                                              {"row": 6, "error": "duplicate_contact"}]}
    assert await phones_in(container, account, list_id) == ["+255712345678", "+255754000111"]


@pytest.mark.parametrize("content", [b"PK\x03\x04not really a zip", zip_of_a_text_file()])
async def test_a_file_that_only_looks_like_a_workbook_is_refused_as_not_one(
    client: AsyncTestClient, container: Container, make_account: MakeAccount,  # type: ignore[type-arg]
    content: bytes,
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    response = await upload(client, account, list_id, content, "contacts.xlsx")
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error" and error["field"] == "file"
    assert error["message"].startswith("The file is not a readable .xlsx workbook: ")


@pytest.mark.parametrize(("hostile", "limit"), [
    (far_corner, "The sheet spans 1,048,576 rows; an import reads at most 100,001"),
    (lambda: far_corner(dimension=None), "The sheet spans 1,048,576 rows; an import reads at most 100,001"),
    (zip_bomb, "an import unpacks at most 268,435,456 (256 MiB)"),
    (huge_shared_strings, "an import reads at most 33,554,432 (32 MiB)"),
], ids=["far-corner", "far-corner-undeclared", "zip-bomb", "shared-strings"])
async def test_a_workbook_past_the_limits_is_refused_with_413_naming_the_limit(
    client: AsyncTestClient, container: Container, make_account: MakeAccount,  # type: ignore[type-arg]
    hostile: Callable[[], bytes], limit: str,
) -> None:
    content = hostile()
    account = await make_account()
    list_id = await new_list(container, account)
    await upload(client, account, list_id, b"phone\n0712000001\n")

    response = await upload(client, account, list_id, content, "wateja.xlsx")

    assert response.status_code == 413, response.text
    body = response.json()
    assert body["success"] is False and body["data"] is None
    assert body["error"]["code"] == "payload_too_large" and limit in body["error"]["message"]
    assert await phones_in(container, account, list_id) == ["+255712000001"]


async def _asgi_upload(app: Any, path: str, headers: dict[str, str], total: int,
                       content_length: int | None) -> tuple[int, dict[str, Any], int]:
    """POST a multipart body of `total` bytes straight through ASGI, 64 KiB a message:
    (status, body, bytes the app read)."""
    boundary = "import-boundary"
    head = (f"--{boundary}\r\ncontent-disposition: form-data; name=\"file\"; filename=\"big.csv\"\r\n"
            "content-type: text/csv\r\n\r\nphone\r\n").encode()
    chunk = b"0712345678\r\n" * (64 * 1024 // 12)
    read = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        body = head if read == 0 else chunk
        read += len(body)
        return {"type": "http.request", "body": body, "more_body": read < total}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    raw.append((b"content-type", f"multipart/form-data; boundary={boundary}".encode()))
    if content_length is not None:
        raw.append((b"content-length", str(content_length).encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": raw, "client": ("127.0.0.1", 50000), "server": ("testserver", 80)}
    await app(scope, receive, send)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, json.loads(b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")), read


TWENTY_MB = 20 * 1024 * 1024


async def test_a_20_mb_file_announced_by_its_length_is_refused_before_a_byte_is_read(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    status, body, read = await _asgi_upload(client.app, f"/v1/contact-lists/{list_id}/import", account.jwt_headers,
                                            TWENTY_MB, TWENTY_MB)
    assert (status, body["error"]["code"], read) == (413, "payload_too_large", 0)


async def test_a_20_mb_file_streamed_without_a_length_is_refused_once_past_the_limit(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    status, body, read = await _asgi_upload(client.app, f"/v1/contact-lists/{list_id}/import", account.jwt_headers,
                                            TWENTY_MB, None)
    assert (status, body["error"]["code"]) == (413, "payload_too_large")
    assert MAX_IMPORT_BYTES < read <= MAX_IMPORT_BYTES + 64 * 1024 + 64 * 1024  # one message past the limit
    assert await phones_in(container, account, list_id) == []


async def test_a_file_just_over_10_mb_in_a_body_under_the_limit_is_refused(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    content = b"phone\n" + b"0712345678\n" * (MAX_IMPORT_BYTES // 11 + 1)
    response = await upload(client, account, list_id, content)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
    assert await phones_in(container, account, list_id) == []


async def test_another_accounts_list_is_not_found_and_an_api_key_is_forbidden(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    owner, other = await make_account(), await make_account()
    list_id = await new_list(container, owner)
    content = b"phone\n0712345678\n"

    for someone_else in (f"/v1/contact-lists/{list_id}/import", ):
        response = await client.post(someone_else, headers=other.jwt_headers, files={"file": ("c.csv", content)})
        assert (response.status_code, response.json()["error"]["code"]) == (404, "not_found")
    response = await client.get(f"/v1/contact-lists/{list_id}/contacts/export", headers=other.jwt_headers)
    assert (response.status_code, response.json()["error"]["code"]) == (404, "not_found")
    for unknown in (container.ids().new_id(), "not-a-uuid"):
        assert (await upload(client, owner, unknown, content)).status_code == 404
        assert (await client.get(f"/v1/contact-lists/{unknown}/contacts/export",
                                 headers=owner.jwt_headers)).status_code == 404

    response = await client.post(f"/v1/contact-lists/{list_id}/import", headers=owner.key_headers,
                                 files={"file": ("c.csv", content)})
    assert (response.status_code, response.json()["error"]["code"]) == (403, "forbidden")
    response = await client.get(f"/v1/contact-lists/{list_id}/contacts/export", headers=owner.key_headers)
    assert (response.status_code, response.json()["error"]["code"]) == (403, "forbidden")
    assert await phones_in(container, owner, list_id) == []


async def test_an_upload_without_the_file_field_is_a_validation_error(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    path = f"/v1/contact-lists/{list_id}/import"
    for kwargs in ({"files": {"other": ("c.csv", b"phone\n")}}, {"data": {"file": "phone\n0712345678"}},
                   {"json": {"file": "phone"}}, {}):
        response = await client.post(path, headers=account.jwt_headers, **kwargs)
        assert response.status_code == 400, (kwargs, response.text)
        assert response.json()["error"]["code"] == "validation_error"


async def test_an_export_is_a_csv_file_of_every_contact_that_imports_back_unchanged(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account, name="Wateja wa Dar/Arusha")
    content = ("phone,first_name,last_name,email,extra_phones\n"
               "0712345678,=HYPERLINK(\"http://evil.example\"),-Juma,amina@example.com,0754000111; 0654000111\n"
               "0713000002,@SUM(A1:A9),\"Mushi, Jr.\",,\n"
               "0713000003,'=1+1,\"Line\nbreak\",,\n").encode()  # a spreadsheet shows '=1+1 as =1+1
    assert report_of(await upload(client, account, list_id, content))["imported"] == 3
    async with container.uow() as uow:
        await uow.opt_outs.opt_out(account.id, "+255713000002", T0)
        await uow.commit()

    response = await client.get(f"/v1/contact-lists/{list_id}/contacts/export", headers=account.jwt_headers)

    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"].startswith('attachment; filename="Wateja wa Dar_Arusha-contacts.csv"')
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows == [
        ["phone", "first_name", "last_name", "email", "extra_phones", "opted_out"],
        ["+255712345678", "'=HYPERLINK(\"http://evil.example\")", "'-Juma", "amina@example.com",
         "+255754000111;+255654000111", "false"],
        ["+255713000002", "'@SUM(A1:A9)", "Mushi, Jr.", "", "", "true"],
        ["+255713000003", "'=1+1", "Line\nbreak", "", "", "false"],
    ]

    again = await new_list(container, account)
    assert report_of(await upload(client, account, again, response.content)) == {
        "imported": 3, "skipped": 0, "errors": []}
    async with container.uow() as uow:
        before, _ = await uow.contacts.page(account.id, list_id, ContactSearch(), 10, 0)
        after, _ = await uow.contacts.page(account.id, again, ContactSearch(), 10, 0)
    shown = [(c.phone, c.first_name, c.last_name, c.email, [p.phone for p in c.phones]) for c in before]
    assert shown == [(c.phone, c.first_name, c.last_name, c.email, [p.phone for p in c.phones]) for c in after]
    assert shown[0][1] == '=HYPERLINK("http://evil.example")' and shown[2][1] == "=1+1"


async def test_the_file_may_come_as_a_plain_form_field_of_any_bytes_and_credentials_come_first(
    client: AsyncTestClient, container: Container, make_account: MakeAccount  # type: ignore[type-arg]
) -> None:
    account = await make_account()
    list_id = await new_list(container, account)
    boundary = "b0undary"
    body = (f"--{boundary}\r\ncontent-disposition: form-data; name=\"file\"\r\n\r\n").encode() + \
        b"\x89PNG\xff\xfe phone\r\n" + f"\r\n--{boundary}--\r\n".encode()
    headers = {"content-type": f"multipart/form-data; boundary={boundary}"}

    anonymous = await client.post(f"/v1/contact-lists/{list_id}/import", headers=headers, content=body)
    assert (anonymous.status_code, anonymous.json()["error"]["code"]) == (401, "unauthorized")

    response = await client.post(f"/v1/contact-lists/{list_id}/import", headers={**headers, **account.jwt_headers},
                                 content=body)
    assert report_of(response) == {"imported": 0, "skipped": 1, "errors": [{"row": 1, "error": "missing_phone_column"}]}
    broken = await client.post(f"/v1/contact-lists/{list_id}/import", headers={**headers, **account.jwt_headers},
                               content=body[:-5])
    assert (broken.status_code, broken.json()["error"]["field"]) == (400, "file")
