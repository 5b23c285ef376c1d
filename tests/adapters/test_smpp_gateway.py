"""The SMPP adapter against two SMSC implementations we did not write (node-smpp and
smpp34.Server), each started on loopback in its own process: one set of tests for both. Its
submits: their answers, parts, receipts, window, TPS and throttling (its binds: test_smpp_binds)."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable
from datetime import datetime

import pytest

from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.memory.system import FrozenClock
from application.ports import DeliveryReport, GatewayNoAnswer
from application.submission import submit_all
from domain.messages import MessageEvent
from domain.submits import Answer
from smpp_support import Heard, StartSmsc, bound, connect, heard, sms  # noqa: F401 (the fixtures)
from smsc_peers import PeerConfig
from tests_support import until

LONG_GSM = "Bei mpya: sukari €2 [kilo] {leo} " * 8  # extension characters on both sides of a segment edge
LONG_UCS2 = "Karibu 😀 dukani, ofa ya leo 🎉 " * 6  # emoji: surrogate pairs never split


async def test_a_submit_is_accepted_under_the_peers_id_with_the_addresses_set_right(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer))

    result = await gateway.submit(sms(1))

    assert result.kind == Answer.ACCEPTED
    [received] = peer.received()
    assert result.gateway_ref == received.message_id
    assert (received.source_addr, received.source_addr_ton, received.source_addr_npi) == ("UJUMBE", 5, 0)
    assert (received.destination_addr, received.dest_addr_ton, received.dest_addr_npi) == ("255712345678", 1, 1)
    assert received.registered_delivery & 1 and received.text == "Habari" and received.data_coding == 0


async def test_a_bulk_goes_through_the_window_each_number_once(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer, query="window=16"))
    batch = [sms(n, to=f"+2557123{n:05d}") for n in range(300)]

    results = await submit_all(gateway, batch, gateway.window)

    assert all(r.kind == Answer.ACCEPTED for r in results)
    assert sorted(r.destination_addr for r in peer.received()) == sorted(s.to[1:] for s in batch)
    assert len({r.gateway_ref for r in results}) == 300
    assert gateway.status()[0].submitted == 300 and gateway.status()[0].in_flight == 0


async def test_a_message_id_submitted_again_gets_its_first_answer_and_is_not_sent_twice(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer))

    first, at_once, again = await asyncio.gather(gateway.submit(sms(1)), gateway.submit(sms(1)), gateway.submit(sms(1)))

    assert first == at_once == again and first.kind == Answer.ACCEPTED
    assert len(peer.received()) == 1


@pytest.mark.parametrize("text", [LONG_GSM, LONG_UCS2], ids=["gsm7-extension", "ucs2-emoji"])
@pytest.mark.parametrize("profile", ["", "udh16=1", "payload=1"])
async def test_long_messages_are_reassembled_by_the_peer_exactly(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway], heard: Heard,
        text: str, profile: str) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(receipts="text"))
    gateway = await bound(connect(peer, query=profile))

    result = await gateway.submit(sms(1, text=text))

    assert result.kind == Answer.ACCEPTED
    [message] = peer.messages()
    assert message.complete and message.text == text
    # every part's receipt is about the one message
    await until(lambda: len(heard.reports) == message.parts)
    assert {r.gateway_ref for r in heard.reports} == {result.gateway_ref}


@pytest.mark.parametrize("receipts", ["text", "tlv", "both"])
@pytest.mark.parametrize("before_resp", [False, True], ids=["after-resp", "before-resp"])
async def test_receipts_in_every_form_and_order_become_delivery_reports(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway], heard: Heard,
        receipts: str, before_resp: bool) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(receipts=receipts, receipt_before_resp=before_resp,
                                            undeliverable=("255712000002",)))
    gateway = await bound(connect(peer))

    delivered = await gateway.submit(sms(1))
    undeliverable = await gateway.submit(sms(2, to="+255712000002"))

    await until(lambda: len(heard.reports) == 2)
    by_ref = {r.gateway_ref: r for r in heard.reports}
    assert by_ref[delivered.gateway_ref or ""].event == MessageEvent.DELIVERED
    assert by_ref[undeliverable.gateway_ref or ""].event == MessageEvent.UNDELIVERABLE
    assert by_ref[undeliverable.gateway_ref or ""].error


async def test_the_receipts_heard_together_go_to_the_listener_together_each_at_its_own_moment(
        start_smsc: StartSmsc) -> None:
    """Receipts heard together are one hand-over (one write of received reports), and each keeps the
    moment it was heard as its `reported_at` (the message's `delivered_at`)."""
    class Ticking(FrozenClock):
        def now(self) -> datetime:
            self.advance(milliseconds=1)
            return super().now()

    batches: list[list[DeliveryReport]] = []

    class Batches(Heard):
        async def delivery_reports(self, reports: list[DeliveryReport]) -> None:
            batches.append(list(reports))

    peer = start_smsc("node-smpp")
    gateway = SmppGateway(parse_binds(peer.url), default_sender="UJUMBE", clock=Ticking(), listener=Batches())
    try:
        await bound(gateway)
        results = await submit_all(gateway, [sms(n, to=f"+2557123{n:05d}") for n in range(200)], 64)

        await until(lambda: sum(map(len, batches)) == 200)
        assert {r.gateway_ref for batch in batches for r in batch} == {r.gateway_ref for r in results}
        moments = [r.reported_at for batch in batches for r in batch]
        assert len(set(moments)) == 200  # the ticking clock: a moment per receipt, none shared
        assert len(batches) < 200  # heard together, handed over together
    finally:
        await gateway.close()


async def test_a_mobile_originated_stop_becomes_an_inbound_sms(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway], heard: Heard) -> None:
    peer = start_smsc(smsc_kind)
    await bound(connect(peer))

    peer.send_mo("255712345678", "UJUMBE", "STOP")

    [inbound] = await until(lambda: heard.inbound)
    assert (inbound.from_number, inbound.to, inbound.text) == ("+255712345678", "UJUMBE", "STOP")


