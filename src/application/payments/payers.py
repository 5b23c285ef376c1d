"""Who may pay an account's orders: its own phone once verified, and the payer phones it
verified with a code. A USSD prompt or a checkout page only ever goes to one of these, so a
number typed by mistake (or on purpose) never prompts a stranger to pay."""

from __future__ import annotations

from application.ports import UnitOfWork, UnitOfWorkFactory
from domain.errors import PhoneNotVerified


async def check_payer(uow: UnitOfWork, account_id: str, phone: str) -> None:
    """The phone is the account's own verified phone, or a payer phone it verified."""
    account = await uow.accounts.get(account_id)
    if account is not None and account.phone_verified and account.phone == phone:
        return
    if not await uow.payer_phones.is_verified(account_id, phone):
        raise PhoneNotVerified(f"{phone} is not verified for this account; verify it with "
                               "POST /v1/vouchers/otp/send and /v1/vouchers/otp/verify first.", field="phone")


class ListPayerPhones:
    """The phones the account may pay from (E.164): its own verified phone first, then its payer
    phones, the latest verified first."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> list[str]:
        async with self._uow() as uow:
            account = await uow.accounts.get(account_id)
            payers = await uow.payer_phones.all(account_id)
        own = [account.phone] if account is not None and account.phone_verified and account.phone else []
        return own + [phone for phone in payers if phone not in own]
