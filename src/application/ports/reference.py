"""Public reference data shared by every account: the international rate card, the credit
packages (`domain.pricing.CreditPackage`), the compose templates and the voucher rate card
(`domain.vouchers.VoucherRateCard`). Operators change it (each change recorded with who and
when); orders copy what they were sold at, so a change never alters one."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal, Protocol

from domain.pricing import CreditPackage
from domain.reference import placeholders
from domain.segments import segment
from domain.vouchers import VoucherRateCard


@dataclass(frozen=True, slots=True)
class CountryRate:
    name: str
    iso2: str  # ISO 3166-1 alpha-2
    dial_code: str  # E.164 calling code with its leading +
    rate_tzs: Decimal  # indicative price of one SMS part to this country


@dataclass(frozen=True, slots=True)
class Template:
    id: str  # a slug: `payment-reminder`
    name: str
    category: str
    body: str  # with {placeholders}
    active: bool = True

    @property
    def placeholders(self) -> tuple[str, ...]:
        return placeholders(self.body)

    @property
    def encoding(self) -> str:
        """`GSM-7` or `UCS-2`, as a quote names it; of the body as written, placeholders unfilled."""
        return segment(self.body).encoding.value

    @property
    def parts(self) -> int:
        """Billed parts of the body as written (filled-in names may add some)."""
        return segment(self.body).parts


ReferenceKind = Literal["package", "template", "rate", "voucher"]


@dataclass(frozen=True, slots=True)
class ReferenceChange:
    kind: ReferenceKind
    key: str  # package id, template id, ISO2 code, or `card`
    before: dict[str, object] | None  # None: created
    after: dict[str, object] | None  # None: removed
    changed_by: str
    changed_at: datetime


ReferenceRecord = CountryRate | CreditPackage | Template | VoucherRateCard


def snapshot(record: ReferenceRecord) -> dict[str, object]:
    """A record as the change log keeps it (`before`, `after`): JSON-able, decimals as strings."""
    return {name: _jsonable(value) for name, value in dataclasses.asdict(record).items()}


def _jsonable(value: object) -> object:
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return str(value) if isinstance(value, Decimal) else value


class CountryRates(Protocol):
    async def all(self) -> list[CountryRate]:
        """Every country on the card, by name."""
        ...

    async def find(self, country: str) -> CountryRate | None:
        """By ISO2 code or name, case-insensitively."""
        ...

    async def save(self, rate: CountryRate) -> None:
        """Add the country or change its row (by ISO2)."""
        ...


class CreditPackages(Protocol):
    async def all(self, include_retired: bool = False) -> list[CreditPackage]:
        """By price, cheapest first."""
        ...

    async def get(self, package_id: int) -> CreditPackage | None: ...

    async def save(self, package: CreditPackage) -> None:
        """Add the package or change its row (by id)."""
        ...


class Templates(Protocol):
    async def all(self, include_retired: bool = False) -> list[Template]:
        """By category, then name."""
        ...

    async def get(self, template_id: str) -> Template | None: ...

    async def save(self, template: Template) -> None: ...


class VoucherRates(Protocol):
    async def card(self) -> VoucherRateCard: ...

    async def save(self, card: VoucherRateCard) -> None:
        """Replace the whole card (minimum and tiers) in one go."""
        ...


class ReferenceChanges(Protocol):
    async def add(self, change: ReferenceChange) -> None: ...

    async def newest(self, kind: ReferenceKind | None, limit: int) -> list[ReferenceChange]: ...
