"""The link of one SMPP bind: a `bind_transceiver` connection, kept up and read.

`enquire_link` after a quiet spell finds a dead link, which is closed. The bind is made again after
a pause that grows with each quick failure (tenacity's exponential backoff with jitter; a link that
stayed up a while starts it over), forever until stopped. Every PDU read goes to `inbound`; what was
awaiting an answer when the connection is lost gets none (`SubmitNoAnswer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime
from enum import StrEnum
from types import SimpleNamespace
from typing import Any

from smpp.pdu import constants, operations
from smpp.pdu.pdu_types import CommandId
from tenacity import wait_exponential_jitter

from adapters.gateways.smpp.answers import (
    ESME_ROK,
    BindRefused,
    Outstanding,
    SessionUnavailable,
    SubmitNoAnswer,
    SubmitSmResp,
)
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.inbound import DeliverHandler, InboundPdus, LinkLost, Unparsed, command_status, read_pdu
from adapters.gateways.smpp.pdus import Codec

log = logging.getLogger("ujumbe.smpp")

_STABLE_LINK = 10.0  # seconds a link must stay up for the reconnect backoff to start over
_BACKOFF = wait_exponential_jitter(multiplier=0.1, max=30.0, jitter=0.1)


class BindState(StrEnum):
    CONNECTING = "connecting"
    BOUND = "bound"
    DOWN = "down"  # between attempts; `last_error` says why
    CLOSED = "closed"


class SmppLink:
    """One connection to one SMSC, bound and read by its own task from `start()` to `stop()`."""

    def __init__(self, settings: BindSettings, on_deliver: DeliverHandler) -> None:
        self.settings = settings
        self.outstanding = Outstanding()
        self._codec = Codec()
        self.inbound = InboundPdus(settings, self.outstanding, on_deliver, self._codec, lambda: self._writer)
        self._writer: asyncio.StreamWriter | None = None
        self._bound = asyncio.Event()
        self._state = BindState.CONNECTING
        self._last_error: str | None = None
        self._dead_link: str | None = None  # why the keep-alive gave the link up
        self._bound_since: datetime | None = None
        self._closing = False
        self._runner: asyncio.Task[None] | None = None
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
    def closing(self) -> bool:
        return self._closing

    @property
    def writer(self) -> asyncio.StreamWriter | None:
        return self._writer

    @property
    def state(self) -> BindState:
        return self._state

    @property
    def last_error(self) -> str | None:
        return self._last_error

    @property
    def bound_since(self) -> datetime | None:
        return self._bound_since

    @property
    def down_for(self) -> float:
        """Seconds since the bind was last bound (or started); 0 while bound."""
        return 0.0 if self._down_since is None else time.monotonic() - self._down_since

    def stop_taking(self) -> bool:
        """Closing: nothing more is written but an unbind. Whether there is a bound link to unbind."""
        self._closing = True
        bound = self._bound.is_set()
        self._bound.clear()
        return bound and self._writer is not None

    async def unbind(self, timeout: float) -> None:
        """Up to `timeout` for the peer's unbind_resp."""
        with contextlib.suppress(Exception):  # a peer may close without unbind_resp
            await asyncio.wait_for(self._request(operations.Unbind()), timeout)

    async def stop(self) -> None:
        """Stop reconnecting, and close the connection."""
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
            self._runner = None
        self._lost("closed")
        self._state = BindState.CLOSED

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
            seqNum=self.outstanding.next_sequence(), system_id=self.settings.system_id,
            password=self.settings.password, system_type=self.settings.system_type, interface_version=0x34,
            addr_ton=None, addr_npi=None, address_range=None,
        ))
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.settings.host, self.settings.port), timeout)
        except (OSError, TimeoutError) as exc:
            raise LinkLost(f"cannot connect to {self.settings.host}:{self.settings.port}: "
                            f"{exc or 'timed out'}") from exc
        try:
            writer.write(bind)
            try:
                response = self.inbound.decode(await asyncio.wait_for(read_pdu(reader), timeout))
            except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
                raise LinkLost(f"no answer to bind_transceiver: {exc or 'timed out'}") from exc
            if isinstance(response, Unparsed) or response.id != CommandId.bind_transceiver_resp \
                    or command_status(response) != ESME_ROK:
                status = response.status if isinstance(response, Unparsed) else command_status(response)
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
        self.outstanding.lost(reason)
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
                raw = await read_pdu(reader)
                self._last_heard = time.monotonic()
                self.inbound.dispatch(raw)
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

    async def _request(self, pdu: Any) -> SubmitSmResp:
        writer = self._writer
        if writer is None or writer.is_closing():
            raise SessionUnavailable(self._last_error or "not bound")
        pdu.seqNum, future = self.outstanding.expect()
        writer.write(self._codec.encode(pdu))
        return await future

