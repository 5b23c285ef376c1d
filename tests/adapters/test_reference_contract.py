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


async def test_packages_templates_and_the_voucher_card_are_saved_and_read_alike(backend) -> None:
    from datetime import UTC, datetime

    from application.ports import ReferenceChange, Template
    from domain.pricing import CreditPackage
    from domain.vouchers import VoucherRateCard, VoucherTier

    card = VoucherRateCard(1_000, (VoucherTier(9_999, Decimal("30.00")), VoucherTier(None, Decimal("25.50"))))
    at = datetime(2026, 3, 1, tzinfo=UTC)
    async with backend.uow() as uow:
        for package in (CreditPackage(90, "Big", 5_000, 120_000), CreditPackage(91, "Small", 100, 3_000),
                        CreditPackage(92, "Old", 10, 400, active=False)):
            await uow.packages.save(package)
        await uow.packages.save(CreditPackage(91, "Small+", 110, 3_000))
        await uow.templates.save(Template("zz-reminder", "Reminder", "zz-billing", "Hi {first_name}"))
        await uow.templates.save(Template("zz-old", "Old", "zz-billing", "x", active=False))
        await uow.voucher_rates.save(VoucherRateCard(1, (VoucherTier(None, Decimal("1.00")),)))
        await uow.voucher_rates.save(card)
        await uow.country_rates.save(CountryRate("Atlantis", "XA", "+999", Decimal("200.00")))
        await uow.reference_changes.add(ReferenceChange("package", "91", {"credits": 100}, {"credits": 110}, "ops", at))
        await uow.commit()
    async with backend.uow() as uow:
        mine = [p for p in await uow.packages.all() if p.id >= 90]
        assert mine == [CreditPackage(91, "Small+", 110, 3_000), CreditPackage(90, "Big", 5_000, 120_000)]
        assert (await uow.packages.get(92)) == CreditPackage(92, "Old", 10, 400, active=False)
        assert [p.id for p in await uow.packages.all(include_retired=True) if p.id >= 90] == [92, 91, 90]
        assert [t.id for t in await uow.templates.all() if t.category == "zz-billing"] == ["zz-reminder"]
        assert await uow.templates.get("zz-old") == Template("zz-old", "Old", "zz-billing", "x", active=False)
        assert await uow.voucher_rates.card() == card
        assert await uow.country_rates.find("atlantis") == CountryRate("Atlantis", "XA", "+999", Decimal("200.00"))
        changes = await uow.reference_changes.newest("package", 10)
        assert ReferenceChange("package", "91", {"credits": 100}, {"credits": 110}, "ops", at) in changes


async def test_an_order_keeps_the_price_and_credits_it_was_sold_at_when_the_package_changes(backend) -> None:
    """Orders copy the package's price and credits; an operator's later change alters the package
    only (the orders area makes the copy; this holds the storage to it)."""
    from dataclasses import replace
    from datetime import UTC, datetime

    from adapters.memory.system import FrozenClock
    from domain.payments import PaymentOrder
    from application.reference import PackageChange, SetPackage

    account, order_id, at = "5b7c1c7e-0000-4000-8000-000000000001", "5b7c1c7e-0000-4000-8000-0000000000a1", \
        datetime(2026, 3, 1, tzinfo=UTC)
    await backend.seed_account(account)
    async with backend.uow() as uow:
        starter = await uow.packages.get(1)
        assert starter is not None
        await uow.payment_orders.add(PaymentOrder(
            account_id=account, id=order_id, source="package", provider="mobilemoney", amount=starter.price_tzs,
            credit_amount=starter.credits, checkout_message="Approve the prompt on your phone",
            payer_phone="+255712345678", created_at=at, updated_at=at, package_id=starter.id))
        await uow.commit()

    changed = await SetPackage(backend.uow, FrozenClock())(PackageChange(1, "ops", credits=90, price_tzs=4_000))
    assert changed == replace(starter, credits=90, price_tzs=4_000)
    async with backend.uow() as uow:
        kept = await uow.payment_orders.get(account, order_id)
        assert await uow.packages.get(1) == changed
    assert kept is not None
    assert (kept.package_id, kept.amount, kept.credit_amount) == (1, starter.price_tzs, starter.credits)
