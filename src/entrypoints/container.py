"""The composition root: the only place that knows every concrete adapter.

Services and use cases take plain constructor arguments; the HTTP app and the CLI
ask this container for them. Tests override providers (clock, settings, ...).
"""

from __future__ import annotations

from dependency_injector import containers, providers

from adapters.postgres.database import create_pool, resolve_database_url
from adapters.postgres.uow import PostgresUnitOfWork
from adapters.system import SystemClock, UuidGenerator
from entrypoints.settings import Settings


def _database_url(settings: Settings) -> str:
    return resolve_database_url(settings.database_url, settings.data_dir)


class Container(containers.DeclarativeContainer):
    settings = providers.Singleton(Settings.from_env)

    clock = providers.Singleton(SystemClock)
    ids = providers.Singleton(UuidGenerator)

    database_url = providers.Singleton(_database_url, settings)
    pool = providers.Singleton(create_pool, database_url)
    uow = providers.Factory(PostgresUnitOfWork, pool=pool)
