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
    VoucherRateCard,
    VoucherTier,
    cost_text,
    credits_for_message,
    find_package,
)

CARD = VoucherRateCard(
    min_amount_tzs=1000,
    tiers=(
        VoucherTier(9_999, Decimal("30")),
        VoucherTier(49_999, Decimal("25")),
        VoucherTier(None, Decimal("20")),
    ),
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


@pytest.mark.parametrize(
    ("amount", "credits"),
    [
        (1000, 33),
        (1019, 33),
        (1020, 34),
        (9_999, 333),
        (10_000, 400),
        (49_999, 1999),
        (50_000, 2500),
        (1_000_000, 50_000),
    ],
)
def test_voucher_tier_boundaries(amount: int, credits: int) -> None:
    assert CARD.credits_for(amount) == credits


def test_voucher_below_minimum_names_the_amount() -> None:
    with pytest.raises(ValidationError) as caught:
        CARD.credits_for(999)
    assert caught.value.field == "amount"


def test_voucher_above_a_closed_last_tier_is_refused() -> None:
    capped = VoucherRateCard(500, (VoucherTier(1000, Decimal(10)),))
    assert capped.credits_for(1000) == 100
    with pytest.raises(ValidationError):
        capped.credits_for(1001)


@pytest.mark.parametrize(
    "tiers",
    [
        (),
        (VoucherTier(None, Decimal(30)), VoucherTier(None, Decimal(20))),
        (VoucherTier(5000, Decimal(30)), VoucherTier(4000, Decimal(25))),
        (VoucherTier(5000, Decimal(30)), VoucherTier(5000, Decimal(25))),
        (VoucherTier(5000, Decimal(20)), VoucherTier(None, Decimal(30))),  # dearer when bigger
        (VoucherTier(500, Decimal(20)), VoucherTier(None, Decimal(10))),  # below the minimum
    ],
)
def test_malformed_rate_cards_are_refused(tiers: tuple[VoucherTier, ...]) -> None:
    with pytest.raises(ValidationError):
        VoucherRateCard(1000, tiers)


def test_tier_rates_are_decimals_even_from_floats() -> None:
    tier = VoucherTier(None, 27.5)  # type: ignore[arg-type]
    assert tier.rate_tzs_per_credit == Decimal("27.5")
    with pytest.raises(ValidationError):
        VoucherTier(None, Decimal(0))


rate_cards = st.lists(
    st.tuples(st.integers(1, 5000), st.decimals(min_value="1", max_value="100", places=2)),
    min_size=1,
    max_size=5,
).map(
    lambda steps: VoucherRateCard(
        min_amount_tzs=1000,
        tiers=tuple(
            VoucherTier(
                None if i == len(steps) - 1 else 1000 + sum(s for s, _ in steps[: i + 1]),
                rate,
            )
            for i, rate in enumerate(sorted((r for _, r in steps), reverse=True))
        ),
    )
)


@settings(max_examples=150)
@given(rate_cards, st.integers(1000, 50_000))
def test_voucher_credits_are_whole_credits_of_the_holding_tier(
    card: VoucherRateCard, amount: int
) -> None:
    tier = card.tier_for(amount)
    index = card.tiers.index(tier)
    lower = card.tiers[index - 1].max_amount_tzs if index else card.min_amount_tzs - 1
    assert lower is not None and lower < amount
    assert tier.max_amount_tzs is None or amount <= tier.max_amount_tzs
    credits = card.credits_for(amount)
    assert credits * tier.rate_tzs_per_credit <= amount < (credits + 1) * tier.rate_tzs_per_credit


@settings(max_examples=150)
@given(rate_cards, st.integers(1000, 50_000), st.integers(0, 5000))
def test_paying_more_never_buys_fewer_credits(
    card: VoucherRateCard, amount: int, extra: int
) -> None:
    assert card.credits_for(amount + extra) >= card.credits_for(amount)


PACKAGES = (
    CreditPackage(1, "Starter", 100, 3000),
    CreditPackage(2, "Biashara", 1000, 25000),
)


def test_find_package() -> None:
    assert find_package(PACKAGES, 2).name == "Biashara"
    assert find_package(iter(PACKAGES), 1).credits == 100
    with pytest.raises(NotFound):
        find_package(PACKAGES, 3)


@pytest.mark.parametrize(("credits", "text"), [(0, "0 credits"), (1, "1 credit"), (3, "3 credits")])
def test_cost_text(credits: int, text: str) -> None:
    assert cost_text(credits) == text
