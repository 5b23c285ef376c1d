"""The reference data shipped with the service, in versioned files beside this module:
`packages.v1.json`, `templates.v1.json`, `rates.v1.json`, `vouchers.v1.json`.

PostgreSQL loads each file once per version (`adapters.postgres.reference_loader`, run by the
migrator); the memory adapters start from the newest version of each. A file version is never
edited once shipped: a change ships as the next version (`packages.v2.json`), a whole copy of the
data with the change made. A row is retired by `"active": false`, never by leaving it out.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import Any

from application.ports import (
    CountryRate,
    ReferenceKind,
    ReferenceRecord,
    Template,
)
from domain.pricing import CreditPackage
from domain.reference import (
    MAX_CATEGORY_LENGTH,
    check_country,
    check_name,
    check_package,
    check_template_body,
    check_template_id,
)
from domain.vouchers import VoucherRateCard, VoucherTier, check_rate_card

_FILE_NAME = re.compile(r"(?P<stem>[a-z]+)\.v(?P<version>[1-9][0-9]*)\.json")


# A shipped file obeys the rules an operator's change does; a broken one stops the migrator.
def _package(row: Any) -> CreditPackage:
    package = CreditPackage(**row)
    check_package(package.id, package.credits, package.price_tzs)
    return dataclasses.replace(package, name=check_name(package.name))


def _template(row: Any) -> Template:
    template = Template(**row)
    check_template_id(template.id)
    check_template_body(template.body)
    return dataclasses.replace(template, name=check_name(template.name),
                               category=check_name(template.category, field="category", max_length=MAX_CATEGORY_LENGTH))


def _rate(row: Any) -> CountryRate:
    rate = CountryRate(**row)
    check_country(rate.iso2, rate.dial_code, rate.rate_tzs)
    return dataclasses.replace(rate, name=check_name(rate.name))


def _packages(data: Any) -> dict[str, ReferenceRecord]:
    return {str(row["id"]): _package(row) for row in data["packages"]}


def _templates(data: Any) -> dict[str, ReferenceRecord]:
    return {row["id"]: _template(row) for row in data["templates"]}


def _rates(data: Any) -> dict[str, ReferenceRecord]:
    return {row["iso2"]: _rate(row) for row in data["rates"]}


def _vouchers(data: Any) -> dict[str, ReferenceRecord]:
    tiers = tuple(VoucherTier(tier["max_amount_tzs"], tier["rate_tzs_per_credit"]) for tier in data["tiers"])
    return {"card": check_rate_card(VoucherRateCard(data["min_amount_tzs"], tiers))}


# file stem -> (the kind of reference data it holds, how its rows are read)
_READERS: dict[str, tuple[ReferenceKind, Callable[[Any], dict[str, ReferenceRecord]]]] = {
    "packages": ("package", _packages),
    "templates": ("template", _templates),
    "rates": ("rate", _rates),
    "vouchers": ("voucher", _vouchers),
}


@dataclass(frozen=True, slots=True)
class DataFile:
    name: str  # `packages.v1.json`
    stem: str  # `packages`
    version: int
    kind: ReferenceKind
    rows: Mapping[str, ReferenceRecord]  # by the key the change log names: id, ISO2 code, `card`

    @property
    def step(self) -> str:
        """The migrator's record that this version was loaded (in `schema_migrations`)."""
        return f"data:{self.stem}.v{self.version}"

    @property
    def changed_by(self) -> str:
        """Who the change log says made the changes this file brings."""
        return f"data:{self.name}"


@cache
def shipped() -> tuple[DataFile, ...]:
    """Every shipped file version, by stem, then version."""
    found = []
    for entry in resources.files(__name__).iterdir():
        match = _FILE_NAME.fullmatch(entry.name)
        if match is None:
            continue
        kind, read = _READERS[match["stem"]]
        data = json.loads(entry.read_text("utf-8"), parse_float=Decimal)
        found.append(DataFile(entry.name, match["stem"], int(match["version"]), kind, read(data)))
    return tuple(sorted(found, key=lambda file: (file.stem, file.version)))


def previous(file: DataFile) -> DataFile | None:
    """The version shipped before `file`, if any."""
    older = [f for f in shipped() if f.stem == file.stem and f.version < file.version]
    return older[-1] if older else None


def newest(stem: str) -> DataFile:
    return [file for file in shipped() if file.stem == stem][-1]


def seeded_packages() -> list[CreditPackage]:
    return [row for row in newest("packages").rows.values() if isinstance(row, CreditPackage)]


def seeded_templates() -> list[Template]:
    return [row for row in newest("templates").rows.values() if isinstance(row, Template)]


def seeded_country_rates() -> list[CountryRate]:
    return [row for row in newest("rates").rows.values() if isinstance(row, CountryRate)]


def seeded_voucher_card() -> VoucherRateCard:
    card = newest("vouchers").rows["card"]
    assert isinstance(card, VoucherRateCard)
    return card
