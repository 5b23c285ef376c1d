"""The `ujumbe` command group and how commands reach the container."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import click

from adapters.postgres.migrate import bundled_migrations, migrate as apply_migrations
from adapters.prometheus import METRICS_DIRECTORY, share_counts
from entrypoints.cli.output import progress
from entrypoints.container import Container
from entrypoints.gateway_binds import close_gateway
from entrypoints.worker import jobs_running


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output for every command.")
@click.pass_context
def cli(ctx: click.Context, as_json: bool) -> None:
    """ujumbe: SMS platform for Tanzania — server, worker and operator tools.

    Every command takes --json for scripts; `ujumbe COMMAND --help` shows examples.
    Tab completion: `ujumbe completion --help`.

    \b
    Examples:
      ujumbe serve
      ujumbe accounts create --email shop@example.com --password s3cret-pass
      ujumbe credits grant shop@example.com 250
      ujumbe accounts list --json
    """
    ctx.obj = {"json": as_json, "container": Container()}


def container() -> Container:
    obj = click.get_current_context().find_root().obj
    assert isinstance(obj, dict)
    found: Container = obj["container"]
    return found


@asynccontextmanager
async def services() -> AsyncIterator[Container]:
    """The container with its database pool and job queue open, for one command. What it counts
    (a grant, a worker's sends) goes to the host's shared metrics directory, so the API's scrape
    shows it."""
    c = container()
    share_counts(c.settings().data_dir.resolve() / METRICS_DIRECTORY)
    pool = c.pool()
    await pool.open(wait=True)
    try:
        async with jobs_running(c, in_process_worker=False):
            try:
                yield c
            finally:
                await close_gateway(c)
    finally:
        await pool.close()


def warn_of_simulated_payments(c: Container, log: logging.Logger) -> None:
    """Said at every start while a simulator runs beside a real part (allowed on purpose), so the
    mix is never forgotten in production."""
    risk = c.settings().simulated_beside_real
    if risk is not None:
        log.warning("%s (allowed by UJUMBE_ALLOW_SIMULATED_PAYMENTS)", risk)


def run_migrations(c: Container, announce: Callable[[str], None] | None = None) -> list[str]:
    """Apply what is not applied yet, announcing each version (on stderr, by default). The
    service's secret box seals what older versions kept in the clear."""
    return apply_migrations(c.database_url(), bundled_migrations(c.secret_box()),
                            on_applied=announce or (lambda v: progress(f"applied {v}")))
