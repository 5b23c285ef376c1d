"""GroupCommit's hand-over rules without a database: who runs a group, who gets which verdict,
and that a failed or cancelled caller never leaves the others waiting."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from adapters.postgres.group_commit import GroupCommit


class FakeConnection:
    """Just enough of an AsyncConnection: which caller's connection ran which group."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.autocommit = False

    async def set_autocommit(self, value: bool) -> None:
        self.autocommit = value


class Statement:
    """Doubles each item; an item "bad" fails its caller alone, "poison" fails any group it is in."""

    def __init__(self, delay: float = 0.0) -> None:
        self.groups: list[tuple[str, list[Any]]] = []
        self.delay = delay

    async def __call__(self, conn: Any, items: Sequence[Any]) -> list[Any]:
        assert conn.autocommit
        self.groups.append((conn.name, list(items)))
        await asyncio.sleep(self.delay)
        if "poison" in items and len(items) > 1:
            raise RuntimeError("the group failed as a whole")
        return [ValueError(f"bad {item}") if item in ("bad", "poison") else item * 2 for item in items]


async def run(group: GroupCommit[Any, Any], name: str, item: Any) -> Any:
    try:
        return await group.run(FakeConnection(name), item)  # type: ignore[arg-type]
    except ValueError as exc:
        return str(exc)


async def test_callers_of_one_tick_go_together_and_later_ones_in_the_next_group() -> None:
    statement = Statement(delay=0.01)
    group: GroupCommit[Any, Any] = GroupCommit(statement)
    first = [asyncio.create_task(run(group, f"c{n}", n)) for n in range(3)]
    await asyncio.sleep(0.001)  # the first group is running
    later = [asyncio.create_task(run(group, f"d{n}", 10 + n)) for n in range(2)]
    assert await asyncio.gather(*first, *later) == [0, 2, 4, 20, 22]
    assert statement.groups == [("c0", [0, 1, 2]), ("d0", [10, 11])]  # d0 was handed the lead


async def test_an_item_that_fails_fails_its_caller_only() -> None:
    statement = Statement()
    group: GroupCommit[Any, Any] = GroupCommit(statement)
    assert await asyncio.gather(*(run(group, f"c{n}", item) for n, item in enumerate([1, "bad", 3]))) == [
        2, "bad bad", 6]


async def test_a_group_that_fails_as_a_whole_is_run_again_item_by_item() -> None:
    statement = Statement()
    group: GroupCommit[Any, Any] = GroupCommit(statement)
    assert await asyncio.gather(*(run(group, f"c{n}", item) for n, item in enumerate([1, "poison", 3]))) == [
        2, "bad poison", 6]
    assert [items for _, items in statement.groups] == [[1, "poison", 3], [1], ["poison"], [3]]


async def test_a_cancelled_waiter_is_left_out_and_the_lead_passes_on() -> None:
    statement = Statement(delay=0.01)
    group: GroupCommit[Any, Any] = GroupCommit(statement)
    leader = asyncio.create_task(run(group, "a", 1))
    await asyncio.sleep(0.001)  # a's group is running
    gone = asyncio.create_task(run(group, "b", 2))
    stays = asyncio.create_task(run(group, "c", 3))
    await asyncio.sleep(0)
    gone.cancel()
    assert await leader == 2 and await stays == 6
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert statement.groups == [("a", [1]), ("c", [3])]


async def test_a_leader_cancelled_mid_statement_lets_its_group_finish_for_the_others() -> None:
    # The statement may already have committed the follower's write: the follower must get its
    # verdict, not an error for something that happened (its client would retry and pay twice).
    statement = Statement(delay=0.05)
    group: GroupCommit[Any, Any] = GroupCommit(statement)
    leader = asyncio.create_task(run(group, "a", 1))
    follower = asyncio.create_task(run(group, "b", 2))
    await asyncio.sleep(0.01)  # a leads [1, 2]
    later = asyncio.create_task(run(group, "c", 3))
    await asyncio.sleep(0)
    leader.cancel()
    assert await follower == 4
    assert await later == 6
    with pytest.raises(asyncio.CancelledError):
        await leader
    assert leader.cancelled()
    assert statement.groups == [("a", [1, 2]), ("c", [3])]


async def test_a_new_event_loop_starts_afresh() -> None:
    group: GroupCommit[Any, Any] = GroupCommit(Statement())
    group._leading = True  # as a loop that died mid-group would leave it
    group._loop = object()  # type: ignore[assignment]
    assert await run(group, "a", 4) == 8
