"""The limits an .xlsx workbook is held to before python-calamine reads it.

python-calamine reads a sheet whole, into a rectangle of cells as large as the cells present span
(about 32 bytes a cell), and a workbook's table of text cells (its shared strings) whole: a 1.6 KB
file with one cell at A1 and another at XFD1048576 asks it for 512 GiB, and the allocation failure
aborts the process. So the archive is looked at first, with stdlib `zipfile` (its directory) and
`zlib` (each part inflated once, a chunk at a time, nothing whole): the sizes its parts declare
(a zip bomb is refused before anything is inflated) and the sizes they inflate to (a part that
inflates past what it declares is refused as it does), the shared strings' size, and the first
sheet's extent, from its declared `<dimension>` and from the cells actually present, counted as
the sheet streams (a declared dimension may be absent or lie). Too large is
`ImportFileTooLarge` (413), naming the limit; not a workbook is `ValidationError` (400).
"""

from __future__ import annotations

import collections
import functools
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from typing import IO
from xml.parsers import expat

from domain.contact_files import check_sheet_extent
from domain.contacts import MAX_SHARED_STRINGS_BYTES, MAX_WORKBOOK_UNPACKED_BYTES
from domain.errors import ImportFileTooLarge, ValidationError

_WORKBOOK = "xl/workbook.xml"
_WORKBOOK_RELATIONSHIPS = "xl/_rels/workbook.xml.rels"
_CHUNK = 1024 * 1024
_LONGEST_TAG = 64 * 1024  # past this, a chunk is cut inside a tag, seen as no cell's opening
_CELL_REFERENCE = re.compile(r"([A-Za-z]{1,7})([0-9]{1,15})")  # past XFD1048576, yet bounded


def check_workbook(file: IO[bytes]) -> None:
    """Raise unless the workbook in `file` is within every limit; `file` is left at its start.

    The sizes the archive's directory declares are checked first (a zip bomb is refused before
    anything is inflated); then every part is inflated once, a chunk at a time, and refused as
    soon as it inflates past its declared size or to other bytes than its checksum says, so that
    no reader after this one meets more than what was declared; the first sheet is scanned as it
    inflates."""
    file.seek(0)
    try:
        with zipfile.ZipFile(file) as archive:
            _check_unpacked_size(archive)
            sheet, shared_strings = _parts(file, archive)
            _check_shared_strings(archive, shared_strings)
            for member in archive.infolist():
                if member.filename == sheet:
                    _check_sheet(functools.partial(_inflate, file, member))
                else:
                    collections.deque(_inflate(file, member), maxlen=0)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, zlib.error, expat.ExpatError, KeyError,
            ValueError, struct.error) as exc:
        raise _malformed(str(exc)) from exc
    finally:
        file.seek(0)


def _inflate(file: IO[bytes], member: zipfile.ZipInfo) -> Iterator[bytes]:
    """The bytes of a part as they inflate, at most `_CHUNK` at a time, checked against the
    directory's size and checksum (a part may say it is small and inflate without end)."""
    name = member.filename
    if member.flag_bits & 0x1:
        raise _malformed(f"{name} is encrypted")
    if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise _malformed(f"{name} is compressed with method {member.compress_type}, not deflate")
    file.seek(member.header_offset)
    local = file.read(30)
    if local[:4] != b"PK\x03\x04":
        raise _malformed(f"{name} has no local header")
    name_length, extra_length = struct.unpack("<HH", local[26:30])
    file.seek(member.header_offset + 30 + name_length + extra_length)
    inflater = zlib.decompressobj(-zlib.MAX_WBITS) if member.compress_type == zipfile.ZIP_DEFLATED else None
    left, size, crc, pending = member.compress_size, 0, 0, b""
    while not (inflater is not None and inflater.eof):
        if not pending:
            if left <= 0:
                break
            pending = file.read(min(_CHUNK, left))
            if not pending:
                raise _malformed(f"{name} is cut short")
            left -= len(pending)
        if inflater is None:
            out, pending = pending, b""
        else:
            out = inflater.decompress(pending, _CHUNK)
            pending = inflater.unconsumed_tail
        size += len(out)
        if size > member.file_size:
            raise _malformed(f"{name} inflates past the {member.file_size:,} bytes it declares")
        crc = zlib.crc32(out, crc)
        yield out
    if size != member.file_size or crc != member.CRC:
        raise _malformed(f"{name} is damaged: its size or checksum is not the one it declares")


