"""The voucher rate card at every boundary: below the minimum refused, the minimum and each
tier's upper bound in their tier, one TZS more in the next, credits by integer division with the
leftover below one credit's price, and a larger amount never buying fewer credits."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.vouchers import MAX_VOUCHER_TZS, VoucherRateCard, VoucherTier, check_rate_card, price_voucher, tier_for

SHIPPED = VoucherRateCard(1_000, (
    VoucherTier(9_999, Decimal("35.00")), VoucherTier(49_999, Decimal("30.00")),
    VoucherTier(199_999, Decimal("27.00")), VoucherTier(999_999, Decimal("24.00")),
    VoucherTier(None, Decimal("20.00")),
))


@st.composite
def rate_cards(draw: st.DrawFn) -> VoucherRateCard:
    """A sound card: bounds rising from the minimum, rates (to the cent) falling, the first
    buying at least one credit at the minimum, the last tier unbounded."""
    minimum = draw(st.integers(1, 100_000))
    gaps = draw(st.lists(st.integers(1, 2_000_000), max_size=4))
    bounds, bound = [], minimum - 1
    for gap in gaps:
        bound += gap
        bounds.append(bound)
    cents = draw(st.lists(st.integers(1, minimum * 100), min_size=len(bounds) + 1, max_size=len(bounds) + 1,
                          unique=True))
    rates = [Decimal(c) / 100 for c in sorted(cents, reverse=True)]
    return VoucherRateCard(minimum, tuple(VoucherTier(b, r) for b, r in zip([*bounds, None], rates, strict=True)))


def edges(card: VoucherRateCard) -> list[tuple[int, int]]:
    """(amount, index of the tier that must hold it): the minimum, each bound and one TZS past it."""
    found = [(card.min_amount_tzs, 0)]
    for index, tier in enumerate(card.tiers[:-1]):
        found += [(tier.max_amount_tzs, index), (tier.max_amount_tzs + 1, index + 1)]  # type: ignore[operator]
    return found


@settings(max_examples=500)
@given(rate_cards())
def test_every_generated_card_is_sound(card: VoucherRateCard) -> None:
    assert check_rate_card(card) == card


@settings(max_examples=500)
@given(rate_cards())
def test_one_tzs_below_the_minimum_is_refused_naming_the_amount(card: VoucherRateCard) -> None:
    with pytest.raises(ValidationError) as refused:
        price_voucher(card, card.min_amount_tzs - 1)
    assert refused.value.field == "amount"
    assert price_voucher(card, card.min_amount_tzs).credits >= 1


@settings(max_examples=500)
@given(rate_cards())
def test_the_minimum_each_bound_and_one_past_it_land_in_the_right_tier(card: VoucherRateCard) -> None:
    for amount, index in edges(card):
        if amount > MAX_VOUCHER_TZS:
            continue
        tier = card.tiers[index]
        assert tier_for(card, amount) == tier, (amount, index)
        price = price_voucher(card, amount)
        assert price.rate_tzs_per_credit == tier.rate_tzs_per_credit
        assert price.credits == int(Decimal(amount) // tier.rate_tzs_per_credit)  # integer division
        assert 0 <= price.leftover_tzs < tier.rate_tzs_per_credit
        assert 0 <= amount - price.credits * tier.rate_tzs_per_credit - price.leftover_tzs < 1


@settings(max_examples=500)
@given(rate_cards(), st.data())
def test_a_larger_amount_never_buys_fewer_credits(card: VoucherRateCard, data: st.DataObject) -> None:
    amounts = sorted({a for a, _ in edges(card) if a <= MAX_VOUCHER_TZS} | set(data.draw(
        st.lists(st.integers(card.min_amount_tzs, MAX_VOUCHER_TZS), min_size=1, max_size=20))))
    credits = [price_voucher(card, amount).credits for amount in amounts]
    assert credits == sorted(credits)


@given(st.integers(MAX_VOUCHER_TZS + 1, 10 * MAX_VOUCHER_TZS))
def test_above_the_largest_top_up_is_refused(amount: int) -> None:
    with pytest.raises(ValidationError) as refused:
        price_voucher(SHIPPED, amount)
    assert refused.value.field == "amount"


@pytest.mark.parametrize(("amount", "credits", "leftover"), [
    (999, None, None), (1_000, 28, 20), (9_999, 285, 24), (10_000, 333, 10), (49_999, 1_666, 19),
    (50_000, 1_851, 23), (199_999, 7_407, 10), (200_000, 8_333, 8), (999_999, 41_666, 15), (1_000_000, 50_000, 0),
])
def test_the_shipped_card_at_its_edges(amount: int, credits: int | None, leftover: int | None) -> None:
    check_rate_card(SHIPPED)
    if credits is None:
        with pytest.raises(ValidationError):
            price_voucher(SHIPPED, amount)
        return
    price = price_voucher(SHIPPED, amount)
    assert (price.credits, price.leftover_tzs) == (credits, leftover)


def _swap(card: VoucherRateCard, i: int, j: int) -> VoucherRateCard:
    tiers = list(card.tiers)
    tiers[i], tiers[j] = tiers[j], tiers[i]
    return VoucherRateCard(card.min_amount_tzs, tuple(tiers))


@settings(max_examples=300)
@given(rate_cards().filter(lambda card: len(card.tiers) >= 3), st.data())
def test_a_card_with_bounds_out_of_order_is_refused(card: VoucherRateCard, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(card.tiers) - 3))
    with pytest.raises(ValidationError) as refused:
        check_rate_card(_swap(card, i, i + 1))
    assert refused.value.field == "tiers"


@settings(max_examples=300)
@given(rate_cards().filter(lambda card: len(card.tiers) >= 2), st.data())
def test_an_unbounded_tier_that_is_not_last_is_refused(card: VoucherRateCard, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(card.tiers) - 2))
    with pytest.raises(ValidationError):
        check_rate_card(_swap(card, i, len(card.tiers) - 1))
    tiers = list(card.tiers)
    tiers[i] = VoucherTier(None, tiers[i].rate_tzs_per_credit)  # two unbounded tiers
    with pytest.raises(ValidationError) as refused:
        check_rate_card(VoucherRateCard(card.min_amount_tzs, tuple(tiers)))
    assert refused.value.field == "tiers"


@settings(max_examples=300)
@given(rate_cards().filter(lambda card: len(card.tiers) >= 2), st.data())
def test_a_tier_no_cheaper_than_the_one_before_is_refused(card: VoucherRateCard, data: st.DataObject) -> None:
    i = data.draw(st.integers(1, len(card.tiers) - 1))
    dearer = data.draw(st.decimals(min_value=card.tiers[i - 1].rate_tzs_per_credit, max_value=1_000_000, places=2))
    tiers = list(card.tiers)
    tiers[i] = VoucherTier(tiers[i].max_amount_tzs, dearer)
    with pytest.raises(ValidationError) as refused:
        check_rate_card(VoucherRateCard(card.min_amount_tzs, tuple(tiers)))
    assert refused.value.field == "tiers"


def test_a_card_without_a_positive_minimum_or_any_tier_is_refused() -> None:
    with pytest.raises(ValidationError) as no_minimum:
        check_rate_card(VoucherRateCard(0, SHIPPED.tiers))
    assert no_minimum.value.field == "min_amount_tzs"
    with pytest.raises(ValidationError) as no_tiers:
        check_rate_card(VoucherRateCard(1_000, ()))
    assert no_tiers.value.field == "tiers"
