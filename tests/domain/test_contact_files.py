"""Contact files: a number's fast E.164 path agrees with the full parse, formula cells are
neutralised and restored exactly, headers are found however they are written, rows are checked
and numbered as a spreadsheet numbers them."""

from __future__ import annotations

import string

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.contact_files import (
    ContactRow,
    RowError,
    check_row,
    check_sheet_extent,
    column_of,
    export_cells,
    export_file_name,
    neutralise_cell,
    restore_cell,
    rows_of,
    split_extra_phones,
)
from domain.contacts import MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS
from domain.errors import ImportFileTooLarge, InvalidPhoneNumber
from domain.phone import e164_of, normalize_msisdn

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def full_parse(raw: str) -> str | None:
    try:
        return normalize_msisdn(raw).e164
    except InvalidPhoneNumber:
        return None


def fast_path(raw: str) -> str | None:
    try:
        return e164_of(raw)
    except InvalidPhoneNumber:
        return None


national = st.text(alphabet=string.digits, min_size=7, max_size=11)
spelling = st.sampled_from(["{}", "0{}", "255{}", "+255{}", "00255{}", "+255 {}", "0{} ", "(0){}", "+0{}", "25{}",
                            "2550{}", "+2550{}", "000255{}", "0-{}", "+{}"])


@settings(max_examples=3000)
@given(spelling, national)
@example("{}", "712345678")
@example("255{}", "612345678")
@example("0{}", "640000000")
def test_the_fast_path_answers_as_the_full_parse_for_every_spelling(form: str, digits: str) -> None:
    raw = form.format(digits)
    assert fast_path(raw) == full_parse(raw)


@pytest.mark.parametrize("leading", range(600, 800))
def test_the_fast_path_answers_as_the_full_parse_for_every_number_range(leading: int) -> None:
    for tail in ("000000", "123456", "999999", "500050"):
        for form in ("0{}", "+255{}", "{}"):
            raw = form.format(f"{leading}{tail}")
            assert fast_path(raw) == full_parse(raw), raw


@given(st.text(max_size=40))
def test_the_fast_path_answers_as_the_full_parse_for_any_text(raw: str) -> None:
    assert fast_path(raw) == full_parse(raw)


@given(st.text())
@example("'=1+1")
@example("''@x")
@example("'")
@example("-")
def test_a_neutralised_cell_is_never_a_formula_and_restores_to_itself(text: str) -> None:
    written = neutralise_cell(text)
    assert not written.startswith(FORMULA_STARTS)
    assert restore_cell(written) == text


def test_only_cells_that_would_run_are_neutralised() -> None:
    assert neutralise_cell("Amina") == "Amina"
    assert neutralise_cell("=SUM(A1)") == "'=SUM(A1)"
    assert neutralise_cell("'quoted") == "'quoted"
    assert restore_cell("'quoted") == "'quoted"  # a name that really starts with an apostrophe keeps it


def test_numbers_are_exported_as_they_are_and_text_neutralised() -> None:
    assert export_cells("+255712345678", "=cmd|' /C calc'!A0", "Juma", "@x.example", ["+255754000111", "+255654000111"],
                        True) == ["+255712345678", "'=cmd|' /C calc'!A0", "Juma", "'@x.example",
                                  "+255754000111;+255654000111", "true"]


@pytest.mark.parametrize(("header", "field"), [
    ("phone", "phone"), (" PHONE ", "phone"), ("Phone Number", "phone"), ("phone-number", "phone"), ("MSISDN", "phone"),
    ("Mobile", "phone"), ("simu", "phone"), ("Jina", "first_name"), ("First_Name", "first_name"),
    ("last_name", "last_name"), ("EMAIL", "email"), ("extra_phones", "extra_phones"), ("opted_out", None),
    ("notes", None), ("", None),
])
def test_headers_are_found_in_any_case_and_spacing(header: str, field: str | None) -> None:
    assert column_of(header) == field


def test_extra_numbers_are_split_on_semicolons_commas_or_bars() -> None:
    assert split_extra_phones(" 0754000111; 0654000111,0784000111 | ") == ["0754000111", " 0654000111", "0784000111 "]
    assert split_extra_phones("") == []


