"""The migrations runner: ordered, tracked, safe to run twice and from two processes at once."""

from __future__ import annotations

import threading
import uuid

import psycopg
import pytest

from adapters.postgres.migrate import Migration, bundled_migrations, migrate
from tests_support import applied_versions


def test_bundled_migrations_are_in_order_and_apply_once(empty_database: str) -> None:
    versions = [m.version for m in bundled_migrations()]
    sql = [v for v in versions if not v.startswith("data:")]
    assert sql == sorted(sql) and versions[:len(sql)] == sql  # the data files load after every SQL file
    assert migrate(empty_database) == versions
    assert migrate(empty_database) == []
    assert applied_versions(empty_database) == versions


def test_two_runners_at_once_apply_each_migration_exactly_once(empty_database: str) -> None:
    results: list[list[str]] = []
    runners = [threading.Thread(target=lambda: results.append(migrate(empty_database))) for _ in range(2)]
    for runner in runners:
        runner.start()
    for runner in runners:
        runner.join()
    applied = sorted(v for result in results for v in result)
    assert applied == sorted(m.version for m in bundled_migrations())


def test_a_failing_migration_leaves_nothing_half_written(empty_database: str) -> None:
    broken = [
        Migration("0001_ok", "CREATE TABLE a (x int)"),
        Migration("0002_broken", "CREATE TABLE b (x int); SELECT * FROM no_such_table"),
    ]
    with pytest.raises(psycopg.errors.UndefinedTable):
        migrate(empty_database, broken)
    assert applied_versions(empty_database) == ["0001_ok"]
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("SELECT to_regclass('b')").fetchone() == (None,)


def test_uuidv7_is_there_on_every_supported_postgresql_and_ids_sort_by_time(clean_database: str) -> None:
    # PostgreSQL 18's own, or migration 0017's on an older server (the import gives contact ids with it)
    with psycopg.connect(clean_database) as conn:
        made = [row[0] for row in conn.execute(
            "SELECT uuidv7() FROM generate_series(1, 2000) ORDER BY generate_series").fetchall()]
        now_ms = conn.execute("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint").fetchone()[0]
    assert len(set(made)) == 2000
    assert all(u.version == 7 and u.variant == uuid.RFC_4122 for u in made)
    stamps = [u.int >> 80 for u in made]  # the first 48 bits: Unix milliseconds
    assert stamps == sorted(stamps) and now_ms - 5_000 < stamps[0] <= now_ms
