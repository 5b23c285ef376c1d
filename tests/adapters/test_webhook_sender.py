"""The httpx webhook sender: real POSTs to a local receiver, and the private-address rule.

No test here sends anything off this machine: the DNS is a script, and where a test needs a
"public" address it lets the policy call one loopback address (127.0.0.2) public.
"""

from __future__ import annotations

import asyncio
import socket
import ssl

import pytest
import trustme

from adapters.webhooks import MAX_RESPONSE_BYTES, HttpxWebhookSender, is_public
from webhook_receiver import WebhookReceiver

VETTED = "127.0.0.2"  # stands for a public address


def only_vetted(address: str) -> bool:
    return address == VETTED


class ScriptedDns:
    """Answers in turn (the last answer for ever after) and remembers what was asked."""

    def __init__(self, *answers: list[str]) -> None:
        self._answers = list(answers)
        self.asked: list[str] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.asked.append(host)
        return self._answers.pop(0) if len(self._answers) > 1 else self._answers[0]


@pytest.mark.parametrize(("address", "public"), [
    ("93.184.216.34", True), ("2606:2800:220:1:248:1893:25c8:1946", True),
    ("127.0.0.1", False), ("10.0.0.8", False), ("172.16.3.4", False), ("192.168.1.1", False),
    ("169.254.169.254", False), ("100.64.0.1", False), ("0.0.0.0", False), ("::1", False),
    ("fe80::1%eth0", False), ("fc00::1", False), ("::ffff:127.0.0.1", False), ("224.0.0.1", False),
    # IPv6 that leads to an IPv4 address is judged by that address: NAT64, 6to4, Teredo, compatible.
    ("64:ff9b::7f00:1", False), ("64:ff9b::a00:8", False), ("64:ff9b::5db8:d822", True),
    ("64:ff9b:1::a00:1", False), ("2002:7f00:1::", False), ("2002:a00:8::1", False),
    ("2002:5db8:d822::1", True), ("::127.0.0.1", False), ("2001:0:4136:e378:8000:63bf:f5ff:fffe", False),
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
    assert slow.status_code is None and slow.error == "timeout: no answer within 0.3 s"


async def test_an_attempt_connects_to_the_address_it_checked_not_to_a_second_answer() -> None:
    # DNS rebinding: the name answers the vetted address twice, then an internal one. `localhost`
    # is what the system resolver (so a plain httpx client) maps to 127.0.0.1, where an internal
    # service listens on the same port: an attempt that resolved the name again to connect
    # would reach it.
    with WebhookReceiver(host=VETTED) as public, WebhookReceiver(port=public.port) as internal:
        dns = ScriptedDns([VETTED], [VETTED], ["127.0.0.1"])
        sender = HttpxWebhookSender(resolver=dns, address_allowed=only_vetted)
        url = f"http://localhost:{public.port}/hooks"
        assert await sender.refusal(url) is None  # registration saw the vetted answer
        first = await sender.post(url, b'{"id":"e1"}', {"webhook-id": "e1"})
        second = await sender.post(url, b'{"id":"e1"}', {"webhook-id": "e1"})
        reached, leaked = public.snapshot(), internal.snapshot()
    assert (first.status_code, first.error) == (200, None)
    assert [(r.headers["host"], r.body) for r in reached] == [(f"localhost:{public.port}", b'{"id":"e1"}')]
    assert (second.status_code, second.error) == (
        None, "target_refused: localhost is a private or loopback address (127.0.0.1)")
    assert leaked == []
    assert dns.asked == ["localhost"] * 3  # registration, then once per attempt


async def test_an_attempt_is_refused_when_any_resolved_address_is_refused() -> None:
    with WebhookReceiver(host=VETTED) as public:
        sender = HttpxWebhookSender(resolver=ScriptedDns([VETTED, "127.0.0.1"]), address_allowed=only_vetted)
        response = await sender.post(f"http://localhost:{public.port}/hooks", b"{}", {})
        assert (response.status_code, response.error) == (
            None, "target_refused: localhost is a private or loopback address (127.0.0.1)")
        assert public.snapshot() == []


async def test_the_next_vetted_address_is_tried_when_one_does_not_answer() -> None:
    with WebhookReceiver(host=VETTED) as public:
        sender = HttpxWebhookSender(resolver=ScriptedDns(["127.0.0.3", VETTED]),
                                    address_allowed=lambda a: a in {"127.0.0.3", VETTED})
        response = await sender.post(f"http://hooks.ujumbe.test:{public.port}/hooks", b"{}", {})
        assert response.status_code == 200
        assert [r.headers["host"] for r in public.snapshot()] == [f"hooks.ujumbe.test:{public.port}"]


async def test_tls_names_and_verifies_the_host_while_connecting_to_the_vetted_address() -> None:
    ca = trustme.CA()
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("hooks.ujumbe.test").configure_cert(server)
    sni: list[str | None] = []

    def remember_sni(sock: ssl.SSLObject, name: str | None, context: ssl.SSLContext) -> None:
        sni.append(name)

    server.sni_callback = remember_sni
    trust = ssl.create_default_context()
    ca.configure_trust(trust)
    with WebhookReceiver(host=VETTED, tls=server) as receiver:
        sender = HttpxWebhookSender(resolver=ScriptedDns([VETTED]), address_allowed=only_vetted, verify=trust)
        named = await sender.post(f"https://hooks.ujumbe.test:{receiver.port}/hooks", b"{}", {})
        # same address, another name: the certificate is checked against the name, so refused
        misnamed = await sender.post(f"https://other.ujumbe.test:{receiver.port}/hooks", b"{}", {})
        got = receiver.snapshot()
    assert (named.status_code, named.error) == (200, None)
    assert sni[0] == "hooks.ujumbe.test"
    assert [r.headers["host"] for r in got] == [f"hooks.ujumbe.test:{receiver.port}"]
    assert misnamed.status_code is None and (misnamed.error or "").startswith("connection_error")


class HostileReceiver:
    """A receiver on loopback written with asyncio streams, answering as a hostile one would:
    `status_line` (None: trickled a byte a `pace` seconds, never finished), then a body without
    end, sent as fast as it is taken or trickled a byte a `pace` seconds. It counts what it sent
    and notes when the sender hung up."""

    def __init__(self, *, status_line: bool = True, trickle: bool = False, pace: float = 1.0) -> None:
        self.status_line, self.trickle, self.pace = status_line, trickle, pace
        self.sent = 0
        self.hung_up = asyncio.Event()
        self._server: asyncio.Server | None = None

    async def __aenter__(self) -> str:
        self._server = await asyncio.start_server(self._answer, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self._server.sockets[0].getsockname()[1]}/hooks"

    async def __aexit__(self, *_: object) -> None:
        assert self._server is not None
        self._server.close()

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.readuntil(b"\r\n\r\n")
            if not self.status_line:
                for byte in b"HTTP/1.1 200 OK\r\n" * 1000:
                    writer.write(bytes([byte]))
                    await writer.drain()
                    await asyncio.sleep(self.pace)  # the receiver's pace, not a wait of this test
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n")
            chunk = b"x" if self.trickle else b"x" * 65536
            while self.sent < 256 * 1024 * 1024:  # a bound, so that a sender reading it all ends
                writer.write(chunk)
                await writer.drain()
                self.sent += len(chunk)
                if self.trickle:
                    await asyncio.sleep(self.pace)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.hung_up.set()
            writer.close()


async def test_an_answer_without_end_is_read_to_a_few_kib_and_its_status_decides() -> None:
    receiver = HostileReceiver()
    async with receiver as url:
        answer = await asyncio.wait_for(HttpxWebhookSender(allow_private=True, timeout=10).post(url, b"{}", {}), 30)
        await asyncio.wait_for(receiver.hung_up.wait(), 10)
    assert (answer.status_code, answer.error) == (200, None)
    assert answer.body == b"x" * MAX_RESPONSE_BYTES
    assert receiver.sent < 32 * 1024 * 1024  # what the sockets' buffers hold, then the sender hung up


async def test_a_body_trickled_a_byte_a_second_ends_the_attempt_at_its_deadline_with_its_status() -> None:
    receiver = HostileReceiver(trickle=True)
    async with receiver as url:
        answer = await asyncio.wait_for(HttpxWebhookSender(allow_private=True, timeout=3).post(url, b"{}", {}), 30)
    assert (answer.status_code, answer.error) == (200, None)  # the receiver said 200: it has the event
    assert answer.duration_ms < 4500
    assert 0 < len(answer.body) <= 4


async def test_a_status_line_trickled_a_byte_a_second_is_no_answer_within_the_deadline() -> None:
    receiver = HostileReceiver(status_line=False)
    async with receiver as url:
        answer = await asyncio.wait_for(HttpxWebhookSender(allow_private=True, timeout=3).post(url, b"{}", {}), 30)
    assert answer.status_code is None
    assert answer.error == "timeout: no answer within 3 s"
    assert answer.duration_ms < 4500
