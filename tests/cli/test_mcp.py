"""Agent tools end to end: `ujumbe mcp` in front of a real `ujumbe serve`, through the MCP SDK's own
clients, over stdio (a child process under UJUMBE_API_KEY) and streamable HTTP (each request's
X-API-Key).

One service (API, job worker, gateway simulator) runs for the module: the customer of
`running_app` (enterprise plan, credits, an API key, an access token, a two-contact list) and
an empty free-plan account for the errors. Every tool call is a REST call under the key, so what
is checked is what the REST API says: the log (GET /v1/sms/logs), the balance, the same
idempotency, sender fallback, rate limits and error codes, with what to do next.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult

from running_app import EXAMPLE_CONTACT_LIST_ID, RunningApp, free_port, running_app_with_customer, stop
from tests_support import ujumbe, until, wait_until

TOOLS = {"quote_sms", "send_sms", "send_bulk_sms", "get_balance", "get_message_logs", "list_sender_ids",
         "list_contact_lists", "preview_campaign", "create_campaign", "get_campaign"}


@dataclass(frozen=True, slots=True)
class Service:
    app: RunningApp
    empty_key: str  # a free-plan account with no credits
    mcp_url: str  # `ujumbe mcp --http` in front of the service

    def rest(self, key: str | None = None) -> httpx.Client:
        return httpx.Client(base_url=self.app.base_url, headers={"X-API-Key": key or self.app.api_key}, timeout=10)


@pytest.fixture(scope="module")
def service(module_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    tmp_path = tmp_path_factory.mktemp("mcp")
    with running_app_with_customer(module_database, tmp_path, worker=True) as app:
        created = ujumbe("accounts", "create", "--email", "empty@example.com", "--password", "s3cret-pass", env=app.env)
        assert created.returncode == 0, created.stderr
        made = ujumbe("keys", "create", "empty@example.com", "--name", "agent", "--json", env=app.env)
        assert made.returncode == 0, made.stderr
        port = free_port()
        with open(tmp_path / "mcp.log", "wb") as log:
            proc = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "mcp", "--http", "--port", str(port),
                                     "--api-url", app.base_url], stdout=log, stderr=log)
        try:
            url = f"http://127.0.0.1:{port}/mcp"
            wait_until(lambda: _answers(url) or proc.poll() is not None)
            assert proc.poll() is None, (tmp_path / "mcp.log").read_text()
            yield Service(app=app, empty_key=json.loads(made.stdout)["key"], mcp_url=url)
        finally:
            stop(proc)


def _answers(url: str) -> bool:
    try:
        httpx.get(url, timeout=1)
        return True
    except httpx.HTTPError:
        return False


@asynccontextmanager
async def over_stdio(service: Service, **env: str) -> AsyncIterator[Client]:
    """`ujumbe mcp` as an MCP client (Claude Desktop, an IDE) launches it: a child process."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "entrypoints.cli.main", "mcp"],
                                   env={"UJUMBE_API_KEY": service.app.api_key, "UJUMBE_API_URL": service.app.base_url,
                                        "PATH": os.environ["PATH"], **env})
    async with Client(params) as client:
        yield client


@asynccontextmanager
async def over_http(service: Service, headers: dict[str, str]) -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300)) as http, \
            Client(streamable_http_client(service.mcp_url, http_client=http)) as client:
        yield client


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool's structured answer (the REST API's `data`); fails on a tool error."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, text_of(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


async def error_of(client: Client, tool: str, **arguments: Any) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result
    return text_of(result)


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


def logged(service: Service, text: str, key: str | None = None) -> list[dict[str, Any]]:
    """The messages GET /v1/sms/logs finds by their text."""
    with service.rest(key) as api:
        answer = api.get("/v1/sms/logs", params={"search": text})
    assert answer.status_code == 200, answer.text
    messages: list[dict[str, Any]] = answer.json()["data"]["messages"]
    return messages


async def test_the_tools_say_what_they_cost_and_what_their_errors_mean(service: Service) -> None:
    async with over_stdio(service) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert set(tools) == TOOLS
    send = tools["send_sms"]
    assert send.description is not None
    for words in ("1 credit per SMS part", "160 GSM-7", "70", "quote_sms", "insufficient_credits",
                  "invalid_phone_number", "07XXXXXXXX", "+255", "requested_from", "idempotency_key"):
        assert words in send.description, words
    assert send.input_schema["required"] == ["to", "message"]
    assert "idempotency_key" in send.input_schema["properties"]
    assert tools["get_balance"].annotations is not None and tools["get_balance"].annotations.read_only_hint
    assert send.annotations is not None and not send.annotations.read_only_hint


