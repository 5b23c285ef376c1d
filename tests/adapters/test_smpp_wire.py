"""The hand-written PDUs (`wire`) against the codec they stand in for (`smpp.pdu`): what we write,
the codec writes byte for byte; what the codec writes, we read to the values the codec reads; what
we do not read the same (malformed, unusual), we leave to the codec, and the link answers it as
before."""

from __future__ import annotations

import io
import struct
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from smpp.pdu import constants, operations, pdu_types
from smpp.pdu.error import PDUParseError

from adapters.gateways.smpp import wire
from adapters.gateways.smpp.addressing import Address, destination_address, source_address
from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.encoding import AirProfile, air_parts
from adapters.gateways.smpp.pdus import Codec, data_coding, data_coding_value, deliver_sm_values, esm_class
from adapters.gateways.smpp.answers import Outstanding, SubmitSmResp, known_status
from adapters.gateways.smpp.inbound import InboundPdus

TONS, NPIS = sorted(constants.addr_ton_value_map), sorted(constants.addr_npi_value_map)
ESM_CLASSES = [mode | kind | features for mode in range(4) for kind in constants.esm_class_type_value_map
               for features in (0, 0x40, 0x80, 0xC0)]
# Values the codec writes back as read (it drops bit 3 of a GSM message class coding, 0xF8-0xFF).
DATA_CODINGS = [value for value in range(256) if data_coding_value(data_coding(value)) == value]

addresses = st.builds(Address, st.sampled_from(TONS), st.sampled_from(NPIS),
                      st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=20))
texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=500)


def codec_decode(raw: bytes) -> Any:
    return Codec().decode(io.BytesIO(raw))


def codec_encode(pdu: Any) -> bytes:
    return bytes(Codec().encode(pdu))


def codec_status(pdu: Any) -> int:
    return int(constants.command_status_name_map[pdu.status.name])


def deliver_sm(**params: Any) -> bytes:
    """A deliver_sm as the codec writes it."""
    esm, coding = params.pop("esm_class", 0), params.pop("data_coding", 0)
    return codec_encode(operations.DeliverSM(
        seqNum=params.pop("seqNum", 7), source_addr_ton=pdu_types.AddrTon.INTERNATIONAL, source_addr="255712345678",
        destination_addr="15000", esm_class=esm_class(esm), data_coding=data_coding(coding), **params))


# -- submit_sm out (§4.4.1) --------------------------------------------------------------------------


@given(source=addresses, destination=addresses, esm=st.sampled_from(ESM_CLASSES),
       coding=st.sampled_from(DATA_CODINGS), short_message=st.binary(max_size=254),
       payload=st.none() | st.binary(max_size=2000), sequence=st.integers(1, 0x7FFFFFFF))
def test_a_submit_sm_is_written_byte_for_byte_as_the_codec_writes_it(
        source: Address, destination: Address, esm: int, coding: int, short_message: bytes,
        payload: bytes | None, sequence: int) -> None:
    ours = wire.pdu(wire.SUBMIT_SM, sequence, wire.submit_sm_body(
        source, destination, esm_class=esm, data_coding=coding, short_message=short_message,
        message_payload=payload))
    optional = {"message_payload": payload} if payload is not None else {}
    theirs = codec_encode(operations.SubmitSM(
        seqNum=sequence, source_addr_ton=getattr(pdu_types.AddrTon, constants.addr_ton_value_map[source.ton]),
        source_addr_npi=getattr(pdu_types.AddrNpi, constants.addr_npi_value_map[source.npi]),
        source_addr=source.addr,
        dest_addr_ton=getattr(pdu_types.AddrTon, constants.addr_ton_value_map[destination.ton]),
        dest_addr_npi=getattr(pdu_types.AddrNpi, constants.addr_npi_value_map[destination.npi]),
        destination_addr=destination.addr, esm_class=esm_class(esm), data_coding=data_coding(coding),
        registered_delivery=pdu_types.RegisteredDelivery(
            pdu_types.RegisteredDeliveryReceipt.SMSC_DELIVERY_RECEIPT_REQUESTED),
        short_message=short_message, **optional))
    assert ours == theirs
    read = codec_decode(ours).params
    assert (read["short_message"], read.get("message_payload")) == (short_message, payload)


@given(text=texts, sender=st.sampled_from(["UJUMBE", "+255712345678", "15000", "0712345678", "Duka-2"]),
       profile=st.builds(AirProfile, udh16=st.booleans(), payload=st.booleans()))
def test_every_part_the_gateway_sends_reads_back_through_the_codec(text: str, sender: str,
                                                                   profile: AirProfile) -> None:
    source, destination = source_address(sender), destination_address("+255712345678")
    for part in air_parts(text, profile, 42):
        body = wire.submit_sm_body(source, destination, esm_class=part.esm_class, data_coding=part.data_coding,
                                   short_message=part.short_message, message_payload=part.message_payload)
        read = codec_decode(wire.pdu(wire.SUBMIT_SM, 1, body)).params
        assert (read["source_addr_ton"].name, read["source_addr"].decode()) == (
            constants.addr_ton_value_map[source.ton], source.addr)
        assert (read["dest_addr_ton"], read["destination_addr"]) == (pdu_types.AddrTon.INTERNATIONAL, b"255712345678")
        assert data_coding_value(read["data_coding"]) == part.data_coding
        assert (read["short_message"], read.get("message_payload")) == (part.short_message, part.message_payload)
        assert read["registered_delivery"].receipt == pdu_types.RegisteredDeliveryReceipt.SMSC_DELIVERY_RECEIPT_REQUESTED


