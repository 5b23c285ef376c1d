"""Tanzanian mobile numbers (MSISDNs).

Only Tanzanian mobile numbers are sendable, so `normalize_msisdn` is the single gate every
recipient passes: whatever a user typed, what comes out is `+2556XXXXXXXX` or `+2557XXXXXXXX`.
Validity and carrier come from libphonenumber's metadata, not from a hand-kept prefix list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import phonenumbers
from phonenumbers import PhoneNumberType, carrier, number_type

from domain.errors import InvalidPhoneNumber

_REGION = "TZ"
_TZ_COUNTRY_CODE = 255
_E164_TZ_MOBILE = re.compile(r"\+255[67]\d{8}")
# What people type around digits (and one leading +); letters, as in extensions or "tel:",
# are refused up front.
_SEPARATORS = frozenset(" -.()/\t\u00a0\u2010\u2011\u2012\u2013\u2014")
_MAX_INPUT = 32


class Carrier(StrEnum):
    VODACOM = "Vodacom"
    AIRTEL = "Airtel"
    YAS = "Yas"
    HALOTEL = "Halotel"
    TTCL = "TTCL"
    ZANTEL = "Zantel"
    UNKNOWN = "Unknown"


# libphonenumber's names → the brand Tanzanians know (Halotel is Viettel's brand, Yas was Tigo).
_CARRIER_NAMES = {
    "vodacom": Carrier.VODACOM,
    "airtel": Carrier.AIRTEL,
    "yas": Carrier.YAS,
    "tigo": Carrier.YAS,
    "viettel": Carrier.HALOTEL,
    "halotel": Carrier.HALOTEL,
    "tanzania telecom": Carrier.TTCL,
    "ttcl": Carrier.TTCL,
    "zantel": Carrier.ZANTEL,
}


@dataclass(frozen=True, slots=True)
class Msisdn:
    e164: str
    carrier: str = Carrier.UNKNOWN

    def __post_init__(self) -> None:
        if not _E164_TZ_MOBILE.fullmatch(self.e164):
            raise InvalidPhoneNumber(f"{self.e164!r} is not a Tanzanian mobile number in E.164.")

    def __str__(self) -> str:
        return self.e164

    @property
    def local(self) -> str:
        """The 07…/06… form people write in Tanzania."""
        return "0" + self.e164[4:]


@lru_cache(maxsize=65536)
def normalize_msisdn(raw: str) -> Msisdn:
    """The E.164 form of a Tanzanian mobile number, or `InvalidPhoneNumber` saying why not.

    Cached: bulk sends and campaigns meet the same numbers again and again, and parsing is
    the costliest step of pricing a recipient (refusals are not cached; they raise).
    """
    parsed = _parse(raw)
    if parsed.country_code != _TZ_COUNTRY_CODE:
        raise InvalidPhoneNumber("Only Tanzanian numbers are supported.", reason="not_tanzanian")
    if not phonenumbers.is_valid_number(parsed):
        national = str(parsed.national_number)
        if len(national) < 9:
            raise InvalidPhoneNumber("The phone number is too short.", reason="too_short")
        if len(national) > 9:
            raise InvalidPhoneNumber("The phone number is too long.", reason="too_long")
        raise InvalidPhoneNumber("No such Tanzanian number range.", reason="invalid")
    e164 = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)
    if number_type(parsed) != PhoneNumberType.MOBILE or not _E164_TZ_MOBILE.fullmatch(e164):
        raise InvalidPhoneNumber("Only mobile numbers can receive SMS.", reason="not_mobile")
    name = carrier.name_for_number(parsed, "en").strip().lower()
    return Msisdn(e164=e164, carrier=_CARRIER_NAMES.get(name, Carrier.UNKNOWN))


def carrier_of(e164: str) -> str:
    """The carrier of a number already in E.164 (a stored contact's): libphonenumber's answer
    for the number, looked up once per prefix. Tanzania's carrier prefixes are the two digits
    after 255 (libphonenumber's carrier data), so `+2557x` decides it."""
    known = _CARRIER_BY_PREFIX.get(e164[:6])
    if known is None:
        known = _CARRIER_BY_PREFIX[e164[:6]] = normalize_msisdn(e164).carrier
    return known


_CARRIER_BY_PREFIX: dict[str, str] = {}


# Libphonenumber's own pattern for Tanzanian mobile numbers (national significant number), so the
# fast path below accepts exactly what `normalize_msisdn` accepts.
_TZ_MOBILE_NATIONAL = re.compile(
    str(phonenumbers.PhoneMetadata.metadata_for_region(_REGION).mobile.national_number_pattern))  # type: ignore[union-attr]
_DROP_SEPARATORS = str.maketrans("", "", "".join(_SEPARATORS))
_COMMON_SPELLING = re.compile(r"(?:\+255|00255|255|0)?([67][0-9]{8})")  # 07…, 255…, +255…, 00255…


def e164_of(raw: str) -> str:
    """`normalize_msisdn(raw).e164`, without the carrier, fast for the common spellings
    (07…, 06…, 255…, +255…, 00255…, with separators): a file import reads 100,000 of them, and
    libphonenumber's full parse costs about ten times this check. Anything else takes the full
    parse, so the answer (and the refusal's reason) is always the same as its."""
    text = raw.strip()
    if len(text) <= _MAX_INPUT:
        common = _COMMON_SPELLING.fullmatch(text.translate(_DROP_SEPARATORS))
        if common is not None and _TZ_MOBILE_NATIONAL.fullmatch(common.group(1)):
            return "+255" + common.group(1)
    return normalize_msisdn(raw).e164


def msisdn_in(raw: str, *, field: str) -> Msisdn:
    """`normalize_msisdn` of a number a request gave in `field`: a refusal names that field."""
    try:
        return normalize_msisdn(raw)
    except InvalidPhoneNumber as exc:
        raise InvalidPhoneNumber(exc.message, field=field, reason=exc.reason) from exc


def country_of(raw: str) -> str | None:
    """ISO2 region of any valid number (local forms read as Tanzanian), to price quotes abroad."""
    try:
        parsed = _parse(raw)
    except InvalidPhoneNumber:
        return None
    if not phonenumbers.is_valid_number(parsed):
        return None
    region: str | None = phonenumbers.region_code_for_number(parsed)
    return region


def _parse(raw: str) -> phonenumbers.PhoneNumber:
    text = raw.strip()
    if not text:
        raise InvalidPhoneNumber("The phone number is empty.", reason="empty")
    if len(text) > _MAX_INPUT:
        raise InvalidPhoneNumber("The phone number is too long.", reason="too_long")
    significant = "".join(c for c in text if c not in _SEPARATORS)
    plus, digits = significant.startswith("+"), significant.removeprefix("+")
    if not digits or not all(c in "0123456789" for c in digits):
        raise InvalidPhoneNumber("The phone number has unexpected characters.", reason="garbage")
    if plus:
        digits = "+" + digits
    elif digits.startswith("00") and not digits.startswith("000"):
        digits = "+" + digits[2:]  # 00 is the international prefix most of the world dials
    try:
        return phonenumbers.parse(digits, _REGION)
    except phonenumbers.NumberParseException as exc:
        raise InvalidPhoneNumber("The phone number could not be read.", reason="garbage") from exc
