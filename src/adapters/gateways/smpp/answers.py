"""What the peer answers a bind: the command statuses we act on, the answer to a request, how a
submit can end without one, and the requests written and still awaiting their answers.

Each request goes out under the next sequence number; its answer is the response with the same
number, handed to the submit's `on_answer` as soon as it is read (before anything read after it),
then to whoever awaits it. A submit given up on keeps its `on_answer`, for an answer that comes late.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from smpp.pdu import constants

ESME_ROK = 0
ESME_RTHROTTLED = constants.command_status_name_map["ESME_RTHROTTLED"]
ESME_RMSGQFUL = constants.command_status_name_map["ESME_RMSGQFUL"]
ESME_RX_T_APPN = constants.command_status_name_map["ESME_RX_T_APPN"]  # temporary: resend it later
_MAX_SEQUENCE = 0x7FFFFFFF  # SMPP 3.4 §5.1.4: 1 to 0x7FFFFFFF, then wraps
_LATE_ANSWERS_KEPT = 10_000  # submits given up on whose answer may still come


def status_name(status: int) -> str:
    """`ESME_RINVSRCADR` for 0x0A; a code outside the table as hex."""
    known = constants.command_status_value_map.get(status)
    return str(known["name"]) if known else f"0x{status:08x}"


def known_status(status: int) -> int:
    """A command status as the codec gives it: one it does not know stands for its reserved range
    (SMPP 3.4 Table 5-2), named RESERVEDSTATUS_…."""
    if status in constants.command_status_value_map:
        return status
    return -1 if 0x100 <= status <= 0x3FF else -2 if 0x400 <= status <= 0x4FF else -3 if status >= 0x500 else -4


class SessionUnavailable(Exception):
    """Nothing was written: the bind is down, or closing."""


class SubmitNoAnswer(Exception):
    """Written, but its answer never came: the peer may have taken it."""


class BindRefused(Exception):
    """The peer answered the bind with an error (a wrong password, an unknown system_id)."""

    def __init__(self, status: int) -> None:
        super().__init__(f"bind refused: {status_name(status)}")
        self.status = status


@dataclass(frozen=True, slots=True)
class SubmitSmResp:
    """The peer's answer to a request: its command status, and the message id it gave a submit."""

    status: int
    message_id: str | None


AnswerHandler = Callable[[SubmitSmResp], None]


class Outstanding:
    """The requests of one bind written and not yet answered, by sequence number."""

    def __init__(self) -> None:
        self._sequence = 0
        self._pending: dict[int, asyncio.Future[SubmitSmResp]] = {}
        self._on_answer: dict[int, AnswerHandler] = {}  # also kept for submits given up on: a late answer

    def next_sequence(self) -> int:
        self._sequence = self._sequence % _MAX_SEQUENCE + 1
        return self._sequence

    def expect(self, on_answer: AnswerHandler | None = None) -> tuple[int, asyncio.Future[SubmitSmResp]]:
        """The sequence number of a request about to be written, and its answer to come."""
        sequence = self.next_sequence()
        future: asyncio.Future[SubmitSmResp] = asyncio.get_running_loop().create_future()
        self._pending[sequence] = future
        if on_answer is not None:
            self._on_answer[sequence] = on_answer
        return sequence, future

    def answered(self, sequence: int, answer: SubmitSmResp) -> None:
        heard = self._on_answer.pop(sequence, None)
        if heard is not None:
            heard(answer)
        future = self._pending.pop(sequence, None)
        if future is not None and not future.done():
            future.set_result(answer)

    def timed_out(self, sequence: int) -> None:
        """No longer awaited; its `on_answer` stays, for an answer that comes late."""
        self._pending.pop(sequence, None)
        while len(self._on_answer) > _LATE_ANSWERS_KEPT:
            self._on_answer.pop(next(iter(self._on_answer)))

    def dropped(self, sequence: int) -> None:
        """No longer awaited, and no answer to it can come."""
        self._pending.pop(sequence, None)
        self._on_answer.pop(sequence, None)

    def lost(self, reason: str) -> None:
        """The connection is gone: whatever was awaited gets no answer."""
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SubmitNoAnswer(reason))
        self._pending.clear()
        self._on_answer.clear()
