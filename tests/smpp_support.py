"""What the SMPP gateway tests share: a gateway connected to SMSC peers (`connect`, closed after
the test), the listener hearing its reports, and the messages they send."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

import pytest

from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.memory.system import FrozenClock
from application.ports import DeliveryReport, InboundSms, OutboundSms
from smsc_peers import SmscPeer
from tests_support import ids

StartSmsc = Callable[..., SmscPeer]


@dataclass
class Heard:
    reports: list[DeliveryReport] = field(default_factory=list)
    inbound: list[InboundSms] = field(default_factory=list)

    async def delivery_reports(self, reports: list[DeliveryReport]) -> None:
        self.reports.extend(reports)

    async def inbound_sms(self, sms: InboundSms) -> None:
        self.inbound.append(sms)


def sms(n: int, to: str = "+255712345678", text: str = "Habari", sender: str = "UJUMBE") -> OutboundSms:
    return OutboundSms(message_id=ids(n), account_id=ids(1000), to=to, sender=sender, text=text)


@pytest.fixture()
def heard() -> Heard:
    return Heard()


@pytest.fixture()
async def connect(heard: Heard) -> AsyncIterator[Callable[..., SmppGateway]]:
    opened: list[SmppGateway] = []

    def make(*peers: SmscPeer, query: str = "", password: str | None = None) -> SmppGateway:
        urls = []
        for index, peer in enumerate(peers):
            url = peer.url if password is None else peer.url.replace(f":{peer.config.password}@", f":{password}@")
            urls.append(f"{url}?name=bind{index}{'&' + query if query else ''}")
        gateway = SmppGateway(parse_binds(",".join(urls)), default_sender="UJUMBE", clock=FrozenClock(),
                              listener=heard, flush_every=0.005)
        gateway.open()
        opened.append(gateway)
        return gateway

    yield make
    for gateway in opened:
        await gateway.close()


async def bound(gateway: SmppGateway) -> SmppGateway:
    assert await gateway.wait_bound(10), gateway.status()
    return gateway
