"""Contact files: what a row of an imported file means, and how an exported cell is written.

A file is a header row (row 1, as a spreadsheet numbers it) and one contact per row after it.
Columns are found by their header, case-insensitively: any of `PHONE_HEADERS` is the number, the
others are in `HEADERS`; other columns are ignored. A row is checked here (numbers to E.164, names
and email as a contact's); whether its numbers are already in the list, or earlier in the file, is
the writer's to find, since only it sees the list.

Exported cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or
carriage return, per OWASP) are written behind an apostrophe, and the importer takes it off again,
so an export imports back unchanged. A cell that already starts with apostrophes before one of
those characters gets one more, so that taking one off is always right.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from domain.contacts import (
    MAX_IMPORT_CELLS,
    MAX_IMPORT_COLUMNS,
    MAX_IMPORT_ROWS,
    MAX_PHONES_PER_CONTACT,
    validate_contact_email,
    validate_contact_name,
)
from domain.errors import ImportFileTooLarge, InvalidPhoneNumber, ValidationError
from domain.phone import e164_of

# Row errors of an import report (`{row, error}`): `invalid_phone_number` and `duplicate_contact`,
# as everywhere else, and the import's own (decision: contacts).
INVALID_PHONE_NUMBER = "invalid_phone_number"  # the number, or one of the extra numbers
DUPLICATE_CONTACT = "duplicate_contact"  # a number already in the list, or in an earlier row
MISSING_PHONE_COLUMN = "missing_phone_column"  # the whole file, reported on row 1 (the header)
EMPTY_FILE = "empty_file"  # no header row at all, reported on row 1
TOO_MANY_ROWS = "too_many_rows"  # the first row past MAX_IMPORT_ROWS; nothing after it is read
UNREADABLE_FILE = "unreadable_file"  # the whole file: it cannot be read from this row on; nothing is imported
CONTACT_LIST_FULL = "contact_list_full"  # a good row that would take the list past its limit
INVALID_ENCODING = "invalid_encoding"  # bytes that are not UTF-8 in the row
INVALID_NAME = "invalid_name"  # first or last name too long, or holding a NUL
INVALID_EMAIL = "invalid_email"
TOO_MANY_PHONE_NUMBERS = "too_many_phone_numbers"  # more extra numbers than a contact may have

PHONE_HEADERS = ("phone", "phone_number", "msisdn", "mobile", "simu")
HEADERS: Mapping[str, str] = {
    **{name: "phone" for name in PHONE_HEADERS},
    "first_name": "first_name", "jina": "first_name",
    "last_name": "last_name",
    "email": "email",
    "extra_phones": "extra_phones",  # the export's own columns; `opted_out` is derived, so ignored
}
EXPORT_HEADER = ("phone", "first_name", "last_name", "email", "extra_phones", "opted_out")
EXTRA_PHONES_SEPARATOR = ";"  # between extra numbers in one cell; `,` and `|` are read too
_EXTRA_SEPARATORS = str.maketrans({",": ";", "|": ";"})
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_UNDECODABLE = re.compile("[\udc80-\udcff]")  # bytes that were not UTF-8, as the reader escaped them


class UnreadableFile(Exception):
    """A file that cannot be read on from `row` (not CSV, not a workbook, a quote never closed)."""

    def __init__(self, row: int, why: str) -> None:
        super().__init__(f"row {row}: {why}")
        self.row = row


def check_sheet_extent(rows: int, columns: int) -> None:
    """ImportFileTooLarge, naming the limit, for a sheet whose cells span more rows, columns or
    cells (rows x columns) than an import reads: the sheet would be refused before it is read."""
    if rows > MAX_IMPORT_ROWS + 1:
        raise ImportFileTooLarge(f"The sheet spans {rows:,} rows; an import reads at most {MAX_IMPORT_ROWS + 1:,} "
                                 f"(a header and {MAX_IMPORT_ROWS:,} contacts).", field="file")
    if columns > MAX_IMPORT_COLUMNS:
        raise ImportFileTooLarge(f"The sheet spans {columns:,} columns; an import reads at most "
                                 f"{MAX_IMPORT_COLUMNS:,}.", field="file")
    if rows * columns > MAX_IMPORT_CELLS:
        raise ImportFileTooLarge(f"The sheet spans {rows:,} rows of {columns:,} columns ({rows * columns:,} cells); "
                                 f"an import reads at most {MAX_IMPORT_CELLS:,} cells.", field="file")


@dataclass(frozen=True, slots=True)
class ContactRow:
    """A row that passed its own checks: numbers in E.164, names and email as stored."""

    row: int
    phone: str
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    extra_phones: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RowError:
    row: int
    error: str
    value: str = ""  # what the row was refused for, as `shown_value` writes it: "" when it is the whole row


_SHOWN_LENGTH = 60
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")  # control characters; bytes that were not UTF-8


def shown_value(text: str) -> str:
    """A cell as a report shows it to a person: what cannot be printed (a control character, bytes
    that were not UTF-8) as U+FFFD, and at most `_SHOWN_LENGTH` characters."""
    text = _UNPRINTABLE.sub("\ufffd", text)
    return text if len(text) <= _SHOWN_LENGTH else text[:_SHOWN_LENGTH - 1] + "\u2026"


@dataclass(frozen=True, slots=True)
class ImportReport:
    imported: int
    skipped: int
    errors: tuple[RowError, ...]


def column_of(header: str) -> str | None:
    """The field a header names (`" Phone Number "` → `phone`), or None for another column."""
    name = "_".join(restore_cell(header.strip()).lower().replace("-", " ").split())
    return HEADERS.get(name)


def columns_of(header_row: Sequence[str]) -> dict[str, int]:
    """field → its column index; the first column naming a field wins."""
    found: dict[str, int] = {}
    for index, header in enumerate(header_row):
        field = column_of(header)
        if field is not None and field not in found:
            found[field] = index
    return found


def check_row(row: int, phone: str, first_name: str = "", last_name: str = "", email: str = "",
              extra_phones: Iterable[str] = ()) -> ContactRow | RowError:
    """A row's cells (as read, neutralised or not) as a contact, or the first reason it is not one,
    with the cell it is about."""
    extra_phones = list(extra_phones)
    for cell in (phone, first_name, last_name, email, *extra_phones):
        if _UNDECODABLE.search(cell):
            return RowError(row, INVALID_ENCODING, shown_value(cell))
    numbers: list[str] = []
    cells = [(phone, restore_cell(phone.strip())), *((n, restore_cell(n)) for n in extra_phones if n.strip())]
    for cell, text in cells:
        try:
            numbers.append(e164_of(text))
        except InvalidPhoneNumber:
            return RowError(row, INVALID_PHONE_NUMBER, shown_value(cell.strip()))
    unique = tuple(dict.fromkeys(numbers))  # a number repeated within one row is one number
    if len(unique) - 1 > MAX_PHONES_PER_CONTACT:
        return RowError(row, TOO_MANY_PHONE_NUMBERS, shown_value(EXTRA_PHONES_SEPARATOR.join(unique[1:])))
    names: list[str] = []
    for cell, field in ((first_name, "first_name"), (last_name, "last_name")):
        try:
            names.append(validate_contact_name(restore_cell(cell.strip()), field=field))
        except ValidationError:
            return RowError(row, INVALID_NAME, shown_value(cell.strip()))
    try:
        address = validate_contact_email(restore_cell(email.strip()))
    except ValidationError:
        return RowError(row, INVALID_EMAIL, shown_value(email.strip()))
    return ContactRow(row, unique[0], names[0], names[1], address, unique[1:])


def split_extra_phones(cell: str) -> list[str]:
    return [n for n in restore_cell(cell.strip()).translate(_EXTRA_SEPARATORS).split(";") if n.strip()]


def neutralise_cell(text: str) -> str:
    """The cell as written to a file a spreadsheet may open: never a formula."""
    if text.lstrip("'").startswith(_FORMULA_STARTS):
        return "'" + text
    return text


def restore_cell(text: str) -> str:
    """A cell as `neutralise_cell` wrote it, back to the text it was."""
    if text.startswith("'") and text.lstrip("'").startswith(_FORMULA_STARTS):
        return text[1:]
    return text


def export_cells(phone: str, first_name: str, last_name: str, email: str, extra_phones: Iterable[str],
                 opted_out: bool) -> list[str]:
    """A contact's row of an export, in `EXPORT_HEADER`'s order. Numbers are left as they are: a
    number in E.164 is `+` and digits (joined by `;`), which no spreadsheet can run as anything but
    the number itself (no function, reference or link), and an apostrophe would hide it."""
    return [phone, neutralise_cell(first_name), neutralise_cell(last_name), neutralise_cell(email),
            EXTRA_PHONES_SEPARATOR.join(extra_phones), "true" if opted_out else "false"]


def rows_of(table: Iterable[tuple[int, Sequence[str]]]) -> Iterator[ContactRow | RowError]:
    """A file's rows (row number, cells; the header first) as contacts and row errors.

    Rows with no text at all are passed over, as a spreadsheet's blank lines are; the header is
    the first row with text. A file-wide problem is one error on the header's row (row 1 when the
    file is empty), and past `MAX_IMPORT_ROWS` rows one error on the first row too many ends it.
    """
    rows = (row for row in table if any(cell.strip() for cell in row[1]))
    header = next(rows, None)
    if header is None:
        yield RowError(1, EMPTY_FILE)
        return
    columns = columns_of(header[1])
    if "phone" not in columns:
        named = ", ".join(cell.strip() for cell in header[1] if cell.strip())
        yield RowError(header[0], MISSING_PHONE_COLUMN, shown_value(named))
        return

    def cell(cells: Sequence[str], field: str) -> str:
        index = columns.get(field)
        return cells[index] if index is not None and index < len(cells) else ""

    for count, (row, cells) in enumerate(rows, start=1):
        if count > MAX_IMPORT_ROWS:
            yield RowError(row, TOO_MANY_ROWS)
            return
        yield check_row(row, cell(cells, "phone"), cell(cells, "first_name"), cell(cells, "last_name"),
                        cell(cells, "email"), split_extra_phones(cell(cells, "extra_phones")))


_FILE_NAME_UNSAFE = re.compile(r'[\x00-\x1f\x7f"\\/:*?<>|;]+')


def export_file_name(list_name: str, list_id: str) -> str:
    """`<list name>-contacts.csv`, with what a file name or a header cannot hold taken out
    (the list's id when nothing is left of its name)."""
    name = _FILE_NAME_UNSAFE.sub("_", list_name).strip(" ._") or list_id
    return f"{name}-contacts.csv"
