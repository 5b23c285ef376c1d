"""Ports shared by every area: time, ids and the unit of work.

Each area's repository protocol lives in that area's module; the unit of work
exposes one repository per area and owns the transaction.
"""

from __future__ import annotations

from datetime import datetime
from types import TracebackType
from typing import Callable, Protocol, Self


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class IdGenerator(Protocol):
    def new_id(self) -> str:
        """A new unique id (uuid text)."""
        ...


class UnitOfWork(Protocol):
    """One transaction over every repository.

    `async with uow: ...; await uow.commit()` — leaving the block without a
    commit rolls everything back.
    """

    async def __aenter__(self) -> Self: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    async def commit(self) -> None: ...

    async def rollback(self) -> None: ...


UnitOfWorkFactory = Callable[[], UnitOfWork]
