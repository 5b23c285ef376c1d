"""Delivery receipts in both of SMPP's forms, as carriers actually write them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from adapters.gateways.smpp.receipts import Receipt, parse_receipt, report_error, report_event
from domain.messages import MessageEvent

APPENDIX_B = (b"id:7220000123 sub:001 dlvrd:001 submit date:2601151230 done date:2601151231 stat:DELIVRD err:000"
              b" text:Habari yako")  # fmt: skip


def test_the_appendix_b_text() -> None:
    assert parse_receipt(APPENDIX_B, None, None) == Receipt(
        message_id="7220000123", state="DELIVRD", error=None, done_at=datetime(2026, 1, 15, 12, 31, tzinfo=UTC)
    )


def test_the_tlvs_alone() -> None:
    assert parse_receipt(b"", "a1b2c3", 5) == Receipt("a1b2c3", "UNDELIV", None, None)


@pytest.mark.parametrize(
    ("number", "state"),
    [(1, "ENROUTE"), (2, "DELIVRD"), (3, "EXPIRED"), (4, "DELETED"), (5, "UNDELIV"), (6, "ACCEPTD"), (7, "UNKNOWN"),
     (8, "REJECTD")],
)  # fmt: skip
def test_message_state_numbers_are_smpp_3_4s(number: int, state: str) -> None:
    receipt = parse_receipt(b"", "x", number)
    assert receipt is not None and receipt.state == state


def test_the_tlvs_win_over_the_text_and_the_text_fills_in_the_rest() -> None:
    receipt = parse_receipt(b"id:999 stat:DELIVRD err:001 done date:2601151231", "abc", 5)
    assert receipt == Receipt("abc", "UNDELIV", "001", datetime(2026, 1, 15, 12, 31, tzinfo=UTC))


def test_a_state_number_outside_smpp_3_4_falls_back_to_the_text_or_gives_nothing() -> None:
    assert parse_receipt(b"stat:DELIVRD", "abc", 9) == Receipt("abc", "DELIVRD", None, None)
    assert parse_receipt(b"", "abc", 9) is None


fields = {
    "id": "0a1B2c", "sub": "001", "dlvrd": "000", "submit date": "2601151230", "done date": "260115123107",
    "stat": "EXPIRED", "err": "027",
}  # fmt: skip


@given(st.permutations(sorted(fields)), st.randoms(use_true_random=False), st.sampled_from([" ", "  ", "\t"]))
def test_fields_in_any_order_and_case(order: list[str], random: object, separator: str) -> None:
    def key(name: str) -> str:
        return "".join(c.upper() if random.random() < 0.5 else c for c in name)  # type: ignore[attr-defined]

    text = separator.join(f"{key(name)}:{fields[name]}" for name in order) + " Text:stat:DELIVRD id:forged err:000"
    assert parse_receipt(text.encode(), None, None) == Receipt(
        "0a1B2c", "EXPIRED", "027", datetime(2026, 1, 15, 12, 31, 7, tzinfo=UTC)
    )


@pytest.mark.parametrize(
    "text",
    [b"stat:DELIVRD err:000", b"id:123 err:000", b"id: stat:DELIVRD", b"", b"hello", b"text:id:1 stat:DELIVRD"],
)
def test_no_receipt_without_an_id_and_a_state(text: bytes) -> None:
    assert parse_receipt(text, None, None) is None


def test_missing_fields_other_than_id_and_stat_are_tolerated() -> None:
    assert parse_receipt(b"id:42 stat:delivrd", None, None) == Receipt("42", "DELIVRD", None, None)
    assert parse_receipt(b"id:42 stat:UNDELIVERABLE err:", None, None) == Receipt("42", "UNDELIV", None, None)


def test_jasmins_receipt() -> None:
    # jasmin/protocols/smpp/operations.py getReceipt: four-digit years, no sub/dlvrd/text.
    text = b"id:4a7b-91 submit date:202601151230 done date:202601151232 stat:REJECTD err:020"
    assert parse_receipt(text, "4a7b-91", 8) == Receipt(
        "4a7b-91", "REJECTD", "020", datetime(2026, 1, 15, 12, 32, tzinfo=UTC)
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2601151231", datetime(2026, 1, 15, 12, 31, tzinfo=UTC)),
        ("260115123107", datetime(2026, 1, 15, 12, 31, 7, tzinfo=UTC)),
        ("202601151231", datetime(2026, 1, 15, 12, 31, tzinfo=UTC)),
        ("20260115123107", datetime(2026, 1, 15, 12, 31, 7, tzinfo=UTC)),
        ("2613151231", None),
        ("26011512", None),
        ("yesterday", None),
    ],
)
def test_done_dates(value: str, expected: datetime | None) -> None:
    receipt = parse_receipt(f"id:1 done date:{value} stat:DELIVRD".encode(), None, None)
    assert receipt is not None and receipt.done_at == expected


def strptime_done_at(value: str) -> datetime | None:
    """The done date as strptime reads it, the layouts tried in the parser's order."""
    layouts = {10: ["%y%m%d%H%M"], 12: ["%Y%m%d%H%M", "%y%m%d%H%M%S"], 14: ["%Y%m%d%H%M%S"]}.get(len(value), [])
    for layout in layouts[1:] if len(value) == 12 and not value.startswith("20") else layouts:
        try:
            return datetime.strptime(value, layout).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


