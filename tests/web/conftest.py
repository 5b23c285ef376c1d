"""The dashboard over the whole app on PostgreSQL, through Litestar's test client: the fixtures of
tests/conftest.py (`container`, `client`), an account to sign in as, and the job queue drained on
demand (the emails a page queues). For the browser tests (marker `browser`), per module: Chromium
(`browser`), a real `ujumbe serve` (`server`: its URL and environment) and the screenshots' folder
(`shots`), published to UJUMBE_SCREENSHOTS when set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import chromium, publish_screenshots, require_chromium
from entrypoints.container import Container
from jobs_support import without_periodic_jobs
from running_app import serving


@pytest.fixture()
def container(container: Container) -> Container:
    return without_periodic_jobs(container)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, module_database: str,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """`ujumbe serve` for the module's tests; a module's SERVE_ENV adds to its environment."""
    require_chromium()  # skip before starting a server for nothing
    folder = tmp_path_factory.mktemp("serve")
    # Webhook URLs on loopback are allowed: a test's receiver listens there.
    env = {"UJUMBE_DATABASE_URL": module_database, "UJUMBE_DATA_DIR": str(folder / "data"),
           "UJUMBE_PUBLIC_URL": "https://app.ujumbe.example", "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1",
           **getattr(request.module, "SERVE_ENV", {})}
    with serving(env, folder) as base_url:
        yield base_url, env


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("screenshots")
    yield folder
    publish_screenshots(folder)

