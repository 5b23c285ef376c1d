from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import NotFound, ValidationError
from domain.pricing import (
    TZ_CREDITS_PER_PART,
    TZS_PER_CREDIT_ABROAD,
    CreditPackage,
    cost_text,
    credits_for_message,
    find_package,
)


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


@pytest.mark.parametrize(
    ("parts", "rate", "credits"),
    [
        (1, None, 1),
        (3, None, 3),
        (1, 35, 1),
        (1, 36, 2),
        (2, 70, 4),
        (1, 70.0, 2),
        (1, 0.1, 1),
        (1, 35.01, 2),
        (1, 34.99, 1),
        (1, Decimal("105"), 3),
        (1, Decimal("105.0000001"), 4),
        (10, 350, 100),
    ],
)
def test_credits_for_message_table(parts: int, rate: Decimal | float | None, credits: int) -> None:
    assert credits_for_message(parts, rate_tzs=rate) == credits


def test_constants_match_the_spec() -> None:
    assert (TZ_CREDITS_PER_PART, TZS_PER_CREDIT_ABROAD) == (1, 35)


@pytest.mark.parametrize(("parts", "rate"), [(0, None), (1, 0), (1, -35), (1, float("nan"))])
def test_nonsense_inputs_are_refused(parts: int, rate: float | None) -> None:
    with pytest.raises(ValidationError):
        credits_for_message(parts, rate_tzs=rate)


@settings(max_examples=200)
@given(st.integers(1, 20), st.integers(1, 100_000))
def test_abroad_is_parts_times_ceil_rate_over_35(parts: int, rate: int) -> None:
    expected = parts * ceil_div(rate, 35)
    assert credits_for_message(parts, rate_tzs=rate) == expected
    assert credits_for_message(parts, rate_tzs=Decimal(rate)) == expected
    assert credits_for_message(parts, rate_tzs=float(rate)) == expected


@settings(max_examples=200)
@given(st.integers(1, 20), st.decimals(min_value="0.01", max_value="10000", places=2))
def test_decimal_rates_are_exact(parts: int, rate: Decimal) -> None:
    exact = Fraction(rate) / 35
    per_part = exact.numerator // exact.denominator + (exact.denominator != 1)
    assert credits_for_message(parts, rate_tzs=rate) == parts * per_part
    assert credits_for_message(parts, rate_tzs=float(rate)) == parts * per_part


@settings(max_examples=100)
@given(st.integers(1, 50))
def test_tanzania_is_one_credit_per_part(parts: int) -> None:
    assert credits_for_message(parts) == parts


PACKAGES = (
    CreditPackage(1, "Starter", 100, 3000),
    CreditPackage(2, "Biashara", 1000, 25000),
    CreditPackage(3, "Old", 10, 500, active=False),
)


def test_find_package() -> None:
    assert find_package(PACKAGES, 2).name == "Biashara"
    assert find_package(iter(PACKAGES), 1).credits == 100
    assert find_package(PACKAGES, 3).active is False  # a retired package is still found: orders name it
    with pytest.raises(NotFound) as refused:
        find_package(PACKAGES, 4)
    assert refused.value.field == "package_id"


@pytest.mark.parametrize(("credits", "price", "per_credit"), [
    (100, 3_500, "35.00"), (1_000, 25_000, "25.00"), (3, 100, "33.33"), (6, 100, "16.67"), (8, 1, "0.13")])
def test_a_packages_price_per_credit_is_to_the_cent_half_up(credits: int, price: int, per_credit: str) -> None:
    assert CreditPackage(1, "P", credits, price).price_per_credit == Decimal(per_credit)


@settings(max_examples=200)
@given(st.integers(1, 10**6), st.integers(1, 10**9))
def test_a_packages_price_per_credit_is_its_price_shared_out_within_half_a_cent(credits: int, price: int) -> None:
    assert abs(Fraction(CreditPackage(1, "P", credits, price).price_per_credit) - Fraction(price, credits)) <= Fraction(1, 200)


@pytest.mark.parametrize(("credits", "text"), [(0, "0 credits"), (1, "1 credit"), (3, "3 credits")])
def test_cost_text(credits: int, text: str) -> None:
    assert cost_text(credits) == text
