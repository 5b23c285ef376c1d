"""Rate lookups: by ISO2 or name, unknown countries are `country_not_supported`."""

from __future__ import annotations

from decimal import Decimal

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.uow import MemoryUnitOfWork
from application.reference import FindCountryRate, ListCountryRates
from domain.errors import CountryNotSupported


def uow():
    store = MemoryStore()
    return lambda: MemoryUnitOfWork(store)


async def test_the_whole_card_is_listed() -> None:
    rates = await ListCountryRates(uow())()
    assert len(rates) == 27 and rates[0].name == "Botswana"


async def test_a_country_is_found_with_surrounding_spaces_ignored() -> None:
    rate = await FindCountryRate(uow())("  united kingdom ")
    assert (rate.iso2, rate.dial_code, rate.rate_tzs) == ("GB", "+44", Decimal("120.00"))


async def test_an_unknown_country_is_not_supported() -> None:
    with pytest.raises(CountryNotSupported) as raised:
        await FindCountryRate(uow())("Atlantis")
    assert raised.value.code == "country_not_supported"
