"""`ujumbe worker` and `ujumbe jobs status`: the job queue for the operator."""

from __future__ import annotations

import logging

import click

from adapters.jobs import queue_depth, totals
from entrypoints.cli.base import cli, container, run_migrations, services, warn_of_simulated_payments
from entrypoints.cli.output import Col, command, emit_table
from entrypoints.gateway_binds import gateway_running
from entrypoints.logs import configure_logging
from entrypoints.worker import run_worker


@command(cli, "worker", epilog="\b\nExamples:\n  ujumbe worker\n  ujumbe worker --concurrency 50"
                               "   # one of several workers, on any machine")
@click.option("--concurrency", default=10, show_default=True, type=click.IntRange(1, 1000),
              help="Jobs this worker runs at once.")
async def worker_command(concurrency: int) -> None:
    """Run a job worker until stopped (start as many as needed, on any machines)."""
    configure_logging(container().settings())  # everything on stderr from here on is a log line
    log = logging.getLogger("ujumbe.worker")
    warn_of_simulated_payments(container(), log)
    run_migrations(container(), announce=lambda version: log.info("migration %s applied", version))
    async with services() as c, gateway_running(c):
        log.info("ujumbe worker running, %d jobs at a time (Ctrl-C to stop)", concurrency)
        await run_worker(c, concurrency=concurrency)


@cli.group()
def jobs() -> None:
    """The job queue.

    \b
    Examples:
      ujumbe jobs status
    """


@command(jobs, "status")
async def jobs_status() -> None:
    """Jobs per queue and status (todo, doing, failed, ...).

    \b
    Examples:
      ujumbe jobs status
      ujumbe jobs status --json | jq .totals
    """
    async with services() as c:
        depth = await queue_depth(c.job_app())
    overall = totals(depth)
    rows = [(name, counts["todo"], counts["doing"], counts["failed"]) for name, counts in sorted(depth.items())]
    emit_table({"queues": depth, "totals": overall},
               ("queue", Col("todo", right=True), Col("doing", right=True), Col("failed", right=True)),
               [*rows, ("(all)", overall["todo"], overall["doing"], overall["failed"])])
