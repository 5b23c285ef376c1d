"""One SMPP bind: a `bind_transceiver` session keeping a window of submits in flight.

A submit is written only while bound, inside the window (at most `window` submit_sm awaiting their
submit_sm_resp) and, under a TPS cap, no sooner than its slot; a throttling answer from the peer
pauses every submit of the bind a little longer each time. Its answer is the response with the
same sequence number, also handed to the submit's `on_answer` as soon as it is read (before anything
read after it). Nothing written: `SessionUnavailable` (safe to send elsewhere or fail). Written but no
answer within `response_timeout`, or the connection lost first: `SubmitNoAnswer` (the peer may have
taken it; an answer that comes late still reaches `on_answer`). `enquire_link` after a quiet spell
finds a dead link, which is closed; the bind is then made again with exponential backoff (tenacity),
forever until `close()`, which unbinds cleanly. Submits waiting for the window go out on the new
connection. Each `deliver_sm` goes to `on_deliver` with a `reply` to call once what it carries is
safe (the peer resends what is never answered).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import logging
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from smpp.pdu import constants, operations
from smpp.pdu.error import PDUParseError
from smpp.pdu.pdu_types import CommandId, CommandStatus
from tenacity import AsyncRetrying, retry_if_exception_type, wait_exponential_jitter

from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.pdus import Codec

log = logging.getLogger("ujumbe.smpp")

ESME_ROK = 0
ESME_RTHROTTLED = constants.command_status_name_map["ESME_RTHROTTLED"]
ESME_RMSGQFUL = constants.command_status_name_map["ESME_RMSGQFUL"]
ESME_RX_T_APPN = constants.command_status_name_map["ESME_RX_T_APPN"]  # temporary: resend it later
_MAX_PDU = 65_536
_HIGH_WATER = 256 * 1024  # bytes queued on the socket before a writer waits
_RESPONSE = 0x80000000


def status_name(status: int) -> str:
    """`ESME_RINVSRCADR` for 0x0A; a code outside the table as hex."""
    known = constants.command_status_value_map.get(status)
    return str(known["name"]) if known else f"0x{status:08x}"


class SessionUnavailable(Exception):
    """Nothing was written: the bind is down, or closing."""


class SubmitNoAnswer(Exception):
    """Written, but its answer never came: the peer may have taken it."""


class BindRefused(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"bind refused: {status_name(status)}")
        self.status = status


class BindState(StrEnum):
    CONNECTING = "connecting"
    BOUND = "bound"
    DOWN = "down"  # between attempts; `last_error` says why
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class Answer:
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
        return {
            "name": self.name, "address": self.address, "system_id": self.system_id, "state": self.state.value,
            "carriers": list(self.carriers), "window": self.window, "in_flight": self.in_flight,
            "tps_limit": self.tps_limit, "tps": self.tps, "submitted": self.submitted,
            "bound_since": self.bound_since.isoformat() if self.bound_since else None,
            "last_error": self.last_error,
        }


class _LinkLost(Exception):
    pass


DeliverHandler = Callable[[Any, Callable[[int], None]], None]
AnswerHandler = Callable[[Answer], None]


class SmppSession:
    def __init__(self, settings: BindSettings, on_deliver: DeliverHandler) -> None:
        self.settings = settings
        self._on_deliver = on_deliver
        self._codec = Codec()
        self._sequence = itertools.count(1)
        self._window = asyncio.Semaphore(settings.window)
        self._pending: dict[int, asyncio.Future[Answer]] = {}
        self._on_answer: dict[int, AnswerHandler] = {}  # also kept for submits given up on: a late answer
        self._writer: asyncio.StreamWriter | None = None
        self._bound = asyncio.Event()
        self._state = BindState.CONNECTING
        self._last_error: str | None = None
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
        """Unbind (waiting up to `timeout` for the peer's unbind_resp) and stop reconnecting."""
        self._closing = True
        if self._bound.is_set() and self._writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._request(operations.Unbind()), timeout)
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
            self._runner = None
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
        while not self._closing:
            try:
                reader = await self._bind_with_backoff()
                await self._serve(reader)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a lost link: bind again (a fresh backoff)
                self._lost(f"link lost: {exc}" if str(exc) else "link lost")
            else:
                self._lost("closed by the peer")

    async def _bind_with_backoff(self) -> asyncio.StreamReader:
        async for attempt in AsyncRetrying(retry=retry_if_exception_type((OSError, BindRefused, _LinkLost,
                                                                          TimeoutError)),
                                           wait=wait_exponential_jitter(multiplier=0.1, max=30.0, jitter=0.1)):
            with attempt:
                return await self._bind()
        raise AssertionError("unreachable: the backoff retries forever")

    async def _bind(self) -> asyncio.StreamReader:
        self._state = BindState.CONNECTING
        timeout = self.settings.response_timeout
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.settings.host, self.settings.port), timeout)
        except (OSError, TimeoutError) as exc:
            self._down(f"cannot connect to {self.settings.host}:{self.settings.port}: {exc or 'timed out'}")
            raise
        bind = operations.BindTransceiver(
            seqNum=next(self._sequence), system_id=self.settings.system_id, password=self.settings.password,
            system_type=self.settings.system_type, interface_version=0x34, addr_ton=None, addr_npi=None,
            address_range=None,
        )
        try:
            writer.write(self._codec.encode(bind))
            response = await asyncio.wait_for(self._read_pdu(reader), timeout)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, _LinkLost) as exc:
            writer.close()
            self._down(f"no answer to bind_transceiver: {exc or 'timed out'}")
            raise _LinkLost(str(exc)) from exc
        status = _status(response)
        if response.id != CommandId.bind_transceiver_resp or status != ESME_ROK:
            writer.close()
            refused = BindRefused(status if status != ESME_ROK else constants.command_status_name_map["ESME_RBINDFAIL"])
            self._down(f"{refused} (system_id {self.settings.system_id!r})", error=True)
            raise refused
        self._writer = writer
        self._state, self._last_error, self._bound_since = BindState.BOUND, None, datetime.now(UTC)
        self._last_heard = time.monotonic()
        self._down_since = None
        self._bound.set()
        log.info("SMPP bind %s bound to %s:%s as %s", self.settings.name, self.settings.host, self.settings.port,
                 self.settings.system_id)
        return reader

    def _down(self, reason: str, *, error: bool = False) -> None:
        self._state = BindState.DOWN
        if reason != self._last_error:  # said once, not on every retry
            (log.error if error else log.warning)("SMPP bind %s: %s", self.settings.name, reason)
        self._last_error = reason

    def _lost(self, reason: str) -> None:
        """The connection is gone: what was in flight may have been taken (no answer), and
        nothing more is written until bound again."""
        if self._bound.is_set():
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
        if not self._closing:
            self._down(reason)

    async def _serve(self, reader: asyncio.StreamReader) -> None:
        keepalive = asyncio.create_task(self._keep_alive())
        try:
            while True:
                pdu = await self._read_pdu(reader)
                self._last_heard = time.monotonic()
                self._dispatch(pdu)
        except asyncio.IncompleteReadError:
            return  # the peer closed the connection
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
                if self._writer is not None:
                    self._writer.transport.abort()  # the reader then ends, and the bind is made again
                return

    # -- reading ----------------------------------------------------------------------------------

    async def _read_pdu(self, reader: asyncio.StreamReader) -> Any:
        header = await reader.readexactly(16)
        length, command_id, status, sequence = struct.unpack(">IIII", header)
        if not 16 <= length <= _MAX_PDU:
            raise _LinkLost(f"a PDU of {length} bytes")
        raw = header + await reader.readexactly(length - 16)
        try:
            return self._codec.decode(io.BytesIO(raw))
        except PDUParseError as exc:
            return _Unparsed(command_id, status, sequence, exc)

    def _dispatch(self, pdu: Any) -> None:
        if isinstance(pdu, _Unparsed):
            if pdu.command_id & _RESPONSE:
                self._answered(pdu.sequence, Answer(pdu.status, None))
            else:
                self._send(operations.GenericNack(seqNum=pdu.sequence, status=pdu.error.status))
            return
        command = pdu.id
        if command in (CommandId.submit_sm_resp, CommandId.enquire_link_resp, CommandId.unbind_resp,
                       CommandId.generic_nack):
            message_id = pdu.params.get("message_id") if command == CommandId.submit_sm_resp else None
            self._answered(pdu.seqNum, Answer(_status(pdu), message_id.decode("ascii", "replace")
                                              if isinstance(message_id, bytes) else None))
        elif command == CommandId.deliver_sm:
            writer, sequence = self._writer, pdu.seqNum
            self._on_deliver(pdu, lambda status: self._reply(writer, operations.DeliverSMResp(
                seqNum=sequence, status=_command_status(status))))
        elif command == CommandId.enquire_link:
            self._send(operations.EnquireLinkResp(seqNum=pdu.seqNum))
        elif command == CommandId.unbind:
            self._send(operations.UnbindResp(seqNum=pdu.seqNum))
            if self._writer is not None:
                self._writer.close()  # the reader ends; bound again unless closing
        elif not command.name.endswith("_resp"):
            self._send(operations.GenericNack(seqNum=pdu.seqNum, status=CommandStatus.ESME_RINVCMDID))

    def _answered(self, sequence: int, answer: Answer) -> None:
        heard = self._on_answer.pop(sequence, None)
        if heard is not None:
            heard(answer)
        future = self._pending.pop(sequence, None)
        if future is not None and not future.done():
            future.set_result(answer)

    def _reply(self, writer: asyncio.StreamWriter | None, pdu: Any) -> None:
        if writer is not None and writer is self._writer and not writer.is_closing():
            writer.write(self._codec.encode(pdu))

    def _send(self, pdu: Any) -> None:
        self._reply(self._writer, pdu)

    # -- requests ---------------------------------------------------------------------------------

    async def _request(self, pdu: Any) -> Answer:
        writer = self._writer
        if writer is None or writer.is_closing():
            raise SessionUnavailable(self._last_error or "not bound")
        pdu.seqNum = next(self._sequence)
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._pending[pdu.seqNum] = future
        writer.write(self._codec.encode(pdu))
        return await future

    async def submit(self, pdu: Any, on_answer: AnswerHandler | None = None) -> Answer:
        """The peer's answer to one submit_sm (any status; throttling has paused the bind).
        SessionUnavailable when nothing was written, SubmitNoAnswer when the answer never came."""
        if not self._bound.is_set():
            raise SessionUnavailable(self._last_error or "not bound")
        async with self._window:
            await self._wait_for_slot()
            writer = self._writer
            if writer is None or writer.is_closing() or not self._bound.is_set():
                raise SessionUnavailable(self._last_error or "not bound")
            pdu.seqNum = sequence = next(self._sequence)
            future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
            self._pending[sequence] = future
            if on_answer is not None:
                self._on_answer[sequence] = on_answer
            self._in_flight += 1
            self._count_submit()
            try:
                writer.write(self._codec.encode(pdu))
                if writer.transport.get_write_buffer_size() > _HIGH_WATER:
                    await writer.drain()
                answer = await asyncio.wait_for(future, self.settings.response_timeout)
            except TimeoutError:
                self._pending.pop(sequence, None)  # `on_answer` stays, for an answer that comes late
                raise SubmitNoAnswer(f"no submit_sm_resp within {self.settings.response_timeout:g} s") from None
            except (ConnectionError, OSError) as exc:
                self._pending.pop(sequence, None)
                self._on_answer.pop(sequence, None)
                raise SubmitNoAnswer(f"link lost: {exc}") from exc
            finally:
                self._in_flight -= 1
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


def _command_status(status: int) -> Any:
    return getattr(CommandStatus, status_name(status))
