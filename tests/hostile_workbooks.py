""".xlsx workbooks written by hand with zipfile, as an attacker writes them: the least a reader
needs (content types, the workbook, its relationships, one sheet) and whatever else is asked for."""

from __future__ import annotations

import functools
import io
import struct
import zipfile
import zlib

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
_OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHEET = "xl/worksheets/sheet1.xml"
SHARED_STRINGS = "xl/sharedStrings.xml"

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '</Types>')
_ROOT_RELATIONSHIPS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_RELATIONSHIPS}">'
    f'<Relationship Id="rId1" Type="{_OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
_WORKBOOK = (
    f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{_MAIN}" xmlns:r="{_OFFICE}">'
    '<sheets><sheet name="Wateja" sheetId="1" r:id="rId1"/></sheets></workbook>')
_WORKBOOK_RELATIONSHIPS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_RELATIONSHIPS}">'
    f'<Relationship Id="rId1" Type="{_OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')


def sheet_xml(rows: str, dimension: str | None = None) -> bytes:
    declared = f'<dimension ref="{dimension}"/>' if dimension else ""
    return (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_MAIN}">{declared}'
            f"<sheetData>{rows}</sheetData></worksheet>").encode()


def workbook(sheet: bytes, *extra: tuple[str, bytes], relationships: str = "") -> bytes:
    """The workbook holding `sheet` and the `extra` parts; `relationships` are more of the
    workbook's (`<Relationship .../>` elements)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _ROOT_RELATIONSHIPS)
        archive.writestr("xl/workbook.xml", _WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels",
                         _WORKBOOK_RELATIONSHIPS.replace("</Relationships>", relationships + "</Relationships>"))
        archive.writestr(SHEET, sheet)
        for name, data in extra:
            archive.writestr(name, data)
    return buffer.getvalue()


def contacts(*phones: str) -> bytes:
    """A good workbook: a `phone` header in A1 and one number a row."""
    rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>' + "".join(
        f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>{phone}</t></is></c></row>'
        for n, phone in enumerate(phones, start=2))
    return workbook(sheet_xml(rows, f"A1:A{len(phones) + 1}"))


def far_corner(dimension: str | None = "A1:XFD1048576", *, references: bool = True) -> bytes:
    """A header at A1 and a number at XFD1048576: ~1.6 KB that a reader of the whole sheet
    allocates 17 billion cells for. `dimension` is declared as given (None: not at all);
    without `references` the far cell is placed by position alone (a cell without `r` follows
    the one before it)."""
    if references:
        rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>' \
               '<row r="1048576"><c r="XFD1048576"><v>712345678</v></c></row>'
    else:
        rows = '<row><c t="inlineStr"><is><t>phone</t></is></c>' + "<c><v>1</v></c>" * 300 + "</row>"
    return workbook(sheet_xml(rows, dimension))


@functools.cache
def zip_bomb(inflated: int = 300 * 1024 * 1024) -> bytes:
    """A sheet that inflates to `inflated` bytes (whitespace between its rows) from ~300 KB."""
    head, tail = sheet_xml('<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>@').split(b"@")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in (("[Content_Types].xml", _CONTENT_TYPES), ("_rels/.rels", _ROOT_RELATIONSHIPS),
                           ("xl/workbook.xml", _WORKBOOK), ("xl/_rels/workbook.xml.rels", _WORKBOOK_RELATIONSHIPS)):
            archive.writestr(name, data)
        with archive.open(SHEET, "w", force_zip64=True) as sheet:
            sheet.write(head)
            blank = b" " * (1024 * 1024)
            for _ in range((inflated - len(head) - len(tail)) // len(blank)):
                sheet.write(blank)
            sheet.write(tail)
    return buffer.getvalue()


@functools.cache
def huge_shared_strings(strings: int = 1_300_000, part: str = SHARED_STRINGS) -> bytes:
    """A workbook whose table of text cells holds `strings` strings (~35 MB inflated), in the
    part the workbook's relationships name."""
    table = (f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{_MAIN}" count="{strings}" '
             f'uniqueCount="{strings}">').encode() + b"<si><t>jina la mteja</t></si>" * strings + b"</sst>"
    rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>'
    named = f'<Relationship Id="rId9" Type="{_OFFICE}/sharedStrings" Target="/{part}"/>'
    return workbook(sheet_xml(rows, "A1"), (part, table), relationships=named)


def understated(part: str, declared: int, content: bytes) -> bytes:
    """A workbook whose `part` holds `content` but declares only its first `declared` bytes (the
    size and checksum in both of the archive's headers say so): a reader that trusts the size
    stops early, one that inflates to the end reads it all."""
    data = bytearray(workbook(sheet_xml('<row r="1"><c r="A1"><v>1</v></c></row>', "A1"), (part, content)))
    name, crc = part.encode(), zlib.crc32(content[:declared])
    at = data.find(name)
    while at != -1:
        if data[at - 30:at - 26] == b"PK\x03\x04":  # local header: crc at 14, size at 22
            struct.pack_into("<I", data, at - 30 + 14, crc)
            struct.pack_into("<I", data, at - 30 + 22, declared)
        elif data[at - 46:at - 42] == b"PK\x01\x02":  # central directory: crc at 16, size at 24
            struct.pack_into("<I", data, at - 46 + 16, crc)
            struct.pack_into("<I", data, at - 46 + 24, declared)
        at = data.find(name, at + 1)
    return bytes(data)


def without_workbook() -> bytes:
    """A ZIP archive holding a text file: it starts as a workbook does, and is not one."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.txt", "a")
    return buffer.getvalue()
