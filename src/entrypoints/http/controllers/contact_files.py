"""/v1/contact-lists/{listId}/import and /v1/contact-lists/{listId}/contacts/export: contacts in
bulk, as a file (JWT only, as every contact-list route).

The upload is streamed by Litestar's multipart parser into a spooled temporary file (on disk past
1 MiB), so the body is never held in memory whole; a body over the file limit plus room for the
multipart envelope is refused (413) by its Content-Length, or as it streams without one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import quote

import msgspec
from litestar import Controller, get, post
from litestar.datastructures import ResponseHeader, UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath
from litestar.response import Stream

from application.contact_files import ExportContacts, ImportContacts
from domain.contacts import MAX_IMPORT_BYTES
from domain.errors import ImportFileTooLarge, NotFound
from entrypoints.container import Container
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok

# What a multipart body holds besides the file: its boundaries and part headers (a long file name
# included) fit in this many bytes.
MULTIPART_ENVELOPE = 64 * 1024
CSV_MEDIA_TYPE = "text/csv"  # Litestar adds `; charset=utf-8` to a text type


@dataclass
class ContactFileUpload:
    file: UploadFile


_ROW_ERRORS = (
    "Why the row was left out: invalid_phone_number (the number or an extra number), duplicate_contact (a "
    "number already in the list or in an earlier row), contact_list_full (the list holds 100,000), "
    "invalid_name, invalid_email, too_many_phone_numbers (over 10 extra numbers), invalid_encoding (bytes that are "
    "not UTF-8); for the whole file, on its header row: missing_phone_column, empty_file; too_many_rows on "
    "the first row past 100,000 (nothing after it is read).")


class RowErrorBody(ResponseBody, kw_only=True):
    row: Annotated[int, msgspec.Meta(ge=1, description="The row as a spreadsheet numbers it: the header is row 1.")]
    error: Annotated[str, msgspec.Meta(description=_ROW_ERRORS)]


class ImportReportBody(ResponseBody, kw_only=True):
    imported: int
    skipped: int
    errors: list[RowErrorBody]


_UPLOAD_DESCRIPTION = (
    "multipart/form-data with the file in the field `file`: CSV (UTF-8 with or without a byte-order "
    "mark; comma, semicolon or tab between cells) or an Excel workbook (.xlsx, its first sheet). The "
    "first row names the columns, in any case: phone (or phone_number, msisdn, mobile, simu), "
    "first_name (or jina), last_name, email, extra_phones (numbers separated by `;`); others are "
    f"ignored. At most {MAX_IMPORT_BYTES} bytes (413 payload_too_large above) and 100,000 rows."
)


def _content_disposition(file_name: str) -> str:
    """RFC 6266: an ASCII `filename` for every client, the exact one in `filename*`."""
    ascii_name = file_name.encode("ascii", "replace").decode().replace("?", "_")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(file_name, safe='')}"


class ContactFilesController(Controller):
    path = "/v1/contact-lists"
    tags = ["contact lists"]
    dependencies = {"principal": authenticated(JWT)}

    @post("/{list_id:str}/import", operation_id="importContacts", status_code=200,
          request_max_body_size=MAX_IMPORT_BYTES + MULTIPART_ENVELOPE,
          opt={"errors": (NotFound, ImportFileTooLarge)},
          response_description="What was imported; every row left out is in `errors` (skipped = their number).",
          dependencies={"import_contacts": provide(Container.import_contacts)})
    async def import_contacts(
        self, principal: NamedDependency[Principal], list_id: FromPath[str],
        import_contacts: NamedDependency[ImportContacts],
        data: Annotated[ContactFileUpload, Body(media_type=RequestEncodingType.MULTI_PART,
                                                description=_UPLOAD_DESCRIPTION)],
    ) -> Envelope[ImportReportBody]:
        """Import a CSV or .xlsx file of contacts into a list: every good row or none; the rows
        left out are reported with their row number (the header is row 1) and reason."""
        upload = data.file.file
        if upload.seek(0, 2) > MAX_IMPORT_BYTES:
            raise ImportFileTooLarge(field="file")
        upload.seek(0)
        report = await import_contacts(principal.account_id, list_id, upload)
        return ok(body_of(report, ImportReportBody))

    @get("/{list_id:str}/contacts/export", operation_id="exportContacts", media_type=CSV_MEDIA_TYPE,
         opt={"errors": (NotFound,)}, dependencies={"export_contacts": provide(Container.export_contacts)},
         response_description="The list's contacts as CSV, a header row first: phone, first_name, last_name, "
                              "email, extra_phones (separated by `;`), opted_out (true or false). Numbers are "
                              "E.164; a text cell that a spreadsheet would read as a formula starts with `'`.",
         response_headers=[ResponseHeader(name="Content-Disposition", documentation_only=True,
                                          description='attachment; filename="<list name>-contacts.csv"')])
    async def export_contacts(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                              export_contacts: NamedDependency[ExportContacts]) -> Stream:
        """A list's contacts as a CSV file, streamed; it imports back unchanged."""
        export = await export_contacts(principal.account_id, list_id)
        return Stream(export.chunks, media_type=CSV_MEDIA_TYPE,
                      headers={"Content-Disposition": _content_disposition(export.file_name)})
