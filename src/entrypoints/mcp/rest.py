"""The MCP server's one way into the service: the running ujumbe REST API, over HTTP.

Every tool is one REST call under the caller's own API key, so a tool is exactly as rate-limited,
idempotent and strict as the route it calls, and sends fall back to the default sender as the
route does (decision: sender fallback): nothing here decides, prices or sends. What this module
adds is the translation an agent needs: a REST error envelope becomes a tool error (`isError`)
whose text names the code, the API's message and what to do next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx
from mcp.server.mcpserver.exceptions import ToolError

# A bulk of 1000 recipients is answered once the gateway took them all; give it time.
TIMEOUT = httpx.Timeout(10.0, read=120.0)
USER_AGENT = "ujumbe-mcp"

# What to do next, by the REST API's error code (README: Sending one SMS, Idempotency-Key, Rate limits).
NEXT_STEP: dict[str, str] = {
    "insufficient_credits": (
        "The balance does not cover this; nothing was sent or charged. Read get_balance, price the text "
        "with quote_sms (a campaign with preview_campaign), then buy credits (the dashboard, or POST "
        "/v1/payments or /v1/vouchers) or ask the operator to grant some (`ujumbe credits grant`). Not "
        "transient: the same call fails again until the balance is topped up."),
    "invalid_phone_number": (
        "Not a Tanzanian mobile number. Give 07XXXXXXXX, 06XXXXXXXX, +255XXXXXXXXX or 255XXXXXXXXX "
        "(spaces and dashes allowed). Nothing was sent or charged; do not retry the same number."),
    "validation_error": "An argument breaks the API's rules (named in `field`): fix it and call again.",
    "country_not_supported": (
        "A valid number of a country not on the rate card; sends abroad are refused anyway. Use a "
        "Tanzanian number."),
    "rate_limit_exceeded": (
        "The account's per-minute request budget is spent (free 60, pro 600, enterprise 6000 a minute, "
        "shared with every other client of the account). Wait the Retry-After seconds, then retry the "
        "same call (a send with the same idempotency_key)."),
    "request_in_progress": (
        "A call with this idempotency_key is still running. Retry in a few seconds with the same key: "
        "you get its answer, and nothing is sent twice."),
    "idempotency_key_reused": (
        "This idempotency_key was used for a different call. Reuse a key only to retry the very same "
        "call; a new message needs a new key."),
    "unauthorized": (
        "The API key is missing, wrong or revoked. The user makes one in the dashboard (POST "
        "/v1/api-keys) or the operator with `ujumbe keys create EMAIL --name agent`; give it to this "
        "server as UJUMBE_API_KEY (stdio) or the X-API-Key header (HTTP)."),
    "forbidden": "These credentials may not use this route.",
    "not_found": "No such item in this account (another account's is not found either): check the id.",
    "payload_too_large": "The request is too large (64 KiB for sends): fewer recipients per call, or a shorter text.",
    "internal_error": (
        "The service failed. Retry once; a send retried with the same idempotency_key finishes the first "
        "attempt instead of sending twice."),
    "service_unavailable": "The service is not ready (database or gateway). Retry in a minute.",
}


@dataclass(frozen=True, slots=True)
class Credentials:
    """Who a tool call acts for: the API key, and an access token for the dashboard-only routes."""

    api_key: str
    access_token: str | None = None
    client_ip: str | None = None  # the MCP client's address over HTTP, for the API's per-IP budgets

    def headers(self, *, as_dashboard: bool = False) -> dict[str, str]:
        headers = {"X-API-Key": self.api_key}
        if as_dashboard and self.access_token:
            headers = {"Authorization": f"Bearer {self.access_token}"}
        if self.client_ip:
            headers["X-Forwarded-For"] = self.client_ip
        return headers


def error_text(status: int, code: str, message: str, *, field: str | None = None,
               request_id: str | None = None, retry_after: str | None = None,
               next_step: str | None = None) -> str:
    """What an agent reads when a call fails: code and status, the API's message, what to do."""
    lines = [f"error: {code} (HTTP {status})", f"message: {message}"]
    if field:
        lines.append(f"field: {field}")
    if retry_after:
        lines.append(f"retry_after_seconds: {retry_after}")
    lines.append(f"what to do: {next_step or NEXT_STEP.get(code, 'Read the message and adjust the call.')}")
    if request_id:
        lines.append(f"request_id: {request_id}")
    return "\n".join(lines)


