"""The rate card reads alike from memory and PostgreSQL, and both hold the same rows."""

from __future__ import annotations

from decimal import Decimal

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.uow import MemoryUnitOfWork
from adapters.postgres.database import create_pool
from adapters.postgres.uow import PostgresUnitOfWork
from application.ports import CountryRate


async def test_the_card_lists_about_27_countries_by_name_with_tanzania_at_one_credit(backend) -> None:
    async with backend.uow() as uow:
        rates = await uow.country_rates.all()
    assert len(rates) == 27
    assert [r.name for r in rates] == sorted(r.name for r in rates)
    assert len({r.iso2 for r in rates}) == 27
    tanzania = next(r for r in rates if r.iso2 == "TZ")
    assert tanzania == CountryRate("Tanzania", "TZ", "+255", Decimal("35.00"))
    assert all(r.dial_code.startswith("+") and r.rate_tzs > 0 for r in rates)
    assert {"KE", "UG", "RW", "BI", "CD", "ZM", "MW", "MZ", "ZA", "GB", "US", "AE", "IN", "CN"} <= {
        r.iso2 for r in rates
    }


@pytest.mark.parametrize("asked", ["KE", "ke", "Kenya", "KENYA", "kenya"])
async def test_a_country_is_found_by_iso2_or_name_in_any_case(backend, asked: str) -> None:
    async with backend.uow() as uow:
        found = await uow.country_rates.find(asked)
    assert found == CountryRate("Kenya", "KE", "+254", Decimal("70.00"))


@pytest.mark.parametrize("asked", ["Narnia", "XX", "", "K", "Keny", "%", "united%"])
async def test_an_unknown_country_is_none(backend, asked: str) -> None:
    async with backend.uow() as uow:
        assert await uow.country_rates.find(asked) is None


async def test_memory_holds_exactly_the_rows_the_migration_seeds(clean_database: str) -> None:
    pool = create_pool(clean_database, min_size=1, max_size=1)
    await pool.open(wait=True)
    try:
        async with PostgresUnitOfWork(pool) as uow:
            seeded = await uow.country_rates.all()
    finally:
        await pool.close()
    async with MemoryUnitOfWork(MemoryStore()) as uow:
        assert await uow.country_rates.all() == seeded
