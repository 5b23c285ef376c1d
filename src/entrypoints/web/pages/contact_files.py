"""A file of contacts imported into a list (`/contacts/{id}/import`) and a list saved as a CSV file
(`/contacts/{id}/export.csv`): the use cases of the API's import and export.

The upload is a plain multipart form, its CSRF token one of its fields: Litestar parses it once
(for the CSRF guard, or here if the guard had the token from a header), spooling the file to disk past
1 MiB, and a body over the file limit and its multipart envelope is refused (413) as it streams.
The import is done while the request waits (the API's is too), so the answer is its report: how
many contacts went in, and each row left out with what it held and why.
"""

from __future__ import annotations

import os
from typing import IO, Any
from uuid import UUID

from litestar import Controller, Request, get, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.response import Stream, Template

from application.contacts.files import ExportContacts, ImportContacts
from application.contacts.lists import DescribeContactList
from domain.contact_files import ImportReport
from domain.contacts import MAX_IMPORT_BYTES
from domain.errors import DomainError, ImportFileTooLarge, ValidationError
from entrypoints.http.files import MULTIPART_ENVELOPE, csv_download
from entrypoints.web.messages import row_message_of
from entrypoints.web.pages import google_contacts_on, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

REPORTED_ROWS = 500  # rows left out that the page lists; the count says how many there were in all


def _file_of(upload: Any) -> IO[bytes]:
    """The uploaded file, from its start; refused when the form has none or it is over the limit."""
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise ValidationError("Choose a file to import.", field="file")
    if upload.file.seek(0, os.SEEK_END) > MAX_IMPORT_BYTES:
        raise ImportFileTooLarge(field="file")
    upload.file.seek(0)
    return upload.file


async def _import_page(request: Request[Any, Any, Any], viewer: Viewer, list_id: str, *,
                       report: ImportReport | None = None, refused: DomainError | None = None) -> Template:
    describe: DescribeContactList = use_cases(request).describe_contact_list()
    contact_list = await describe(viewer.account_id, list_id)
    status, error = refusal(refused) if refused is not None else (200, None)
    if request.headers.get("hx-request"):
        status = 200  # htmx swaps in a 2xx answer: the form gives way to the page saying why
    return page(request, "contacts_import.html", status_code=status, viewer=viewer, contact_list=contact_list,
                report=report, reported_rows=REPORTED_ROWS, row_message_of=row_message_of, source="file",
                google_contacts=google_contacts_on(request), error=error)


class ContactFilePages(Controller):
    path = "/contacts/{list_id:uuid}"

    @get("/import")
    async def import_form(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                          list_id: FromPath[UUID]) -> Template:
        """The upload form, and which columns a file may have."""
        return await _import_page(request, viewer, str(list_id))

    @post("/import", request_max_body_size=MAX_IMPORT_BYTES + MULTIPART_ENVELOPE)
    async def import_file(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                          list_id: FromPath[UUID]) -> Template:
        """Every good row of the file into the list, or none; the report of the rows left out."""
        upload = (await request.form()).get("file")
        import_contacts: ImportContacts = use_cases(request).import_contacts()
        try:
            report = await import_contacts(viewer.account_id, str(list_id), _file_of(upload))
        except (ValidationError, ImportFileTooLarge) as exc:
            return await _import_page(request, viewer, str(list_id), refused=exc)
        finally:
            if isinstance(upload, UploadFile):
                await upload.close()
        return await _import_page(request, viewer, str(list_id), report=report)

    @get("/export.csv")
    async def export(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                     list_id: FromPath[UUID]) -> Stream:
        """The list as a CSV file, the API's export: it imports back unchanged."""
        export_contacts: ExportContacts = use_cases(request).export_contacts()
        export = await export_contacts(viewer.account_id, str(list_id))
        return csv_download(export.file_name, export.chunks)
