"""The submits of one SMPP bind: a window of them in flight on its link.

A submit is written only while bound, inside the window (at most `window` submit_sm awaiting their
submit_sm_resp) and, under a TPS cap, no sooner than its slot; a throttling answer from the peer
pauses every submit of the bind a little longer each time. Its answer is the response with the
same sequence number, also handed to the submit's `on_answer` as soon as it is read. Nothing
written: `SessionUnavailable` (safe to send elsewhere or fail). Written but no answer within
`response_timeout`, or the connection lost first: `SubmitNoAnswer` (the peer may have taken it; an
answer that comes late still reaches `on_answer`). A submit waiting for room when the link drops
waits a moment for the new connection rather than failing.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from adapters.gateways.smpp import wire
from adapters.gateways.smpp.answers import (
    ESME_RMSGQFUL,
    ESME_ROK,
    ESME_RTHROTTLED,
    AnswerHandler,
    SessionUnavailable,
    SubmitNoAnswer,
    SubmitSmResp,
)
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.link import SmppLink

_HIGH_WATER = 256 * 1024  # bytes queued on the socket before a writer waits
_REBIND_WAIT = 2.0  # seconds a submit that was waiting for room waits for a dropped link to come back


class SubmitWindow:
    """The submit_sm of one bind: its window, TPS slots and throttling pause, and what it counts."""

    def __init__(self, settings: BindSettings, link: SmppLink) -> None:
        self._link = link
        self._response_timeout = settings.response_timeout
        self._window = asyncio.Semaphore(settings.window)
        self._drained = asyncio.Event()  # nothing in flight
        self._drained.set()
        self._interval = 1.0 / settings.tps if settings.tps else 0.0
        self._next_slot = 0.0
        self._throttle_pause = 0.0
        self._in_flight = 0
        self._submitted = 0
        self._second, self._this_second, self._last_second = 0, 0, 0

    @property
    def in_flight(self) -> int:
        return self._in_flight

    @property
    def submitted(self) -> int:
        return self._submitted

    def tps(self) -> int:
        """Submits in the last whole second."""
        second = int(time.monotonic())
        return self._last_second if second == self._second + 1 else self._this_second if second == self._second else 0

    async def drained(self, timeout: float) -> None:
        """Up to `timeout` for every submit in flight to be answered (or given up on)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._drained.wait(), timeout)

    async def submit(self, body: bytes, on_answer: AnswerHandler | None = None) -> SubmitSmResp:
        """The peer's answer to one submit_sm (its body: `wire.submit_sm_body`; any status; throttling
        has paused the bind). SessionUnavailable when nothing was written, SubmitNoAnswer when the
        answer never came."""
        link = self._link
        if not link.bound:
            raise SessionUnavailable(link.last_error or "not bound")
        async with self._window:
            await self._wait_for_slot()
            if not link.closing and not link.bound:  # the link dropped while this waited
                await link.wait_bound(_REBIND_WAIT)
            writer = link.writer
            if link.closing or writer is None or writer.is_closing() or not link.bound:
                raise SessionUnavailable("closing" if link.closing else link.last_error or "not bound")
            sequence, future = link.outstanding.expect(on_answer)
            data = wire.pdu(wire.SUBMIT_SM, sequence, body)
            self._in_flight += 1
            self._drained.clear()
            self._count_submit()
            try:
                writer.write(data)
                if writer.transport.get_write_buffer_size() > _HIGH_WATER:
                    await writer.drain()
                answer = await asyncio.wait_for(future, self._response_timeout)
            except TimeoutError:
                link.outstanding.timed_out(sequence)  # `on_answer` stays, for an answer that comes late
                raise SubmitNoAnswer(f"no submit_sm_resp within {self._response_timeout:g} s") from None
            except (ConnectionError, OSError) as exc:
                link.outstanding.dropped(sequence)
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
