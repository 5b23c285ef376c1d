"""What an amount of TZS buys as a voucher, by today's rate card: the price an order is written
at, and the same figure quoted before anyone pays."""

from __future__ import annotations

from application.ports import UnitOfWork, UnitOfWorkFactory
from domain.errors import ValidationError
from domain.vouchers import VoucherPrice, price_voucher


async def voucher_price(uow: UnitOfWork, amount_tzs: int) -> VoucherPrice:
    """The price by the tier holding the amount; ValidationError (field `amount`) when vouchers
    are not on sale or the amount is outside the card's range."""
    card = await uow.voucher_rates.card()
    if not card.tiers:
        raise ValidationError("Vouchers are not on sale: there is no voucher rate card.", field="amount")
    return price_voucher(card, amount_tzs)


class QuoteVoucher:
    """What `amount_tzs` would buy now; nothing is ordered."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, amount_tzs: int) -> VoucherPrice:
        async with self._uow() as uow:
            return await voucher_price(uow, amount_tzs)
