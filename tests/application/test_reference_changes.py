"""An operator's change to the reference data: checked, written with its record in the change log
(who, when, before, after) in one transaction, and not recorded when it changes nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock
from adapters.memory.uow import MemoryUnitOfWork
from application.ports import CountryRate, ReferenceChange, Template
from application.reference import (
    CountryRateChange,
    ListPackages,
    ListTemplates,
    PackageChange,
    ReferenceHistory,
    SetCountryRate,
    SetPackage,
    SetTemplate,
    SetVoucherRateCard,
    TemplateChange,
)
from domain.errors import ValidationError
from domain.pricing import CreditPackage
from domain.vouchers import VoucherRateCard, VoucherTier


@pytest.fixture()
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture()
def uow():  # type: ignore[no-untyped-def]
    store = MemoryStore()
    return lambda: MemoryUnitOfWork(store)


async def test_a_change_is_recorded_with_who_when_before_and_after(uow, clock: FrozenClock) -> None:  # type: ignore[no-untyped-def]
    package = await SetPackage(uow, clock)(PackageChange(1, "asha", price_tzs=3_000))
    assert package == CreditPackage(1, "Starter", 100, 3_000)
    clock.advance(minutes=1)
    await SetTemplate(uow, clock)(TemplateChange("otp-code", "baraka", active=False))
    history = await ReferenceHistory(uow)()
    assert history[1] == ReferenceChange(
        "package", "1", {"id": 1, "name": "Starter", "credits": 100, "price_tzs": 3500, "active": True},
        {"id": 1, "name": "Starter", "credits": 100, "price_tzs": 3000, "active": True}, "asha", clock.now() - timedelta(minutes=1))
    assert (history[0].kind, history[0].key, history[0].changed_by) == ("template", "otp-code", "baraka")
    assert [c.key for c in await ReferenceHistory(uow)("package")] == ["1"]


async def test_a_change_that_changes_nothing_is_not_recorded(uow, clock: FrozenClock) -> None:  # type: ignore[no-untyped-def]
    await SetPackage(uow, clock)(PackageChange(1, "asha", name="Starter", price_tzs=3_500))
    await SetCountryRate(uow, clock)(CountryRateChange("ke", "asha", rate_tzs=Decimal("70")))
    assert await ReferenceHistory(uow)() == []


async def test_retired_rows_are_kept_but_not_listed(uow, clock: FrozenClock) -> None:  # type: ignore[no-untyped-def]
    await SetPackage(uow, clock)(PackageChange(6, "ops", active=False))
    await SetTemplate(uow, clock)(TemplateChange("welcome", "ops", name="Welcome", category="greeting",
                                                 body="Karibu {first_name}!", active=False))
    assert 6 not in [p.id for p in await ListPackages(uow)()]
    assert 6 in [p.id for p in await ListPackages(uow)(include_retired=True)]
    assert "welcome" not in [t.id for t in await ListTemplates(uow)()]
    assert Template("welcome", "Welcome", "greeting", "Karibu {first_name}!", active=False) in \
        await ListTemplates(uow)(include_retired=True)


async def test_a_new_row_needs_every_field_and_a_refused_change_writes_nothing(uow, clock: FrozenClock) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValidationError) as refused:
        await SetPackage(uow, clock)(PackageChange(9, "ops", name="Half"))
    assert (refused.value.field, refused.value.message) == ("credits", "A new package needs its credits, price_tzs.")
    with pytest.raises(ValidationError) as blank:
        await SetPackage(uow, clock)(PackageChange(1, " ", price_tzs=1))
    assert blank.value.field == "by"
    with pytest.raises(ValidationError):
        await SetTemplate(uow, clock)(TemplateChange("otp-code", "ops", body=" "))
    with pytest.raises(ValidationError):
        await SetVoucherRateCard(uow, clock)(VoucherRateCard(1_000, (VoucherTier(None, Decimal("35.001")),)), "ops")
    with pytest.raises(ValidationError):
        await SetVoucherRateCard(uow, clock)(
            VoucherRateCard(1_000, (VoucherTier(10**9, Decimal(30)), VoucherTier(None, Decimal(20)))), "ops")
    assert await ReferenceHistory(uow)() == []
    assert await ReferenceHistory(uow)(limit=1000) == []
    with pytest.raises(ValidationError):
        await ReferenceHistory(uow)(limit=0)


async def test_rates_are_kept_to_the_cent(uow, clock: FrozenClock) -> None:  # type: ignore[no-untyped-def]
    added = await SetCountryRate(uow, clock)(CountryRateChange("sc", "ops", "Seychelles", "+248", Decimal("140.5")))
    assert added == CountryRate("Seychelles", "SC", "+248", Decimal("140.50"))
    card = await SetVoucherRateCard(uow, clock)(VoucherRateCard(1_000, (VoucherTier(None, Decimal("26.5")),)), "ops")
    assert card.tiers[0].rate_tzs_per_credit == Decimal("26.50")
    assert (await ReferenceHistory(uow)("voucher"))[0].after == {
        "min_amount_tzs": 1000, "tiers": [{"max_amount_tzs": None, "rate_tzs_per_credit": "26.50"}]}