@pytest.mark.parametrize(("cells", "expected"), [
    (("0712345678", " Amina ", "Juma", " Amina@Example.com "),
     ContactRow(2, "+255712345678", "Amina", "Juma", "amina@example.com")),
    (("12345",), RowError(2, "invalid_phone_number", "12345")),
    (("",), RowError(2, "invalid_phone_number")),
    (("0712345678", "x" * 101), RowError(2, "invalid_name", "x" * 59 + "…")),
    (("0712345678", "Amina", "Ju\x00ma"), RowError(2, "invalid_name", "Ju\ufffdma")),
    (("0712345678", "", "", " not an address "), RowError(2, "invalid_email", "not an address")),
    (("0712345678", "Ren\udce9e"), RowError(2, "invalid_encoding", "Ren\ufffde")),
    (("'+255712345678", "'=Amina"), ContactRow(2, "+255712345678", "=Amina")),
])
def test_a_row_is_a_contact_or_the_first_reason_it_is_not(cells: tuple[str, ...], expected: object) -> None:
    assert check_row(2, *cells) == expected


def test_a_rows_extra_numbers_are_checked_and_a_repeated_one_counts_once() -> None:
    assert check_row(2, "0712345678", extra_phones=["255754000111", "+255712345678", "0754000111"]) == \
        ContactRow(2, "+255712345678", extra_phones=("+255754000111",))
    assert check_row(2, "0712345678", extra_phones=["0754000111", " 0754"]) == \
        RowError(2, "invalid_phone_number", "0754")
    eleven = [f"07540001{n:02d}" for n in range(11)]
    assert check_row(2, "0712345678", extra_phones=eleven) == RowError(
        2, "too_many_phone_numbers", "+255754000100;+255754000101;+255754000102;+255754000103;+25…")
    assert isinstance(check_row(2, "0712345678", extra_phones=eleven[:10]), ContactRow)


def test_rows_are_numbered_as_a_spreadsheet_numbers_them_and_blank_ones_passed_over() -> None:
    table = [(1, ["", ""]), (2, ["Phone", "Jina"]), (3, ["0712345678", "Amina"]), (4, [" ", ""]),
             (5, ["0754000111"]), (6, ["x", "Baraka"])]
    assert list(rows_of(table)) == [ContactRow(3, "+255712345678", "Amina"), ContactRow(5, "+255754000111"),
                                    RowError(6, "invalid_phone_number", "x")]


def test_a_file_without_rows_or_without_a_phone_column_is_one_error() -> None:
    assert list(rows_of([])) == [RowError(1, "empty_file")]
    assert list(rows_of([(1, [""])])) == [RowError(1, "empty_file")]
    assert list(rows_of([(1, ["name", " ", "Email "]), (2, ["0712345678"])])) == \
        [RowError(1, "missing_phone_column", "name, Email")]


def test_reading_stops_at_the_first_row_past_the_limit() -> None:
    def table():  # type: ignore[no-untyped-def]
        yield 1, ["phone"]
        for row in range(2, MAX_IMPORT_ROWS + 10):
            yield row, ["0712345678"]
        raise AssertionError("read past the limit")

    rows = list(rows_of(table()))
    assert len(rows) == MAX_IMPORT_ROWS + 1
    assert rows[-1] == RowError(MAX_IMPORT_ROWS + 2, "too_many_rows")


@pytest.mark.parametrize(("name", "file_name"), [
    ("Wateja", "Wateja-contacts.csv"), ("Dar/Arusha: \"VIP\"", "Dar_Arusha_ _VIP-contacts.csv"),
    ("Wateja wa Mwanza ✓", "Wateja wa Mwanza ✓-contacts.csv"), ("///", "LIST-ID-contacts.csv"),
    ("..", "LIST-ID-contacts.csv"),
])
def test_the_export_file_is_named_after_its_list(name: str, file_name: str) -> None:
    assert export_file_name(name, "LIST-ID") == file_name


@given(st.integers(1, 2_000_000), st.integers(1, 20_000))
@example(MAX_IMPORT_ROWS + 1, MAX_IMPORT_CELLS // (MAX_IMPORT_ROWS + 1))
@example(MAX_IMPORT_ROWS + 2, 1)
@example(1, MAX_IMPORT_COLUMNS)
@example(1, MAX_IMPORT_COLUMNS + 1)
@example(1_048_576, 16_384)
def test_a_sheet_is_refused_exactly_when_it_spans_more_rows_columns_or_cells_than_an_import_reads(
    rows: int, columns: int
) -> None:
    too_large = rows > MAX_IMPORT_ROWS + 1 or columns > MAX_IMPORT_COLUMNS or rows * columns > MAX_IMPORT_CELLS
    try:
        check_sheet_extent(rows, columns)
    except ImportFileTooLarge as exc:
        assert too_large
        assert exc.code == "payload_too_large" and "at most" in exc.message  # the message names the limit
    else:
        assert not too_large