def _malformed(why: str) -> ValidationError:
    return ValidationError(f"The file is not a readable .xlsx workbook: {why}.", field="file")


def _check_unpacked_size(archive: zipfile.ZipFile) -> None:
    unpacked = sum(member.file_size for member in archive.infolist())
    if unpacked > MAX_WORKBOOK_UNPACKED_BYTES:
        raise ImportFileTooLarge(f"The workbook unpacks to {unpacked:,} bytes; an import unpacks at most "
                                 f"{MAX_WORKBOOK_UNPACKED_BYTES:,} (256 MiB).", field="file")


def _check_shared_strings(archive: zipfile.ZipFile, shared_strings: set[str]) -> None:
    for member in archive.infolist():
        if ((member.filename in shared_strings or "sharedstrings" in member.filename.lower())
                and member.file_size > MAX_SHARED_STRINGS_BYTES):
            raise ImportFileTooLarge(f"The workbook's shared strings are {member.file_size:,} bytes; an import "
                                     f"reads at most {MAX_SHARED_STRINGS_BYTES:,} (32 MiB).", field="file")


def _parts(file: IO[bytes], archive: zipfile.ZipFile) -> tuple[str | None, set[str]]:
    """The archive paths of the workbook's first sheet (None for a workbook with no sheet) and of
    its shared strings, as its relationships name them."""
    ids: list[str] = []
    _parse(_inflate(file, archive.getinfo(_WORKBOOK)), {"sheet": lambda attributes: ids.append(_local(attributes, "id"))},
           until=lambda: bool(ids))
    targets: dict[str, str] = {}
    shared_strings: set[str] = set()

    def relationship(attributes: Mapping[str, str]) -> None:
        path = _part_path(attributes.get("Target", ""))
        targets[attributes.get("Id", "")] = path
        if attributes.get("Type", "").endswith("/sharedStrings"):
            shared_strings.add(path)

    _parse(_inflate(file, archive.getinfo(_WORKBOOK_RELATIONSHIPS)), {"Relationship": relationship})
    if not ids:
        return None, shared_strings
    if (sheet := targets.get(ids[0])) is None:
        raise _malformed(f"its first sheet ({ids[0]}) has no part")
    archive.getinfo(sheet)  # KeyError: the part is not in the archive
    return sheet, shared_strings


def _part_path(target: str) -> str:
    """A relationship's target (relative to the workbook's folder, or from the archive's root)."""
    return target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))


def _check_sheet(sheet: Callable[[], Iterator[bytes]]) -> None:
    """Refuse the sheet as soon as its declared dimension, or the cells seen so far, reach past
    what an import reads, counted from A1. Every cell counts, even one without a value (which
    calamine passes over): a sheet is refused a little early rather than read past its limit."""
    if not _scan_references(sheet()):
        _scan_cells(sheet())


# Excel and the libraries that write .xlsx open every cell as `<c r="B3"`, so the sheet is first
# scanned with regular expressions (C speed, ~10x expat's with a handler per element): every
# opening of a cell must have that form, or the sheet goes to the exact scan.
_CELL_OPENING = re.compile(rb"<c[\s/>]")
_PREFIXED_CELL_OPENING = re.compile(rb":c[\s/>]")  # `<x:c`: read by its local name, as calamine does
_REFERENCED_CELL = re.compile(rb'<c r="([A-Z]{1,3})([0-9]{1,7})"')
_DIMENSION = re.compile(rb"""<dimension\s+ref\s*=\s*["']([^"']*)["']""")


