"""Public reference data shared by every account: the international rate card."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol


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
