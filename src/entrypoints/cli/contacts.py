"""`ujumbe contacts import E LIST_ID FILE`: a contacts file into a list, as the API imports it,
with a progress bar (stderr) over the bytes read."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from domain.contact_files import ImportReport
from domain.contacts import MAX_IMPORT_BYTES
from domain.errors import ImportFileTooLarge
from domain.ids import lookup_id
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit


class _Counted(io.RawIOBase):
    """A file that says how far it has been read (for the progress bar)."""

    def __init__(self, raw: io.BufferedReader, on_read: Callable[[int], None]) -> None:
        self._raw, self._on_read = raw, on_read

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        n = self._raw.readinto(buffer)
        self._on_read(self._raw.tell())
        return n

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._raw.seek(offset, whence)

    def tell(self) -> int:
        return self._raw.tell()


def _report_text(report: ImportReport) -> str:
    lines = [f"imported {report.imported}, skipped {report.skipped}"]
    lines += (f"row {error.row}: {error.error}" for error in report.errors)
    return "\n".join(lines)


@cli.group()
def contacts() -> None:
    """Contact lists: import files of contacts.

    \b
    Examples:
      ujumbe contacts import shop@example.com 3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f6a7b8 wateja.csv
    """


@command(contacts, "import")
@click.argument("email")
@click.argument("list_id")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path))
async def import_contacts(email: str, list_id: str, file: Path) -> None:
    """Import FILE (CSV or .xlsx, as POST /v1/contact-lists/{listId}/import takes it) into the list
    LIST_ID of the account with EMAIL; print the report (rows left out, with their reason).

    \b
    Examples:
      ujumbe contacts import shop@example.com 3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f6a7b8 wateja.csv
      ujumbe contacts import shop@example.com 3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f6a7b8 wateja.xlsx --json
    """
    size = file.stat().st_size
    if size > MAX_IMPORT_BYTES:
        raise ImportFileTooLarge()
    async with services() as c:
        account = await c.find_account()(email)
        progress = Progress(TextColumn("importing {task.description}"), BarColumn(), DownloadColumn(),
                            TimeRemainingColumn(), console=Console(stderr=True), transient=True)
        with progress, file.open("rb") as raw:
            task = progress.add_task(file.name, total=size)
            counted = io.BufferedReader(_Counted(raw, lambda done: progress.update(task, completed=done)))
            report = await c.import_contacts()(account.id, lookup_id(list_id), counted)
    emit({"imported": report.imported, "skipped": report.skipped,
          "errors": [{"row": e.row, "error": e.error} for e in report.errors]}, _report_text(report))
