"""Sender and recipient addresses as SMPP TON/NPI pairs, and an inbound sender back as E.164.

A carrier routes and displays a sender by its type of number, so it has to match what the sender
is. The rules are the industry's defaults for SMPP source addresses, as Infobip documents them
(https://infobip.com/glossary/ton-npi-settings) and smppex implements them
(SMPPEX.Pdu.TONNPIDefaults): alphanumeric → TON 5 NPI 0; a short code of 3 to 8 digits → TON 3
(network specific) NPI 0; an international number → TON 1 NPI 1, digits without '+'. What fits
none of them goes as TON 0 NPI 0 (unknown), for the SMSC to interpret.
"""

from __future__ import annotations

from dataclasses import dataclass

TON_UNKNOWN, TON_INTERNATIONAL, TON_NATIONAL, TON_NETWORK_SPECIFIC, TON_ALPHANUMERIC = 0, 1, 2, 3, 5
NPI_UNKNOWN, NPI_ISDN = 0, 1
_COUNTRY_CODE = "255"  # a national number (0… or, typed national, nine digits) is Tanzanian


@dataclass(frozen=True, slots=True)
class Address:
    ton: int
    npi: int
    addr: str


def source_address(sender: str) -> Address:
    """The submit_sm source of a sender ID. A national 0… number goes international (+255), as the
    carrier would have to rewrite it anyway for a reply to reach the sender."""
    if any(c.isalpha() for c in sender):
        return Address(TON_ALPHANUMERIC, NPI_UNKNOWN, sender)
    digits = sender.removeprefix("+")
    if not _is_number(digits):
        return Address(TON_UNKNOWN, NPI_UNKNOWN, sender)
    if sender.startswith("+") or len(digits) >= 9:
        return Address(TON_INTERNATIONAL, NPI_ISDN, _international(digits))
    if 3 <= len(digits) <= 8:
        return Address(TON_NETWORK_SPECIFIC, NPI_UNKNOWN, digits)
    return Address(TON_UNKNOWN, NPI_UNKNOWN, digits)


def destination_address(e164: str) -> Address:
    return Address(TON_INTERNATIONAL, NPI_ISDN, e164.removeprefix("+"))


def e164_from_address(addr: str, ton: int) -> str:
    """An inbound message's sender as E.164 when it is a phone number (international by its TON, or
    255…, or a national 0… number), otherwise as given (a short code, a name)."""
    digits = addr.removeprefix("+")
    if not _is_number(digits):
        return addr
    if digits.startswith("00"):
        return "+" + digits[2:]
    if ton == TON_INTERNATIONAL or addr.startswith("+") or (digits.startswith(_COUNTRY_CODE) and len(digits) == 12):
        return "+" + digits
    if ton in (TON_UNKNOWN, TON_NATIONAL) and digits.startswith("0") and len(digits) == 10:
        return "+" + _COUNTRY_CODE + digits[1:]
    if ton == TON_NATIONAL and len(digits) == 9:
        return "+" + _COUNTRY_CODE + digits
    return addr


def _international(digits: str) -> str:
    """Digits with the country code first: 00… loses its international prefix, a national 0… number
    gets the country code in place of its 0."""
    if digits.startswith("00"):
        return digits[2:]
    return _COUNTRY_CODE + digits[1:] if digits.startswith("0") else digits


def _is_number(digits: str) -> bool:
    return digits.isascii() and digits.isdigit()