async def test_throttled_submits_are_slowed_and_retried_until_taken(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(throttle_every=3))
    gateway = await bound(connect(peer))
    batch = [sms(n, to=f"+2557123{n:05d}") for n in range(60)]

    results = await submit_all(gateway, batch, gateway.window)

    assert all(r.kind == Answer.ACCEPTED for r in results)
    assert len(peer.received()) == 60
    assert gateway.status()[0].submitted >= 60 + 60 // 3  # every third try was throttled and tried again


async def test_the_tps_cap_is_honoured(smsc_kind: str, start_smsc: StartSmsc,
                                       connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer, query="tps=40"))
    batch = [sms(n, to=f"+2557123{n:05d}") for n in range(41)]

    started = time.monotonic()
    await submit_all(gateway, batch, gateway.window)

    # 41 submits at 40 per second cannot all go out in less than a second (a lower bound: a slow
    # machine only makes it longer)
    assert time.monotonic() - started >= 0.95
    assert len(peer.received()) == 41


async def test_an_error_answer_is_a_rejection_with_the_peers_code(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(reject_destinations=("255712000001",)))
    gateway = await bound(connect(peer))

    result = await gateway.submit(sms(1, to="+255712000001"))

    assert (result.kind, result.reason) == (Answer.REJECTED, "ESME_RINVDSTADR")


async def test_a_sender_the_carrier_refuses_is_sent_again_once_under_the_default(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(reject_sources=("DUKA",)))
    gateway = await bound(connect(peer))

    result = await gateway.submit(sms(1, sender="DUKA"))

    assert (result.kind, result.sender) == (Answer.ACCEPTED, "UJUMBE")
    assert [r.source_addr for r in peer.received()] == ["UJUMBE"]


async def test_a_message_handed_over_before_without_an_answer_is_never_put_on_air_again(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer))  # another process than the one that handed it over

    with pytest.raises(GatewayNoAnswer):
        await gateway.submit(dataclasses.replace(sms(1), handed_over=True))

    assert peer.received() == []


async def test_a_submit_never_answered_is_no_answer_not_a_rejection(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(answer_submits=False))
    gateway = await bound(connect(peer, query="timeout=0.3"))

    with pytest.raises(GatewayNoAnswer):
        await gateway.submit(sms(1))
    with pytest.raises(GatewayNoAnswer):  # submitted again: it may have been taken, so not sent twice
        await gateway.submit(sms(1))
    assert len(peer.received()) == 1


async def test_the_window_caps_the_submits_in_flight(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind, PeerConfig(answer_submits=False))
    gateway = await bound(connect(peer, query="window=4&timeout=0.5"))

    burst = asyncio.gather(*(gateway.submit(sms(n, to=f"+2557123{n:05d}")) for n in range(10)),
                           return_exceptions=True)
    await until(lambda: gateway.status()[0].in_flight == 4)

    assert len(peer.received()) <= 4  # the other six wait for room in the window
    results = await burst
    assert all(isinstance(r, GatewayNoAnswer) for r in results)
    assert len(peer.received()) == 10 and gateway.status()[0].in_flight == 0


@pytest.mark.parametrize(("sender", "on_air"), [("UJUMBE", ("UJUMBE", 5, 0)), ("15000", ("15000", 3, 0)),
                                                ("0712000111", ("255712000111", 1, 1))],
                         ids=["alphanumeric", "short-code", "number"])
async def test_each_kind_of_sender_goes_with_its_type_of_number(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway],
        sender: str, on_air: tuple[str, int, int]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer))

    await gateway.submit(sms(1, sender=sender))

    [received] = peer.received()
    assert (received.source_addr, received.source_addr_ton, received.source_addr_npi) == on_air
