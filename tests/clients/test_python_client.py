"""The Python client (clients/python) against a live `ujumbe serve`, as a customer's backend
uses it: every operation of the served document is there, sends and reads come back as typed
records, refusals as typed errors, the webhook that follows a send verifies, and a send
retried through a proxy that answers 503 and 429 (or loses the answer) reaches the carrier once.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import psycopg
import pytest
from clients_support import FaultyProxy, Service
from running_app import EXAMPLE_CONTACT_LIST_ID
from ujumbe_client import (
    OPERATIONS,
    APIConnectionError,
    APITimeoutError,
    AsyncClient,
    Client,
    PermissionDeniedError,
    RateLimitedError,
    RetryPolicy,
    ValidationError,
    WebhookVerificationError,
    WebhookVerifier,
    verify_webhook,
)

ROOT = Path(__file__).resolve().parents[2]
FAST = RetryPolicy(backoff=0.01, max_backoff=0.05)


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ujumbe_client_generate", ROOT / "clients/python/generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_client_has_every_operation_the_served_document_has(service: Service) -> None:
    document = httpx.get(service.app.document_url, timeout=30).json()
    served = {op["operationId"] for item in document["paths"].values() for op in item.values()
              if isinstance(op, dict) and "operationId" in op}
    assert served - OPERATIONS == set(), "run clients/python/generate.py: the client lacks these operations"
    assert OPERATIONS - served == set(), "run clients/python/generate.py: the API no longer has these"
    make = generator()
    assert make.Generator(document).render() == make.TARGET.read_text(), \
        "run clients/python/generate.py: the committed client is not what the served document generates"


def test_send_bulk_send_read_the_log_and_the_balance(service: Service) -> None:
    with service.client() as client:
        before = client.get_credit_balance().balance
        sent = client.send_sms(to="0712 345 678", message="Habari ya leo")
        bulk = client.send_bulk_sms(to=["0754000111", "+255754000112", "12"], message="Karibu")
        after = client.get_credit_balance().balance
        logged = {m.message_id: m for m in client.iter_message_logs(per_page=1)}

    assert (sent.status, sent.to, sent.credits_used) == ("sent", "+255712345678", 1)
    assert (bulk.total, bulk.sent, bulk.failed) == (3, 2, 1)
    assert [e.error for e in bulk.results if e.status == "failed"] == ["invalid_phone_number"]
    assert before - after == sent.credits_used + bulk.credits_used == 3
    assert logged[sent.message_id].message == "Habari ya leo"
    assert {e.message_id for e in bulk.results if e.message_id} <= set(logged)


def test_create_a_campaign_and_read_it_back(service: Service) -> None:
    with service.client() as client:
        created = client.create_campaign(name="Ofa ya wiki", message="Habari {first_name}",
                                         contact_list_id=EXAMPLE_CONTACT_LIST_ID)
        read = client.get_campaign(created.id)
    assert (read.id, read.name, read.total_contacts) == (created.id, "Ofa ya wiki", 2)


def test_refusals_are_typed_errors_with_code_field_request_id_and_status(service: Service) -> None:
    with service.client() as client:
        with pytest.raises(PermissionDeniedError) as refused:
            client.send_sms(to="+14155550100", message="Hello")
        with pytest.raises(ValidationError) as invalid:
            client.send_sms(to="0712345678", message="")
    assert (refused.value.code, refused.value.status) == ("invalid_phone_number", 403)
    assert re.fullmatch(r"[0-9a-f-]{36}", refused.value.request_id or "")
    assert refused.value.idempotency_key  # the key the send went out with
    assert (invalid.value.code, invalid.value.field, invalid.value.status) == ("validation_error", "message", 400)


def test_the_webhook_that_follows_a_send_verifies_with_the_clients_verifier(service: Service) -> None:
    with service.client() as client:
        sent = client.send_sms(to="0712000001", message="Karibu")
    delivery = service.webhook(sent.message_id)

    event = WebhookVerifier(service.webhook_secret).verify(delivery.body, delivery.headers)
    assert (event.type, event.data["message_id"]) == ("message.sent", sent.message_id)
    # Each of the two schemes alone is enough.
    ours = {"X-Service-Signature": delivery.headers["x-service-signature"]}
    standard = {k: v for k, v in delivery.headers.items() if k.startswith("webhook-")}
    assert verify_webhook(service.webhook_secret, delivery.body, ours).id == event.id
    assert verify_webhook(service.webhook_secret, delivery.body, standard).id == event.id
    with pytest.raises(WebhookVerificationError):
        verify_webhook(service.webhook_secret, delivery.body.replace(b"Karibu", b"karibu") + b" ", delivery.headers)
    with pytest.raises(WebhookVerificationError):
        verify_webhook("whsec_" + "A" * 43, delivery.body, delivery.headers)
    with pytest.raises(WebhookVerificationError):  # replayed an hour later
        WebhookVerifier(service.webhook_secret).verify(delivery.body, delivery.headers,
                                                       now=event.created_at.timestamp() + 3600)


def five_line_script() -> str:
    page = (ROOT / "docs/clients/python.md").read_text()
    found = re.search(r"<!-- five-line-script.*?-->\n```python\n(.*?)```", page, re.S)
    assert found, "docs/clients/python.md lost its five-line script"
    return found.group(1)


def test_the_five_line_script_of_the_docs_sends_and_verifies_the_webhook(service: Service) -> None:
    script = five_line_script()
    assert len(script.strip().splitlines()) == 5
    names: dict[str, Any] = {"BASE_URL": service.app.base_url, "API_KEY": service.app.api_key,
                             "WEBHOOK_SECRET": service.webhook_secret}

    def receive_webhook() -> tuple[bytes, dict[str, str]]:
        delivery = service.webhook(names["sent"].message_id)
        return delivery.body, delivery.headers

    names["receive_webhook"] = receive_webhook
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(script, "docs/clients/python.md", "exec"), names)  # noqa: S102 (the page's own example)
    assert printed.getvalue() == "sent message.sent\n"


@pytest.mark.parametrize("script", [["forward-then-503", "429", "503"], ["forward-then-cut"]],
                         ids=["503-after-sending-then-429-then-503", "connection-cut-after-sending"])
def test_a_send_retried_after_a_lost_answer_reaches_the_carrier_once(service: Service, script: list[str]) -> None:
    number = "+2557120005%02d" % len(script)
    with FaultyProxy(service.app.base_url, {"/v1/sms": script}) as proxy, \
            Client(proxy.url, api_key=service.app.api_key, retry=FAST) as client:
        sent = client.send_sms(to=number, message="Mara moja tu")

    assert service.submits(number) == 1
    assert sent.status == "sent" and sent.to == number
    keys = proxy.seen["/v1/sms"]
    assert len(keys) == len(script) + 1 and len(set(keys)) == 1 and keys[0], keys


def test_a_bulk_send_and_a_campaign_retried_after_a_lost_answer_are_made_once(service: Service) -> None:
    numbers = ["+255712000601", "+255712000602"]
    script = {"/v1/sms/bulk": ["forward-then-503"], "/v1/campaigns": ["forward-then-503"]}
    with FaultyProxy(service.app.base_url, script) as proxy, \
            Client(proxy.url, api_key=service.app.api_key, retry=FAST) as client:
        bulk = client.send_bulk_sms(to=numbers, message="Mara moja")
        campaign = client.create_campaign(name="Mara moja", message="Habari", contact_list_id=EXAMPLE_CONTACT_LIST_ID)

    assert [service.submits(n) for n in numbers] == [1, 1] and bulk.sent == 2
    with psycopg.connect(service.database_url) as conn:
        assert conn.execute("SELECT array_agg(id::text) FROM campaigns WHERE name = 'Mara moja'").fetchone() == (
            [campaign.id],)
    for path in script:
        assert len(proxy.seen[path]) == 2 and len(set(proxy.seen[path])) == 1, proxy.seen


def test_a_429_that_says_to_wait_too_long_is_raised_with_its_retry_after(service: Service) -> None:
    with FaultyProxy(service.app.base_url, {"/v1/credits/balance": ["429"] * 10}) as proxy, \
            Client(proxy.url, api_key=service.app.api_key, retry=RetryPolicy(max_retries=2, backoff=0.01)) as client:
        with pytest.raises(RateLimitedError) as limited:
            client.get_credit_balance()
    assert (limited.value.status, limited.value.code, limited.value.retry_after) == (429, "rate_limit_exceeded", 0)
    assert len(proxy.seen["/v1/credits/balance"]) == 3  # the first try and two retries


def test_after_a_lost_answer_a_read_is_retried_but_an_unkeyed_post_is_not(service: Service) -> None:
    script = {"/v1/credits/balance": ["forward-then-cut"], "/v1/sms/quote": ["forward-then-cut"]}
    with FaultyProxy(service.app.base_url, script) as proxy, \
            Client(proxy.url, api_key=service.app.api_key, retry=FAST) as client:
        assert client.get_credit_balance().balance > 0
        with pytest.raises(APIConnectionError) as lost:
            client.quote_sms(message="Habari")
    assert (len(proxy.seen["/v1/credits/balance"]), len(proxy.seen["/v1/sms/quote"])) == (2, 1)
    assert (lost.value.status, lost.value.idempotency_key) == (None, None)


def test_every_call_has_a_timeout(service: Service) -> None:
    with Client(service.app.base_url) as plain:
        assert plain._http.timeout.read == 30  # the default, with no option given
    with FaultyProxy(service.app.base_url, {"/v1/credits/balance": ["hang"] * 4}) as proxy, \
            Client(proxy.url, api_key=service.app.api_key, retry=FAST) as client:
        with pytest.raises(APITimeoutError):
            client.get_credit_balance(timeout=0.2)
        assert len(proxy.seen["/v1/credits/balance"]) == 4  # the first try and three retries


async def test_the_async_client_sends_and_pages_the_log(service: Service) -> None:
    async with AsyncClient(service.app.base_url, api_key=service.app.api_key) as client:
        sent = await client.send_sms(to="0712000002", message="Asynchronously", idempotency_key="order-42")
        again = await client.send_sms(to="0712000002", message="Asynchronously", idempotency_key="order-42")
        logged = [m.message_id async for m in client.iter_message_logs(search="0712000002")]
    assert again.message_id == sent.message_id
    assert logged == [sent.message_id]