def _given(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}


class RestApi:
    """The REST API at `base_url`, called under each tool call's credentials."""

    def __init__(self, base_url: str, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = httpx.AsyncClient(base_url=self.base_url, timeout=TIMEOUT, transport=transport,
                                         headers={"User-Agent": USER_AGENT})

    async def __aenter__(self) -> RestApi:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self._client.aclose()

    async def call(self, method: str, path: str, credentials: Credentials, *, json: Mapping[str, Any] | None = None,
                   params: Mapping[str, Any] | None = None, idempotency_key: str | None = None,
                   sends: bool = False, as_dashboard: bool = False,
                   next_steps: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The `data` of the route's answer (an object, for every route the tools call); a failure
        raises `ToolError` with what to do next.

        An argument the agent left out (None) is left out of the body and the query alike, as the
        API's optional fields are. `sends` marks a call that may send SMS (what a timeout means
        depends on it); `as_dashboard` sends the access token instead of the key, when there is one, for
        the routes kept to the dashboard (decision: authentication); `next_steps` overrides the advice
        for some codes.
        """
        headers = credentials.headers(as_dashboard=as_dashboard)
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        try:
            response = await self._client.request(method, path, json=None if json is None else _given(json),
                                                  params=_given(params or {}), headers=headers)
        except httpx.TimeoutException as exc:
            raise ToolError(self._unanswered(exc, sending=sends, idempotent=idempotency_key is not None)) from exc
        except httpx.HTTPError as exc:
            raise ToolError(error_text(
                503, "api_unreachable", f"The ujumbe API at {self.base_url} could not be reached: {exc!r}.",
                next_step="Start it (`ujumbe serve`) or point this server at it (--api-url or UJUMBE_API_URL), "
                          "then call again; nothing was sent.")) from exc
        body = self._json(response)
        error = body.get("error") if isinstance(body, dict) else None
        if response.is_success and isinstance(body, dict) and isinstance(body.get("data"), dict) and not error:
            data: dict[str, Any] = body["data"]
            if response.headers.get("idempotent-replay") == "true":
                data = {**data, "idempotent_replay": True}
            return data
        if not isinstance(error, dict) or "code" not in error:
            raise ToolError(error_text(response.status_code, "unexpected_answer",
                                       f"{self.base_url}{path} answered HTTP {response.status_code} without the "
                                       "API's envelope: is --api-url / UJUMBE_API_URL the ujumbe API?"))
        code = str(error["code"])
        raise ToolError(error_text(
            response.status_code, code, str(error.get("message", "")), field=error.get("field"),
            request_id=body.get("request_id"), retry_after=response.headers.get("retry-after"),
            next_step=(next_steps or {}).get(code)))

    async def check_key(self, credentials: Credentials) -> tuple[int, str, str, dict[str, str]] | None:
        """None when the API takes the key (GET /v1/auth/me); else the status, code, message and
        headers to refuse the MCP request with (401 for a bad key, 429, or 503 unreachable)."""
        try:
            response = await self._client.get("/v1/auth/me", headers=credentials.headers())
        except httpx.HTTPError as exc:
            return 503, "service_unavailable", f"The ujumbe API at {self.base_url} could not be reached: {exc!r}.", {}
        if response.is_success:
            return None
        body = self._json(response)
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict):
            return 502, "bad_gateway", f"The ujumbe API answered HTTP {response.status_code} without an envelope.", {}
        headers = {"Retry-After": response.headers["retry-after"]} if "retry-after" in response.headers else {}
        return response.status_code, str(error.get("code")), str(error.get("message", "")), headers

    @staticmethod
    def _json(response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError:
            return None

    def _unanswered(self, exc: httpx.TimeoutException, *, sending: bool, idempotent: bool) -> str:
        if not sending:
            return error_text(504, "api_timeout", f"The ujumbe API at {self.base_url} did not answer in time.",
                              next_step="Call again.")
        step = ("Retry with the same idempotency_key: you get the first attempt's answer and nothing is sent twice."
                if idempotent else
                "It may have been sent: read get_message_logs before sending again (pass an idempotency_key on "
                "sends, so a retry is safe).")
        return error_text(504, "api_timeout", f"The ujumbe API at {self.base_url} did not answer in time "
                                              f"({type(exc).__name__}).", next_step=step)
