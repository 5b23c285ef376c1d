"""Group commit: concurrent callers' writes as one autocommit statement.

One account's sends serialise on its balance row, and each commit holds that row's lock until
the commit is synced, so one statement and one commit per send caps a hot account at what the
disk syncs in a second. Here the items that callers in this process hand over while a statement
is running wait for it, then go together as the next statement: the commit (and its sync) is
shared, and so are the round trip and the statement's fixed cost.

The statement runs on the connection of one of the callers (the leader), which its unit of work
already holds and leaves idle while it waits: no extra connection, so a pool whose connections
are all held by waiting callers cannot deadlock. A caller that holds no connection (a read outside
any unit of work: the API key's lookup) hands over the pool instead: only if it leads does it
borrow a connection, for the group's statement, while holding no other. When the leader is done
it hands the lead to the first caller still waiting. Each caller gets its own verdict (a value,
or an exception for it alone); when a group's statement fails as a whole, its items are run again
one by one, so an error belongs to the item that caused it. A leader cancelled mid-statement
still lets its group finish, so no caller is told its write failed when it may have committed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from weakref import WeakKeyDictionary

from psycopg import AsyncConnection
from psycopg.pq import TransactionStatus
from psycopg_pool import AsyncConnectionPool

Item = TypeVar("Item")
Verdict = TypeVar("Verdict")

# Runs a group's items (in order) on a connection in autocommit; one verdict per item, in
# order: a value, or the exception to raise for that item's caller.
GroupStatement = Callable[[AsyncConnection, Sequence[Item]], Awaitable[Sequence["Verdict | Exception"]]]


def is_idle(conn: AsyncConnection) -> bool:
    """No transaction open: a statement may run alone, in autocommit."""
    return conn.info.transaction_status == TransactionStatus.IDLE


@asynccontextmanager
async def autocommit(conn: AsyncConnection) -> AsyncIterator[AsyncConnection]:
    """The block's statements each commit on their own (no BEGIN/COMMIT round trips); the
    connection goes back to transactions after it. Only on an idle connection."""
    await conn.set_autocommit(True)
    try:
        yield conn
    finally:
        await conn.set_autocommit(False)


class _Lead:
    """What a waiting caller is handed when it is to run the next group."""


_LEAD = _Lead()


@dataclass(eq=False, slots=True)
class _Waiter(Generic[Item]):
    item: Item
    answer: asyncio.Future[object]


class GroupCommit(Generic[Item, Verdict]):
    """Items handed over by concurrent callers, run as groups by `statement` (see module doc).
    One per pool and statement (`GroupCommits.of`): the first caller in an event loop starts
    afresh (a test's loop, a CLI run)."""

    def __init__(self, statement: GroupStatement[Item, Verdict]) -> None:
        self._statement = statement
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[_Waiter[Item]] = []
        self._leading = False  # a caller is running a group, or has been handed the lead

    async def run(self, conn: AsyncConnection | AsyncConnectionPool, item: Item) -> Verdict:
        """This item's verdict; `conn` is the caller's idle connection (it may run the group), or
        the pool to borrow one from if it does."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._waiting, self._leading = loop, [], False
        me = _Waiter(item, loop.create_future())
        self._waiting.append(me)
        if not self._leading:
            self._leading = True
            try:
                await asyncio.sleep(0)  # let the callers of this tick join the first group
            except asyncio.CancelledError:
                me.answer.cancel()
                self._hand_over()
                raise
            return await self._lead(conn, me)
        try:
            verdict = await me.answer
        except asyncio.CancelledError:
            if me.answer.done() and not me.answer.cancelled() and me.answer.exception() is None \
                    and me.answer.result() is _LEAD:
                self._hand_over()  # handed the lead, cancelled before taking it: pass it on
            raise
        if verdict is _LEAD:
            return await self._lead(conn, me)
        return verdict  # type: ignore[return-value]  # set by _lead from the statement's verdicts

    async def _lead(self, conn: AsyncConnection | AsyncConnectionPool, me: _Waiter[Item]) -> Verdict:
        group = [w for w in self._waiting if w is me or not w.answer.done()]
        self._waiting = []
        # The group runs to its end even when the leader is cancelled meanwhile: its statement
        # may commit the others' writes, so they must hear their verdicts (and the connection
        # must not go back to the pool mid-statement). The leader's cancellation waits for it.
        running = asyncio.ensure_future(self._in_autocommit(conn, [w.item for w in group]))
        interrupted = False
        try:
            while True:
                try:
                    verdicts = await asyncio.shield(running)
                    break
                except asyncio.CancelledError:
                    if running.done():  # the group itself was cancelled (its event loop is closing)
                        raise
                    interrupted = True
        except BaseException as exc:  # the connection failed, or the loop is closing
            failure = exc if isinstance(exc, Exception) else RuntimeError("group commit interrupted")
            for waiter in group:
                if waiter is not me and not waiter.answer.done():
                    waiter.answer.set_exception(failure)
            raise
        finally:
            self._hand_over()
        mine: Verdict | Exception | None = None
        for waiter, verdict in zip(group, verdicts, strict=True):
            if waiter is me:
                mine = verdict
            elif not waiter.answer.done():
                if isinstance(verdict, Exception):
                    waiter.answer.set_exception(verdict)
                else:
                    waiter.answer.set_result(verdict)
        if interrupted:
            raise asyncio.CancelledError()  # its own item's fate is unknown to it, as after a crash
        if isinstance(mine, Exception):
            raise mine
        return mine  # type: ignore[return-value]  # `me` is in `group`

    async def _in_autocommit(self, conn: AsyncConnection | AsyncConnectionPool,
                             items: Sequence[Item]) -> Sequence[Verdict | Exception]:
        if isinstance(conn, AsyncConnectionPool):
            async with conn.connection() as borrowed, autocommit(borrowed):
                return await self._run(borrowed, items)
        async with autocommit(conn):
            return await self._run(conn, items)

    async def _run(self, conn: AsyncConnection, items: Sequence[Item]) -> Sequence[Verdict | Exception]:
        try:
            return await self._statement(conn, items)
        except Exception as exc:
            if len(items) == 1:
                return [exc]
        # The group failed as a whole: each item alone, so each caller gets its own verdict.
        verdicts: list[Verdict | Exception] = []
        for item in items:
            try:
                verdicts.extend(await self._statement(conn, [item]))
            except Exception as exc:
                verdicts.append(exc)
        return verdicts

    def _hand_over(self) -> None:
        """The lead to the first caller still waiting, if any."""
        self._waiting = [w for w in self._waiting if not w.answer.done()]
        if self._waiting:
            self._waiting[0].answer.set_result(_LEAD)
        else:
            self._leading = False


async def run_grouped(groups: GroupCommits | None, statement: GroupStatement[Item, Verdict],
                      conn: AsyncConnection, item: Item) -> Verdict:
    """The item's verdict: from the next group commit when `conn` has no transaction open,
    otherwise from the statement run alone inside that transaction (`groups` None: always so)."""
    if groups is not None and is_idle(conn):
        return await groups.of(statement).run(conn, item)
    (verdict,) = await statement(conn, [item])
    if isinstance(verdict, Exception):
        raise verdict
    return verdict


class GroupCommits:
    """One pool's group commits, one per statement."""

    def __init__(self) -> None:
        self._of: dict[object, GroupCommit[Any, Any]] = {}

    def of(self, statement: GroupStatement[Item, Verdict]) -> GroupCommit[Item, Verdict]:
        group = self._of.get(statement)
        if group is None:
            group = self._of[statement] = GroupCommit(statement)
        return group


_OF_POOL: WeakKeyDictionary[object, GroupCommits] = WeakKeyDictionary()


def group_commits(pool: object) -> GroupCommits:
    """The pool's group commits (the callers of one pool share a group; another pool may be
    another database)."""
    groups = _OF_POOL.get(pool)
    if groups is None:
        groups = _OF_POOL[pool] = GroupCommits()
    return groups
