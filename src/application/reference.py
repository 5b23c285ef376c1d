"""Public reference data shared by every account: the international rate card, the credit
packages, the compose templates and the voucher rate card; and the operator's changes to them.

A change is written with its record in the change log (who, when, before and after) in one
transaction, so no change goes unrecorded. Orders copy the price and credits they were sold at,
so a change here never alters an order already created. A change that changes nothing is not
recorded.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal

from application.ports import (
    Clock,
    CountryRate,
    ReferenceChange,
    ReferenceKind,
    ReferenceRecord,
    Template,
    UnitOfWork,
    UnitOfWorkFactory,
    snapshot,
)
from domain.errors import CountryNotSupported, ValidationError
from domain.pricing import CreditPackage
from domain.reference import (
    MAX_CATEGORY_LENGTH,
    check_country,
    check_name,
    check_package,
    check_template_body,
    check_template_id,
    tzs_rate,
)
from domain.vouchers import MAX_VOUCHER_TZS, VoucherRateCard, check_rate_card

MAX_HISTORY = 1000


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


class ListPackages:
    """The packages on sale, cheapest first (retired ones too, for an operator)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, include_retired: bool = False) -> list[CreditPackage]:
        async with self._uow() as uow:
            return await uow.packages.all(include_retired)


class ListTemplates:
    """The compose templates offered, by category then name (retired ones too, for an operator)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, include_retired: bool = False) -> list[Template]:
        async with self._uow() as uow:
            return await uow.templates.all(include_retired)


class GetVoucherRateCard:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self) -> VoucherRateCard:
        async with self._uow() as uow:
            return await uow.voucher_rates.card()


class ReferenceHistory:
    """The change log, newest first, of one kind of reference data or of all."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, kind: ReferenceKind | None = None, limit: int = 50) -> list[ReferenceChange]:
        if not 1 <= limit <= MAX_HISTORY:
            raise ValidationError(f"The history shows 1 to {MAX_HISTORY} changes.", field="limit")
        async with self._uow() as uow:
            return await uow.reference_changes.newest(kind, limit)


@dataclass(frozen=True, slots=True)
class PackageChange:
    """Create package `id` (name, credits and price all given) or change the fields given."""

    id: int
    changed_by: str
    name: str | None = None
    credits: int | None = None
    price_tzs: int | None = None
    active: bool | None = None  # False retires it (no longer sold), True puts it back on sale


@dataclass(frozen=True, slots=True)
class TemplateChange:
    id: str
    changed_by: str
    name: str | None = None
    category: str | None = None
    body: str | None = None
    active: bool | None = None


@dataclass(frozen=True, slots=True)
class CountryRateChange:
    iso2: str
    changed_by: str
    name: str | None = None
    dial_code: str | None = None
    rate_tzs: Decimal | None = None


def _given(change: object, fields: tuple[str, ...]) -> dict[str, object]:
    return {name: value for name in fields if (value := getattr(change, name)) is not None}


def _new_record(kind: str, given: dict[str, object], needed: tuple[str, ...]) -> None:
    missing = [name for name in needed if name not in given]
    if missing:
        raise ValidationError(f"A new {kind} needs its {', '.join(missing)}.", field=missing[0])


async def _record(uow: UnitOfWork, clock: Clock, kind: ReferenceKind, key: str,
                  before: ReferenceRecord | None, after: ReferenceRecord, changed_by: str) -> None:
    """The change's entry in the log, in the change's own transaction."""
    await uow.reference_changes.add(ReferenceChange(
        kind=kind, key=key, before=None if before is None else snapshot(before), after=snapshot(after),
        changed_by=check_name(changed_by, field="by"), changed_at=clock.now()))


class _ChangeUseCase:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow = uow
        self._clock = clock


class SetPackage(_ChangeUseCase):
    """Create a package or change it; retiring one takes it off sale (orders that name it keep it)."""

    async def __call__(self, change: PackageChange) -> CreditPackage:
        given = _given(change, ("name", "credits", "price_tzs", "active"))
        async with self._uow() as uow:
            before = await uow.packages.get(change.id)
            if before is None:
                _new_record("package", given, ("name", "credits", "price_tzs"))
            after = dataclasses.replace(before or CreditPackage(change.id, "", 0, 0), **given)  # type: ignore[arg-type]
            check_package(after.id, after.credits, after.price_tzs)
            after = dataclasses.replace(after, name=check_name(after.name))
            if after != before:
                await uow.packages.save(after)
                await _record(uow, self._clock, "package", str(after.id), before, after, change.changed_by)
                await uow.commit()
        return after


class SetTemplate(_ChangeUseCase):
    """Create a compose template or change it; a retired one is no longer offered."""

    async def __call__(self, change: TemplateChange) -> Template:
        given = _given(change, ("name", "category", "body", "active"))
        async with self._uow() as uow:
            before = await uow.templates.get(check_template_id(change.id))
            if before is None:
                _new_record("template", given, ("name", "category", "body"))
            after = dataclasses.replace(before or Template(change.id, "", "", ""), **given)  # type: ignore[arg-type]
            after = dataclasses.replace(
                after, name=check_name(after.name), body=check_template_body(after.body),
                category=check_name(after.category, field="category", max_length=MAX_CATEGORY_LENGTH))
            if after != before:
                await uow.templates.save(after)
                await _record(uow, self._clock, "template", after.id, before, after, change.changed_by)
                await uow.commit()
        return after


class SetCountryRate(_ChangeUseCase):
    """Add a country to the rate card or change its row (by ISO2 code)."""

    async def __call__(self, change: CountryRateChange) -> CountryRate:
        given = _given(change, ("name", "dial_code", "rate_tzs"))
        iso2 = change.iso2.strip().upper()
        async with self._uow() as uow:
            before = await uow.country_rates.find(iso2) if len(iso2) == 2 else None
            if before is None:
                _new_record("country", given, ("name", "dial_code", "rate_tzs"))
            after = dataclasses.replace(before or CountryRate("", iso2, "", Decimal(0)), **given)  # type: ignore[arg-type]
            rate_tzs = check_country(after.iso2, after.dial_code, after.rate_tzs)
            after = dataclasses.replace(after, name=check_name(after.name), rate_tzs=rate_tzs)
            if after != before:
                await uow.country_rates.save(after)
                await _record(uow, self._clock, "rate", after.iso2, before, after, change.changed_by)
                await uow.commit()
        return after


class SetVoucherRateCard(_ChangeUseCase):
    """Replace the whole card: a minimum and its tiers are only sound together."""

    async def __call__(self, card: VoucherRateCard, changed_by: str) -> VoucherRateCard:
        if any(bound > MAX_VOUCHER_TZS for bound in (card.min_amount_tzs, *(t.max_amount_tzs or 0 for t in card.tiers))):
            raise ValidationError(f"No top-up is above {MAX_VOUCHER_TZS:,} TZS.", field="tiers")
        card = check_rate_card(dataclasses.replace(card, tiers=tuple(
            dataclasses.replace(tier, rate_tzs_per_credit=tzs_rate(tier.rate_tzs_per_credit, field="tiers"))
            for tier in card.tiers)))
        async with self._uow() as uow:
            before = await uow.voucher_rates.card()
            if card != before:
                await uow.voucher_rates.save(card)
                await _record(uow, self._clock, "voucher", "card", before if before.tiers else None, card, changed_by)
                await uow.commit()
        return card
