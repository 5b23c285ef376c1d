"""`ujumbe mcp`: serve the agent tools (Model Context Protocol) in front of a running ujumbe API."""

from __future__ import annotations

import logging
import os

import anyio
import click

from entrypoints.cli.base import cli, container
from entrypoints.logs import configure_logging

DEFAULT_API_URL = "http://127.0.0.1:8000"  # where `ujumbe serve` listens by default


@cli.command("mcp")
@click.option("--http", "over_http", is_flag=True,
              help="Serve streamable HTTP at http://HOST:PORT/mcp (key: each request's X-API-Key) instead of stdio "
                   "(key: $UJUMBE_API_KEY).")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --http: the address to listen on.")
@click.option("--port", default=8001, show_default=True, type=int, help="With --http: the port to listen on.")
@click.option("--api-url", envvar="UJUMBE_API_URL", default=DEFAULT_API_URL, show_default=True,
              help="The ujumbe REST API the tools call (also $UJUMBE_API_URL).")
def mcp_command(over_http: bool, host: str, port: int, api_url: str) -> None:
    """Serve the agent tools (MCP): quote, send, bulk, balance, logs, contact lists, campaigns.

    Each tool is one call to the REST API at --api-url under an API key, with its rate limits,
    idempotency and errors. Over stdio the key is UJUMBE_API_KEY (and UJUMBE_ACCESS_TOKEN, optional,
    for the dashboard-only contact lists); over HTTP each request's X-API-Key (and Authorization).

    \b
    Examples:
      UJUMBE_API_KEY=uj_live_... ujumbe mcp                  # stdio, for Claude Desktop and the like
      ujumbe mcp --http --port 8001 --api-url http://127.0.0.1:8000
    """
    from entrypoints.mcp.server import run_http, run_stdio  # the SDK loads only for this command

    configure_logging(container().settings())  # on stderr, as every command's: stdout is the stdio protocol's
    if over_http:
        logging.getLogger("ujumbe.mcp").info("ujumbe MCP listening on http://%s:%s/mcp (API: %s)", host, port, api_url)
        anyio.run(run_http, api_url, host, port)
        return
    api_key = os.environ.get("UJUMBE_API_KEY", "").strip()
    if not api_key:
        raise click.ClickException(
            "UJUMBE_API_KEY is not set: the stdio server acts under an API key (create one with "
            "`ujumbe keys create EMAIL --name agent`, or POST /v1/api-keys), or use --http")
    anyio.run(run_stdio, api_url, api_key, os.environ.get("UJUMBE_ACCESS_TOKEN", "").strip() or None)
