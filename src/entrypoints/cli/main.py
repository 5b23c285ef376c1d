"""`ujumbe`: run the service and operate it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import click

from adapters.postgres.migrate import migrate as apply_migrations
from entrypoints.cli.output import command, emit, progress
from entrypoints.container import Container


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output for every command.")
@click.pass_context
def cli(ctx: click.Context, as_json: bool) -> None:
    """ujumbe: SMS platform for Tanzania — server, worker and operator tools."""
    ctx.obj = {"json": as_json, "container": Container()}


def container() -> Container:
    obj = click.get_current_context().find_root().obj
    assert isinstance(obj, dict)
    found: Container = obj["container"]
    return found


@asynccontextmanager
async def services() -> AsyncIterator[Container]:
    """The container with its database pool open, for one command."""
    c = container()
    pool = c.pool()
    await pool.open(wait=True)
    try:
        yield c
    finally:
        await pool.close()


def run_migrations(c: Container) -> list[str]:
    return apply_migrations(c.database_url(), on_applied=lambda v: progress(f"applied {v}"))


@command(cli, "migrate")
def migrate_command() -> None:
    """Apply the database migrations not applied yet (safe to run twice)."""
    applied = run_migrations(container())
    emit({"applied": applied},
         f"{len(applied)} migration(s) applied" if applied else "database is up to date")


@command(cli, "serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=1, show_default=True, type=int, help="HTTP worker processes.")
@click.option("--no-worker", is_flag=True, help="Do not run a job worker in this process.")
def serve_command(host: str, port: int, workers: int, no_worker: bool) -> None:
    """Migrate, then serve the HTTP API (and a job worker unless --no-worker)."""
    import os

    import uvicorn

    run_migrations(container())
    # The app is built by uvicorn from its import string in each HTTP process, so the
    # choice of an in-process job worker travels in the environment.
    os.environ["UJUMBE_IN_PROCESS_WORKER"] = "0" if no_worker else "1"
    progress(f"ujumbe listening on http://{host}:{port}")
    uvicorn.run("entrypoints.http.app:create_app", factory=True, host=host, port=port,
                workers=workers, log_level="warning")


def main() -> None:
    cli(prog_name="ujumbe")


if __name__ == "__main__":
    main()
