"""`ujumbe mcp`: the agent tools as a Model Context Protocol server, over stdio or streamable HTTP.

The server is a thin client of the running REST API (`rest.RestApi`): each tool call is one REST
call under the caller's API key. Over stdio the key is the process's (UJUMBE_API_KEY); over HTTP
it is each request's `X-API-Key`, checked before the MCP request is served, so a missing or wrong
key is refused with 401 like the API itself refuses it. The check asks the API (GET /v1/auth/me)
and remembers a key it took for a minute, so it costs an account at most one request a minute.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from entrypoints.mcp import tools
from entrypoints.mcp.rest import Credentials, RestApi, error_text

MCP_PATH = "/mcp"
KEY_CHECK_TTL = 60.0  # seconds a key the API took is taken without asking again
INSTRUCTIONS = (
    "ujumbe sends SMS to Tanzanian mobile numbers, billed in credits: 1 credit per SMS part (160 GSM-7 or "
    "70 UCS-2 characters). Before sending, quote_sms prices a text and get_balance shows what the account "
    "has; send_sms and send_bulk_sms send now (pass an idempotency_key so a retry never sends twice); "
    "get_message_logs shows what was sent and delivered. Campaigns send to a contact list: preview_campaign, "
    "create_campaign, then get_campaign until it is completed. A failed call answers an error whose text "
    "names the code and what to do next."
)


def build_server(api: RestApi, credentials_of: tools.CredentialsOf) -> MCPServer:
    server: MCPServer = MCPServer("ujumbe", title="ujumbe SMS", instructions=INSTRUCTIONS, log_level="WARNING",
                                  version=importlib.metadata.version("ujumbe"))
    tools.register(server, api, credentials_of)
    return server


async def run_stdio(api_url: str, api_key: str, access_token: str | None) -> None:
    """Serve on stdin/stdout under one key, until the client closes the stream."""
    credentials = Credentials(api_key=api_key, access_token=access_token)
    async with RestApi(api_url) as api:
        await build_server(api, lambda _ctx: credentials).run_stdio_async()


def _request_credentials(ctx: Context) -> Credentials:
    """The credentials of the HTTP request carrying this tool call (its key was checked on the way in)."""
    request = ctx.request_context.request
    headers = getattr(request, "headers", None) or {}
    api_key = (headers.get("x-api-key") or "").strip()
    if not api_key:
        raise ToolError(error_text(401, "unauthorized", "Send the account's API key in the X-API-Key header."))
    kind, _, token = (headers.get("authorization") or "").strip().partition(" ")
    token = token.strip() if kind.lower() == "bearer" else ""  # an access token, for the dashboard-only routes
    client = getattr(request, "client", None)
    return Credentials(api_key=api_key, access_token=token or None, client_ip=client.host if client else None)


class RequireApiKey:
    """ASGI middleware: an MCP request without an API key the REST API takes is refused, with the
    API's own status and error envelope (401 `unauthorized`; 429 while the caller's budget is spent)."""

    def __init__(self, app: ASGIApp, api: RestApi, ttl: float = KEY_CHECK_TTL) -> None:
        self.app, self.api, self.ttl = app, api, ttl
        self._taken: dict[str, float] = {}  # sha256 of a key -> until when it is taken unchecked

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        key = (Headers(scope=scope).get("x-api-key") or "").strip()
        refusal = (401, "unauthorized", "Send the account's API key in the X-API-Key header.", {}) if not key \
            else await self._check(key, scope)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, code, message, headers = refusal
        body = json.dumps({"success": False, "data": None, "error": {"code": code, "message": message},
                           "request_id": str(uuid.uuid4()),
                           "timestamp": datetime.now(UTC).isoformat().replace("+00:00", "Z")}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            *((name.lower().encode(), value.encode()) for name, value in headers.items())]})
        await send({"type": "http.response.body", "body": body})

    async def _check(self, key: str, scope: Scope) -> tuple[int, str, str, dict[str, str]] | None:
        digest = hashlib.sha256(key.encode()).hexdigest()
        now = time.monotonic()
        if self._taken.get(digest, 0.0) > now:
            return None
        client = scope.get("client")
        refusal = await self.api.check_key(Credentials(api_key=key, client_ip=client[0] if client else None))
        if refusal is None:
            if len(self._taken) > 10_000:  # forget the expired ones before growing further
                self._taken = {d: until for d, until in self._taken.items() if until > now}
            self._taken[digest] = now + self.ttl
        return refusal


def http_app(api: RestApi, host: str = "127.0.0.1") -> Any:
    """The streamable-HTTP MCP endpoint at /mcp, behind the API-key check. Stateless: every request
    stands alone (its own key), so several processes can serve one agent. On a loopback `host` the
    SDK also refuses other Host and Origin headers (DNS rebinding)."""
    server = build_server(api, _request_credentials)
    return RequireApiKey(server.streamable_http_app(streamable_http_path=MCP_PATH, stateless_http=True,
                                                    json_response=True, host=host), api)


async def run_http(api_url: str, host: str, port: int) -> None:
    """Serve http://host:port/mcp until SIGINT or SIGTERM."""
    async with RestApi(api_url) as api:
        config = uvicorn.Config(http_app(api, host), host=host, port=port, log_level="warning", lifespan="on",
                                log_config=None)  # our formatter, set by the command
        await uvicorn.Server(config).serve()
