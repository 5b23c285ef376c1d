"""The SMPP adapter's binds against the SMSC peers of test_smpp_gateway: bound, refused, routed
and failed over, found dead and made again, closed."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from adapters.gateways.smpp.answers import Outstanding
from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.memory.system import FrozenClock
from application.ports import GatewayUnavailable
from domain.submits import Answer
from smpp_support import Heard, StartSmsc, bound, connect, heard, sms  # noqa: F401 (the fixtures)
from smsc_peers import PeerConfig
from tests_support import until


async def test_a_wrong_password_is_a_clear_error_and_sends_are_unavailable(
        start_smsc: StartSmsc, connect: Callable[..., SmppGateway], caplog: pytest.LogCaptureFixture) -> None:
    peer = start_smsc("node-smpp")  # smpp34.Server has no password check to test
    gateway = connect(peer, password="wrong")

    assert not await gateway.wait_bound(1)
    await until(lambda: len(peer.binds()) >= 3)
    [status] = gateway.status()
    assert status.state != "bound" and "ESME_RINVPASWD" in (status.last_error or "")
    # said once as an error, not again on every retry
    assert [r.levelname for r in caplog.records if "ESME_RINVPASWD" in r.getMessage()] == ["ERROR"]
    with pytest.raises(GatewayUnavailable, match="ESME_RINVPASWD"):
        await gateway.submit(sms(1))


async def test_binds_route_by_carrier_and_fail_over_when_one_is_down(
        smsc_kind: str, start_smsc: StartSmsc, heard: Heard) -> None:
    vodacom, default = start_smsc(smsc_kind), start_smsc(smsc_kind)
    gateway = SmppGateway(parse_binds(f"{vodacom.url}?name=vodacom&carriers=Vodacom,{default.url}?name=default"),
                          default_sender="UJUMBE", clock=FrozenClock(), listener=heard)
    try:
        assert await gateway.wait_bound(10)
        await gateway.submit(sms(1, to="+255754000001"))  # Vodacom
        await gateway.submit(sms(2, to="+255784000002"))  # Airtel: the default route
        assert [r.destination_addr for r in vodacom.received()] == ["255754000001"]
        assert [r.destination_addr for r in default.received()] == ["255784000002"]

        vodacom.kill()
        await until(lambda: gateway.status()[0].state != "bound")
        await gateway.submit(sms(3, to="+255754000003"))  # fails over to the default
        assert default.received()[-1].destination_addr == "255754000003"
    finally:
        await gateway.close()


async def test_a_peer_killed_and_restarted_is_bound_again_and_traffic_resumes(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer))
    await gateway.submit(sms(1))

    peer.kill()
    await until(lambda: gateway.status()[0].state != "bound")
    peer.restart()
    await bound(gateway)
    result = await gateway.submit(sms(2))

    assert result.kind == Answer.ACCEPTED
    assert [r.destination_addr for r in peer.received()] == ["255712345678", "255712345678"]


async def test_a_hung_peer_is_found_by_enquire_link_and_bound_again(
        smsc_kind: str, start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc(smsc_kind)
    gateway = await bound(connect(peer, query="enquire_link=0.2&timeout=0.3"))

    peer.pause()  # the process answers nothing; its socket stays open
    await until(lambda: gateway.status()[0].state != "bound")
    peer.resume()

    await bound(gateway)
    assert (await gateway.submit(sms(1))).kind == Answer.ACCEPTED


async def test_closing_unbinds_cleanly(start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc("node-smpp")  # smpp34.Server reports a closed socket as an unbind too
    gateway = await bound(connect(peer))

    await gateway.close()

    assert peer.unbinds() == 1
    assert gateway.status()[0].state == "closed"


async def test_a_bind_the_peer_keeps_dropping_is_made_again_with_growing_pauses(
        start_smsc: StartSmsc, connect: Callable[..., SmppGateway]) -> None:
    peer = start_smsc("node-smpp", PeerConfig(drop_after_bind=True))
    started = time.monotonic()
    gateway = connect(peer)

    await until(lambda: len(peer.binds()) >= 5)

    # pauses of at least 0.1, 0.2, 0.4 and 0.8 s between the five binds, never a tight loop (a
    # lower bound: a slow machine only makes it longer)
    assert time.monotonic() - started >= 1.5
    assert gateway.status()[0].last_error == "closed by the peer"


def test_sequence_numbers_wrap_within_the_range_smpp_allows() -> None:
    outstanding = Outstanding()
    outstanding._sequence = 0x7FFFFFFE  # noqa: SLF001 — 50 days of traffic at 500/s, skipped
    assert [outstanding.next_sequence() for _ in range(3)] == [0x7FFFFFFF, 1, 2]
