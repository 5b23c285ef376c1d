"""`ujumbe worker` and `ujumbe jobs status`: the job queue for the operator."""

from __future__ import annotations

import logging

import click

from adapters.jobs import queue_depth, totals
from entrypoints.cli.base import cli, container, run_migrations, services
from entrypoints.cli.output import command, emit, progress
from entrypoints.gateway_binds import gateway_running
from entrypoints.worker import run_worker


@command(cli, "worker")
@click.option("--concurrency", default=10, show_default=True, type=click.IntRange(1, 1000),
              help="Jobs this worker runs at once.")
async def worker_command(concurrency: int) -> None:
    """Run a job worker until stopped (start as many as needed, on any machines)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for chatty in ("procrastinate", "httpx"):  # not a line per job or per webhook POST (UJUMBE_LOG_LEVEL)
        logging.getLogger(chatty).setLevel(container().settings().log_level)
    run_migrations(container())
    async with services() as c, gateway_running(c):
        progress(f"ujumbe worker running, {concurrency} jobs at a time (Ctrl-C to stop)")
        await run_worker(c, concurrency=concurrency)


@cli.group()
def jobs() -> None:
    """The job queue."""


@command(jobs, "status")
async def jobs_status() -> None:
    """Jobs per queue and status (todo, doing, failed, ...)."""
    async with services() as c:
        depth = await queue_depth(c.job_app())
    overall = totals(depth)

    def text() -> str:
        lines = [f"{'queue':<14}{'todo':>7}{'doing':>7}{'failed':>8}"]
        for name, counts in sorted(depth.items()):
            lines.append(f"{name:<14}{counts['todo']:>7}{counts['doing']:>7}{counts['failed']:>8}")
        lines.append(f"{'(all)':<14}{overall['todo']:>7}{overall['doing']:>7}{overall['failed']:>8}")
        return "\n".join(lines)

    emit({"queues": depth, "totals": overall}, text)
