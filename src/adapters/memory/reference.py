"""Public reference data in memory: the same rate card migration 0004 seeds in PostgreSQL
(a contract test keeps the two equal), packages, templates, the voucher rate card and their
change log."""

from __future__ import annotations

from decimal import Decimal

from adapters.memory.store import MemoryStore
from application.ports import CountryRate, CreditPackage, ReferenceChange, ReferenceKind, Template
from domain.vouchers import VoucherRateCard

SEEDED_COUNTRY_RATES = (
    CountryRate("Tanzania", "TZ", "+255", Decimal("35.00")),
    CountryRate("Kenya", "KE", "+254", Decimal("70.00")),
    CountryRate("Uganda", "UG", "+256", Decimal("70.00")),
    CountryRate("Rwanda", "RW", "+250", Decimal("80.00")),
    CountryRate("Burundi", "BI", "+257", Decimal("90.00")),
    CountryRate("South Sudan", "SS", "+211", Decimal("150.00")),
    CountryRate("Ethiopia", "ET", "+251", Decimal("120.00")),
    CountryRate("Somalia", "SO", "+252", Decimal("140.00")),
    CountryRate("DR Congo", "CD", "+243", Decimal("110.00")),
    CountryRate("Zambia", "ZM", "+260", Decimal("85.00")),
    CountryRate("Malawi", "MW", "+265", Decimal("80.00")),
    CountryRate("Mozambique", "MZ", "+258", Decimal("90.00")),
    CountryRate("Zimbabwe", "ZW", "+263", Decimal("95.00")),
    CountryRate("South Africa", "ZA", "+27", Decimal("60.00")),
    CountryRate("Botswana", "BW", "+267", Decimal("100.00")),
    CountryRate("Namibia", "NA", "+264", Decimal("100.00")),
    CountryRate("Madagascar", "MG", "+261", Decimal("130.00")),
    CountryRate("Comoros", "KM", "+269", Decimal("150.00")),
    CountryRate("Nigeria", "NG", "+234", Decimal("110.00")),
    CountryRate("Ghana", "GH", "+233", Decimal("95.00")),
    CountryRate("Egypt", "EG", "+20", Decimal("105.00")),
    CountryRate("United Kingdom", "GB", "+44", Decimal("120.00")),
    CountryRate("United States", "US", "+1", Decimal("87.50")),
    CountryRate("Canada", "CA", "+1", Decimal("87.50")),
    CountryRate("United Arab Emirates", "AE", "+971", Decimal("100.00")),
    CountryRate("India", "IN", "+91", Decimal("52.50")),
    CountryRate("China", "CN", "+86", Decimal("95.00")),
)


class MemoryCountryRates:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[str, CountryRate]:
        rows: dict[str, CountryRate] = self._store.tables.setdefault(
            "country_rates", {rate.iso2: rate for rate in SEEDED_COUNTRY_RATES}
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
        rows: dict[int, CreditPackage] = self._store.table("packages")
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
        rows: dict[str, Template] = self._store.table("templates")
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
        card: VoucherRateCard = self._store.tables.get("voucher_rate_card", VoucherRateCard(0, ()))
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
