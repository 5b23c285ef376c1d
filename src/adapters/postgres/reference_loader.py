"""The shipped reference data files (`adapters.reference_data`) into PostgreSQL, one tracked
migrator step per file version, after the SQL migrations.

A version applies what it changed since the version before it (the first version: every row),
and only to a row that still reads as that earlier version left it. A row an operator changed
since keeps the operator's value: that change is the newer decision, and a data file cannot know
about it. A row that already reads as the file says is left alone. Every row written is recorded
in `reference_changes` with `changed_by` `data:<file>`, in the step's transaction.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import psycopg
from psycopg.rows import class_row

from adapters.postgres.reference import (
    ADD_CHANGE,
    ADD_VOUCHER_TIER,
    COUNTRY_RATE,
    DELETE_VOUCHER_TIERS,
    PACKAGE,
    SAVE_COUNTRY_RATE,
    SAVE_PACKAGE,
    SAVE_TEMPLATE,
    SAVE_VOUCHER_MINIMUM,
    TEMPLATE,
    VOUCHER_MINIMUM,
    VOUCHER_TIERS,
    change_params,
    voucher_card,
)
from adapters.reference_data import DataFile
from application.ports import (
    CountryRate,
    ReferenceChange,
    ReferenceKind,
    ReferenceRecord,
    Template,
    snapshot,
)
from domain.pricing import CreditPackage
from domain.vouchers import VoucherRateCard


def apply_data_file(conn: psycopg.Connection, file: DataFile, earlier: DataFile | None) -> list[str]:
    """Write what `file` changed since `earlier` (the version shipped before it); the keys written."""
    current = _current_rows(conn, file.kind)
    written = []
    for key, row in file.rows.items():
        shipped_before = earlier.rows.get(key) if earlier else None
        now = current.get(key)
        if row == shipped_before or now == row or now != shipped_before:
            continue
        _save(conn, row)
        at = datetime.now(UTC)
        before = None if now is None else snapshot(now)
        conn.execute(ADD_CHANGE, change_params(
            ReferenceChange(file.kind, key, before, snapshot(row), file.changed_by, at)))
        written.append(key)
    return written


def _current_rows(conn: psycopg.Connection, kind: ReferenceKind) -> dict[str, ReferenceRecord]:
    if kind == "voucher":
        minimum = conn.execute(VOUCHER_MINIMUM).fetchone()
        tiers = conn.execute(VOUCHER_TIERS).fetchall()
        return {} if minimum is None else {"card": voucher_card(minimum, tiers)}
    if kind == "package":
        with conn.cursor(row_factory=class_row(CreditPackage)) as packages:
            return {str(p.id): p for p in packages.execute(PACKAGE).fetchall()}
    if kind == "template":
        with conn.cursor(row_factory=class_row(Template)) as templates:
            return {t.id: t for t in templates.execute(TEMPLATE).fetchall()}
    with conn.cursor(row_factory=class_row(CountryRate)) as rates:
        return {r.iso2: r for r in rates.execute(COUNTRY_RATE).fetchall()}


def _save(conn: psycopg.Connection, row: ReferenceRecord) -> None:
    if isinstance(row, VoucherRateCard):
        conn.execute(SAVE_VOUCHER_MINIMUM, (row.min_amount_tzs,))
        conn.execute(DELETE_VOUCHER_TIERS)
        with conn.cursor() as cur:
            cur.executemany(ADD_VOUCHER_TIER, [(t.max_amount_tzs, t.rate_tzs_per_credit) for t in row.tiers])
        return
    statement = {CreditPackage: SAVE_PACKAGE, Template: SAVE_TEMPLATE, CountryRate: SAVE_COUNTRY_RATE}[type(row)]
    conn.execute(statement, dataclasses.asdict(row))
