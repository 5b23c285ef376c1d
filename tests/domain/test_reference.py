"""What a package, a template and a country rate must be before anyone is sold or shown one."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.reference import check_country, check_name, check_package, check_template_id, placeholders, tzs_rate

NAMES = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True)


@given(st.lists(NAMES, min_size=1, max_size=6), st.lists(st.text(alphabet="abc ,.!", max_size=5), min_size=7,
                                                           max_size=7))
def test_placeholders_are_named_once_in_the_order_they_first_appear(names: list[str], glue: list[str]) -> None:
    body = glue[0] + "".join(f"{{{name}}}{text}" for name, text in zip(names, glue[1:], strict=False))
    assert placeholders(body) == tuple(dict.fromkeys(names[:6]))


@pytest.mark.parametrize(("body", "found"), [
    ("Habari {first_name}, lipa TZS {amount} kufikia {date}. Asante {first_name}!", ("first_name", "amount", "date")),
    ("No placeholders here", ()),
    ("{First_Name} {1st} { first_name } {first-name} {}", ()),  # not placeholder names: left as text
    ("{{first_name}}", ("first_name",)),
])
def test_placeholders_of_a_body(body: str, found: tuple[str, ...]) -> None:
    assert placeholders(body) == found


def test_a_package_needs_a_positive_id_credits_and_price() -> None:
    check_package(1, 100, 3500)
    for package_id, credits, price, field in ((0, 100, 3500, "id"), (1, 0, 3500, "credits"),
                                              (1, 100, 0, "price_tzs"), (1, 10**9, 3500, "credits")):
        with pytest.raises(ValidationError) as refused:
            check_package(package_id, credits, price)
        assert refused.value.field == field


def test_names_are_trimmed_and_never_blank() -> None:
    assert check_name("  Starter ") == "Starter"
    for bad in ("", "   ", "x" * 101, "a\x00b"):
        with pytest.raises(ValidationError):
            check_name(bad)


def test_template_ids_are_slugs() -> None:
    assert check_template_id("payment-reminder-2") == "payment-reminder-2"
    for bad in ("", "Payment", "-leading", "with space", "x" * 64):
        with pytest.raises(ValidationError):
            check_template_id(bad)


def test_a_country_rate_is_kept_to_the_cent() -> None:
    assert check_country("KE", "+254", Decimal("70")) == Decimal("70.00")
    assert tzs_rate(Decimal("26.5"), field="tiers") == Decimal("26.50")
    for iso2, dial, rate, field in (("ke", "+254", "70", "iso2"), ("KE", "254", "70", "dial_code"),
                                    ("KE", "+254", "0", "rate_tzs"), ("KE", "+254", "1.234", "rate_tzs"),
                                    ("KE", "+254", "NaN", "rate_tzs"), ("KE", "+254", "1e9", "rate_tzs")):
        with pytest.raises(ValidationError) as refused:
            check_country(iso2, dial, Decimal(rate))
        assert refused.value.field == field
