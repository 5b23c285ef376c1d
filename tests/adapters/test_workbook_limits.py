"""A workbook is held to its limits before python-calamine is given it: hostile archives (a far
corner cell, a zip bomb, a huge table of strings, parts that lie about their size) are refused
with the limit named, malformed ones as not workbooks, and calamine is never called for them."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from python_calamine import CalamineWorkbook

import adapters.spreadsheets
from adapters.spreadsheets import read_table
from adapters.workbook_limits import _scan_cells, _scan_references
from domain.contact_files import check_sheet_extent
from domain.errors import ImportFileTooLarge, ValidationError
from hostile_workbooks import (
    SHARED_STRINGS,
    contacts,
    far_corner,
    huge_shared_strings,
    sheet_xml,
    understated,
    without_workbook,
    workbook,
    zip_bomb,
)


@pytest.fixture()
def calamine_calls(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every workbook calamine was asked to open (it still opens them)."""
    calls: list[Any] = []

    class Recording:
        @staticmethod
        def from_filelike(file: Any) -> Any:
            calls.append(file)
            return CalamineWorkbook.from_filelike(file)

    monkeypatch.setattr(adapters.spreadsheets, "CalamineWorkbook", Recording)
    return calls


@pytest.mark.parametrize("content", [far_corner(), far_corner(dimension="A1:B2"), far_corner(dimension=None)],
                         ids=["declared", "declared-falsely", "undeclared"])
def test_a_cell_at_xfd1048576_is_refused_before_calamine_is_called(content: bytes, calamine_calls: list[Any]) -> None:
    assert len(content) < 1700  # the 1.6 KB that once took the server down
    with pytest.raises(ImportFileTooLarge, match=r"1,048,576 rows; an import reads at most 100,001"):
        read_table(io.BytesIO(content))
    assert calamine_calls == []


def test_cells_placed_without_references_are_counted_where_they_fall(calamine_calls: list[Any]) -> None:
    with pytest.raises(ImportFileTooLarge, match=r"257 columns; an import reads at most 256"):
        read_table(io.BytesIO(far_corner(dimension=None, references=False)))
    assert calamine_calls == []


def test_a_zip_bomb_is_refused_by_what_it_declares_before_anything_is_inflated(calamine_calls: list[Any]) -> None:
    bomb = zip_bomb()
    assert len(bomb) < 1_000_000
    with pytest.raises(ImportFileTooLarge, match=r"unpacks to 31[0-9],[0-9,]+ bytes; an import unpacks at most 268,435,456"):
        read_table(io.BytesIO(bomb))
    assert calamine_calls == []


@pytest.mark.parametrize("part", [SHARED_STRINGS, "xl/worksheets/words.xml"])
def test_a_huge_table_of_strings_is_refused_wherever_the_relationships_put_it(
    part: str, calamine_calls: list[Any]
) -> None:
    with pytest.raises(ImportFileTooLarge, match=r"shared strings are [\d,]+ bytes; an import reads at most 33,554,432"):
        read_table(io.BytesIO(huge_shared_strings(part=part)))
    assert calamine_calls == []


def test_a_sheet_written_in_utf16_is_scanned_as_xml_not_as_bytes(calamine_calls: list[Any]) -> None:
    rows = '<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'
    sheet = sheet_xml(rows).decode().replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    with pytest.raises(ImportFileTooLarge, match=r"1,048,576 rows"):
        read_table(io.BytesIO(workbook(sheet)))
    assert calamine_calls == []


def test_a_part_that_inflates_past_the_size_it_declares_is_refused(calamine_calls: list[Any]) -> None:
    table = b"<sst>" + b"<si><t>x</t></si>" * 1_000_000 + b"</sst>"
    with pytest.raises(ValidationError, match=r"xl/sharedStrings.xml inflates past the 1,000 bytes it declares"):
        read_table(io.BytesIO(understated(SHARED_STRINGS, 1000, table)))
    assert calamine_calls == []


@pytest.mark.parametrize(("content", "why"), [
    (b"PK\x03\x04not really a zip", "File is not a zip file"),
    (without_workbook(), "xl/workbook.xml"),
    (workbook(b"<worksheet><sheetData><row><c><v>1</v></row></sheetData></worksheet>"), "mismatched tag"),
    (workbook(b'<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData><row><c/></row></sheetData></worksheet>'),
     "declares a document type"),
], ids=["not-a-zip", "no-workbook", "broken-xml", "doctype"])
def test_a_malformed_workbook_is_refused_as_not_one(content: bytes, why: str, calamine_calls: list[Any]) -> None:
    with pytest.raises(ValidationError, match=f"not a readable .xlsx workbook: .*{why}"):
        read_table(io.BytesIO(content))
    assert calamine_calls == []


def test_a_workbook_within_the_limits_is_read_by_calamine(calamine_calls: list[Any]) -> None:
    assert list(read_table(io.BytesIO(contacts("0712345678", "0754000111")))) == [
        (1, ["phone"]), (2, ["0712345678"]), (3, ["0754000111"])]
    assert len(calamine_calls) == 1


cells = st.lists(st.tuples(st.integers(1, 150_000), st.integers(1, 400)), min_size=1, max_size=6)


def _refusal(check: Any) -> str | None:
    try:
        check()
    except ImportFileTooLarge as exc:
        return exc.message
    return None


@settings(max_examples=60, deadline=None)
@given(cells)
def test_both_scans_refuse_exactly_the_sheets_whose_cells_reach_past_the_limits(positions: list[tuple[int, int]]) -> None:
    def letters(column: int) -> str:
        name = ""
        while column:
            column, rest = divmod(column - 1, 26)
            name = chr(ord("A") + rest) + name
        return name

    rows = "".join(f'<row r="{r}"><c r="{letters(c)}{r}"><v>1</v></c></row>' for r, c in positions)
    sheet = sheet_xml(rows)
    expected = _refusal(lambda: check_sheet_extent(max(r for r, _ in positions), max(c for _, c in positions)))

    # where the first refusal falls may differ (the exact scan refuses cell by cell), not whether
    assert (_refusal(lambda: _scan_cells(iter([sheet]))) is None) == (expected is None)
    assert (_refusal(lambda: _scan_references(iter([sheet]))) is None) == (expected is None)
    if expected is None:
        assert _scan_references(iter([sheet]))  # every cell has its reference: the fast scan decided
