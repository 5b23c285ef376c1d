"""The SMPP gateway: the `SmsGateway` port over one or more binds (`UJUMBE_GATEWAY=smpp://…`).

Routing: a number goes to a bound bind routed for its carrier (`carriers=` in the bind's URL), else
to a default bind (one without `carriers`), else, when no bind is a default, to any bound bind; among
equals, the one with the fewest submits in flight. A bind that is down is passed over (failover);
with none bound, a submit waits up to `bind_wait` for one, then is unavailable.

A message goes on air as its parts (`encoding.air_parts`: GSM-7 or UCS-2, UDH-concatenated or one
`message_payload`), one after the other, each under the bind's window, TPS cap and throttling
retries (`ESME_RTHROTTLED`, `ESME_RMSGQFUL`: nothing was taken, so the same part is submitted
again). The first part's id is the message's gateway reference; the others' receipts are mapped to
it, so however many parts report, the message is reported on (and counted) once. An
`ESME_RINVSRCADR` answer to the first part re-sends the message once under the default sender.

Idempotency (SMPP has no idempotency key on the wire): a message id this process has answered is
answered the same again without sending, including an answer that came after its submit had
timed out. A message handed over without an answer (a timeout, the link lost with it in flight)
may have been taken, so it is never submitted again: a repeat gets "no answer" again (unless its
answer has come late meanwhile), the message stays pending, and the reconciler fails and refunds it
as `gateway_no_answer` ("it may have gone out") when it gives up. A message never handed over (no
bind, the window never free) was not taken and goes out normally when submitted again. This memory
is the process's: after a restart, a repeat of such a message is submitted again.

Receipts and mobile-originated SMS from every bind go to the listener in small batches, and each
`deliver_sm` is acknowledged only once its batch is queued (`ESME_RX_T_APPN` if queueing failed:
the peer sends it again).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import time
from collections import OrderedDict
from dataclasses import replace
from collections.abc import Callable, Sequence
from typing import Any

from smpp.pdu import constants, operations
from smpp.pdu.pdu_types import AddrNpi, AddrTon, RegisteredDelivery, RegisteredDeliveryReceipt

from adapters.gateways.smpp.addressing import destination_address, e164_from_address, source_address
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.encoding import AirPart, air_parts, decode_short_message
from adapters.gateways.smpp.pdus import data_coding, data_coding_value, esm_class, esm_class_value, number
from adapters.gateways.smpp.receipts import parse_receipt, report_error, report_event
from adapters.gateways.smpp.session import (
    ESME_RMSGQFUL,
    ESME_ROK,
    ESME_RTHROTTLED,
    ESME_RX_T_APPN,
    Answer,
    BindStatus,
    SessionUnavailable,
    SmppSession,
    SubmitNoAnswer,
    status_name,
)
from application.ports import (
    Clock,
    DeliveryReport,
    GatewayListener,
    GatewayNoAnswer,
    GatewayUnavailable,
    InboundSms,
    OutboundSms,
)
from domain.phone import carrier_of
from domain.submits import Answer as Kind
from domain.submits import SubmitResult

log = logging.getLogger("ujumbe.smpp")

ESME_RINVSRCADR = constants.command_status_name_map["ESME_RINVSRCADR"]
_RECEIPT_REQUESTED = RegisteredDelivery(RegisteredDeliveryReceipt.SMSC_DELIVERY_RECEIPT_REQUESTED)
_RECEIPT_TYPES = (0x04, 0x08, 0x10, 0x20)  # esm_class bits 2–5: SMSC receipt, SME acks, intermediate
_REMEMBERED_ANSWERS = 200_000
_REMEMBERED_PARTS = 500_000
_OVERTAKE_GRACE = 1.0  # seconds a receipt waits for the submit_sm_resp it overtook
Heard = tuple[DeliveryReport | InboundSms, Callable[[int], None], float]  # what, its acknowledgement, when


class SmppGateway:
    def __init__(self, binds: Sequence[BindSettings], *, default_sender: str, clock: Clock,
                 listener: GatewayListener | None = None, bind_wait: float = 2.0,
                 throttle_retries: int = 30, flush_every: float = 0.02) -> None:
        if not binds:
            raise ValueError("an SMPP gateway needs at least one bind")
        self._binds = list(binds)
        self._default_sender = default_sender
        self._clock = clock
        self._listener = listener
        self._bind_wait = bind_wait
        self._throttle_retries = throttle_retries
        self._flush_every = flush_every
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sessions: list[SmppSession] = []
        self._answers: OrderedDict[str, SubmitResult] = OrderedDict()
        self._unanswered: OrderedDict[str, None] = OrderedDict()  # handed over, no answer (yet)
        self._submitting: dict[str, asyncio.Future[SubmitResult]] = {}
        # every accepted part's id → its message's reference (its first part's id)
        self._reference_of: OrderedDict[str, str] = OrderedDict()
        self._references = itertools.count(random.randrange(65_536))
        self._heard: list[Heard] = []
        self._flusher: asyncio.Task[None] | None = None
        self._long_inbound: dict[tuple[str, int], dict[int, str]] = {}

    # -- life cycle --------------------------------------------------------------------------------

    def open(self) -> None:
        """Start every bind (they connect in the background); idempotent per event loop."""
        loop = asyncio.get_running_loop()
        if loop is self._loop:
            return
        self._loop = loop  # a new loop (a test, a CLI run): nothing of an old one carries over
        self._sessions = [SmppSession(bind, self._on_deliver) for bind in self._binds]
        self._submitting, self._heard, self._flusher = {}, [], None
        for session in self._sessions:
            session.start()

    async def wait_bound(self, timeout: float) -> bool:
        """Whether every bind is bound within `timeout` seconds (start-up, tests)."""
        self.open()
        return all(await asyncio.gather(*(s.wait_bound(timeout) for s in self._sessions)))

    async def close(self) -> None:
        """Hand over what was heard, then unbind every bind."""
        if self._loop is not asyncio.get_running_loop():
            return
        if self._flusher is not None:
            with contextlib.suppress(Exception):
                await self._flusher
        await asyncio.gather(*(s.close() for s in self._sessions))
        self._loop = None

    @property
    def window(self) -> int:
        """Submits all binds keep in flight together."""
        return sum(bind.window for bind in self._binds)

    def status(self) -> list[BindStatus]:
        if not self._sessions:
            return [SmppSession(bind, self._on_deliver).status() for bind in self._binds]
        return [s.status() for s in self._sessions]

    # -- submitting -------------------------------------------------------------------------------

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        known = self._answers.get(sms.message_id)
        if known is not None:
            return known
        if sms.message_id in self._unanswered:  # SMPP has no idempotency key: never on air twice
            raise GatewayNoAnswer("handed over before and never answered: not submitted again")
        self.open()
        running = self._submitting.get(sms.message_id)
        if running is not None:  # the same id twice at once: one submit, one answer
            return await asyncio.shield(running)
        future: asyncio.Future[SubmitResult] = asyncio.get_running_loop().create_future()
        self._submitting[sms.message_id] = future
        try:
            result = await self._submit(sms)
        except GatewayNoAnswer:
            self._unanswered[sms.message_id] = None
            if len(self._unanswered) > _REMEMBERED_ANSWERS:
                self._unanswered.popitem(last=False)
            future.set_exception(GatewayNoAnswer("handed over, never answered"))
            future.exception()
            raise
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a lone submit's error is not "never retrieved"
            raise
        else:
            future.set_result(result)
            if result.kind in (Kind.ACCEPTED, Kind.REJECTED):
                self._remember(sms.message_id, result)
            return result
        finally:
            del self._submitting[sms.message_id]

    async def _submit(self, sms: OutboundSms) -> SubmitResult:
        session = await self._route(sms.to)
        result = await self._submit_parts(session, sms, sms.sender)
        if result.kind == Kind.REJECTED and result.reason == status_name(ESME_RINVSRCADR) \
                and sms.sender != self._default_sender:
            log.warning("SMPP bind %s refused sender %r for message %s; re-sent under %r",
                        session.settings.name, sms.sender, sms.message_id, self._default_sender)
            result = await self._submit_parts(session, sms, self._default_sender)
            if result.kind == Kind.ACCEPTED:
                return SubmitResult(Kind.ACCEPTED, gateway_ref=result.gateway_ref, sender=self._default_sender)
        return result

    async def _route(self, to: str) -> SmppSession:
        carrier = carrier_of(to).lower()
        routed = [s for s in self._sessions if carrier in (c.lower() for c in s.settings.carriers)]
        defaults = [s for s in self._sessions if not s.settings.carriers]
        tiers = [routed, defaults or self._sessions]
        for attempt in range(2):
            for tier in tiers:
                bound = [s for s in tier if s.bound]
                if bound:
                    return min(bound, key=lambda s: s.in_flight)
            # None bound: wait for one that is coming back (down for less than `bind_wait`); a
            # route down for longer fails at once, so a bulk to a dead carrier is refunded quickly.
            coming_back = [s for tier in tiers for s in tier if s.down_for < self._bind_wait]
            if attempt or not coming_back:
                break
            waits = [asyncio.ensure_future(s.wait_bound(self._bind_wait - s.down_for)) for s in coming_back]
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for wait in waits:
                wait.cancel()
        reasons = "; ".join(f"{s.settings.name}: {s.status().last_error or s.status().state}" for s in self._sessions)
        raise GatewayUnavailable(f"no SMPP bind is bound ({reasons})")

    async def _submit_parts(self, session: SmppSession, sms: OutboundSms, sender: str) -> SubmitResult:
        """Every part on one bind, in order; the message's answer is its first part's."""
        profile = session.settings.profile
        parts = air_parts(sms.text, profile, next(self._references) % (65_536 if profile.udh16 else 256))
        ids: list[str] = []
        for index, part in enumerate(parts):
            pdu = _submit_sm(sms.to, sender, part)
            heard = self._answer_heard(sms.message_id, len(parts), ids[0] if ids else None)
            try:
                answer = await self._submit_part(session, pdu, heard)
            except SessionUnavailable as exc:
                if not ids:
                    raise GatewayUnavailable(str(exc)) from exc
                raise GatewayNoAnswer(f"part {index + 1} of {len(parts)} not handed over: {exc}") from exc
            except SubmitNoAnswer as exc:
                raise GatewayNoAnswer(str(exc)) from exc
            if answer.status != ESME_ROK:
                if not ids:
                    return SubmitResult.rejected(status_name(answer.status))
                log.warning("SMPP bind %s refused part %d of %d of message %s: %s", session.settings.name,
                            index + 1, len(parts), sms.message_id, status_name(answer.status))
                break
            ids.append(answer.message_id or "")
        return SubmitResult.accepted(ids[0] or None)

    async def _submit_part(self, session: SmppSession, pdu: Any, heard: Callable[[Answer], None] | None) -> Answer:
        for _ in range(self._throttle_retries):
            answer = await session.submit(pdu, heard)
            if answer.status not in (ESME_RTHROTTLED, ESME_RMSGQFUL):
                return answer
        raise SessionUnavailable(f"still throttled after {self._throttle_retries} tries")

    def _answer_heard(self, message_id: str, parts: int, first: str | None) -> Callable[[Answer], None]:
        """What to note as a part's answer is read, before anything read after it (its receipt
        may follow at once): its id stands for the message's reference (the first part's id); a
        one-part message's answer is kept for a submit again, also one that came after its submit
        gave up waiting."""
        def heard(answer: Answer) -> None:
            if answer.status == ESME_ROK and answer.message_id:
                self._remember_part(answer.message_id, first or answer.message_id)
            if parts > 1 or answer.status in (ESME_RTHROTTLED, ESME_RMSGQFUL):
                return
            self._remember(message_id, SubmitResult.accepted(answer.message_id) if answer.status == ESME_ROK
                           else SubmitResult.rejected(status_name(answer.status)))
        return heard

    def _remember(self, message_id: str, result: SubmitResult) -> None:
        self._answers[message_id] = result
        if len(self._answers) > _REMEMBERED_ANSWERS:
            self._answers.popitem(last=False)

    def _remember_part(self, part_id: str, reference: str) -> None:
        self._reference_of[part_id] = reference
        if len(self._reference_of) > _REMEMBERED_PARTS:
            self._reference_of.popitem(last=False)

    # -- what the carrier tells us ------------------------------------------------------------------

    def _on_deliver(self, pdu: Any, reply: Callable[[int], None]) -> None:
        params = pdu.params
        esm = esm_class_value(params.get("esm_class"))
        receipted = params.get("receipted_message_id")
        state = params.get("message_state")
        body = params.get("short_message") or params.get("message_payload") or b""
        if esm & 0x3C in _RECEIPT_TYPES or receipted is not None:
            receipt = parse_receipt(body, receipted.decode("ascii", "replace") if receipted else None,
                                    number(constants.message_state_name_map, state))
            event = report_event(receipt) if receipt is not None else None
            if receipt is None or event is None:  # unreadable or intermediate: nothing to pass on
                if receipt is None:
                    log.warning("SMPP: an unreadable delivery receipt: %r", body[:200])
                reply(ESME_ROK)
                return
            # Which message the id stands for is looked up when the batch is handed over.
            self._hear(DeliveryReport(gateway_ref=receipt.message_id, event=event, reported_at=self._clock.now(),
                                      error=report_error(receipt)), reply)
            return
        text, concat = decode_short_message(data_coding_value(params.get("data_coding")), esm, body)
        source = e164_from_address(_text(params.get("source_addr")),
                                   number(constants.addr_ton_name_map, params.get("source_addr_ton")) or 0)
        if concat is not None and concat.total > 1:
            pieces = self._long_inbound.setdefault((source, concat.reference), {})
            pieces[concat.sequence] = text
            if len(pieces) < concat.total:
                reply(ESME_ROK)  # kept until the last part arrives
                return
            del self._long_inbound[(source, concat.reference)]
            text = "".join(pieces[i] for i in sorted(pieces))
        self._hear(InboundSms(from_number=source, text=text, to=_text(params.get("destination_addr")) or None,
                              received_at=self._clock.now()), reply)

    def _hear(self, item: DeliveryReport | InboundSms, reply: Callable[[int], None]) -> None:
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
                    reports = [replace(item, gateway_ref=self._reference_of.get(item.gateway_ref, item.gateway_ref))
                               for item, _, _ in heard if isinstance(item, DeliveryReport)]
                    if reports:
                        await self._listener.delivery_reports(reports)
                    for item, _, _ in heard:
                        if isinstance(item, InboundSms):
                            await self._listener.inbound_sms(item)
            except Exception:
                log.warning("SMPP: %d receipt(s)/inbound SMS could not be queued; the peer will resend",
                            len(heard), exc_info=True)
                status = ESME_RX_T_APPN
            for _, reply, _ in heard:
                reply(status)

    def _overtaking(self, heard: list[Heard]) -> tuple[list[Heard], list[Heard]]:
        """(what to hand over now, what to keep): a receipt for an id no answer has named yet,
        while submits are in flight, has likely overtaken its submit_sm_resp; it waits for it
        up to `_OVERTAKE_GRACE` (then goes as it is: a later rematch may still place it)."""
        if not any(s.in_flight for s in self._sessions):
            return heard, []
        now = time.monotonic()
        ready: list[Heard] = []
        kept: list[Heard] = []
        for entry in heard:
            item, _, at = entry
            early = (isinstance(item, DeliveryReport) and item.gateway_ref not in self._reference_of
                     and now - at < _OVERTAKE_GRACE)
            (kept if early else ready).append(entry)
        return ready, kept


def _submit_sm(to: str, sender: str, part: AirPart) -> Any:
    source, destination = source_address(sender), destination_address(to)
    optional = {"message_payload": part.message_payload} if part.message_payload is not None else {}
    return operations.SubmitSM(
        source_addr_ton=getattr(AddrTon, constants.addr_ton_value_map[source.ton]),
        source_addr_npi=getattr(AddrNpi, constants.addr_npi_value_map[source.npi]),
        source_addr=source.addr,
        dest_addr_ton=getattr(AddrTon, constants.addr_ton_value_map[destination.ton]),
        dest_addr_npi=getattr(AddrNpi, constants.addr_npi_value_map[destination.npi]),
        destination_addr=destination.addr,
        esm_class=esm_class(part.esm_class), registered_delivery=_RECEIPT_REQUESTED,
        data_coding=data_coding(part.data_coding), short_message=part.short_message, **optional,
    )


def _text(value: object) -> str:
    return value.decode("latin-1") if isinstance(value, bytes) else str(value or "")
