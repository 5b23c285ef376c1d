"""/v1/contact-lists/{listId}/import and /v1/contact-lists/{listId}/contacts/export: contacts in
bulk, as a file (JWT only, as every contact-list route).

The upload is read here, once the caller is authenticated, as it streams: its multipart parts go
through a push parser and the `file` part into a spooled temporary file (on disk past 1 MiB), so
the body is never held in memory whole. A body over the file limit plus room for the multipart
envelope is refused (413) by its Content-Length, or as it streams without one; a file over the
limit is refused as soon as it passes it. The part is taken as bytes whether it is sent as a file
(with a file name) or as a plain field: Litestar's own form parsing would decode a plain field
as UTF-8 text, which a binary file is not.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from typing import IO, Annotated, Any

import msgspec
from litestar import Controller, Request, get, post
from litestar.datastructures import ResponseHeader
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.openapi.spec import OpenAPIFormat, OpenAPIMediaType, OpenAPIType, Operation, RequestBody, Schema
from litestar.params import FromPath
from litestar.response import Stream
from multipart import MultipartSegment, ParserError, PushMultipartParser

from application.contacts.files import ExportContacts, ImportContacts
from domain.contacts import (
    MAX_IMPORT_BYTES,
    MAX_IMPORT_CELLS,
    MAX_IMPORT_COLUMNS,
    MAX_IMPORT_ROWS,
    MAX_SHARED_STRINGS_BYTES,
    MAX_WORKBOOK_UNPACKED_BYTES,
)
from domain.errors import ImportFileTooLarge, NotFound, ValidationError
from domain.ids import lookup_id
from entrypoints.container import Container
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.files import CSV_MEDIA_TYPE, MULTIPART_ENVELOPE, csv_download


_ROW_ERRORS = (
    "Why the row was left out: invalid_phone_number (the number or an extra number), duplicate_contact (a "
    "number already in the list or in an earlier row), contact_list_full (the list holds 100,000), "
    "invalid_name, invalid_email, too_many_phone_numbers (over 10 extra numbers), invalid_encoding (bytes that are "
    "not UTF-8); for the whole file, on its header row: missing_phone_column, empty_file; too_many_rows on "
    "the first row past 100,000 (nothing after it is read); unreadable_file where a file stops being readable "
    "(a quote never closed, a workbook's cell that cannot be read): nothing of it is imported.")


class RowErrorBody(ResponseBody, kw_only=True):
    row: Annotated[int, msgspec.Meta(ge=1, description="The row as a spreadsheet numbers it: the header is row 1.")]
    error: Annotated[str, msgspec.Meta(description=_ROW_ERRORS)]


class ImportReportBody(ResponseBody, kw_only=True):
    imported: int
    skipped: int
    errors: list[RowErrorBody]


_UPLOAD_DESCRIPTION = (
    "The file in the field `file`: CSV (UTF-8 with or without a byte-order "
    "mark; comma, semicolon or tab between cells) or an Excel workbook (.xlsx, its first sheet). The "
    "first row names the columns, in any case: phone (or phone_number, msisdn, mobile, simu), "
    "first_name (or jina), last_name, email, extra_phones (numbers separated by `;`); others are "
    f"ignored. At most {MAX_IMPORT_BYTES} bytes (413 payload_too_large above) and 100,000 rows. A workbook is "
    f"checked before it is read: its first sheet's cells may span at most {MAX_IMPORT_ROWS + 1:,} rows, "
    f"{MAX_IMPORT_COLUMNS} columns and {MAX_IMPORT_CELLS:,} cells (rows x columns, counted from A1), its parts "
    f"may unpack to at most {MAX_WORKBOOK_UNPACKED_BYTES:,} bytes and its shared strings to "
    f"{MAX_SHARED_STRINGS_BYTES:,} (413 payload_too_large naming the limit above any); a file that starts as a "
    "ZIP archive and is not a readable workbook is 400 validation_error."
)


@dataclass
class _FileUploadOperation(Operation):
    """The operation of a route that reads its multipart body itself: the body as the document
    states it (Litestar states a body only for a `data` parameter, which it would parse)."""

    def __post_init__(self) -> None:
        file = Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY, description=_UPLOAD_DESCRIPTION)
        form = Schema(type=OpenAPIType.OBJECT, properties={"file": file}, required=["file"])
        self.request_body = RequestBody(required=True, content={
            RequestEncodingType.MULTI_PART.value: OpenAPIMediaType(schema=form)})


_SPOOL_IN_MEMORY = 1024 * 1024  # past this, the upload is on disk


async def _spooled_file(request: Request[Any, Any, Any]) -> IO[bytes]:
    """The `file` part of a multipart/form-data body, in a spooled temporary file at its start."""
    media_type, options = request.content_type
    boundary = options.get("boundary")
    if media_type != RequestEncodingType.MULTI_PART.value or not boundary:
        raise ValidationError("Send the file as multipart/form-data, in the field `file`.", field="file")
    spooled: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=_SPOOL_IN_MEMORY)  # noqa: SIM115
    found = in_file = False
    try:
        with PushMultipartParser(boundary, max_segment_count=100) as parser:
            async for chunk in request.stream():
                for part in parser.parse(chunk):
                    if isinstance(part, MultipartSegment):
                        in_file = part.name == "file" and not found
                        found = found or in_file
                    elif part and in_file:
                        spooled.write(part)
                        if spooled.tell() > MAX_IMPORT_BYTES:
                            raise ImportFileTooLarge(field="file")
                if parser.closed:
                    break
    except ParserError as exc:
        spooled.close()
        raise ValidationError(f"The multipart/form-data body cannot be read: {exc}.", field="file") from exc
    except BaseException:
        spooled.close()
        raise
    if not found:
        spooled.close()
        raise ValidationError("The form has no field `file`.", field="file")
    spooled.seek(0)
    return spooled


class ContactFilesController(Controller):
    path = "/v1/contact-lists"
    tags = ["contact lists"]
    dependencies = {"principal": authenticated(JWT)}

    @post("/{list_id:str}/import", operation_id="importContacts", status_code=200,
          request_max_body_size=MAX_IMPORT_BYTES + MULTIPART_ENVELOPE,
          opt={"errors": (NotFound, ImportFileTooLarge)}, operation_class=_FileUploadOperation,
          response_description="What was imported; every row left out is in `errors` (skipped = their number).",
          dependencies={"import_contacts": provide(Container.import_contacts)})
    async def import_contacts(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                              list_id: FromPath[str],
                              import_contacts: NamedDependency[ImportContacts]) -> Envelope[ImportReportBody]:
        """Import a CSV or .xlsx file of contacts into a list: every good row or none; the rows
        left out are reported with their row number (the header is row 1) and reason."""
        with await _spooled_file(request) as upload:
            report = await import_contacts(principal.account_id, lookup_id(list_id), upload)
        return ok(body_of(report, ImportReportBody))

    @get("/{list_id:str}/contacts/export", operation_id="exportContacts", media_type=CSV_MEDIA_TYPE,
         opt={"errors": (NotFound,)}, dependencies={"export_contacts": provide(Container.export_contacts)},
         response_description="The list's contacts as CSV, a header row first: phone, first_name, last_name, "
                              "email, extra_phones (separated by `;`), opted_out (true or false). Numbers are "
                              "E.164; a text cell that a spreadsheet would read as a formula starts with `'`.",
         response_headers=[ResponseHeader(name="Content-Disposition", documentation_only=True,
                                          value='attachment; filename="Wateja-contacts.csv"',
                                          description='attachment; filename="<list name>-contacts.csv"')])
    async def export_contacts(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                              export_contacts: NamedDependency[ExportContacts]) -> Stream:
        """A list's contacts as a CSV file, streamed; it imports back unchanged."""
        export = await export_contacts(principal.account_id, lookup_id(list_id))
        return csv_download(export.file_name, export.chunks)
