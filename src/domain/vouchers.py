"""The voucher rate card: how many credits an amount of TZS buys (decision: payment orders).

A card has a minimum top-up and ordered tiers; a tier holds every amount above the previous
tier's `max_amount_tzs` up to its own (inclusive), the last tier has no upper bound. Credits are
`amount // rate` in the tier holding the amount (integer division); what is left over buys
nothing and is not refunded, so the order says how much it is. Larger top-ups buy cheaper
credits: each tier's rate is below the one before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

from domain.errors import ValidationError

# Above any real top-up (a typo's guard): 100 million TZS.
MAX_VOUCHER_TZS = 100_000_000


@dataclass(frozen=True, slots=True)
class VoucherTier:
    max_amount_tzs: int | None  # inclusive upper bound; None on the last tier
    rate_tzs_per_credit: Decimal


@dataclass(frozen=True, slots=True)
class VoucherRateCard:
    min_amount_tzs: int
    tiers: tuple[VoucherTier, ...]  # ordered by max_amount_tzs, the unbounded one last


@dataclass(frozen=True, slots=True)
class VoucherPrice:
    amount_tzs: int
    credits: int
    rate_tzs_per_credit: Decimal
    leftover_tzs: int  # the part of the amount that buys no whole credit


def check_rate_card(card: VoucherRateCard) -> VoucherRateCard:
    """The card as given, or `ValidationError` naming what is wrong with it."""
    if card.min_amount_tzs <= 0:
        raise ValidationError("The minimum top-up must be positive.", field="min_amount_tzs")
    if not card.tiers or card.tiers[-1].max_amount_tzs is not None:
        raise ValidationError("The last tier has no upper bound (max_amount_tzs null).", field="tiers")
    previous_max, previous_rate = card.min_amount_tzs - 1, None
    for tier in card.tiers:
        if tier.rate_tzs_per_credit <= 0:
            raise ValidationError("Every rate must be positive.", field="tiers")
        if tier.max_amount_tzs is not None and tier.max_amount_tzs <= previous_max:
            raise ValidationError("Tier bounds must rise, the first at or above the minimum.", field="tiers")
        if tier.max_amount_tzs is None and tier is not card.tiers[-1]:
            raise ValidationError("Only the last tier may be unbounded.", field="tiers")
        if previous_rate is not None and tier.rate_tzs_per_credit >= previous_rate:
            raise ValidationError("Each tier must sell credits cheaper than the one before.", field="tiers")
        previous_max, previous_rate = tier.max_amount_tzs or previous_max, tier.rate_tzs_per_credit
    if card.tiers[0].rate_tzs_per_credit > card.min_amount_tzs:
        raise ValidationError("The minimum top-up must buy at least one credit.", field="min_amount_tzs")
    return card


def tier_for(card: VoucherRateCard, amount_tzs: int) -> VoucherTier:
    """The tier whose range holds `amount_tzs` (at least the card's minimum)."""
    for tier in card.tiers:
        if tier.max_amount_tzs is None or amount_tzs <= tier.max_amount_tzs:
            return tier
    raise AssertionError("a checked card ends with an unbounded tier")


def price_voucher(card: VoucherRateCard, amount_tzs: int) -> VoucherPrice:
    """What `amount_tzs` buys; `ValidationError` (field `amount`) below the minimum or above
    `MAX_VOUCHER_TZS`."""
    if amount_tzs < card.min_amount_tzs:
        raise ValidationError(f"The smallest top-up is {card.min_amount_tzs:,} TZS.", field="amount")
    if amount_tzs > MAX_VOUCHER_TZS:
        raise ValidationError(f"The largest top-up is {MAX_VOUCHER_TZS:,} TZS.", field="amount")
    rate = tier_for(card, amount_tzs).rate_tzs_per_credit
    credits = int((Decimal(amount_tzs) / rate).to_integral_value(rounding=ROUND_FLOOR))
    leftover = Decimal(amount_tzs) - credits * rate
    return VoucherPrice(amount_tzs=amount_tzs, credits=credits, rate_tzs_per_credit=rate,
                        leftover_tzs=int(leftover.to_integral_value(rounding=ROUND_FLOOR)))