def test_what_the_fields_cannot_hold_is_refused_as_the_codec_refuses_it() -> None:
    long, short = Address(1, 1, "2" * 21), Address(1, 1, "255712345678")
    for source, body in [(long, b""), (short, b"x" * 255), (Address(5, 0, "Café"), b"")]:
        with pytest.raises(ValueError):
            wire.submit_sm_body(source, short, esm_class=0, data_coding=0, short_message=body)


# -- submit_sm_resp in (§4.4.2) ----------------------------------------------------------------------


@given(status=st.sampled_from([0, 0x08, 0x0A, 0x14, 0x58, 0x45, 0x401, 0x123, 0x600, 0xFF]) | st.integers(0, 2**32 - 1),
       sequence=st.integers(0, 2**32 - 1),
       body=st.builds(lambda message_id, rest: message_id + b"\x00" + rest, st.binary(max_size=70), st.binary(max_size=8))
       | st.binary(max_size=80))
@example(status=0, sequence=1, body=b"abc123\x00")
def test_a_submit_sm_resp_is_read_as_the_codec_reads_it_or_left_to_it(status: int, sequence: int, body: bytes) -> None:
    raw = wire.pdu(wire.SUBMIT_SM_RESP, sequence, body, status)
    try:
        theirs = codec_decode(raw)
    except PDUParseError:
        theirs = None
    try:
        ours = wire.read_submit_sm_resp(raw)
    except wire.Unusual:
        return  # the codec's to read (or refuse)
    assert theirs is not None
    ours_status, ours_sequence, ours_id = ours
    their_id = theirs.params.get("message_id")
    assert (known_status(ours_status), ours_sequence or None, ours_id) == (
        codec_status(theirs), theirs.seqNum, their_id.decode("ascii", "replace") if their_id is not None else None)


# -- deliver_sm in (§4.6.1) and its deliver_sm_resp out (§4.6.2) -------------------------------------


RECEIPT_TEXT = (b"id:4f2a1c sub:001 dlvrd:001 submit date:2601050900 done date:2601050901 stat:DELIVRD "
                b"err:000 text:Habari")


def receipts() -> st.SearchStrategy[bytes]:
    text = st.builds(lambda dlr: deliver_sm(esm_class=0x04, short_message=dlr), st.just(RECEIPT_TEXT))
    tlvs = st.builds(lambda message_id, state, body: deliver_sm(
        esm_class=0x04, short_message=body, receipted_message_id=message_id,
        message_state=getattr(pdu_types.MessageState, constants.message_state_value_map[state])),
        st.text("0123456789abcdef-", max_size=64), st.integers(1, 8), st.sampled_from([b"", RECEIPT_TEXT]))
    return text | tlvs


def replies() -> st.SearchStrategy[bytes]:
    def parts(text: str, profile: AirProfile) -> list[bytes]:
        return [deliver_sm(seqNum=n + 1, esm_class=part.esm_class, data_coding=part.data_coding,
                           short_message=part.short_message,
                           **({"message_payload": part.message_payload} if part.message_payload is not None else {}))
                for n, part in enumerate(air_parts(text, profile, 9))]
    return st.builds(parts, texts, st.builds(AirProfile, udh16=st.booleans(), payload=st.booleans())).flatmap(
        st.sampled_from)


@given(raw=receipts() | replies())
def test_a_deliver_sm_the_codec_writes_is_read_to_the_values_the_codec_reads(raw: bytes) -> None:
    assert wire.read_deliver_sm(raw) == deliver_sm_values(codec_decode(raw))


@given(raw=receipts() | replies(), data=st.data())
@settings(max_examples=300)
def test_a_deliver_sm_changed_anywhere_is_read_as_the_codec_reads_it_or_left_to_it(raw: bytes, data: st.DataObject) -> None:
    body = bytearray(raw[16:])
    for _ in range(data.draw(st.integers(1, 3))):
        action = data.draw(st.sampled_from(["set", "cut", "add"]))
        at = data.draw(st.integers(0, len(body)))
        if action == "set" and at < len(body):
            body[at] = data.draw(st.sampled_from([0, 1, 2, 3, 5, 0x0F, 0x14, 0x1E, 0x42, 0xFF, data.draw(st.integers(0, 255))]))
        elif action == "cut":
            del body[at:at + data.draw(st.integers(1, 4))]
        else:
            body[at:at] = data.draw(st.binary(min_size=1, max_size=6))
    changed = wire.pdu(wire.DELIVER_SM, 3, bytes(body))
    try:
        ours = wire.read_deliver_sm(changed)
    except wire.Unusual:
        return  # the codec's to read (or refuse)
    assert ours == deliver_sm_values(codec_decode(changed))


