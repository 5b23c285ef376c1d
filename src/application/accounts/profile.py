"""What an account's owner changes of its profile: the business name, and the language they read
ujumbe in (the dashboard's pages when their browser has not chosen one, the emails sent to them).
The phone changes only through its verification (`phone_verification`)."""

from __future__ import annotations

from application.ports import UnitOfWorkFactory
from domain.accounts import validate_business_name, validate_language
from domain.errors import NotFound


class UpdateProfile:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, business_name: str) -> str:
        """The business name as kept (trimmed)."""
        business_name = validate_business_name(business_name)
        async with self._uow() as uow:
            if not await uow.accounts.set_business_name(account_id, business_name):
                raise NotFound("No such account.")
            await uow.commit()
        return business_name


class SetLanguage:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, language: str) -> None:
        language = validate_language(language)
        async with self._uow() as uow:
            if not await uow.accounts.set_language(account_id, language):
                raise NotFound("No such account.")
            await uow.commit()
