from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import InvalidPhoneNumber
from domain.phone import Carrier, Msisdn, carrier_of, country_of, normalize_msisdn

E164_TZ_MOBILE = re.compile(r"\+255[67]\d{8}")
# Mobile ranges in libphonenumber's Tanzanian metadata (064 is unassigned).
MOBILE_PREFIXES = ["60", "61", "62", "63", "65", "66", "67", "68", "69"] + [
    f"7{d}" for d in range(10)
]

mobile_national = st.builds(
    lambda prefix, rest: prefix + rest,
    st.sampled_from(MOBILE_PREFIXES),
    st.text("0123456789", min_size=7, max_size=7),
)


@pytest.mark.parametrize(
    ("raw", "e164", "carrier"),
    [
        ("0754123456", "+255754123456", Carrier.VODACOM),
        ("+255754123456", "+255754123456", Carrier.VODACOM),
        ("255754123456", "+255754123456", Carrier.VODACOM),
        ("754123456", "+255754123456", Carrier.VODACOM),
        ("0754 123 456", "+255754123456", Carrier.VODACOM),
        ("0754-123-456", "+255754123456", Carrier.VODACOM),
        ("0754.123.456", "+255754123456", Carrier.VODACOM),
        ("+255 (754) 123-456", "+255754123456", Carrier.VODACOM),
        ("  +255 754 123 456  ", "+255754123456", Carrier.VODACOM),
        ("00255754123456", "+255754123456", Carrier.VODACOM),
        ("0782345678", "+255782345678", Carrier.AIRTEL),
        ("0688123456", "+255688123456", Carrier.AIRTEL),
        ("0712345678", "+255712345678", Carrier.YAS),
        ("0621234567", "+255621234567", Carrier.HALOTEL),
        ("0732345678", "+255732345678", Carrier.TTCL),
        ("+255799000001", "+255799000001", Carrier.VODACOM),
    ],
)
def test_accepted_forms(raw: str, e164: str, carrier: Carrier) -> None:
    msisdn = normalize_msisdn(raw)
    assert msisdn == Msisdn(e164, carrier)
    assert str(msisdn) == e164


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("abc", "garbage"),
        ("0754abc456", "garbage"),
        ("0754123456 ext. 5", "garbage"),
        ("tel:+255754123456", "garbage"),
        ("+", "garbage"),
        ("---", "garbage"),
        ("0754+123456", "garbage"),
        ("075412345", "too_short"),
        ("112", "too_short"),
        ("15000", "too_short"),
        ("07541234567", "too_long"),
        ("0" * 40, "too_long"),
        ("0222123456", "not_mobile"),  # Dar es Salaam fixed line
        ("0800123456", "not_mobile"),  # toll free
        ("0640123456", "invalid"),  # unassigned range
        ("+254712345678", "not_tanzanian"),
        ("+1 650 253 0000", "not_tanzanian"),
        ("+256772123456", "not_tanzanian"),
    ],
)
def test_refused_inputs_say_why(raw: str, reason: str) -> None:
    with pytest.raises(InvalidPhoneNumber) as caught:
        normalize_msisdn(raw)
    assert caught.value.reason == reason
    assert caught.value.code == "invalid_phone_number"


@pytest.mark.parametrize(
    ("raw", "region"),
    [
        ("+254712345678", "KE"),
        ("+256772123456", "UG"),
        ("+1 650 253 0000", "US"),
        ("0754123456", "TZ"),
        ("+255222123456", "TZ"),
        ("not a number", None),
        ("+254 1", None),
        ("", None),
    ],
)
def test_country_of(raw: str, region: str | None) -> None:
    assert country_of(raw) == region


def test_msisdn_refuses_anything_but_tanzanian_mobile_e164() -> None:
    assert Msisdn("+255754123456").local == "0754123456"
    for bad in ("0754123456", "+254712345678", "+25575412345"):
        with pytest.raises(InvalidPhoneNumber):
            Msisdn(bad)


def _variants(national: str) -> list[str]:
    return [
        "0" + national,
        "+255" + national,
        "255" + national,
        national,
        f"0{national[:3]} {national[3:6]} {national[6:]}",
        f"+255-{national[:3]}-{national[3:6]}-{national[6:]}",
        f"(+255) {national[:3]}.{national[3:]}",
    ]


@settings(max_examples=150)
@given(mobile_national)
def test_formatting_variants_normalize_equally(national: str) -> None:
    results = {normalize_msisdn(v) for v in _variants(national)}
    assert results == {normalize_msisdn("+255" + national)}
    (only,) = results
    assert only.e164 == "+255" + national
    assert only.carrier != Carrier.UNKNOWN
    assert country_of("0" + national) == "TZ"


@settings(max_examples=150)
@given(mobile_national, st.lists(st.sampled_from(" -."), max_size=9), st.randoms())
def test_separators_anywhere_do_not_change_the_number(
    national: str, separators: list[str], rnd: random.Random
) -> None:
    chars = list("0" + national)
    for sep in separators:
        chars.insert(rnd.randrange(1, len(chars)), sep)
    assert normalize_msisdn("".join(chars)).e164 == "+255" + national


@settings(max_examples=300)
@given(st.text(max_size=40) | st.from_regex(r"\+?[0-9 ()\-.]{0,20}", fullmatch=True))
def test_output_is_always_tz_mobile_e164_and_idempotent(raw: str) -> None:
    try:
        msisdn = normalize_msisdn(raw)
    except InvalidPhoneNumber as err:
        assert err.reason in {
            "empty", "garbage", "too_short", "too_long", "not_mobile", "not_tanzanian", "invalid"
        }
        return
    assert E164_TZ_MOBILE.fullmatch(msisdn.e164)
    assert normalize_msisdn(msisdn.e164) == msisdn
    assert normalize_msisdn(msisdn.local) == msisdn


@settings(max_examples=100)
@given(st.text("0123456789", min_size=8, max_size=8))
def test_kenyan_mobiles_are_not_tanzanian(rest: str) -> None:
    with pytest.raises(InvalidPhoneNumber) as caught:
        normalize_msisdn("+2547" + rest)
    assert caught.value.reason == "not_tanzanian"


@settings(max_examples=100)
@given(st.text("0123456789", min_size=7, max_size=7))
def test_fixed_lines_are_not_mobile(rest: str) -> None:
    with pytest.raises(InvalidPhoneNumber) as caught:
        normalize_msisdn("022" + rest)
    assert caught.value.reason == "not_mobile"


@given(mobile_national)
def test_the_carrier_of_a_stored_number_is_libphonenumbers_answer(national: str) -> None:
    try:
        expected = normalize_msisdn("0" + national)
    except InvalidPhoneNumber:
        return
    assert carrier_of(expected.e164) == expected.carrier
