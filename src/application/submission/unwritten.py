"""Outcomes a gateway gave that the database could not take: kept by the process that got them and
written as soon as the database answers again.

A send whose transaction 2 fails after its own tries (`RecordOutcomes.retry_delays`) answers
`pending`, and its message stays `pending` in the log. Were that left to the reconciler, a
reconciler in another process (a standalone worker, or this one restarted) would submit it again
once the database is back, and a gateway that cannot recognise a repeat (SMPP has no idempotency
key on the wire) would put it on air twice. So the outcome is kept here and written again and
again, with backoff, until it is written: the database comes back, and this process writes what it
knows well before any message is untouched for the reconciler's `UJUMBE_RECONCILE_AFTER`.

What a process still holds when it stops is waited for up to `drain`'s timeout and then logged,
message by message, with what the gateway answered: only a process that stops during an outage
leaves a message for the reconciler to submit again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from domain.errors import DomainError

log = logging.getLogger("ujumbe.sending")


class UnwrittenOutcomes:
    """The writes of outcomes the database refused, each tried again until it is written."""

    def __init__(self, first_wait: float = 0.25, longest_wait: float = 1.0) -> None:
        self._first_wait, self._longest_wait = first_wait, longest_wait
        self._held: dict[asyncio.Task[None], Sequence[str]] = {}

    @property
    def held(self) -> int:
        """Messages whose outcome is not written yet."""
        return sum(len(ids) for ids in self._held.values())

    def keep(self, write: Callable[[], Awaitable[object]], message_ids: Sequence[str], what: str) -> None:
        """Try `write` (idempotent: transaction 2 of the messages `message_ids`) until it succeeds;
        `what` (the gateway's answers) is logged if it never does."""
        task = asyncio.get_running_loop().create_task(self._write(write, message_ids, what),
                                                      name=f"unwritten outcomes of {len(message_ids)} messages")
        self._held[task] = message_ids
        task.add_done_callback(self._forget)
        log.warning("the outcomes of %d messages could not be written; this process keeps them and writes "
                    "them once the database answers", len(message_ids))

    def _forget(self, task: asyncio.Task[None]) -> None:
        del self._held[task]

    async def _write(self, write: Callable[[], Awaitable[object]], message_ids: Sequence[str], what: str) -> None:
        wait = self._first_wait
        try:
            while True:
                try:
                    await write()
                except DomainError:
                    log.exception("the outcomes of messages %s are refused by a rule: %s", ", ".join(message_ids), what)
                    return
                except Exception:
                    await asyncio.sleep(wait)
                    wait = min(2 * wait, self._longest_wait)
                else:
                    log.info("the outcomes of %d messages kept through an outage are written", len(message_ids))
                    return
        except asyncio.CancelledError:
            log.error("stopped with the outcomes of messages %s unwritten (the reconciler submits them again): %s",
                      ", ".join(message_ids), what)
            raise

    async def drain(self, timeout: float) -> None:
        """At a process's stop: wait up to `timeout` seconds for what is held to be written, then
        give up on the rest (each logged with what the gateway answered)."""
        if not self._held:
            return
        _, pending = await asyncio.wait(list(self._held), timeout=timeout)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