async def test_over_stdio_an_agent_quotes_and_sends_a_message_that_shows_in_the_log(service: Service) -> None:
    text = f"Habari {uuid.uuid4().hex[:8]}, oda yako iko tayari"
    async with over_stdio(service) as client:
        quote = await call(client, "quote_sms", message=text, to="0712 345 678")
        assert (quote["to"], quote["encoding"], quote["parts"], quote["credits"]) == ("+255712345678", "GSM-7", 1, 1)
        before = (await call(client, "get_balance"))["balance"]

        # DUKA is not registered for the account: the send still goes out, under the default sender.
        sent = await call(client, "send_sms", to="0712 345 678", message=text, sender_id="DUKA")
        assert (sent["status"], sent["to"], sent["credits_used"]) == ("sent", "+255712345678", quote["credits"])
        assert (sent["from"], sent["requested_from"]) == ("UJUMBE", "DUKA")
        assert (await call(client, "get_balance"))["balance"] == before - sent["credits_used"]

        page = await call(client, "get_message_logs", search=text)
        assert [m["message_id"] for m in page["messages"]] == [sent["message_id"]]
    assert [(m["message_id"], m["requested_from"]) for m in logged(service, text)] == [(sent["message_id"], "DUKA")]


async def test_over_stdio_a_bulk_send_fails_only_its_invalid_number(service: Service) -> None:
    text = f"Karibu {uuid.uuid4().hex[:8]}"
    async with over_stdio(service) as client:
        bulk = await call(client, "send_bulk_sms", to=["0712345678", "+255 712 345 678", "0754000111", "12345"],
                          message=text)
    assert (bulk["total"], bulk["sent"], bulk["failed"], bulk["credits_used"]) == (3, 2, 1, 2)
    assert [(r["to"], r["status"]) for r in bulk["results"]] == [
        ("+255712345678", "sent"), ("+255754000111", "sent"), ("12345", "failed")]
    assert bulk["results"][2]["error"] == "invalid_phone_number"
    assert sorted(m["to"] for m in logged(service, text)) == ["+255712345678", "+255754000111"]


async def test_over_stdio_an_invalid_number_is_a_tool_error_with_its_code_and_what_to_do(service: Service) -> None:
    text = f"Never sent {uuid.uuid4().hex[:8]}"
    async with over_stdio(service) as client:
        error = await error_of(client, "send_sms", to="12345", message=text)
    assert "invalid_phone_number (HTTP 403)" in error
    assert "field: to" in error
    assert "what to do: Not a Tanzanian mobile number" in error
    assert logged(service, text) == []


async def test_the_same_idempotency_key_sends_once(service: Service) -> None:
    text = f"Oda {uuid.uuid4().hex[:8]} iko tayari"
    key = f"order-{uuid.uuid4().hex}"
    async with over_stdio(service) as client:
        first = await call(client, "send_sms", to="0712345678", message=text, idempotency_key=key)
        again = await call(client, "send_sms", to="0712345678", message=text, idempotency_key=key)
        other = await error_of(client, "send_sms", to="0712345678", message=f"{text}!", idempotency_key=key)
    assert "idempotent_replay" not in first
    assert again == {**first, "idempotent_replay": True}
    assert "idempotency_key_reused (HTTP 422)" in other
    assert [m["message_id"] for m in logged(service, text)] == [first["message_id"]]


async def test_contact_lists_take_the_access_token_and_without_one_the_tool_says_so(service: Service) -> None:
    async with over_stdio(service) as client:
        error = await error_of(client, "list_contact_lists")
    assert "forbidden (HTTP 403)" in error
    assert "UJUMBE_ACCESS_TOKEN" in error and "Authorization: Bearer" in error
    async with over_stdio(service, UJUMBE_ACCESS_TOKEN=service.app.access_token) as client:
        lists = await call(client, "list_contact_lists")
    assert {(entry["id"], entry["contact_count"]) for entry in lists["lists"]} >= {(EXAMPLE_CONTACT_LIST_ID, 2)}


