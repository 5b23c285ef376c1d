"""The httpx webhook sender: real POSTs to a local receiver, and the private-address rule."""

from __future__ import annotations

import socket

import pytest

from adapters.webhooks import HttpxWebhookSender, is_public
from webhook_receiver import WebhookReceiver


@pytest.mark.parametrize(("address", "public"), [
    ("93.184.216.34", True), ("2606:2800:220:1:248:1893:25c8:1946", True),
    ("127.0.0.1", False), ("10.0.0.8", False), ("172.16.3.4", False), ("192.168.1.1", False),
    ("169.254.169.254", False), ("100.64.0.1", False), ("0.0.0.0", False), ("::1", False),
    ("fe80::1%eth0", False), ("fc00::1", False), ("::ffff:127.0.0.1", False), ("224.0.0.1", False),
])
def test_only_global_unicast_addresses_are_public(address: str, public: bool) -> None:
    assert is_public(address) is public


def resolver(*addresses: str):  # type: ignore[no-untyped-def]
    async def resolve(host: str, port: int) -> list[str]:
        if not addresses:
            raise socket.gaierror("Name or service not known")
        return list(addresses)
    return resolve


async def test_a_host_resolving_to_any_private_address_is_refused() -> None:
    assert await HttpxWebhookSender(resolver=resolver("93.184.216.34")).refusal("https://a.example/") is None
    refusal = await HttpxWebhookSender(resolver=resolver("93.184.216.34", "10.0.0.1")).refusal("https://a.example/")
    assert refusal == "a.example is a private or loopback address (10.0.0.1)"
    allowed = HttpxWebhookSender(allow_private=True, resolver=resolver("127.0.0.1"))
    assert await allowed.refusal("http://localhost/") is None
    # Unresolvable now says nothing about privacy: accepted, and each attempt checks again.
    assert await HttpxWebhookSender(resolver=resolver()).refusal("https://not-yet.example/") is None


async def test_a_refused_target_is_never_contacted() -> None:
    with WebhookReceiver() as receiver:
        response = await HttpxWebhookSender().post(receiver.url, b"{}", {"Content-Type": "application/json"})
        assert response.status_code is None and (response.error or "").startswith("target_refused")
        assert receiver.snapshot() == []


async def test_posts_the_exact_body_and_headers_and_reports_the_status() -> None:
    with WebhookReceiver(statuses=[503, 302]) as receiver:
        sender = HttpxWebhookSender(allow_private=True)
        first = await sender.post(receiver.url, b'{"id":"e1"}', {"webhook-id": "e1"})
        second = await sender.post(receiver.url, b'{"id":"e1"}', {"webhook-id": "e1"})
        third = await sender.post(receiver.url, b'{"id":"e1"}', {"webhook-id": "e1"})
        got = receiver.snapshot()
    assert [r.status_code for r in (first, second, third)] == [503, 302, 200]  # redirects are not followed
    assert all(r.body == b'{"id":"e1"}' and r.headers["webhook-id"] == "e1" for r in got)
    assert got[0].headers["user-agent"].startswith("ujumbe-webhooks/")


async def test_no_answer_is_an_error_not_an_exception() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    refused = await HttpxWebhookSender(allow_private=True).post(f"http://127.0.0.1:{port}/", b"{}", {})
    assert refused.status_code is None and (refused.error or "").startswith("connection_error")
    with WebhookReceiver(hang_first=True) as receiver:
        slow = await HttpxWebhookSender(allow_private=True, timeout=0.3).post(receiver.url, b"{}", {})
    assert (slow.status_code, slow.error) == (None, "timeout")