@pytest.mark.parametrize("coding", range(0xF8, 0x100))
def test_a_deliver_sm_whose_data_coding_sets_the_reserved_message_class_bit_is_left_to_the_codec(coding: int) -> None:
    raw = bytearray(deliver_sm(short_message=b"Habari"))
    at = 16 + 1 + 2 + 13 + 2 + 6 + 3 + 1 + 1 + 1 + 1  # header, service_type, addresses, ..., replace_if_present
    assert raw[at:at + 3] == bytes((0, 0, 6))  # data_coding, sm_default_msg_id, sm_length
    raw[at] = coding
    with pytest.raises(wire.Unusual):  # the codec reads it without that bit (0xFF as 0xF7)
        wire.read_deliver_sm(bytes(raw))
    assert deliver_sm_values(codec_decode(bytes(raw))).data_coding == coding & 0xF7


def test_a_deliver_sm_with_a_vendors_parameter_is_read_and_the_parameter_passed_over() -> None:
    raw = deliver_sm(esm_class=0x04, short_message=RECEIPT_TEXT)
    with_vendor = wire.pdu(wire.DELIVER_SM, 7, raw[16:] + struct.pack(">HH", 0x1401, 3) + b"abc"
                           + struct.pack(">HH", 0x0423, 3) + b"\x03\x00\x01")  # and a network_error_code
    assert wire.read_deliver_sm(with_vendor) == wire.read_deliver_sm(raw) == deliver_sm_values(codec_decode(with_vendor))


@given(sequence=st.integers(0, 2**32 - 1), status=st.sampled_from([0, 0x64, 0x08]))
def test_a_deliver_sm_resp_is_written_byte_for_byte_as_the_codec_writes_it(sequence: int, status: int) -> None:
    codec_sequence = sequence or None  # the codec's "no sequence number" is 0 on the wire
    assert wire.deliver_sm_resp(sequence, status) == codec_encode(operations.DeliverSMResp(
        seqNum=codec_sequence, status=getattr(pdu_types.CommandStatus, constants.command_status_value_map[status]["name"])))


# -- reading a link: the codec for what wire leaves --------------------------------------------------


class Writer:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return False


def inbound_reading() -> tuple[InboundPdus, Writer, list[wire.DeliverSm]]:
    [bind] = parse_binds("smpp://a:b@127.0.0.1:1")
    heard: list[wire.DeliverSm] = []
    writer = Writer()
    inbound = InboundPdus(bind, Outstanding(), lambda _, pdu, reply: (heard.append(pdu), reply(0)), Codec(),
                          lambda: writer)  # type: ignore[arg-type,return-value]
    return inbound, writer, heard


def test_a_malformed_deliver_sm_is_answered_generic_nack_with_the_codecs_status() -> None:
    inbound, writer, heard = inbound_reading()
    raw = deliver_sm(esm_class=0x04, short_message=RECEIPT_TEXT)
    broken = wire.pdu(wire.DELIVER_SM, 9, raw[16:] + struct.pack(">HH", 0x0427, 1) + b"\x09")  # no such message_state
    with pytest.raises(wire.Unusual):
        wire.read_deliver_sm(broken)
    with pytest.raises(PDUParseError) as refused:
        codec_decode(broken)

    inbound.dispatch(broken)

    assert heard == []
    [nack] = writer.written
    assert nack == wire.pdu(0x80000000, 9, status=constants.command_status_name_map[refused.value.status.name])


def test_an_unusual_deliver_sm_the_codec_reads_is_delivered_and_answered_as_any() -> None:
    inbound, writer, heard = inbound_reading()
    raw = deliver_sm(esm_class=0x04, short_message=RECEIPT_TEXT, language_indicator=pdu_types.LanguageIndicator.ENGLISH)
    with pytest.raises(wire.Unusual):
        wire.read_deliver_sm(raw)

    inbound.dispatch(raw)

    assert heard == [deliver_sm_values(codec_decode(raw))]
    assert heard[0].short_message == RECEIPT_TEXT
    assert writer.written == [wire.deliver_sm_resp(7, 0)]


def test_a_submit_sm_resp_wire_cannot_read_is_answered_by_its_header() -> None:
    inbound, _, _ = inbound_reading()
    outstanding = inbound._outstanding  # noqa: SLF001
    answers: list[SubmitSmResp] = []
    outstanding._on_answer[5] = answers.append  # noqa: SLF001
    inbound.dispatch(wire.pdu(wire.SUBMIT_SM_RESP, 5, b"no NUL"))
    outstanding._on_answer[6] = answers.append  # noqa: SLF001
    inbound.dispatch(wire.pdu(wire.SUBMIT_SM_RESP, 6, b"abc\x00", status=0x401))
    assert answers == [SubmitSmResp(0, None), SubmitSmResp(-2, None)]  # a vendor's status, as the codec names it
