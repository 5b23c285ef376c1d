"""Replies and receipts as `deliver_sm` PDUs written by the codec and read as the session reads them,
straight into the adapter's handler: long replies in UDH parts are joined, and every deliver_sm is acknowledged once handed over."""

from __future__ import annotations

import pytest
from smpp.pdu import operations
from smpp.pdu.pdu_types import AddrTon

from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.deliveries import CarrierReports
from adapters.gateways.smpp.encoding import AirProfile, air_parts
from adapters.gateways.smpp.pdus import Codec, data_coding, esm_class
from adapters.gateways.smpp.wire import DeliverSm, read_deliver_sm
from adapters.memory.system import FrozenClock
from application.ports import DeliveryReport, InboundSms

[BIND] = parse_binds("smpp://a:b@127.0.0.1:1")


class Listener:
    def __init__(self) -> None:
        self.reports: list[DeliveryReport] = []
        self.inbound: list[InboundSms] = []

    async def delivery_reports(self, reports: list[DeliveryReport]) -> None:
        self.reports.extend(reports)

    async def inbound_sms(self, sms: InboundSms) -> None:
        self.inbound.append(sms)


def read(pdu: operations.DeliverSM) -> DeliverSm:
    return read_deliver_sm(bytes(Codec().encode(pdu)))


def reply_from(source: str, text: str, reference: int) -> list[DeliverSm]:
    return [read(operations.DeliverSM(seqNum=n + 1, source_addr_ton=AddrTon.INTERNATIONAL, source_addr=source,
                                      destination_addr="15000", esm_class=esm_class(part.esm_class),
                                      data_coding=data_coding(part.data_coding), short_message=part.short_message))
            for n, part in enumerate(air_parts(text, AirProfile(), reference))]


@pytest.mark.parametrize("text", ["Naomba maelezo zaidi kuhusu ofa ya leo, bei na muda wake. " * 4,
                                  "Asante sana 🙏 nimepokea ujumbe wenu wa ofa, nitakuja kesho dukani. " * 3])
async def test_a_long_reply_in_udh_parts_is_joined_and_every_part_acknowledged(text: str) -> None:
    listener = Listener()
    reports = CarrierReports(listener, FrozenClock(), lambda _: None, lambda: False, flush_every=0)
    mine, other = reply_from("255712345678", text, 7), reply_from("255754000111", "Sawa " * 40, 7)
    acknowledged: list[int] = []

    for pdu in [mine[0], other[0], *mine[1:], *other[1:]]:  # two replies with the same reference, interleaved
        reports.on_deliver(BIND, pdu, acknowledged.append)
    await reports.flushed()

    assert [(m.from_number, m.to, m.text) for m in listener.inbound] == [
        ("+255712345678", "15000", text), ("+255754000111", "15000", "Sawa " * 40)]
    assert acknowledged == [0] * (len(mine) + len(other))


async def test_a_receipt_that_could_not_be_queued_is_answered_so_the_peer_resends_it() -> None:
    class Down(Listener):
        async def delivery_reports(self, reports: list[DeliveryReport]) -> None:
            raise ConnectionError("database down")

    reports = CarrierReports(Down(), FrozenClock(), lambda _: None, lambda: False, flush_every=0)
    acknowledged: list[int] = []
    receipt = read(operations.DeliverSM(seqNum=1, source_addr="255712345678", destination_addr="UJUMBE",
                                        esm_class=esm_class(0x04),
                                        short_message=b"id:abc sub:001 dlvrd:001 submit date:2601050900 "
                                                      b"done date:2601050901 stat:DELIVRD err:000 text:Habari"))

    reports.on_deliver(BIND, receipt, acknowledged.append)
    await reports.flushed()

    assert acknowledged == [0x64]  # ESME_RX_T_APPN: temporary, resend
