"""The shipped reference data files in PostgreSQL: loaded once per file version by the migrator,
never over an operator's later change, and what the memory adapters start from."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import psycopg
import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.uow import MemoryUnitOfWork
from adapters.postgres.database import create_pool
from adapters.postgres.migrate import migrate
from adapters.postgres.reference_loader import apply_data_file
from adapters.postgres.uow import PostgresUnitOfWork
from adapters.reference_data import DataFile, newest, shipped
from application.ports import UnitOfWork
from domain.pricing import CreditPackage
from domain.vouchers import check_rate_card


def _changes(url: str) -> list[tuple[str, str, str]]:
    with psycopg.connect(url) as conn:
        return [(kind, key, by) for kind, key, by in conn.execute(
            "SELECT kind, key, changed_by FROM reference_changes ORDER BY id").fetchall()]


def _package_rows(url: str) -> list[tuple[object, ...]]:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT id, name, credits, price_tzs, active, updated_at FROM packages ORDER BY id").fetchall()


async def _read_all(uow: UnitOfWork) -> tuple[object, ...]:
    return (await uow.packages.all(include_retired=True), await uow.templates.all(include_retired=True),
            await uow.voucher_rates.card(), await uow.country_rates.all())


def test_each_file_version_is_a_tracked_step_after_the_sql_migrations(empty_database: str) -> None:
    applied = migrate(empty_database)
    steps = [file.step for file in shipped()]
    assert applied[-len(steps):] == steps
    assert {"data:packages.v1", "data:templates.v1", "data:rates.v1", "data:vouchers.v1"} <= set(steps)
    changes = _changes(empty_database)
    # Every package, template and the card is recorded as written by its file; the rates are not,
    # since the rate card's first SQL migration already holds exactly what rates.v1.json says.
    assert [key for kind, key, by in changes if kind == "package"] == [str(p) for p in range(1, 7)]
    assert {by for kind, _, by in changes if kind == "package"} == {"data:packages.v1.json"}
    assert ("voucher", "card", "data:vouchers.v1.json") in changes
    assert len([c for c in changes if c[0] == "template"]) == len(newest("templates").rows)
    assert not [c for c in changes if c[0] == "rate"]


def test_a_second_migrate_run_changes_nothing(empty_database: str) -> None:
    migrate(empty_database)
    rows, changes = _package_rows(empty_database), _changes(empty_database)
    assert migrate(empty_database) == []
    assert _package_rows(empty_database) == rows and _changes(empty_database) == changes


def test_an_operator_change_survives_a_re_run_and_the_next_file_version(empty_database: str) -> None:
    migrate(empty_database)
    with psycopg.connect(empty_database) as conn:
        conn.execute("UPDATE packages SET price_tzs = 3000 WHERE id = 1")  # the operator's price
    assert migrate(empty_database) == []
    v1 = newest("packages")
    v2_rows = {key: row for key, row in v1.rows.items() if isinstance(row, CreditPackage)}
    v2_rows["1"] = dataclasses.replace(v2_rows["1"], price_tzs=4000)  # v2 changes the operator's row
    v2_rows["2"] = dataclasses.replace(v2_rows["2"], credits=550)  # ... and one nobody touched
    v2_rows["7"] = CreditPackage(7, "Mega", 500_000, 8_000_000)  # ... and adds one
    v2 = DataFile("packages.v2.json", "packages", 2, "package", v2_rows)
    with psycopg.connect(empty_database) as conn:
        assert apply_data_file(conn, v2, earlier=v1) == ["2", "7"]
        found = {row[0]: row[1:4] for row in conn.execute("SELECT id, name, credits, price_tzs FROM packages")}
    assert found[1] == ("Starter", 100, 3000)  # the operator's price stands
    assert found[2] == ("Biashara Ndogo", 550, 15000)
    assert found[7] == ("Mega", 500_000, 8_000_000)
    assert _changes(empty_database)[-2:] == [("package", "2", "data:packages.v2.json"),
                                             ("package", "7", "data:packages.v2.json")]


def test_the_shipped_data_is_sound_and_cheaper_per_credit_as_it_grows() -> None:
    packages = sorted((row for row in newest("packages").rows.values() if isinstance(row, CreditPackage)),
                      key=lambda p: p.credits)
    assert packages[0] == CreditPackage(1, "Starter", 100, 3500)
    per_credit = [p.price_per_credit for p in packages]
    assert per_credit == sorted(per_credit, reverse=True) and len(set(per_credit)) == len(per_credit)
    card = newest("vouchers").rows["card"]
    assert check_rate_card(card) == card  # type: ignore[arg-type]
    assert card.min_amount_tzs == 1000 and card.tiers[0].rate_tzs_per_credit == Decimal("35.00")  # type: ignore[union-attr]


async def test_memory_starts_from_exactly_what_the_migrator_loads(empty_database: str) -> None:
    migrate(empty_database)
    pool = create_pool(empty_database, min_size=1, max_size=1)
    await pool.open(wait=True)
    try:
        async with PostgresUnitOfWork(pool) as uow:
            loaded = await _read_all(uow)
    finally:
        await pool.close()
    async with MemoryUnitOfWork(MemoryStore()) as uow:
        assert await _read_all(uow) == loaded


@pytest.mark.parametrize("stem", ["packages", "templates", "rates", "vouchers"])
def test_a_shipped_version_is_never_empty(stem: str) -> None:
    assert newest(stem).rows
