"""What the peer sends on a link, read and answered: an answer goes to the request awaiting it
(`answers.Outstanding`), each `deliver_sm` to `on_deliver` with a `reply` to call once what it
carries is safe (the peer resends what is never answered), the peer's own requests are answered, and
what cannot be read is answered by its header. The usual PDUs are read by `wire`, the rest by the
codec.
"""

from __future__ import annotations

import asyncio
import io
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from smpp.pdu import constants, operations
from smpp.pdu.error import PDUParseError
from smpp.pdu.pdu_types import CommandId, CommandStatus

from adapters.gateways.smpp import wire
from adapters.gateways.smpp.answers import Outstanding, SubmitSmResp, known_status
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.pdus import Codec, deliver_sm_values
from adapters.gateways.smpp.wire import DeliverSm

_MAX_PDU = 65_536
_RESPONSE = 0x80000000

DeliverHandler = Callable[[BindSettings, DeliverSm, Callable[[int], None]], None]


class LinkLost(Exception):
    """The connection cannot go on (or never came): why, to say so."""


async def read_pdu(reader: asyncio.StreamReader) -> bytes:
    header = await reader.readexactly(16)
    length = int.from_bytes(header[:4])
    if not 16 <= length <= _MAX_PDU:
        raise LinkLost(f"a PDU of {length} bytes")
    return header + await reader.readexactly(length - 16)


@dataclass(frozen=True, slots=True)
class Unparsed:
    """A PDU the codec could not read: answered by its header alone."""

    command_id: int
    status: int
    sequence: int
    error: PDUParseError


def command_status(pdu: Any) -> int:
    """The command status of a PDU the codec read, as a number."""
    return int(constants.command_status_name_map[pdu.status.name])


class InboundPdus:
    """Every PDU read on one bind's link, dispatched; replies go on the link's current connection."""

    def __init__(self, settings: BindSettings, outstanding: Outstanding, on_deliver: DeliverHandler,
                 codec: Codec, writer: Callable[[], asyncio.StreamWriter | None]) -> None:
        self._settings = settings
        self._outstanding = outstanding
        self._on_deliver = on_deliver
        self._codec = codec
        self._writer = writer

    def decode(self, raw: bytes) -> Any:
        """The codec's PDU, or what it could not parse."""
        try:
            return self._codec.decode(io.BytesIO(raw))
        except PDUParseError as exc:
            command_id, status, sequence = struct.unpack_from(">4xIII", raw)
            return Unparsed(command_id, status, sequence, exc)

    def dispatch(self, raw: bytes) -> None:
        command_id = int.from_bytes(raw[4:8])
        try:
            answer = wire.read_submit_sm_resp(raw) if command_id == wire.SUBMIT_SM_RESP else None
            delivery = wire.read_deliver_sm(raw) if command_id == wire.DELIVER_SM else None
        except wire.Unusual:
            answer = delivery = None  # the codec reads it, or says what is wrong with it
        if answer is not None:
            status, sequence, message_id = answer
            self._outstanding.answered(sequence, SubmitSmResp(known_status(status), message_id))
        elif delivery is not None:
            self._deliver(delivery)
        else:
            self._dispatch_decoded(self.decode(raw))

    def _dispatch_decoded(self, pdu: Any) -> None:
        if isinstance(pdu, Unparsed):
            if pdu.command_id & _RESPONSE:
                self._outstanding.answered(pdu.sequence, SubmitSmResp(pdu.status, None))
            else:
                self._send(operations.GenericNack(seqNum=pdu.sequence, status=pdu.error.status))
            return
        command = pdu.id
        if command in (CommandId.submit_sm_resp, CommandId.enquire_link_resp, CommandId.unbind_resp,
                       CommandId.generic_nack):
            message_id = pdu.params.get("message_id") if command == CommandId.submit_sm_resp else None
            self._outstanding.answered(pdu.seqNum, SubmitSmResp(command_status(pdu), message_id.decode(
                "ascii", "replace") if isinstance(message_id, bytes) else None))
        elif command == CommandId.deliver_sm:
            self._deliver(deliver_sm_values(pdu))
        elif command == CommandId.enquire_link:
            self._send(operations.EnquireLinkResp(seqNum=pdu.seqNum))
        elif command == CommandId.unbind:
            self._send(operations.UnbindResp(seqNum=pdu.seqNum))
            if (writer := self._writer()) is not None:
                writer.close()  # the reader ends; bound again unless closing
        elif not command.name.endswith("_resp"):
            self._send(operations.GenericNack(seqNum=pdu.seqNum, status=CommandStatus.ESME_RINVCMDID))

    def _deliver(self, pdu: DeliverSm) -> None:
        writer, sequence = self._writer(), pdu.sequence
        self._on_deliver(self._settings, pdu,
                         lambda status: self._reply(writer, wire.deliver_sm_resp(sequence, status)))

    def _reply(self, writer: asyncio.StreamWriter | None, data: bytes) -> None:
        if writer is not None and writer is self._writer() and not writer.is_closing():
            writer.write(data)

    def _send(self, pdu: Any) -> None:
        self._reply(self._writer(), self._codec.encode(pdu))
