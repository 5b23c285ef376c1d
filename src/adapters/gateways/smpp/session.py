"""One SMPP bind: a `bind_transceiver` session keeping a window of submits in flight.

A submit is written only while bound, inside the window (at most `window` submit_sm awaiting their
submit_sm_resp) and, under a TPS cap, no sooner than its slot; a throttling answer from the peer
pauses every submit of the bind a little longer each time. Its answer is the response with the
same sequence number, also handed to the submit's `on_answer` as soon as it is read (before anything
read after it). Nothing written: `SessionUnavailable` (safe to send elsewhere or fail). Written but no
answer within `response_timeout`, or the connection lost first: `SubmitNoAnswer` (the peer may have
taken it; an answer that comes late still reaches `on_answer`). `enquire_link` after a quiet spell
finds a dead link, which is closed. The bind is made again after a pause that grows with each quick
failure (tenacity's exponential backoff with jitter; a link that stayed up a while starts it over),
forever until `close()`, which lets what is in flight be answered, then unbinds. A submit waiting for
room when the link drops waits a moment for the new connection rather than failing. Each `deliver_sm`
goes to `on_deliver` with a `reply` to call once what it carries is safe (the peer resends what is
never answered). The PDUs of every message are written and read by `wire`, the rest by the codec.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import struct
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from enum import StrEnum
from types import SimpleNamespace
from typing import Any

from smpp.pdu import constants, operations
from smpp.pdu.error import PDUParseError
from smpp.pdu.pdu_types import CommandId, CommandStatus
from tenacity import wait_exponential_jitter

from adapters.gateways.smpp import wire
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.pdus import Codec, deliver_sm_values
from adapters.gateways.smpp.wire import DeliverSm

log = logging.getLogger("ujumbe.smpp")

ESME_ROK = 0
ESME_RTHROTTLED = constants.command_status_name_map["ESME_RTHROTTLED"]
ESME_RMSGQFUL = constants.command_status_name_map["ESME_RMSGQFUL"]
ESME_RX_T_APPN = constants.command_status_name_map["ESME_RX_T_APPN"]  # temporary: resend it later
_MAX_PDU = 65_536
_HIGH_WATER = 256 * 1024  # bytes queued on the socket before a writer waits
_RESPONSE = 0x80000000
_MAX_SEQUENCE = 0x7FFFFFFF  # SMPP 3.4 §5.1.4: 1 to 0x7FFFFFFF, then wraps
_STABLE_LINK = 10.0  # seconds a link must stay up for the reconnect backoff to start over
_REBIND_WAIT = 2.0  # seconds a submit that was waiting for room waits for a dropped link to come back
_LATE_ANSWERS_KEPT = 10_000  # submits given up on whose answer may still come
_BACKOFF = wait_exponential_jitter(multiplier=0.1, max=30.0, jitter=0.1)


def status_name(status: int) -> str:
    """`ESME_RINVSRCADR` for 0x0A; a code outside the table as hex."""
    known = constants.command_status_value_map.get(status)
    return str(known["name"]) if known else f"0x{status:08x}"


class SessionUnavailable(Exception):
    """Nothing was written: the bind is down, or closing."""


class SubmitNoAnswer(Exception):
    """Written, but its answer never came: the peer may have taken it."""


class BindRefused(Exception):
    """The peer answered the bind with an error (a wrong password, an unknown system_id)."""

    def __init__(self, status: int) -> None:
        super().__init__(f"bind refused: {status_name(status)}")
        self.status = status


class BindState(StrEnum):
    CONNECTING = "connecting"
    BOUND = "bound"
    DOWN = "down"  # between attempts; `last_error` says why
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class SubmitSmResp:
    """The peer's answer to a request: its command status, and the message id it gave a submit."""

    status: int
    message_id: str | None


