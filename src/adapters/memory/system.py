"""A clock that only moves when told to, and predictable ids: time and ids under test control."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime, timedelta


class FrozenClock:
    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float = 0, **delta: float) -> datetime:
        self._now += timedelta(seconds=seconds, **delta)
        return self._now

    def set(self, moment: datetime) -> None:
        self._now = moment


class SequentialIds:
    """uuid-shaped ids that count up, so tests can name them."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def new_id(self) -> str:
        return str(uuid.UUID(int=next(self._counter)))
