"""What things cost: credits per message, and the fixed credit packages on sale.

What a voucher's amount buys is `domain.vouchers`.

Money is TZS in whole shillings and rates may have decimals, so arithmetic is done in `Decimal`:
a rate of 70.0 must cost exactly 2 credits per part, never 3 because of binary float rounding.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal

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
class CreditPackage:
    """A fixed number of credits at a fixed price (reference data the operator keeps)."""

    id: int
    name: str
    credits: int
    price_tzs: int
    active: bool = True  # a retired package is kept (orders name it) but no longer sold

    @property
    def price_per_credit(self) -> Decimal:
        """TZS per credit, to the cent: how packages compare (larger ones are cheaper)."""
        return (Decimal(self.price_tzs) / self.credits).quantize(Decimal("0.01"), ROUND_HALF_UP)


def find_package(packages: Iterable[CreditPackage], package_id: int) -> CreditPackage:
    for package in packages:
        if package.id == package_id:
            return package
    raise NotFound(f"There is no credit package {package_id}.", field="package_id")


def cost_text(credits: int) -> str:
    return f"{credits} credit" if credits == 1 else f"{credits} credits"
