"""The PDUs every message crosses, written and read by hand: `submit_sm` out, its `submit_sm_resp`
back, each receipt or reply as a `deliver_sm` in, and its `deliver_sm_resp` out (SMPP 3.4 §4.4,
§4.6). The codec (`smpp.pdu`) costs about half of the adapter's CPU a message on these four; it
still does everything else (binds, enquire_link, unbind, generic_nack).

A reader here accepts only what the codec would read to the same values, and raises `Unusual` for
anything else (a malformed PDU, an optional parameter it does not know, a validity period): the
session then hands the PDU to the codec, which reads it or says what is wrong with it, as before.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from adapters.gateways.smpp.addressing import Address

SUBMIT_SM, SUBMIT_SM_RESP = 0x00000004, 0x80000004
DELIVER_SM, DELIVER_SM_RESP = 0x00000005, 0x80000005
ESME_ROK = 0
REGISTERED_DELIVERY_RECEIPT = 0x01  # §5.2.17: an SMSC delivery receipt, for success or failure

_HEADER = struct.Struct(">IIII")  # §3.2: command_length, command_id, command_status, sequence_number
_TLV = struct.Struct(">HH")  # §3.2.4: tag, length (of the value), then the value
_RECEIPTED_MESSAGE_ID, _MESSAGE_PAYLOAD, _MESSAGE_STATE = 0x001E, 0x0424, 0x0427  # §5.3.2.12, .32, .35
# Optional parameters of a deliver_sm that are passed over: the codec reads them without judging
# their value, so only their length can be wrong (None: any length). §5.3.2.
_SKIPPED = {
    0x0204: 2, 0x0205: 1,  # user_message_reference, user_response_code
    0x020A: 2, 0x020B: 2,  # source_port, destination_port
    0x020C: 2, 0x020E: 1, 0x020F: 1,  # sar_msg_ref_num, sar_total_segments, sar_segment_seqnum
    0x0423: None,  # network_error_code
}  # fmt: skip
# Tags reserved for SMPP extensions and for vendors (§5.3.2), which the codec skips unread.
_RESERVED_TAGS = ((0x0000, 0x0000), (0x0100, 0x01FF), (0x0600, 0x11FF), (0x1400, 0xFFFF))
# The values the codec accepts for a deliver_sm's enumerated fields (§5.2); anything else it refuses.
_TONS = frozenset(range(7))  # §5.2.5
_NPIS = frozenset((0, 1, 3, 4, 6, 8, 9, 10, 14, 18))  # §5.2.6
_ESM_TYPES = frozenset((0x00, 0x04, 0x08, 0x10, 0x18, 0x20))  # §5.2.12, bits 5-2
_MESSAGE_STATES = frozenset(range(1, 9))  # §5.2.28
# §5.2.19: a data_coding 1111 1xxx sets the message-class scheme's reserved bit, which the codec drops.
_MESSAGE_CLASS_RESERVED = 0xF8


class Unusual(ValueError):
    """Not read here: malformed, or beyond what these readers take. The codec gets it."""


@dataclass(frozen=True, slots=True)
class DeliverSm:
    """What the adapter reads of a deliver_sm (§4.6.1): a receipt or a mobile-originated message."""

    sequence: int
    source_addr_ton: int
    source_addr: str  # C-Octet strings as latin-1: lossless for any byte
    destination_addr: str
    esm_class: int
    data_coding: int
    short_message: bytes
    message_payload: bytes | None = None
    receipted_message_id: str | None = None  # "" when the TLV is there but empty
    message_state: int | None = None


def pdu(command_id: int, sequence: int, body: bytes = b"", status: int = ESME_ROK) -> bytes:
    """A PDU: its 16-byte header (§3.2) and body."""
    return _HEADER.pack(16 + len(body), command_id, status, sequence) + body


def submit_sm_body(source: Address, destination: Address, *, esm_class: int, data_coding: int,
                   short_message: bytes, message_payload: bytes | None = None,
                   registered_delivery: int = REGISTERED_DELIVERY_RECEIPT) -> bytes:
    """A submit_sm's body (§4.4.1): service_type, protocol_id, priority_flag, the two times,
    replace_if_present_flag and sm_default_msg_id left at their defaults (0 or empty), then
    message_payload (§5.3.2.32) when given. ValueError for what the field sizes cannot hold."""
    if len(short_message) > 254:
        raise ValueError(f"short_message of {len(short_message)} bytes: at most 254")
    body = b"".join((
        b"\x00",  # service_type: the SMSC's default
        bytes((source.ton, source.npi)), _c_octets(source.addr, 21),
        bytes((destination.ton, destination.npi)), _c_octets(destination.addr, 21),
        bytes((esm_class, 0, 0)),  # esm_class, protocol_id, priority_flag
        b"\x00\x00",  # schedule_delivery_time, validity_period: at once, for the SMSC's default time
        bytes((registered_delivery, 0, data_coding, 0)),  # replace_if_present_flag, sm_default_msg_id: 0
        bytes((len(short_message),)), short_message,  # sm_length, short_message
    ))
    if message_payload is not None:
        body += _TLV.pack(_MESSAGE_PAYLOAD, len(message_payload)) + message_payload
    return body


def deliver_sm_resp(sequence: int, status: int) -> bytes:
    """§4.6.2: its message_id is unused, so empty."""
    return pdu(DELIVER_SM_RESP, sequence, b"\x00", status)


def read_submit_sm_resp(raw: bytes) -> tuple[int, int, str | None]:
    """(command_status, sequence_number, message_id) of a submit_sm_resp (§4.4.2). Its body is read
    only when the status is ESME_ROK (an error may come without one), and what follows the
    message_id is ignored, as the codec does."""
    _, _, status, sequence = _HEADER.unpack_from(raw)
    if status != ESME_ROK:
        return status, sequence, None
    message_id, _ = _c_octet_string(raw, 16, 65)
    return status, sequence, message_id.decode("ascii", "replace")


def read_deliver_sm(raw: bytes) -> DeliverSm:
    """A deliver_sm (§4.6.1), its optional parameters after its mandatory ones (§3.2.4)."""
    _, _, _, sequence = _HEADER.unpack_from(raw)
    _, at = _c_octet_string(raw, 16, 6)  # service_type
    source_ton, source_npi = _byte(raw, at), _byte(raw, at + 1)
    source, at = _c_octet_string(raw, at + 2, 21)
    destination_ton, destination_npi = _byte(raw, at), _byte(raw, at + 1)
    destination, at = _c_octet_string(raw, at + 2, 21)
    if not {source_ton, destination_ton} <= _TONS or not {source_npi, destination_npi} <= _NPIS:
        raise Unusual("a TON or NPI the codec does not know")
    # esm_class, protocol_id, priority_flag, schedule_delivery_time (must be empty), validity_period
    # (empty here: a time is the codec's to parse), registered_delivery, replace_if_present_flag,
    # data_coding, sm_default_msg_id, sm_length
    if len(raw) < at + 10:
        raise Unusual("a PDU shorter than its fields")
    esm, _, priority, schedule, validity, registered, replace, data_coding, _, length = raw[at:at + 10]
    if (esm & 0x3C not in _ESM_TYPES or priority > 3 or schedule or validity or registered & 0x03 == 3
            or replace > 1 or data_coding & _MESSAGE_CLASS_RESERVED == _MESSAGE_CLASS_RESERVED
            or len(raw) < at + 10 + length):
        raise Unusual("a field the codec would refuse, or a validity period")
    at += 10
    short_message = raw[at:at + length]
    payload = receipted = state = None
    at += length
    while at < len(raw):
        if len(raw) < at + 4:
            raise Unusual("a truncated optional parameter")
        tag, size = _TLV.unpack_from(raw, at)
        value = raw[at + 4:at + 4 + size]
        if len(value) != size:
            raise Unusual(f"optional parameter 0x{tag:04x} runs past the PDU")
        if tag == _MESSAGE_PAYLOAD:
            payload = value
        elif tag == _RECEIPTED_MESSAGE_ID:
            receipted = _whole_c_octet_string(value, 65).decode("ascii", "replace")
        elif tag == _MESSAGE_STATE:
            if size != 1 or value[0] not in _MESSAGE_STATES:
                raise Unusual("a message_state the codec does not know")
            state = value[0]
        elif tag in _SKIPPED:
            if _SKIPPED[tag] not in (None, size):
                raise Unusual(f"optional parameter 0x{tag:04x} of {size} bytes")
        elif not any(low <= tag <= high for low, high in _RESERVED_TAGS):
            raise Unusual(f"optional parameter 0x{tag:04x}")
        at += 4 + size
    return DeliverSm(sequence=sequence, source_addr_ton=source_ton, source_addr=source.decode("latin-1"),
                     destination_addr=destination.decode("latin-1"), esm_class=esm, data_coding=data_coding,
                     short_message=short_message, message_payload=payload, receipted_message_id=receipted,
                     message_state=state)


def _c_octets(text: str, size: int) -> bytes:
    """A C-Octet string (§3.1): ASCII and a NUL, `size` bytes at most with it."""
    value = text.encode("ascii") + b"\x00"
    if len(value) > size:
        raise ValueError(f"{text!r} is longer than {size - 1} characters")
    return value


def _c_octet_string(raw: bytes, at: int, size: int) -> tuple[bytes, int]:
    """The C-Octet string at `at` (up to `size` bytes with its NUL) and where the next field starts."""
    end = raw.find(b"\x00", at, at + size)
    if end < 0:
        raise Unusual("a C-Octet string without its NUL, or too long")
    return raw[at:end], end + 1


def _whole_c_octet_string(value: bytes, size: int) -> bytes:
    """An optional parameter's C-Octet string, which must end at its length."""
    if not value or len(value) > size or value.find(b"\x00") != len(value) - 1:
        raise Unusual("an optional parameter's C-Octet string that does not end at its length")
    return value[:-1]


def _byte(raw: bytes, at: int) -> int:
    if at >= len(raw):
        raise Unusual("a PDU shorter than its fields")
    return raw[at]
