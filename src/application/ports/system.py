"""Time, ids and deferred work: what every area takes from outside."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class IdGenerator(Protocol):
    def new_id(self) -> str:
        """A new unique id (uuid text)."""
        ...


class JobQueue(Protocol):
    """Work for a job worker, now or at `at`: `task` names a job the worker runs with `payload`.

    `lock`: jobs sharing it never run at the same time. `queueing_lock`: at most one job with it
    waits in the queue; deferring another one while it waits is a no-op.
    """

    async def defer(
        self,
        task: str,
        payload: Mapping[str, Any],
        *,
        at: datetime | None = None,
        lock: str | None = None,
        queueing_lock: str | None = None,
    ) -> None: ...

    async def defer_many(
        self, task: str, payloads: Sequence[Mapping[str, Any]], *, at: datetime | None = None
    ) -> None:
        """One job per payload, queued together (one round trip)."""
        ...
