"""Public reference data in PostgreSQL: the rate card, credit packages, compose templates and the
voucher rate card (migration 0016 and the shipped data files fill them), and their change log."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from psycopg import AsyncConnection
from psycopg.rows import class_row
from psycopg.types.json import Jsonb

from application.ports import CountryRate, ReferenceChange, ReferenceKind, Template
from domain.pricing import CreditPackage
from domain.vouchers import VoucherRateCard, VoucherTier

# The statements below are shared with the data-file loader (`reference_loader`), which runs
# them on the migrator's synchronous connection.
COUNTRY_RATE = "SELECT name, iso2, dial_code, rate_tzs FROM country_rates"
PACKAGE = "SELECT id, name, credits, price_tzs, active FROM packages"
TEMPLATE = "SELECT id, name, category, body, active FROM templates"
VOUCHER_MINIMUM = "SELECT min_amount_tzs FROM voucher_settings"
VOUCHER_TIERS = "SELECT max_amount_tzs, rate_tzs_per_credit FROM voucher_tiers ORDER BY max_amount_tzs NULLS LAST"

SAVE_COUNTRY_RATE = (
    "INSERT INTO country_rates (name, iso2, dial_code, rate_tzs) VALUES (%(name)s, %(iso2)s, %(dial_code)s,"
    " %(rate_tzs)s) ON CONFLICT (iso2) DO UPDATE SET name = excluded.name, dial_code = excluded.dial_code,"
    " rate_tzs = excluded.rate_tzs"
)
SAVE_PACKAGE = (
    "INSERT INTO packages (id, name, credits, price_tzs, active) VALUES (%(id)s, %(name)s, %(credits)s,"
    " %(price_tzs)s, %(active)s) ON CONFLICT (id) DO UPDATE SET name = excluded.name,"
    " credits = excluded.credits, price_tzs = excluded.price_tzs, active = excluded.active, updated_at = now()"
)
SAVE_TEMPLATE = (
    "INSERT INTO templates (id, name, category, body, active) VALUES (%(id)s, %(name)s, %(category)s,"
    " %(body)s, %(active)s) ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,"
    " body = excluded.body, active = excluded.active, updated_at = now()"
)
SAVE_VOUCHER_MINIMUM = (
    "INSERT INTO voucher_settings (min_amount_tzs) VALUES (%s) ON CONFLICT (singleton)"
    " DO UPDATE SET min_amount_tzs = excluded.min_amount_tzs, updated_at = now()"
)
DELETE_VOUCHER_TIERS = "DELETE FROM voucher_tiers"
ADD_VOUCHER_TIER = "INSERT INTO voucher_tiers (max_amount_tzs, rate_tzs_per_credit) VALUES (%s, %s)"
ADD_CHANGE = (
    "INSERT INTO reference_changes (kind, key, before, after, changed_by, changed_at)"
    " VALUES (%s, %s, %s, %s, %s, %s)"
)


def voucher_card(minimum: tuple[int] | None, tiers: list[tuple[int | None, Decimal]]) -> VoucherRateCard:
    """The card from its two queries' rows (no settings row yet: an empty card)."""
    return VoucherRateCard(min_amount_tzs=minimum[0] if minimum else 0,
                           tiers=tuple(VoucherTier(bound, Decimal(rate)) for bound, rate in tiers))


def change_params(change: ReferenceChange) -> tuple[object, ...]:
    return (change.kind, change.key, None if change.before is None else Jsonb(change.before),
            None if change.after is None else Jsonb(change.after), change.changed_by, change.changed_at)


class PostgresCountryRates:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def all(self) -> list[CountryRate]:
        async with self._conn.cursor(row_factory=class_row(CountryRate)) as cur:
            await cur.execute(f"{COUNTRY_RATE} ORDER BY name COLLATE \"C\"")
            return await cur.fetchall()

    async def find(self, country: str) -> CountryRate | None:
        async with self._conn.cursor(row_factory=class_row(CountryRate)) as cur:
            await cur.execute(
                f"{COUNTRY_RATE} WHERE iso2 = upper(%s) OR lower(name) = lower(%s)",
                (country, country),
            )
            return await cur.fetchone()

    async def save(self, rate: CountryRate) -> None:
        await self._conn.execute(SAVE_COUNTRY_RATE, dataclasses.asdict(rate))


class PostgresCreditPackages:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def all(self, include_retired: bool = False) -> list[CreditPackage]:
        where = "" if include_retired else " WHERE active"
        async with self._conn.cursor(row_factory=class_row(CreditPackage)) as cur:
            await cur.execute(f"{PACKAGE}{where} ORDER BY price_tzs, id")
            return await cur.fetchall()

    async def get(self, package_id: int) -> CreditPackage | None:
        async with self._conn.cursor(row_factory=class_row(CreditPackage)) as cur:
            await cur.execute(f"{PACKAGE} WHERE id = %s", (package_id,))
            return await cur.fetchone()

    async def save(self, package: CreditPackage) -> None:
        await self._conn.execute(SAVE_PACKAGE, dataclasses.asdict(package))


class PostgresTemplates:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def all(self, include_retired: bool = False) -> list[Template]:
        where = "" if include_retired else " WHERE active"
        async with self._conn.cursor(row_factory=class_row(Template)) as cur:
            await cur.execute(f"{TEMPLATE}{where} ORDER BY category, name, id")
            return await cur.fetchall()

    async def get(self, template_id: str) -> Template | None:
        async with self._conn.cursor(row_factory=class_row(Template)) as cur:
            await cur.execute(f"{TEMPLATE} WHERE id = %s", (template_id,))
            return await cur.fetchone()

    async def save(self, template: Template) -> None:
        await self._conn.execute(SAVE_TEMPLATE, dataclasses.asdict(template))


class PostgresVoucherRates:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def card(self) -> VoucherRateCard:
        async with self._conn.cursor() as cur:
            await cur.execute(VOUCHER_MINIMUM)
            minimum = await cur.fetchone()
            await cur.execute(VOUCHER_TIERS)
            return voucher_card(minimum, await cur.fetchall())

    async def save(self, card: VoucherRateCard) -> None:
        await self._conn.execute(SAVE_VOUCHER_MINIMUM, (card.min_amount_tzs,))
        await self._conn.execute(DELETE_VOUCHER_TIERS)
        async with self._conn.cursor() as cur:
            await cur.executemany(ADD_VOUCHER_TIER, [(t.max_amount_tzs, t.rate_tzs_per_credit) for t in card.tiers])


class PostgresReferenceChanges:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, change: ReferenceChange) -> None:
        await self._conn.execute(ADD_CHANGE, change_params(change))

    async def newest(self, kind: ReferenceKind | None, limit: int) -> list[ReferenceChange]:
        where, params = ("WHERE kind = %s", (kind, limit)) if kind else ("", (limit,))
        async with self._conn.cursor(row_factory=class_row(ReferenceChange)) as cur:
            await cur.execute(
                "SELECT kind, key, before, after, changed_by, changed_at FROM reference_changes"
                f" {where} ORDER BY changed_at DESC, id DESC LIMIT %s", params)
            return await cur.fetchall()
