from __future__ import annotations

import dataclasses
import itertools
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import IllegalTransition
from domain.messages import MessageEvent as E
from domain.messages import MessageStatus as S
from domain.messages import UNDELIVERABLE_ERROR, Message, SubmitOutcome, is_final, is_report, next_status
REPORTS = [E.DELIVERED, E.UNDELIVERABLE]
RANK = {S.PENDING: 0, S.SENT: 1, S.DELIVERED: 2, S.FAILED: 2}


@pytest.mark.parametrize(
    ("current", "event", "expected"),
    [
        (S.PENDING, E.SUBMITTED, S.SENT),
        (S.PENDING, E.FAILED_AT_SUBMIT, S.FAILED),
        (S.PENDING, E.DELIVERED, S.DELIVERED),  # the report overtook the submit acknowledgement
        (S.PENDING, E.UNDELIVERABLE, S.FAILED),
        (S.SENT, E.DELIVERED, S.DELIVERED),
        (S.SENT, E.UNDELIVERABLE, S.FAILED),
        (S.DELIVERED, E.DELIVERED, S.DELIVERED),  # repeated report
        (S.DELIVERED, E.UNDELIVERABLE, S.DELIVERED),  # late contradicting report
        (S.FAILED, E.DELIVERED, S.FAILED),
        (S.FAILED, E.UNDELIVERABLE, S.FAILED),
    ],
)
def test_transition_table(current: S, event: E, expected: S) -> None:
    assert next_status(current, event) == expected


@pytest.mark.parametrize(
    ("current", "event"),
    [(s, e) for s in (S.SENT, S.DELIVERED, S.FAILED) for e in (E.SUBMITTED, E.FAILED_AT_SUBMIT)],
)
def test_submit_outcomes_only_apply_to_pending(current: S, event: E) -> None:
    with pytest.raises(IllegalTransition):
        next_status(current, event)


def test_values_are_the_spec_words() -> None:
    assert [s.value for s in S] == ["pending", "sent", "delivered", "failed"]
    assert [is_final(s) for s in S] == [False, False, True, True]
    assert [is_report(e) for e in E] == [False, False, True, True]


def test_plain_strings_from_storage_work() -> None:
    assert next_status(S("sent"), E("delivered")) == "delivered"


def run(start: S, events: list[E]) -> S:
    status = start
    for event in events:
        status = next_status(status, event)
    return status


@settings(max_examples=200)
@given(st.sampled_from(list(S)), st.lists(st.sampled_from(list(E)), max_size=12))
def test_status_never_moves_backwards(start: S, events: list[E]) -> None:
    status = start
    for event in events:
        try:
            after = next_status(status, event)
        except IllegalTransition:
            assert status != S.PENDING and not is_report(event)
            continue
        assert RANK[after] >= RANK[status]
        if is_final(status):
            assert after == status
        status = after


@settings(max_examples=200)
@given(st.sampled_from(REPORTS), st.integers(1, 5), st.sampled_from([S.PENDING, S.SENT]))
def test_repeated_reports_settle_like_one(report: E, times: int, start: S) -> None:
    once = run(start, [report])
    assert run(start, [report] * times) == once
    assert once == (S.DELIVERED if report == E.DELIVERED else S.FAILED)


@settings(max_examples=200)
@given(st.lists(st.sampled_from(REPORTS), min_size=1, max_size=6))
def test_any_order_of_agreeing_reports_ends_the_same(reports: list[E]) -> None:
    if len(set(reports)) == 1:
        finals = {run(S.SENT, list(p)) for p in itertools.permutations(reports)}
        assert len(finals) == 1
    # Contradicting reports: the first final report wins, whatever follows.
    expected = S.DELIVERED if reports[0] == E.DELIVERED else S.FAILED
    assert run(run(S.PENDING, [E.SUBMITTED]), reports) == expected


_NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
_MESSAGES = st.builds(
    Message, account_id=st.uuids().map(str), id=st.uuids().map(str), to=st.just("+255712345678"),
    sender=st.sampled_from(["UJUMBE", "DUKA"]), body=st.text(max_size=20), encoding=st.sampled_from(["GSM-7", "UCS-2"]),
    characters=st.integers(0, 500), sms_parts=st.integers(1, 4), segments=st.integers(1, 4),
    credits_used=st.integers(0, 4), cost=st.just("1 credit"), carrier=st.just("Yas"), status=st.sampled_from(list(S)),
    created_at=st.just(_NOW), updated_at=st.just(_NOW), requested_sender=st.none() | st.just("SHOP"),
    campaign_id=st.none() | st.uuids().map(str), campaign_batch=st.none() | st.integers(1, 100),
    gateway_ref=st.none() | st.text(min_size=1, max_size=8), handed_over=st.booleans(),
    batch_id=st.none() | st.uuids().map(str), error=st.none() | st.text(min_size=1, max_size=8),
    sent_at=st.none() | st.just(_NOW - timedelta(seconds=1)), delivered_at=st.none() | st.just(_NOW - timedelta(seconds=2)),
)


@given(_MESSAGES, st.sampled_from(list(E)), st.none() | st.text(max_size=8),
       st.builds(SubmitOutcome, message_id=st.just("m"), status=st.sampled_from([S.SENT, S.FAILED]),
                 gateway_ref=st.none() | st.text(max_size=8), error=st.none() | st.text(max_size=8),
                 credits_used=st.integers(0, 4), cost=st.just("0 credits"),
                 sender=st.none() | st.sampled_from(["UJUMBE", "OTHER"])))
def test_a_moved_message_is_what_dataclasses_replace_makes(message: Message, event: E, error: str | None,
                                                          outcome: SubmitOutcome) -> None:
    """`Message._moved` (the fast copy behind `settled` and `reported`) changes what it is given
    and keeps every other field, as `dataclasses.replace` does."""
    later = _NOW + timedelta(seconds=5)
    settled = message.settled(outcome, later)
    expected = dataclasses.replace(message, status=outcome.status, gateway_ref=outcome.gateway_ref,
                                   error=outcome.error, credits_used=outcome.credits_used, cost=outcome.cost,
                                   updated_at=later, sent_at=later if outcome.status == S.SENT else None)
    if outcome.sender is not None and outcome.sender != message.sender:
        expected = dataclasses.replace(expected, sender=outcome.sender,
                                       requested_sender=message.requested_sender or message.sender)
    assert settled == expected
    status = next_status(message.status, event) if is_report(event) else message.status
    reported = message.reported(event, _NOW, error, later) if is_report(event) else message
    if status == message.status:
        assert reported is message
    else:
        delivered = status == S.DELIVERED
        assert reported == dataclasses.replace(message, status=status, updated_at=later,
                                               delivered_at=_NOW if delivered else None,
                                               error=None if delivered else (error or UNDELIVERABLE_ERROR))
