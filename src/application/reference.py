"""Public reference data shared by every account: the international rate card."""

from __future__ import annotations

from application.ports import CountryRate, UnitOfWorkFactory
from domain.errors import CountryNotSupported


class ListCountryRates:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self) -> list[CountryRate]:
        async with self._uow() as uow:
            return await uow.country_rates.all()


class FindCountryRate:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, country: str) -> CountryRate:
        async with self._uow() as uow:
            rate = await uow.country_rates.find(country.strip())
        if rate is None:
            raise CountryNotSupported(f"{country!r} is not on the rate card.", field="country")
        return rate