async def test_over_stdio_a_campaign_is_created_and_followed_until_completed(service: Service) -> None:
    text = f"Habari {{first_name}}! Ofa {uuid.uuid4().hex[:8]}"
    async with over_stdio(service) as client:
        preview = await call(client, "preview_campaign", contact_list_id=EXAMPLE_CONTACT_LIST_ID, message=text)
        assert (preview["recipients"], preview["credits"]) == (2, 2)
        campaign = await call(client, "create_campaign", name="Ofa", message=text,
                              contact_list_id=EXAMPLE_CONTACT_LIST_ID, idempotency_key=f"ofa-{uuid.uuid4().hex}")
        assert (campaign["status"], campaign["total_contacts"]) == ("running", 2)

        async def finished() -> dict[str, Any] | None:
            now = await call(client, "get_campaign", campaign_id=campaign["id"])
            return now if now["status"] in ("completed", "failed") else None

        done = await until(finished, timeout=60)
    assert (done["status"], done["sent_count"], done["failed_count"]) == ("completed", 2, 0)
    assert sorted(m["to"] for m in logged(service, text.replace("{first_name}", "Asha"))) == [
        "+255712345678", "+255754000111"]


async def test_over_http_an_agent_quotes_sends_and_reads_the_log_under_its_x_api_key(service: Service) -> None:
    text = f"Habari {uuid.uuid4().hex[:8]} kupitia HTTP"
    key = f"http-{uuid.uuid4().hex}"
    headers = {"X-API-Key": service.app.api_key, "Authorization": f"Bearer {service.app.access_token}"}
    async with over_http(service, headers) as client:
        assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
        assert (await call(client, "quote_sms", message=text))["credits"] == 1
        before = (await call(client, "get_balance"))["balance"]
        sent = await call(client, "send_sms", to="0754000111", message=text, idempotency_key=key)
        again = await call(client, "send_sms", to="0754000111", message=text, idempotency_key=key)
        assert again["message_id"] == sent["message_id"] and again["idempotent_replay"] is True
        assert (await call(client, "get_balance"))["balance"] == before - sent["credits_used"]
        assert [m["message_id"] for m in (await call(client, "get_message_logs", search=text))["messages"]] == [
            sent["message_id"]]
        lists = await call(client, "list_contact_lists")
        assert EXAMPLE_CONTACT_LIST_ID in {entry["id"] for entry in lists["lists"]}
    assert [m["message_id"] for m in logged(service, text)] == [sent["message_id"]]


async def test_over_http_a_missing_or_wrong_key_is_refused(service: Service) -> None:
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    for headers, code in (({}, "unauthorized"), ({"X-API-Key": "uj_live_not-a-key"}, "unauthorized")):
        answer = httpx.post(service.mcp_url, json=listing, headers={**headers, "Accept": "application/json"})
        assert answer.status_code == 401, answer.text
        assert answer.json()["error"]["code"] == code
        with pytest.raises(BaseExceptionGroup) as refused:
            async with over_http(service, headers):
                pass
        assert refused.group_contains(MCPError, depth=None)


async def test_over_http_another_key_is_another_account_with_its_own_credits_and_rate_limit(service: Service) -> None:
    text = f"Habari {uuid.uuid4().hex[:8]} bila salio"
    async with over_http(service, {"X-API-Key": service.empty_key}) as client:
        assert (await call(client, "get_balance"))["balance"] == 0
        error = await error_of(client, "send_sms", to="0712345678", message=text)
        assert "insufficient_credits (HTTP 402)" in error and "buy credits" in error
        assert logged(service, text, key=service.empty_key) == []

        with service.rest(service.empty_key) as api:  # the free plan's 60 a minute, spent outside MCP
            statuses = [api.get("/v1/credits/balance").status_code for _ in range(61)]
        assert statuses[-1] == 429
        error = await error_of(client, "get_balance")
    assert "rate_limit_exceeded (HTTP 429)" in error
    assert "retry_after_seconds:" in error and "Retry-After" in error


def test_stdio_needs_an_api_key(tmp_path: Path) -> None:
    result = ujumbe("mcp", env={"UJUMBE_API_KEY": "", "UJUMBE_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1 and result.stdout == ""
    assert "UJUMBE_API_KEY is not set" in result.stderr


async def test_an_api_that_cannot_be_reached_is_a_tool_error_saying_where_it_looked(service: Service) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    async with over_stdio(service, UJUMBE_API_URL=nowhere) as client:
        error = await error_of(client, "send_sms", to="0712345678", message="Habari")
    assert "api_unreachable (HTTP 503)" in error
    assert nowhere in error and "ujumbe serve" in error and "nothing was sent" in error
