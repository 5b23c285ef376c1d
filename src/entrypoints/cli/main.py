"""`ujumbe`: run the service and operate it. Each area's commands live in their own module."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import sys

import click
import uvicorn

from adapters.prometheus import METRICS_DIRECTORY, share_counts
from entrypoints.cli.base import cli, container, run_migrations, warn_of_simulated_payments
from entrypoints.cli.output import command, emit, fail
from entrypoints.logs import configure_logging

# Each area registers its commands on import.
import entrypoints.cli.accounts  # noqa: E402,F401
import entrypoints.cli.credits  # noqa: E402,F401
import entrypoints.cli.senders  # noqa: E402,F401
import entrypoints.cli.simulator  # noqa: E402,F401
import entrypoints.cli.jobs  # noqa: E402,F401
import entrypoints.cli.notifications  # noqa: E402,F401
import entrypoints.cli.inbound  # noqa: E402,F401
import entrypoints.cli.contacts  # noqa: E402,F401
import entrypoints.cli.campaigns  # noqa: E402,F401
import entrypoints.cli.completion  # noqa: E402,F401
import entrypoints.cli.reference  # noqa: E402,F401
import entrypoints.cli.rate_cards  # noqa: E402,F401
import entrypoints.cli.payments  # noqa: E402,F401
import entrypoints.cli.gateway  # noqa: E402,F401
import entrypoints.cli.mcp  # noqa: E402,F401
import entrypoints.cli.audit  # noqa: E402,F401


@command(cli, "migrate")
def migrate_command() -> None:
    """Apply the database migrations not applied yet (safe to run twice).

    \b
    Examples:
      ujumbe migrate
      UJUMBE_DATABASE_URL=postgresql://ujumbe@db/ujumbe ujumbe migrate --json
    """
    applied = run_migrations(container())
    emit({"applied": applied},
         f"{len(applied)} migration(s) applied" if applied else "database is up to date")


@command(cli, "serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=1, show_default=True, type=int, help="HTTP worker processes.")
@click.option("--no-worker", is_flag=True, help="Do not run a job worker in this process.")
@click.option("--forwarded-allow-ips", default=None, metavar="IPS",
              help="Proxies trusted for X-Forwarded-For (comma-separated, or '*'); "
                   "default $FORWARDED_ALLOW_IPS, else 127.0.0.1.")
def serve_command(host: str, port: int, workers: int, no_worker: bool, forwarded_allow_ips: str | None) -> None:
    """Migrate, then serve the HTTP API (and a job worker unless --no-worker).

    \b
    Examples:
      ujumbe serve
      ujumbe serve --host 0.0.0.0 --port 8000 --workers 4 --no-worker   # API only; run `ujumbe worker` beside it
    """
    _check_free(host, port)
    # Everything on stderr from here on is a log line (UJUMBE_LOG_FORMAT), uvicorn's included.
    configure_logging(container().settings())
    log = logging.getLogger("ujumbe.serve")
    warn_of_simulated_payments(container(), log)
    run_migrations(container(), announce=lambda version: log.info("migration %s applied", version))
    # uvicorn builds the app from its import string in each HTTP process, so the choice
    # of an in-process job worker travels in the environment.
    os.environ["UJUMBE_IN_PROCESS_WORKER"] = "0" if no_worker else "1"
    # Every HTTP process, and its job worker, counts in one directory that GET /metrics adds up.
    share_counts(container().settings().data_dir.resolve() / METRICS_DIRECTORY, start_afresh=True)
    log.info("ujumbe listening on http://%s:%s", host, port)
    # uvicorn re-raises the SIGTERM it caught once it has shut down; exit through Python then, so
    # the atexit hook that stops the embedded PostgreSQL runs instead of leaving it orphaned.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    uvicorn.run("entrypoints.http.app:create_app", factory=True, host=host, port=port,
                workers=workers, log_level="warning", forwarded_allow_ips=forwarded_allow_ips,
                log_config=None, access_log=False)  # our formatter, and our own line per request


def _check_free(host: str, port: int) -> None:
    """Stop with what to do when the address is taken (uvicorn would start, say nothing useful,
    and exit with a bare `[Errno 98]`)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as exc:
            fail("address_in_use", f"cannot listen on {host}:{port} ({exc.strerror}): another process holds it "
                                   f"— stop that one, or ujumbe serve --port {port + 80}")


def main() -> None:
    try:
        cli.main(prog_name="ujumbe", standalone_mode=False)
    except click.UsageError as exc:  # a bad command line is an error like any other: stderr, exit 1
        if "--json" in sys.argv[1:]:
            kind = "validation_error" if isinstance(exc, click.BadParameter) else "usage_error"
            click.echo(json.dumps({"error": {"code": kind, "message": exc.format_message()}}), err=True)
        else:
            exc.show()
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(1)
    except click.Abort:
        click.echo("Aborted!", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
