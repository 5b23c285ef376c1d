"""What the carrier tells us over SMPP: delivery receipts and mobile-originated SMS (`deliver_sm`).

Receipts (the `id:… stat:…` text or the `receipted_message_id` / `message_state` TLVs) become
delivery reports about the message the id stands for: every part of a long message stands for
its first part's id, so however many parts report, the message is reported on once. Replies become
inbound SMS (long ones reassembled from their UDH parts, kept a while, never without bound), so
STOP works over SMPP. Both go to the listener in small batches, and each `deliver_sm` is
acknowledged only once the listener has its batch written (`ESME_RX_T_APPN` if that failed: the peer
sends it again). A receipt for an id no answer has named yet, while submits are in flight, has likely
overtaken its `submit_sm_resp`: it is acknowledged at once (so a peer that waits for that before
answering the submit is not held up) and handed over once the answer is read, or after a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace

from adapters.gateways.smpp.addressing import e164_from_address
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.encoding import decode_short_message
from adapters.gateways.smpp.receipts import parse_receipt, report_error, report_event
from adapters.gateways.smpp.answers import ESME_ROK, ESME_RX_T_APPN
from adapters.gateways.smpp.wire import DeliverSm
from application.ports import Clock, DeliveryReport, GatewayListener, InboundSms

log = logging.getLogger("ujumbe.smpp")

_RECEIPT_TYPES = (0x04, 0x08, 0x10, 0x20)  # esm_class bits 2–5: SMSC receipt, SME acks, intermediate
_OVERTAKE_GRACE = 1.0  # seconds a receipt waits for the submit_sm_resp it overtook
_LONG_INBOUND_KEPT = 1_000  # replies being reassembled
_LONG_INBOUND_FOR = 600.0  # seconds the first part of a long reply waits for the others

Reply = Callable[[int], None]
Heard = tuple["DeliveryReport | InboundSms", "Reply | None", float]  # what, its acknowledgement (None: given), when


class CarrierReports:
    def __init__(self, listener: GatewayListener | None, clock: Clock,
                 reference_of: Callable[[tuple[str, str]], str | None],
                 submits_in_flight: Callable[[], bool], flush_every: float = 0.002) -> None:
        self._listener, self._clock, self._flush_every = listener, clock, flush_every
        # the message a (bind, part id) stands for, once its answer was read
        self._reference_of = reference_of
        self._submits_in_flight = submits_in_flight
        self._heard: list[Heard] = []
        self._flusher: asyncio.Task[None] | None = None
        # (bind, source, destination, reference, total) → (first heard, parts by sequence)
        self._long_inbound: OrderedDict[tuple[str, str, str, int, int], tuple[float, dict[int, str]]] = OrderedDict()

    def reset(self) -> None:
        """A new event loop: nothing of the old one carries over."""
        self._heard, self._flusher = [], None

    async def flushed(self) -> None:
        """Everything heard so far handed over (shutdown)."""
        if self._flusher is not None:
            with contextlib.suppress(Exception):
                await self._flusher

    def on_deliver(self, bind: BindSettings, pdu: DeliverSm, reply: Reply) -> None:
        esm = pdu.esm_class
        body = pdu.short_message or pdu.message_payload or b""
        if esm & 0x3C in _RECEIPT_TYPES or pdu.receipted_message_id is not None:
            self._receipt(bind.name, body, pdu.receipted_message_id or None, pdu.message_state, reply)
            return
        text, concat = decode_short_message(pdu.data_coding, esm, body, packed=bind.profile.packed)
        source = e164_from_address(pdu.source_addr, pdu.source_addr_ton)
        destination = pdu.destination_addr
        if concat is not None and concat.total > 1:
            whole = self._reassembled((bind.name, source, destination, concat.reference, concat.total),
                                      concat.sequence, text)
            if whole is None:
                reply(ESME_ROK)  # kept until the last part arrives
                return
            text = whole
        self._hear(InboundSms(from_number=source, text=text, to=destination or None,
                              received_at=self._clock.now()), reply)

    def _receipt(self, bind: str, body: bytes, receipted: str | None, state: int | None, reply: Reply) -> None:
        receipt = parse_receipt(body, receipted, state)
        event = report_event(receipt) if receipt is not None else None
        if receipt is None or event is None:  # unreadable or intermediate: nothing to pass on
            if receipt is None:
                # Up to its free `text:` field, which quotes the message the customer sent.
                log.warning("SMPP: an unreadable delivery receipt: %r", _before_text(body)[:200])
            reply(ESME_ROK)
            return
        # Which message the id stands for is looked up when the batch is handed over.
        self._hear(DeliveryReport(gateway_ref=receipt.message_id, event=event, reported_at=self._clock.now(),
                                  error=report_error(receipt), bind=bind), reply)

    def _reassembled(self, key: tuple[str, str, str, int, int], sequence: int, text: str) -> str | None:
        now = time.monotonic()
        while self._long_inbound and (len(self._long_inbound) > _LONG_INBOUND_KEPT
                                      or now - next(iter(self._long_inbound.values()))[0] > _LONG_INBOUND_FOR):
            self._long_inbound.popitem(last=False)  # the oldest gave up on its missing parts
        first_heard, parts = self._long_inbound.setdefault(key, (now, {}))
        parts[sequence] = text
        if len(parts) < key[-1]:
            return None
        del self._long_inbound[key]
        return "".join(parts[i] for i in sorted(parts))

    def _hear(self, item: DeliveryReport | InboundSms, reply: Reply) -> None:
        self._heard.append((item, reply, time.monotonic()))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        """What was heard, handed to the listener together every `flush_every` seconds."""
        while self._heard:
            await asyncio.sleep(self._flush_every)
            heard, self._heard = self._overtaking(self._heard)
            status = ESME_ROK
            try:
                if self._listener is not None:
                    reports = [item for item, _, _ in heard if isinstance(item, DeliveryReport)]
                    if reports:
                        await self._listener.delivery_reports([replace(
                            report, gateway_ref=self._reference_of(_key(report)) or report.gateway_ref)
                            for report in reports])
                    for item, _, _ in heard:
                        if isinstance(item, InboundSms):
                            await self._listener.inbound_sms(item)
            except Exception:
                log.warning("SMPP: %d receipt(s)/inbound SMS could not be written; the peer will resend",
                            len(heard), exc_info=True)
                status = ESME_RX_T_APPN
            for _, reply, _ in heard:
                if reply is not None:
                    reply(status)

    def _overtaking(self, heard: list[Heard]) -> tuple[list[Heard], list[Heard]]:
        """(what to hand over now, what to keep a little): receipts that overtook their answer
        are acknowledged now and kept until it is read, up to `_OVERTAKE_GRACE`."""
        if not self._submits_in_flight():
            return heard, []
        now = time.monotonic()
        ready: list[Heard] = []
        kept: list[Heard] = []
        for item, reply, at in heard:
            if (isinstance(item, DeliveryReport) and self._reference_of(_key(item)) is None
                    and now - at < _OVERTAKE_GRACE):
                if reply is not None:
                    reply(ESME_ROK)
                kept.append((item, None, at))
            else:
                ready.append((item, reply, at))
        return ready, kept


def _key(report: DeliveryReport) -> tuple[str, str]:
    """Where a receipt's id was issued: the bind it came in on, and the id."""
    return report.bind or "", report.gateway_ref


def _before_text(receipt: bytes) -> bytes:
    """A receipt up to its free `text:` field (any case)."""
    return re.split(rb"(?i)text:", receipt, maxsplit=1)[0]