def _scan_references(sheet: Iterator[bytes]) -> bool:
    """The sheet checked by its cells' references; False, having refused nothing, when a cell
    opens in another form."""
    rows = columns = 0
    tail = b""
    for chunk in sheet:
        text = tail + chunk
        if b"\x00" in text:  # UTF-16 or UTF-32: not the bytes these expressions look for
            return False
        cut = text.rfind(b"<")  # a tag may go on in the next chunk
        text, tail = (text[:cut], text[cut:]) if cut >= 0 and len(text) - cut < _LONGEST_TAG else (text, b"")
        if rows == columns == 0 and (declared := _DIMENSION.search(text, 0, text.find(b"<sheetData"))):
            _check_dimension(declared[1].decode("ascii", "replace"))
        references = _REFERENCED_CELL.findall(text)
        if len(_CELL_OPENING.findall(text)) != len(references) or _PREFIXED_CELL_OPENING.search(text):
            return False
        if references:
            rows = max(rows, *map(int, {row for _, row in references}))
            columns = max(columns, *map(_column, {letters.decode() for letters, _ in references}))
            check_sheet_extent(rows, columns)
    return not _CELL_OPENING.search(tail)


def _check_dimension(ref: str) -> None:
    corners = [_reference(corner) for corner in ref.split(":")]
    if None not in corners:
        check_sheet_extent(max(c[0] for c in corners), max(c[1] for c in corners))  # type: ignore[index]


def _scan_cells(sheet: Iterator[bytes]) -> None:
    """The exact scan, through expat: a cell or row without its reference `r` follows the one
    before it."""
    rows = columns = row = column = 0

    def start_row(attributes: Mapping[str, str]) -> None:
        nonlocal row, column
        row, column = (int(attributes["r"]) if "r" in attributes else row + 1), 0

    def start_cell(attributes: Mapping[str, str]) -> None:
        nonlocal rows, columns, row, column
        found = _reference(attributes["r"]) if "r" in attributes else (row, column + 1)
        if found is None:
            raise _malformed(f"a cell's reference {attributes['r']!r} is not one")
        row, column = found
        if row > rows or column > columns:
            rows, columns = max(rows, row), max(columns, column)
            check_sheet_extent(rows, columns)

    _parse(sheet, {"dimension": lambda attributes: _check_dimension(attributes.get("ref", "")),
                           "row": start_row, "c": start_cell})


def _column(letters: str) -> int:
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    return column


def _reference(text: str) -> tuple[int, int] | None:
    """`B3` as (row 3, column 2)."""
    match = _CELL_REFERENCE.fullmatch(text)
    return None if match is None else (int(match[2]), _column(match[1].upper()))


def _local(attributes: Mapping[str, str], name: str) -> str:
    """An attribute by its local name, whatever namespace prefix it was written with."""
    return next((value for key, value in attributes.items() if key.rpartition(":")[2] == name), "")


class _Done(Exception):
    pass


def _parse(part: Iterator[bytes], starts: Mapping[str, Callable[[Mapping[str, str]], None]],
           until: Callable[[], bool] = lambda: False) -> None:
    """Stream an XML part through expat, calling a handler at the start of each element
    named in `starts`, by local name, until `until()` holds. A document type declaration is
    refused: a workbook has none, and it is where entity expansion bombs live."""
    parser = expat.ParserCreate()

    def start(name: str, attributes: dict[str, str]) -> None:
        handler = starts.get(name.rpartition(":")[2])
        if handler is not None:
            handler(attributes)
            if until():
                raise _Done

    def doctype(*_: object) -> None:
        raise _malformed("a part declares a document type")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = doctype
    try:
        for chunk in part:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Done:
        return
