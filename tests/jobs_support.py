"""The job queue in tests: the real procrastinate app on the test database, drained on demand.

`drain(container)` runs a worker until the queue has nothing due left (jobs deferred while it
runs included), then stops: no sleeping, no background worker. Periodic jobs are left out so
a drain runs exactly what the test queued.
"""

from __future__ import annotations

from dependency_injector import providers

from entrypoints.container import Container
from entrypoints.worker import build_job_app


def without_periodic_jobs(container: Container) -> Container:
    container.job_app.override(providers.Singleton(build_job_app, container, periodic=False))
    return container


async def drain(container: Container) -> None:
    await container.job_app().run_worker_async(
        wait=False, install_signal_handlers=False, listen_notify=False, concurrency=1
    )
