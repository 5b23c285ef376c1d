"""Sender IDs and numbers as SMPP addresses (TON/NPI), and an inbound sender back as E.164."""

from __future__ import annotations

import pytest

from adapters.gateways.smpp.addressing import Address, destination_address, e164_from_address, source_address


@pytest.mark.parametrize(
    ("sender", "address"),
    [
        ("UJUMBE", Address(5, 0, "UJUMBE")),
        ("Duka2Go", Address(5, 0, "Duka2Go")),
        ("15000", Address(3, 0, "15000")),
        ("123", Address(3, 0, "123")),
        ("12345678", Address(3, 0, "12345678")),
        ("+255754123456", Address(1, 1, "255754123456")),
        ("255754123456", Address(1, 1, "255754123456")),
        ("0754123456", Address(1, 1, "255754123456")),
        ("00447700900123", Address(1, 1, "447700900123")),
        ("12", Address(0, 0, "12")),
        ("-", Address(0, 0, "-")),
    ],
)
def test_source_address(sender: str, address: Address) -> None:
    assert source_address(sender) == address


def test_destination_address() -> None:
    assert destination_address("+255754123456") == Address(1, 1, "255754123456")


@pytest.mark.parametrize(
    ("addr", "ton", "e164"),
    [
        ("255754123456", 1, "+255754123456"),
        ("447700900123", 1, "+447700900123"),
        ("+255754123456", 0, "+255754123456"),
        ("255754123456", 0, "+255754123456"),
        ("0754123456", 2, "+255754123456"),
        ("0754123456", 0, "+255754123456"),
        ("754123456", 2, "+255754123456"),
        ("00255754123456", 0, "+255754123456"),
        ("15000", 3, "15000"),
        ("15000", 0, "15000"),
        ("Vodacom", 5, "Vodacom"),
    ],
)
def test_e164_from_address(addr: str, ton: int, e164: str) -> None:
    assert e164_from_address(addr, ton) == e164
