"""Public reference data shared by every account: the international rate card."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from application.ports import UnitOfWorkFactory
from domain.errors import CountryNotSupported


@dataclass(frozen=True, slots=True)
class CountryRate:
    name: str
    iso2: str  # ISO 3166-1 alpha-2
    dial_code: str  # E.164 calling code with its leading +
    rate_tzs: Decimal  # indicative price of one SMS part to this country


class CountryRates(Protocol):
    async def all(self) -> list[CountryRate]:
        """Every country on the card, by name."""
        ...

    async def find(self, country: str) -> CountryRate | None:
        """By ISO2 code or name, case-insensitively."""
        ...


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
