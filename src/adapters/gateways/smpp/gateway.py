"""The SMPP gateway: the `SmsGateway` port over one or more binds (`UJUMBE_GATEWAY=smpp://…`).

Routing: a number goes to a bound bind routed for its carrier (`carriers=` in the bind's URL), else
to a default bind (one without `carriers`), else, when no bind is a default, to any bound bind; among
equals, the one with the fewest submits in flight. A bind that is down is passed over (failover),
also when it drops while a message waits for room in it; with none bound, a submit waits up to
`bind_wait` for one that is coming back, then is unavailable.

A message goes on air as its parts (`encoding.air_parts`: GSM-7 or UCS-2, UDH-concatenated or one
`message_payload`), one after the other, each under the bind's window, TPS cap and throttling
retries (`ESME_RTHROTTLED`, `ESME_RMSGQFUL`: nothing was taken, so the same part is submitted
again). The first part's id is the message's gateway reference, and every later part's id stands
for it (`deliveries`). A message of which some parts went out is accepted (its receipts match; the
missing parts are logged). An `ESME_RINVSRCADR` answer to the first part re-sends the message once
under the default sender.

Idempotency (SMPP has no idempotency key on the wire): a message id this process has answered is
answered the same again without sending, including an answer that came after its submit had
timed out. A message handed over without an answer (a timeout, the link lost with it in flight)
may have been taken, so it is never submitted again: a repeat, from this process or marked
`handed_over` by the application from any process, gets "no answer" again unless its answer has come
late meanwhile; the message stays pending, and the reconciler fails and refunds it as
`gateway_no_answer` ("it may have gone out") when it gives up. A message never handed over (no
bind, the window never free) was not taken, and goes out when submitted again.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from smpp.pdu import constants

from adapters.gateways.smpp.addressing import destination_address, source_address
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.deliveries import CarrierReports
from adapters.gateways.smpp.encoding import AirPart, air_parts
from adapters.gateways.smpp.answers import (
    ESME_RMSGQFUL,
    ESME_ROK,
    ESME_RTHROTTLED,
    SessionUnavailable,
    SubmitNoAnswer,
    SubmitSmResp,
    status_name,
)
from adapters.gateways.smpp.session import BindStatus, SmppSession
from adapters.gateways.smpp.wire import submit_sm_body
from application.ports import NO_METRICS, Clock, GatewayListener, GatewayNoAnswer, GatewayUnavailable, Metrics, OutboundSms
from domain.phone import carrier_of
from domain.submits import Answer, SubmitResult

log = logging.getLogger("ujumbe.smpp")

ESME_RINVSRCADR = constants.command_status_name_map["ESME_RINVSRCADR"]
_THROTTLED = (ESME_RTHROTTLED, ESME_RMSGQFUL)
_REMEMBERED = 200_000  # message ids answered, or handed over without an answer
_REMEMBERED_PARTS = 500_000


class SmppGateway:
    def __init__(self, binds: Sequence[BindSettings], *, default_sender: str, clock: Clock,
                 listener: GatewayListener | None = None, bind_wait: float = 2.0,
                 throttle_retries: int = 30, flush_every: float = 0.002, metrics: Metrics = NO_METRICS) -> None:
        if not binds:
            raise ValueError("an SMPP gateway needs at least one bind")
        self._binds = list(binds)
        self._default_sender = default_sender
        self._bind_wait = bind_wait
        self._throttle_retries = throttle_retries
        self._metrics = metrics  # each submit_sm's round trip, by bind
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sessions: list[SmppSession] = []
        self._answers: OrderedDict[str, SubmitResult] = OrderedDict()
        self._unanswered: OrderedDict[str, None] = OrderedDict()  # handed over, no answer (yet)
        self._submitting: dict[str, asyncio.Future[SubmitResult]] = {}
        # every accepted part's (bind, id) → its message's reference (its first part's id): two
        # SMSCs may issue the same id, so an id stands for a message only on its own bind
        self._reference_of: OrderedDict[tuple[str, str], str] = OrderedDict()
        self._references = itertools.count(random.randrange(65_536))
        self._reports = CarrierReports(listener, clock, self._reference_of.get,
                                       lambda: any(s.in_flight for s in self._sessions), flush_every)

    # -- life cycle --------------------------------------------------------------------------------

    def open(self) -> None:
        """Start every bind (they connect in the background); idempotent per event loop."""
        loop = asyncio.get_running_loop()
        if loop is self._loop:
            return
        self._loop = loop  # a new loop (a test, a CLI run): nothing of an old one carries over
        self._sessions = [SmppSession(bind, self._reports.on_deliver) for bind in self._binds]
        self._submitting = {}
        self._reports.reset()
        for session in self._sessions:
            session.start()

    async def wait_bound(self, timeout: float) -> bool:
        """Whether every bind is bound within `timeout` seconds (start-up, tests)."""
        self.open()
        return all(await asyncio.gather(*(s.wait_bound(timeout) for s in self._sessions)))

    async def wait_available(self, timeout: float) -> bool:
        """Whether some bind is bound within `timeout` seconds (a campaign waiting out an outage)."""
        self.open()
        if any(s.bound for s in self._sessions):
            return True
        waits = [asyncio.ensure_future(s.wait_bound(timeout)) for s in self._sessions]
        try:
            while waits:
                done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if any(task.result() for task in done):
                    return True
                waits = list(pending)
            return False
        finally:
            for wait in waits:
                wait.cancel()

    async def close(self) -> None:
        """Let what is in flight be answered, hand over what was heard, unbind every bind."""
        if self._loop is not asyncio.get_running_loop():
            return
        await asyncio.gather(*(s.close() for s in self._sessions))
        await self._reports.flushed()
        self._loop = None

    @property
    def window(self) -> int:
        """Submits all binds keep in flight together."""
        return sum(bind.window for bind in self._binds)

    def status(self) -> list[BindStatus]:
        if not self._sessions:
            return [SmppSession(bind, self._reports.on_deliver).status() for bind in self._binds]
        return [s.status() for s in self._sessions]

    # -- submitting -------------------------------------------------------------------------------

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.open()
        running = self._submitting.get(sms.message_id)
        if running is not None:  # the same id twice at once: one submit, one answer
            return await asyncio.shield(running)
        known = self._answers.get(sms.message_id)
        if known is not None:
            return known
        if sms.handed_over or sms.message_id in self._unanswered:  # never on air twice
            raise GatewayNoAnswer("handed over before and never answered: not submitted again")
        future: asyncio.Future[SubmitResult] = asyncio.get_running_loop().create_future()
        self._submitting[sms.message_id] = future
        try:
            result = await self._submit(sms)
        except GatewayUnavailable as exc:  # nothing was handed over
            future.set_exception(exc)
            future.exception()  # retrieved: a lone submit's error is not "never retrieved"
            raise
        except BaseException as exc:  # no answer, or cancelled: it may have been handed over
            self._remember(self._unanswered, sms.message_id, None)
            future.set_exception(GatewayNoAnswer(f"handed over, never answered: {exc}"))
            future.exception()
            raise
        else:
            future.set_result(result)
            self._remember(self._answers, sms.message_id, result)
            return result
        finally:
            del self._submitting[sms.message_id]

    async def _submit(self, sms: OutboundSms) -> SubmitResult:
        session = await self._route(sms.to)
        try:
            result = await self._submit_parts(session, sms, sms.sender)
        except GatewayUnavailable:  # the bind dropped before anything was written: another may be up
            session = await self._route(sms.to)
            result = await self._submit_parts(session, sms, sms.sender)
        if result.kind == Answer.REJECTED and result.reason == status_name(ESME_RINVSRCADR) \
                and sms.sender != self._default_sender:
            log.warning("SMPP bind %s refused sender %r for message %s; re-sent under %r",
                        session.settings.name, sms.sender, sms.message_id, self._default_sender)
            result = await self._submit_parts(session, sms, self._default_sender)
            if result.kind == Answer.ACCEPTED:
                return SubmitResult(Answer.ACCEPTED, gateway_ref=result.gateway_ref, sender=self._default_sender,
                                    bind=result.bind)
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
            heard = self._answer_heard(session.settings.name, sms.message_id, len(parts), ids[0] if ids else None)
            try:
                answer = await self._submit_part(session, _submit_sm(sms.to, sender, part), heard)
            except (SessionUnavailable, SubmitNoAnswer) as exc:
                if not ids:  # nothing of it went out (unavailable), or it may have (no answer)
                    raise (GatewayUnavailable if isinstance(exc, SessionUnavailable) else GatewayNoAnswer)(
                        str(exc)) from exc
                log.warning("SMPP: part %d of %d of message %s not taken: %s", index + 1, len(parts),
                            sms.message_id, exc)
                break
            if answer.status != ESME_ROK:
                if not ids:
                    return SubmitResult.rejected(status_name(answer.status))
                log.warning("SMPP bind %s refused part %d of %d of message %s: %s", session.settings.name,
                            index + 1, len(parts), sms.message_id, status_name(answer.status))
                break
            ids.append(answer.message_id or "")
        return SubmitResult.accepted(ids[0] or None, session.settings.name)  # some went out: its receipts match

    async def _submit_part(self, session: SmppSession, submit_sm: bytes,
                           heard: Callable[[SubmitSmResp], None]) -> SubmitSmResp:
        for _ in range(self._throttle_retries):
            answer = await self._timed_submit(session, submit_sm, heard)
            if answer.status not in _THROTTLED:
                return answer
        raise SessionUnavailable(f"still throttled after {self._throttle_retries} tries")

    async def _timed_submit(self, session: SmppSession, submit_sm: bytes,
                            heard: Callable[[SubmitSmResp], None]) -> SubmitSmResp:
        started, kind = time.monotonic(), Answer.NO_ANSWER.value
        try:
            answer = await session.submit(submit_sm, heard)
        except SessionUnavailable:
            kind = Answer.UNAVAILABLE.value
            raise
        else:
            kind = (Answer.ACCEPTED.value if answer.status == ESME_ROK
                    else "throttled" if answer.status in _THROTTLED else Answer.REJECTED.value)
            return answer
        finally:
            self._metrics.gateway_submitted(session.settings.name, kind, time.monotonic() - started)

    def _answer_heard(self, bind: str, message_id: str, parts: int,
                      first: str | None) -> Callable[[SubmitSmResp], None]:
        """What to note as a part's answer is read, before anything read after it (its receipt
        may follow at once): its id stands for the message's reference (the first part's id); a
        one-part message taken by the peer is answered so when submitted again, also when the
        answer came after its submit gave up waiting."""
        def heard(answer: SubmitSmResp) -> None:
            if answer.status != ESME_ROK or not answer.message_id:
                return
            self._remember(self._reference_of, (bind, answer.message_id), first or answer.message_id,
                           limit=_REMEMBERED_PARTS)
            if parts == 1:
                self._remember(self._answers, message_id, SubmitResult.accepted(answer.message_id, bind))
        return heard

    @staticmethod
    def _remember(memory: OrderedDict[Any, Any], key: Any, value: Any, limit: int = _REMEMBERED) -> None:
        memory[key] = value
        if len(memory) > limit:
            memory.popitem(last=False)


def _submit_sm(to: str, sender: str, part: AirPart) -> bytes:
    """The body of a part's submit_sm, asking for its delivery receipt."""
    return submit_sm_body(source_address(sender), destination_address(to), esm_class=part.esm_class,
                          data_coding=part.data_coding, short_message=part.short_message,
                          message_payload=part.message_payload)
