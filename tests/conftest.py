"""Shared fixtures: one PostgreSQL per test run, a clean schema per test, the whole app.

`UJUMBE_TEST_DATABASE_URL` points at a server to use; otherwise an embedded PostgreSQL is
started once for the run. Each run migrates its own database, each test starts empty
(reference tables keep their seeded rows).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from dependency_injector import providers
from litestar import Litestar
from litestar.testing import AsyncTestClient
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from adapters.memory.system import FrozenClock
from adapters.postgres.database import embedded_database_url
from adapters.postgres.migrate import migrate
from entrypoints.container import Container
from entrypoints.settings import Settings

pytest_plugins = ["smsc_peers"]  # the SMSC peers' fixtures: smsc_kind, start_smsc

# argon2id at its lowest cost, here and in every process the tests start: the same code path,
# without ~120 ms of two cores per password (test_security holds the default cost to it).
FAST_PASSWORD_HASH_COST = "m=1024,t=1,p=1"
os.environ["UJUMBE_PASSWORD_HASH_COST"] = FAST_PASSWORD_HASH_COST

# `make test` hands whole modules to its three processes (`--dist loadscope`: a module's server or
# peer starts once, in one of them), in collection order. The longest modules go first, so no
# process is left running one of them alone at the end while the others are idle.
LONGEST_FIRST = ("tests/contract/", "tests/faults/", "tests/clients/", "tests/http/test_campaign_outage_e2e.py",
                 "tests/web/test_browser", "tests/cli/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(LONGEST_FIRST) if item.nodeid.startswith(prefix)),
                    len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: within a rank, collection order


# Tables whose rows are seeded by migrations and shared by all accounts.
# Shared reference data: kept between tests, but put back as the migrations left it (a test that
# changes a package or a rate must not change the next test's).
REFERENCE_TABLES = {"country_rates", "packages", "templates", "voucher_settings", "voucher_tiers"}
KEPT_TABLES = {"schema_migrations", *REFERENCE_TABLES}


def _with_dbname(url: str, dbname: str) -> str:
    params = conninfo_to_dict(url)
    params["dbname"] = dbname
    return make_conninfo(**params)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server_url = os.environ.get("UJUMBE_TEST_DATABASE_URL") or embedded_database_url(
        tmp_path_factory.mktemp("ujumbe")
    )
    name = f"ujumbe_test_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = _with_dbname(server_url, name)
    migrate(url)
    with psycopg.connect(url, autocommit=True) as conn, conn.transaction():
        conn.execute("CREATE SCHEMA pristine")
        for table in sorted(REFERENCE_TABLES):
            conn.execute(f"CREATE TABLE pristine.{table} AS TABLE public.{table}")
    yield url
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture()
def clean_database(database_url: str) -> str:
    """The test database with every tenant row removed and the reference data as migrated."""
    return emptied(database_url)


@pytest.fixture(scope="module")
def module_database(database_url: str) -> str:
    """`clean_database` once for a whole module, for a running service its tests share."""
    return emptied(database_url)


def emptied(database_url: str) -> str:
    """Remove every tenant row and put the reference data back as migrated.

    A test leaves a few rows in a few tables, and DELETE removes those in a few milliseconds
    where TRUNCATE makes every table and index a new file (a quarter of a second a test, for
    tables that were empty). Triggers and foreign keys are off for the one transaction
    (`session_replication_role`, a superuser's setting: every table goes, so no order is needed,
    and the ledger's append-only trigger lets the cleanup through); the sequences start again.
    A role that may not set it gets TRUNCATE, which needs only the tables' owner (the role that
    migrated), with the ledger's no-truncate trigger disabled around it.
    """
    with psycopg.connect(database_url, autocommit=True) as conn, conn.transaction():
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) FROM pg_tables"
                " WHERE schemaname = 'public' AND NOT (tablename = ANY(%s))",
                (sorted(KEPT_TABLES),),
            )
        ]
        superuser = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()
        if superuser and superuser[0]:
            conn.execute("SET LOCAL session_replication_role = replica")
            for table in [*tables, *sorted(REFERENCE_TABLES)]:
                conn.execute(f"DELETE FROM {table}")
            conn.execute("SELECT setval(oid, seqstart, false) FROM pg_class JOIN pg_sequence ON seqrelid = oid"
                         " WHERE relnamespace = 'public'::regnamespace")
        else:
            conn.execute(f"TRUNCATE {', '.join(sorted(REFERENCE_TABLES))}")
            if tables:
                conn.execute("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_truncate")
                conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
                conn.execute("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_truncate")
        for table in sorted(REFERENCE_TABLES):
            conn.execute(f"INSERT INTO public.{table} SELECT * FROM pristine.{table}")
    return database_url


@pytest.fixture(scope="session", autouse=True)
def one_api_document_per_route_set() -> Iterator[None]:
    """`create_app` builds and completes the API document (half a second), which a server does
    once; the tests build a few hundred apps with the same routes, so each process builds the
    document once per set of routes and later apps are given that one (what Litestar would build
    again is the same document). Tests read it; none changes it."""
    from litestar._openapi.plugin import OpenAPIPlugin

    import entrypoints.http.app

    built = entrypoints.http.app.document_api
    documents: dict[tuple[tuple[str, ...], ...], Any] = {}

    def document_once(app: Litestar) -> None:
        routes = tuple(sorted((route.path_format, handler.fn.__module__, handler.fn.__qualname__)
                              for route in app.routes for handler in getattr(route, "route_handlers", ())))
        plugin = app.plugins.get(OpenAPIPlugin)
        if routes in documents:
            plugin._openapi = documents[routes]
            return
        built(app)
        documents[routes] = plugin._openapi

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(entrypoints.http.app, "document_api", document_once)
        yield


@pytest.fixture()
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture()
def settings(clean_database: str, tmp_path: Path) -> Settings:
    return Settings(
        database_url=clean_database,
        data_dir=tmp_path / "data",
        secret_key="test-secret-key-that-is-long-enough-for-hs256",
        webhooks_allow_private=True,
        simulator_dlr_delay=0,  # delivery reports are due at once; tests drain the job queue
        simulator_payment_delay=0,  # so are the simulated payers' answers
        password_hash_cost=FAST_PASSWORD_HASH_COST,
    )


@pytest.fixture()
def container(settings: Settings, clock: FrozenClock) -> Container:
    c = Container()
    c.settings.override(providers.Object(settings))
    c.clock.override(providers.Object(clock))
    return c


@pytest.fixture()
async def client(container: Container) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    from entrypoints.http.app import create_app

    async with AsyncTestClient(app=create_app(container)) as test_client:
        yield test_client
