"""The dashboard over the whole app on PostgreSQL, through Litestar's test client: the fixtures of
tests/conftest.py (`container`, `client`), an account to sign in as, and the job queue drained on
demand (the emails a page queues)."""

from __future__ import annotations

import pytest

from entrypoints.container import Container
from jobs_support import without_periodic_jobs


@pytest.fixture()
def container(container: Container) -> Container:
    return without_periodic_jobs(container)
