"""What things cost: credits per message, credits bought by a voucher, fixed packages.

Money is TZS in whole shillings and rates may have decimals, so arithmetic is done in `Decimal`:
a rate of 70.0 must cost exactly 2 credits per part, never 3 because of binary float rounding.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal

from domain.errors import NotFound, ValidationError

TZ_CREDITS_PER_PART = 1
TZS_PER_CREDIT_ABROAD = 35


def as_decimal(value: Decimal | float | int) -> Decimal:
    # Via str, so 0.1 means the 0.1 a person wrote, not 0.1000000000000000055...
    return value if isinstance(value, Decimal) else Decimal(str(value))


def credits_for_message(parts: int, *, rate_tzs: Decimal | float | int | None = None) -> int:
    """Tanzania: one credit per part. Abroad: ceil(rate_tzs / 35) per part (decision: billing units)."""
    if parts < 1:
        raise ValidationError("A message has at least one part.", field="parts")
    if rate_tzs is None:
        return parts * TZ_CREDITS_PER_PART
    rate = as_decimal(rate_tzs)
    if not rate.is_finite() or rate <= 0:
        raise ValidationError("A rate must be a positive amount of TZS.", field="rate_tzs")
    per_part = (rate / TZS_PER_CREDIT_ABROAD).to_integral_value(rounding=ROUND_CEILING)
    return parts * int(per_part)


@dataclass(frozen=True, slots=True)
class VoucherTier:
    max_amount_tzs: int | None  # inclusive upper bound; None for the open-ended last tier
    rate_tzs_per_credit: Decimal

    def __post_init__(self) -> None:
        object.__setattr__(self, "rate_tzs_per_credit", as_decimal(self.rate_tzs_per_credit))
        if not self.rate_tzs_per_credit.is_finite() or self.rate_tzs_per_credit <= 0:
            raise ValidationError("A credit must cost a positive amount.", field="tiers")


@dataclass(frozen=True, slots=True)
class VoucherRateCard:
    """Pay-as-you-go top-ups: tier i holds amounts in (max of tier i-1, max of tier i]."""

    min_amount_tzs: int
    tiers: tuple[VoucherTier, ...]

    def __post_init__(self) -> None:
        if not self.tiers:
            raise ValidationError("A rate card needs at least one tier.", field="tiers")
        bounds = [t.max_amount_tzs for t in self.tiers]
        if any(b is None for b in bounds[:-1]):
            raise ValidationError("Only the last tier may be open-ended.", field="tiers")
        closed = [b for b in bounds if b is not None]
        if closed != sorted(set(closed)) or (closed and closed[0] < self.min_amount_tzs):
            raise ValidationError("Tier bounds must rise above the minimum.", field="tiers")
        rates = [t.rate_tzs_per_credit for t in self.tiers]
        if rates != sorted(rates, reverse=True):
            raise ValidationError("Larger top-ups must not buy dearer credits.", field="tiers")

    def tier_for(self, amount_tzs: int) -> VoucherTier:
        if amount_tzs < self.min_amount_tzs:
            raise ValidationError(
                f"The minimum top-up is {self.min_amount_tzs} TZS.", field="amount"
            )
        for tier in self.tiers:
            if tier.max_amount_tzs is None or amount_tzs <= tier.max_amount_tzs:
                return tier
        raise ValidationError("The amount is above the largest top-up.", field="amount")

    def credits_for(self, amount_tzs: int) -> int:
        """Whole credits only; leftover shillings below one more credit are not refunded."""
        rate = self.tier_for(amount_tzs).rate_tzs_per_credit
        return int(Decimal(amount_tzs) // rate)


@dataclass(frozen=True, slots=True)
class CreditPackage:
    id: int
    name: str
    credits: int
    price_tzs: int


def find_package(packages: Iterable[CreditPackage], package_id: int) -> CreditPackage:
    for package in packages:
        if package.id == package_id:
            return package
    raise NotFound(f"There is no credit package {package_id}.", field="package_id")


def cost_text(credits: int) -> str:
    return f"{credits} credit" if credits == 1 else f"{credits} credits"
