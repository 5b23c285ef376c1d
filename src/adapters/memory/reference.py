"""Public reference data in memory: the rate card, packages, templates and the voucher rate card,
each starting from the newest shipped data file the migrator loads into PostgreSQL (a contract
test keeps the two equal), and their change log."""

from __future__ import annotations

from adapters.memory.store import MemoryStore
from adapters.reference_data import (
    seeded_country_rates,
    seeded_packages,
    seeded_templates,
    seeded_voucher_card,
)
from application.ports import CountryRate, ReferenceChange, ReferenceKind, Template
from domain.pricing import CreditPackage
from domain.vouchers import VoucherRateCard



class MemoryCountryRates:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[str, CountryRate]:
        rows: dict[str, CountryRate] = self._store.tables.setdefault(
            "country_rates", {rate.iso2: rate for rate in seeded_country_rates()}
        )
        return rows

    async def all(self) -> list[CountryRate]:
        return sorted(self._rows().values(), key=lambda rate: rate.name)

    async def find(self, country: str) -> CountryRate | None:
        wanted = country.lower()
        return next(
            (r for r in self._rows().values() if wanted in (r.iso2.lower(), r.name.lower())), None
        )

    async def save(self, rate: CountryRate) -> None:
        self._rows()[rate.iso2] = rate


class MemoryCreditPackages:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[int, CreditPackage]:
        rows: dict[int, CreditPackage] = self._store.tables.setdefault(
            "packages", {package.id: package for package in seeded_packages()})
        return rows

    async def all(self, include_retired: bool = False) -> list[CreditPackage]:
        found = [p for p in self._rows().values() if include_retired or p.active]
        return sorted(found, key=lambda p: (p.price_tzs, p.id))

    async def get(self, package_id: int) -> CreditPackage | None:
        return self._rows().get(package_id)

    async def save(self, package: CreditPackage) -> None:
        self._rows()[package.id] = package


class MemoryTemplates:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[str, Template]:
        rows: dict[str, Template] = self._store.tables.setdefault(
            "templates", {template.id: template for template in seeded_templates()})
        return rows

    async def all(self, include_retired: bool = False) -> list[Template]:
        found = [t for t in self._rows().values() if include_retired or t.active]
        return sorted(found, key=lambda t: (t.category, t.name, t.id))

    async def get(self, template_id: str) -> Template | None:
        return self._rows().get(template_id)

    async def save(self, template: Template) -> None:
        self._rows()[template.id] = template


class MemoryVoucherRates:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    async def card(self) -> VoucherRateCard:
        card: VoucherRateCard = self._store.tables.setdefault("voucher_rate_card", seeded_voucher_card())
        return card

    async def save(self, card: VoucherRateCard) -> None:
        self._store.tables["voucher_rate_card"] = card


class MemoryReferenceChanges:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> list[ReferenceChange]:
        rows: list[ReferenceChange] = self._store.table("reference_changes", list)
        return rows

    async def add(self, change: ReferenceChange) -> None:
        self._rows().append(change)

    async def newest(self, kind: ReferenceKind | None, limit: int) -> list[ReferenceChange]:
        found = [c for c in reversed(self._rows()) if kind in (None, c.kind)]
        return sorted(found, key=lambda c: c.changed_at, reverse=True)[:limit]