@dataclass(frozen=True, slots=True)
class BindStatus:
    name: str
    address: str
    system_id: str
    state: BindState
    carriers: tuple[str, ...]
    window: int
    in_flight: int
    tps_limit: float
    tps: int  # submits in the last whole second
    submitted: int
    bound_since: datetime | None
    last_error: str | None

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "state": self.state.value, "carriers": list(self.carriers),
                "bound_since": self.bound_since.isoformat() if self.bound_since else None}


class _LinkLost(Exception):
    pass


DeliverHandler = Callable[[BindSettings, DeliverSm, Callable[[int], None]], None]
AnswerHandler = Callable[[SubmitSmResp], None]


class SmppSession:
    """One bind to one SMSC, kept up by its own task from `start()` to `close()`."""

    def __init__(self, settings: BindSettings, on_deliver: DeliverHandler) -> None:
        self.settings = settings
        self._on_deliver = on_deliver
        self._codec = Codec()
        self._sequence = 0
        self._window = asyncio.Semaphore(settings.window)
        self._pending: dict[int, asyncio.Future[SubmitSmResp]] = {}
        self._on_answer: dict[int, AnswerHandler] = {}  # also kept for submits given up on: a late answer
        self._writer: asyncio.StreamWriter | None = None
        self._bound = asyncio.Event()
        self._drained = asyncio.Event()  # nothing in flight
        self._drained.set()
        self._state = BindState.CONNECTING
        self._last_error: str | None = None
        self._dead_link: str | None = None  # why the keep-alive gave the link up
        self._bound_since: datetime | None = None
        self._closing = False
        self._runner: asyncio.Task[None] | None = None
        self._interval = 1.0 / settings.tps if settings.tps else 0.0
        self._next_slot = 0.0
        self._throttle_pause = 0.0
        self._in_flight = 0
        self._submitted = 0
        self._second, self._this_second, self._last_second = 0, 0, 0
        self._last_heard = 0.0
        self._down_since: float | None = time.monotonic()  # not bound yet

    # -- life cycle --------------------------------------------------------------------------------

    def start(self) -> None:
        if self._runner is None:
            self._closing = False
            self._runner = asyncio.create_task(self._run(), name=f"smpp bind {self.settings.name}")

    async def wait_bound(self, timeout: float) -> bool:
        if self._bound.is_set():
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._bound.wait(), timeout)
        return self._bound.is_set()

    @property
    def bound(self) -> bool:
        return self._bound.is_set()

    @property
    def in_flight(self) -> int:
        return self._in_flight

    @property
    def down_for(self) -> float:
        """Seconds since the bind was last bound (or started); 0 while bound."""
        return 0.0 if self._down_since is None else time.monotonic() - self._down_since

    async def close(self, timeout: float = 2.0) -> None:
        """Stop taking submits, give those in flight up to `timeout` for their answers, unbind
        (up to `timeout` for the peer's unbind_resp), and stop reconnecting."""
        self._closing = True
        bound = self._bound.is_set()
        self._bound.clear()
        if bound and self._writer is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._drained.wait(), timeout)
            with contextlib.suppress(Exception):  # a peer may close without unbind_resp
                await asyncio.wait_for(self._request(operations.Unbind()), timeout)
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
            self._runner = None
        self._lost("closed")
        self._state = BindState.CLOSED

    def status(self) -> BindStatus:
        second = int(time.monotonic())
        tps = self._last_second if second == self._second + 1 else self._this_second if second == self._second else 0
        return BindStatus(
            name=self.settings.name, address=f"{self.settings.host}:{self.settings.port}",
            system_id=self.settings.system_id, state=self._state, carriers=self.settings.carriers,
            window=self.settings.window, in_flight=self._in_flight, tps_limit=self.settings.tps, tps=tps,
            submitted=self._submitted, bound_since=self._bound_since, last_error=self._last_error,
        )

    async def _run(self) -> None:
        quick_failures = 0
        while not self._closing:
            bound_at = None
            try:
                reader = await self._bind()
                bound_at = time.monotonic()
                await self._serve(reader)
                reason, refused = self._dead_link or "closed by the peer", False
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                reason, refused = str(exc) or type(exc).__name__, isinstance(exc, BindRefused)
            self._lost(reason, error=refused)
            if bound_at is not None and time.monotonic() - bound_at >= _STABLE_LINK:
                quick_failures = 0
            quick_failures += 1
            await asyncio.sleep(_BACKOFF(SimpleNamespace(attempt_number=quick_failures)))  # type: ignore[arg-type]

    async def _bind(self) -> asyncio.StreamReader:
        self._state, self._dead_link = BindState.CONNECTING, None
        timeout = self.settings.response_timeout
        bind = self._codec.encode(operations.BindTransceiver(
            seqNum=self._next_sequence(), system_id=self.settings.system_id, password=self.settings.password,
            system_type=self.settings.system_type, interface_version=0x34, addr_ton=None, addr_npi=None,
            address_range=None,
        ))
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.settings.host, self.settings.port), timeout)
        except (OSError, TimeoutError) as exc:
            raise _LinkLost(f"cannot connect to {self.settings.host}:{self.settings.port}: "
                            f"{exc or 'timed out'}") from exc
        try:
            writer.write(bind)
            try:
                response = self._decode(await asyncio.wait_for(self._read_pdu(reader), timeout))
            except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
                raise _LinkLost(f"no answer to bind_transceiver: {exc or 'timed out'}") from exc
            if isinstance(response, _Unparsed) or response.id != CommandId.bind_transceiver_resp \
                    or _status(response) != ESME_ROK:
                status = response.status if isinstance(response, _Unparsed) else _status(response)
                raise BindRefused(status or constants.command_status_name_map["ESME_RBINDFAIL"])
        except BaseException:
            writer.close()  # a refused, failed or cancelled bind leaves no socket behind
            raise
        self._writer = writer
        self._state, self._last_error, self._bound_since = BindState.BOUND, None, datetime.now(UTC)
        self._last_heard = time.monotonic()
        self._down_since = None
        self._bound.set()
        log.info("SMPP bind %s bound to %s:%s as %s", self.settings.name, self.settings.host, self.settings.port,
                 self.settings.system_id)
        return reader

    def _lost(self, reason: str, *, error: bool = False) -> None:
        """The connection is gone (or never came): what was in flight may have been taken (no
        answer), and nothing more is written until bound again."""
        if self._bound.is_set() or self._down_since is None:
            self._down_since = time.monotonic()
        self._bound.clear()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SubmitNoAnswer(reason))
        self._pending.clear()
        self._on_answer.clear()
        if self._closing:
            return
        self._state = BindState.DOWN
        shown = f"{reason} (system_id {self.settings.system_id!r})" if error else reason
        if shown != self._last_error:  # said once, not on every retry
            (log.error if error else log.warning)("SMPP bind %s: %s", self.settings.name, shown)
        self._last_error = shown

    async def _serve(self, reader: asyncio.StreamReader) -> None:
        keepalive = asyncio.create_task(self._keep_alive())
        try:
            while True:
                raw = await self._read_pdu(reader)
                self._last_heard = time.monotonic()
                self._dispatch(raw)
        except (asyncio.IncompleteReadError, ConnectionError):
            return  # the peer closed the connection, or the keep-alive aborted it
        finally:
            keepalive.cancel()

    async def _keep_alive(self) -> None:
        """An enquire_link after every quiet `enquire_link_every` seconds; unanswered, the link is dead."""
        every = self.settings.enquire_link_every
        while True:
            await asyncio.sleep(max(0.0, self._last_heard + every - time.monotonic()))
            if time.monotonic() - self._last_heard < every:
                continue
            try:
                await asyncio.wait_for(self._request(operations.EnquireLink()), self.settings.response_timeout)
            except (TimeoutError, SessionUnavailable, SubmitNoAnswer):
                self._dead_link = f"no answer to enquire_link within {self.settings.response_timeout:g} s"
                if self._writer is not None:
                    self._writer.transport.abort()  # the reader then ends, and the bind is made again
                return

    # -- reading ----------------------------------------------------------------------------------

    async def _read_pdu(self, reader: asyncio.StreamReader) -> bytes:
        header = await reader.readexactly(16)
        length = int.from_bytes(header[:4])
        if not 16 <= length <= _MAX_PDU:
            raise _LinkLost(f"a PDU of {length} bytes")
        return header + await reader.readexactly(length - 16)

    def _decode(self, raw: bytes) -> Any:
        """The codec's PDU, or what it could not parse."""
        try:
            return self._codec.decode(io.BytesIO(raw))
        except PDUParseError as exc:
            command_id, status, sequence = struct.unpack_from(">4xIII", raw)
            return _Unparsed(command_id, status, sequence, exc)

    def _dispatch(self, raw: bytes) -> None:
        command_id = int.from_bytes(raw[4:8])
        try:
            answer = wire.read_submit_sm_resp(raw) if command_id == wire.SUBMIT_SM_RESP else None
            delivery = wire.read_deliver_sm(raw) if command_id == wire.DELIVER_SM else None
        except wire.Unusual:
            answer = delivery = None  # the codec reads it, or says what is wrong with it
        if answer is not None:
            status, sequence, message_id = answer
            self._answered(sequence, SubmitSmResp(_known_status(status), message_id))
        elif delivery is not None:
            self._deliver(delivery)
        else:
            self._dispatch_decoded(self._decode(raw))

    def _dispatch_decoded(self, pdu: Any) -> None:
        if isinstance(pdu, _Unparsed):
            if pdu.command_id & _RESPONSE:
                self._answered(pdu.sequence, SubmitSmResp(pdu.status, None))
            else:
                self._send(operations.GenericNack(seqNum=pdu.sequence, status=pdu.error.status))
            return
        command = pdu.id
        if command in (CommandId.submit_sm_resp, CommandId.enquire_link_resp, CommandId.unbind_resp,
                       CommandId.generic_nack):
            message_id = pdu.params.get("message_id") if command == CommandId.submit_sm_resp else None
            self._answered(pdu.seqNum, SubmitSmResp(_status(pdu), message_id.decode("ascii", "replace")
                                                    if isinstance(message_id, bytes) else None))
        elif command == CommandId.deliver_sm:
            self._deliver(deliver_sm_values(pdu))
        elif command == CommandId.enquire_link:
            self._send(operations.EnquireLinkResp(seqNum=pdu.seqNum))
        elif command == CommandId.unbind:
            self._send(operations.UnbindResp(seqNum=pdu.seqNum))
            if self._writer is not None:
                self._writer.close()  # the reader ends; bound again unless closing
        elif not command.name.endswith("_resp"):
            self._send(operations.GenericNack(seqNum=pdu.seqNum, status=CommandStatus.ESME_RINVCMDID))

    def _deliver(self, pdu: DeliverSm) -> None:
        writer, sequence = self._writer, pdu.sequence
        self._on_deliver(self.settings, pdu, lambda status: self._reply(writer, wire.deliver_sm_resp(sequence, status)))

    def _answered(self, sequence: int, answer: SubmitSmResp) -> None:
        heard = self._on_answer.pop(sequence, None)
        if heard is not None:
            heard(answer)
        future = self._pending.pop(sequence, None)
        if future is not None and not future.done():
            future.set_result(answer)

    def _reply(self, writer: asyncio.StreamWriter | None, data: bytes) -> None:
        if writer is not None and writer is self._writer and not writer.is_closing():
            writer.write(data)

    def _send(self, pdu: Any) -> None:
        self._reply(self._writer, self._codec.encode(pdu))

    def _next_sequence(self) -> int:
        self._sequence = self._sequence % _MAX_SEQUENCE + 1
        return self._sequence

    # -- requests ---------------------------------------------------------------------------------

    async def _request(self, pdu: Any) -> SubmitSmResp:
        writer = self._writer
        if writer is None or writer.is_closing():
            raise SessionUnavailable(self._last_error or "not bound")
        pdu.seqNum = self._next_sequence()
        future: asyncio.Future[SubmitSmResp] = asyncio.get_running_loop().create_future()
        self._pending[pdu.seqNum] = future
        writer.write(self._codec.encode(pdu))
        return await future

    async def submit(self, body: bytes, on_answer: AnswerHandler | None = None) -> SubmitSmResp:
        """The peer's answer to one submit_sm (its body: `wire.submit_sm_body`; any status; throttling
        has paused the bind). SessionUnavailable when nothing was written, SubmitNoAnswer when the
        answer never came."""
        if not self._bound.is_set():
            raise SessionUnavailable(self._last_error or "not bound")
        async with self._window:
            await self._wait_for_slot()
            if not self._closing and not self._bound.is_set():  # the link dropped while this waited
                await self.wait_bound(_REBIND_WAIT)
            writer = self._writer
            if self._closing or writer is None or writer.is_closing() or not self._bound.is_set():
                raise SessionUnavailable("closing" if self._closing else self._last_error or "not bound")
            sequence = self._next_sequence()
            data = wire.pdu(wire.SUBMIT_SM, sequence, body)
            future: asyncio.Future[SubmitSmResp] = asyncio.get_running_loop().create_future()
            self._pending[sequence] = future
            if on_answer is not None:
                self._on_answer[sequence] = on_answer
            self._in_flight += 1
            self._drained.clear()
            self._count_submit()
            try:
                writer.write(data)
                if writer.transport.get_write_buffer_size() > _HIGH_WATER:
                    await writer.drain()
                answer = await asyncio.wait_for(future, self.settings.response_timeout)
            except TimeoutError:
                self._pending.pop(sequence, None)  # `on_answer` stays, for an answer that comes late
                while len(self._on_answer) > _LATE_ANSWERS_KEPT:
                    self._on_answer.pop(next(iter(self._on_answer)))
                raise SubmitNoAnswer(f"no submit_sm_resp within {self.settings.response_timeout:g} s") from None
            except (ConnectionError, OSError) as exc:
                self._pending.pop(sequence, None)
                self._on_answer.pop(sequence, None)
                raise SubmitNoAnswer(f"link lost: {exc}") from exc
            finally:
                self._in_flight -= 1
                if not self._in_flight:
                    self._drained.set()
        if answer.status in (ESME_RTHROTTLED, ESME_RMSGQFUL):
            self._throttled()
        elif answer.status == ESME_ROK:
            self._throttle_pause = 0.0
        return answer

    async def _wait_for_slot(self) -> None:
        """The TPS cap and any throttling pause: each submit takes the next free slot."""
        now = time.monotonic()
        slot = max(now, self._next_slot)
        if self._interval or slot > now:
            self._next_slot = slot + self._interval
        if slot > now:
            await asyncio.sleep(slot - now)

    def _throttled(self) -> None:
        """Slow down: every submit waits a pause that doubles while the peer keeps throttling."""
        self._throttle_pause = min(1.0, max(0.02, self._throttle_pause * 2))
        self._next_slot = max(self._next_slot, time.monotonic() + self._throttle_pause)

    def _count_submit(self) -> None:
        self._submitted += 1
        second = int(time.monotonic())
        if second != self._second:
            self._last_second = self._this_second if second == self._second + 1 else 0
            self._second, self._this_second = second, 0
        self._this_second += 1


@dataclass(frozen=True, slots=True)
class _Unparsed:
    """A PDU the codec could not read: answered by its header alone."""

    command_id: int
    status: int
    sequence: int
    error: PDUParseError


def _status(pdu: Any) -> int:
    return int(constants.command_status_name_map[pdu.status.name])


def _known_status(status: int) -> int:
    """A command status as the codec gives it: one it does not know stands for its reserved range
    (SMPP 3.4 Table 5-2), named RESERVEDSTATUS_…."""
    if status in constants.command_status_value_map:
        return status
    return -1 if 0x100 <= status <= 0x3FF else -2 if 0x400 <= status <= 0x4FF else -3 if status >= 0x500 else -4
