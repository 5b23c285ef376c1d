"""Public reference data in PostgreSQL: the rate card (seeded by migration 0004)."""

from __future__ import annotations

from psycopg import AsyncConnection
from psycopg.rows import class_row

from application.ports import CountryRate

_COUNTRY_RATE = "SELECT name, iso2, dial_code, rate_tzs FROM country_rates"


class PostgresCountryRates:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def all(self) -> list[CountryRate]:
        async with self._conn.cursor(row_factory=class_row(CountryRate)) as cur:
            await cur.execute(f"{_COUNTRY_RATE} ORDER BY name COLLATE \"C\"")
            return await cur.fetchall()

    async def find(self, country: str) -> CountryRate | None:
        async with self._conn.cursor(row_factory=class_row(CountryRate)) as cur:
            await cur.execute(
                f"{_COUNTRY_RATE} WHERE iso2 = upper(%s) OR lower(name) = lower(%s)",
                (country, country),
            )
            return await cur.fetchone()
