"""The one gateway-call policy: each submit's answer, and a batch spread over a one-at-a-time gateway."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from application.ports import GatewayNoAnswer, GatewayUnavailable, OutboundSms
from application.submission import submit, submit_all
from domain.submits import NO_ANSWER, UNAVAILABLE, Answer, SubmitResult


def sms(n: int) -> OutboundSms:
    return OutboundSms(message_id=f"m{n}", account_id="a", to=f"+2557120000{n:02d}", sender="UJUMBE", text="Habari")


class Singles:
    """Takes no batches; answers by message id, and counts what is in flight at once."""

    def __init__(self, silent: frozenset[str] = frozenset(), down: frozenset[str] = frozenset(),
                 refused: frozenset[str] = frozenset()) -> None:
        self.silent, self.down, self.refused = silent, down, refused
        self.seen: list[str] = []
        self.in_flight = self.most_in_flight = 0

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.seen.append(sms.message_id)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0)  # let concurrent submits overlap
            if sms.message_id in self.down:
                raise GatewayUnavailable("connection refused")
            if sms.message_id in self.silent:
                raise GatewayNoAnswer("no answer within the timeout")
            if sms.message_id in self.refused:
                return SubmitResult.rejected("rejected_by_gateway")
            return SubmitResult.accepted(f"ref-{sms.message_id}")
        finally:
            self.in_flight -= 1


async def test_each_kind_of_answer_is_told_apart() -> None:
    gateway = Singles(silent=frozenset({"m1"}), down=frozenset({"m2"}), refused=frozenset({"m3"}))
    assert await submit(gateway, sms(0)) == SubmitResult.accepted("ref-m0")
    assert await submit(gateway, sms(1)) == NO_ANSWER
    assert await submit(gateway, sms(2)) == UNAVAILABLE
    assert await submit(gateway, sms(3)) == SubmitResult.rejected("rejected_by_gateway")


async def test_a_gateway_without_batches_gets_one_submit_per_message_within_the_window() -> None:
    gateway = Singles()
    answers = await submit_all(gateway, [sms(n) for n in range(5)], concurrency=2)
    assert [a.gateway_ref for a in answers] == [f"ref-m{n}" for n in range(5)]
    assert sorted(gateway.seen) == [f"m{n}" for n in range(5)]
    assert gateway.most_in_flight == 2


async def test_one_unanswered_submit_of_a_fanned_out_batch_is_no_answer_alone() -> None:
    answers = await submit_all(Singles(silent=frozenset({"m2"})), [sms(n) for n in range(4)], concurrency=2)
    assert [a.kind for a in answers] == [Answer.ACCEPTED, Answer.ACCEPTED, Answer.NO_ANSWER, Answer.ACCEPTED]


class Batches(Singles):
    def __init__(self, fault: Exception | None = None) -> None:
        super().__init__()
        self.fault = fault
        self.batches: list[list[str]] = []

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        self.batches.append([s.message_id for s in batch])
        if self.fault is not None:
            raise self.fault
        return [NO_ANSWER if s.message_id == "m1" else SubmitResult.accepted(f"ref-{s.message_id}")
                for s in batch]


async def test_a_batch_gateway_takes_the_batch_in_one_hand_over() -> None:
    gateway = Batches()
    answers = await submit_all(gateway, [sms(n) for n in range(3)], concurrency=2)
    assert gateway.batches == [["m0", "m1", "m2"]] and gateway.seen == []
    assert [a.kind for a in answers] == [Answer.ACCEPTED, Answer.NO_ANSWER, Answer.ACCEPTED]


async def test_a_batch_that_could_not_be_handed_over_goes_message_by_message_under_the_same_ids() -> None:
    gateway = Batches(fault=GatewayUnavailable("not bound"))
    answers = await submit_all(gateway, [sms(n) for n in range(3)], concurrency=2)
    assert sorted(gateway.seen) == ["m0", "m1", "m2"]
    assert all(a.kind is Answer.ACCEPTED for a in answers)


async def test_a_batch_whose_answer_never_came_is_no_answer_throughout() -> None:
    gateway = Batches(fault=GatewayNoAnswer("timeout"))
    assert await submit_all(gateway, [sms(n) for n in range(3)], concurrency=2) == [NO_ANSWER] * 3
    assert gateway.seen == []


async def test_an_empty_batch_asks_the_gateway_nothing() -> None:
    gateway = Batches()
    assert await submit_all(gateway, [], concurrency=2) == []
    assert gateway.batches == []