@given(st.one_of(
    st.text("0123456789", min_size=10, max_size=14),
    st.tuples(st.sampled_from(["", "20", "19"]), st.integers(0, 99), st.integers(0, 13), st.integers(0, 32),
              st.integers(0, 25), st.integers(0, 61), st.none() | st.integers(0, 62)).map(
        lambda f: f[0] + "".join(f"{n:02d}" for n in f[1:] if n is not None)),
    st.text("0123456789²¹", min_size=10, max_size=12),
))
@example("6801011200")
@example("6901011200")
@example("690101120061")
@example("201231235959")
def test_a_done_date_reads_as_strptime_reads_it(value: str) -> None:
    receipt = parse_receipt(f"id:1 done date:{value} stat:DELIVRD".encode("latin-1"), None, None)
    assert receipt is not None and receipt.done_at == (strptime_done_at(value) if value.isdigit() else None)


@pytest.mark.parametrize(
    ("state", "error", "event", "report"),
    [
        ("DELIVRD", None, MessageEvent.DELIVERED, None),
        ("UNDELIV", "001", MessageEvent.UNDELIVERABLE, "undeliverable:001"),
        ("UNDELIV", None, MessageEvent.UNDELIVERABLE, "undeliverable"),
        ("EXPIRED", None, MessageEvent.UNDELIVERABLE, "expired"),
        ("REJECTD", "020", MessageEvent.UNDELIVERABLE, "rejected:020"),
        ("DELETED", None, MessageEvent.UNDELIVERABLE, "deleted"),
        ("UNKNOWN", "050", MessageEvent.UNDELIVERABLE, "unknown:050"),
        ("ENROUTE", None, None, None),
        ("ACCEPTD", None, None, None),
        ("SCHEDULED", None, None, None),  # a word this module does not know: nothing is reported
    ],
)
def test_what_a_receipt_reports(state: str, error: str | None, event: MessageEvent | None, report: str | None) -> None:
    receipt = Receipt("1", state, error, None)
    assert report_event(receipt) == event
    assert report_error(receipt) == report


def test_spaces_after_a_colon_are_skipped_but_never_into_the_next_field() -> None:
    assert parse_receipt(b"id: 42 stat: DELIVRD done  date:2601151231", None, None) == Receipt(
        "42", "DELIVRD", None, datetime(2026, 1, 15, 12, 31, tzinfo=UTC)
    )
    assert parse_receipt(b"id: stat:DELIVRD", None, None) is None
    assert parse_receipt(b"id:7 stat: err:001", None, None) is None
