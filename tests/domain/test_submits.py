"""What a submit's result does to a pending message (domain.submits), the refunds of what failed,
and the message's own moves."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import IllegalTransition
from domain.ledger import EntryType
from domain.messages import UNDELIVERABLE_ERROR, Message, MessageEvent, MessageStatus
from domain.pricing import cost_text
from domain.submits import (
    GATEWAY_NO_ANSWER,
    GATEWAY_REJECTED,
    GATEWAY_UNAVAILABLE,
    NO_ANSWER,
    UNAVAILABLE,
    Answer,
    SubmitResult,
    never_sent,
    refunds,
    resubmit_outcome,
    send_status,
    submit_outcome,
)

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@st.composite
def pending_messages(draw: st.DrawFn, batch_ids: st.SearchStrategy[str | None] = st.none() | st.just("b1")) -> Message:
    credits = draw(st.integers(1, 10))
    return Message(
        account_id=draw(st.sampled_from(["a1", "a2"])), id=draw(st.uuids()).hex, to="+255712345678",
        sender="UJUMBE", body="Habari", encoding="GSM-7", characters=6, sms_parts=credits, segments=credits,
        credits_used=credits, cost=cost_text(credits), carrier="Vodacom", status=MessageStatus.PENDING,
        created_at=T0, updated_at=T0, batch_id=draw(batch_ids),
    )


refs = st.text(alphabet="abcdef0123456789", min_size=1, max_size=12)
errors = st.none() | st.sampled_from(["rejected_by_gateway", "blacklisted", "invalid_destination"])
results = st.one_of(
    refs.map(SubmitResult.accepted), errors.map(SubmitResult.rejected), st.just(UNAVAILABLE), st.just(NO_ANSWER),
)
moments = st.integers(0, 10_000).map(lambda s: T0 + timedelta(seconds=s))


@given(pending_messages(), refs, moments)
def test_an_accepted_submit_is_sent_and_stays_paid(message: Message, ref: str, at: datetime) -> None:
    outcome = submit_outcome(message, SubmitResult.accepted(ref))
    assert outcome is not None
    sent = message.settled(outcome, at)
    assert sent.status is MessageStatus.SENT and sent.gateway_ref == ref and sent.error is None
    assert (sent.credits_used, sent.cost) == (message.credits_used, message.cost)
    assert sent.sent_at == at == sent.updated_at
    assert send_status(sent) == "sent" and not never_sent(send_status(sent), sent.error)


@given(pending_messages(), errors, moments)
def test_a_rejected_submit_fails_refunded_with_the_gateways_reason(message: Message, error: str | None,
                                                                   at: datetime) -> None:
    outcome = submit_outcome(message, SubmitResult.rejected(error))
    assert outcome is not None
    failed = message.settled(outcome, at)
    assert failed.status is MessageStatus.FAILED and failed.error == (error or GATEWAY_REJECTED)
    assert (failed.credits_used, failed.cost, failed.sent_at, failed.gateway_ref) == (0, "0 credits", None, None)
    assert never_sent(send_status(failed), failed.error)  # a retry may send it anew


@given(pending_messages(), moments)
def test_an_unavailable_gateway_fails_the_message_refunded_as_gateway_unavailable(message: Message,
                                                                                  at: datetime) -> None:
    outcome = submit_outcome(message, UNAVAILABLE)
    assert outcome is not None
    failed = message.settled(outcome, at)
    assert (failed.status, failed.error, failed.credits_used) == (MessageStatus.FAILED, GATEWAY_UNAVAILABLE, 0)
    assert never_sent(send_status(failed), failed.error)


@given(pending_messages())
def test_an_unanswered_submit_leaves_the_message_pending_and_paid(message: Message) -> None:
    assert submit_outcome(message, NO_ANSWER) is None  # nothing to record: pending, credits kept


@given(pending_messages(), st.sampled_from(list(MessageStatus)))
def test_a_send_says_its_messages_status_and_a_delivered_one_was_sent(message: Message,
                                                                     status: MessageStatus) -> None:
    said = send_status(replace(message, status=status))
    assert said == ("sent" if status is MessageStatus.DELIVERED else status.value)


@given(pending_messages(), results, st.booleans())
def test_a_resubmit_is_settled_only_by_the_gateways_own_answer_or_by_giving_up(
        message: Message, result: SubmitResult, give_up: bool) -> None:
    outcome = resubmit_outcome(message, result, give_up=give_up)
    if result.kind in (Answer.ACCEPTED, Answer.REJECTED):
        assert outcome == submit_outcome(message, result)
    elif give_up:
        assert outcome is not None
        given_up = message.settled(outcome, T0)
        assert (given_up.status, given_up.error, given_up.credits_used) == (
            MessageStatus.FAILED, GATEWAY_NO_ANSWER, 0)
        # It may have gone out: never counted as certainly unsent, so a keyed retry replays it.
        assert not never_sent(send_status(given_up), given_up.error)
    else:
        assert outcome is None  # unavailable now says nothing of the first submit


@given(pending_messages(), results, results)
def test_a_settled_message_takes_no_second_submit_result(message: Message, first: SubmitResult,
                                                         second: SubmitResult) -> None:
    outcome = submit_outcome(message, first)
    if outcome is None:
        return
    settled = message.settled(outcome, T0)
    if second.kind is Answer.NO_ANSWER:
        assert submit_outcome(settled, second) is None
    else:
        with pytest.raises(IllegalTransition):
            submit_outcome(settled, second)


@given(pending_messages(), results)
def test_settling_touches_only_the_submit_fields(message: Message, result: SubmitResult) -> None:
    outcome = submit_outcome(message, result)
    if outcome is None:
        return
    settled = message.settled(outcome, T0 + timedelta(seconds=1))
    untouched = replace(settled, status=message.status, gateway_ref=None, error=None,
                        credits_used=message.credits_used, cost=message.cost, sent_at=None, updated_at=T0)
    assert untouched == message
    assert settled.deduction_reference == message.deduction_reference  # a refund names its deduction


@given(st.lists(pending_messages(batch_ids=st.sampled_from([None, "b1", "b2"])), max_size=30,
                unique_by=lambda m: m.id))
def test_what_failed_is_refunded_once_per_deduction_keyed_by_its_first_message(failed: list[Message]) -> None:
    postings = refunds(failed)
    deductions = {m.deduction_reference for m in failed}
    assert sorted(p.refunds or "" for p in postings) == sorted(deductions)  # one refund per deduction
    assert all(p.type is EntryType.REFUND for p in postings)
    assert sum(p.credits for p in postings) == sum(m.credits_used for m in failed)
    assert len({p.reference for p in postings}) == len(postings)
    for posting in postings:
        returned = [m for m in failed if m.deduction_reference == posting.refunds]
        assert posting.credits == sum(m.credits_used for m in returned)
        assert posting.reference == f"refund:{min(m.id for m in returned)}"
    assert refunds(reversed(failed)) == postings  # the order they failed in changes nothing


@given(st.lists(pending_messages(batch_ids=st.just("b1")), min_size=2, max_size=10, unique_by=lambda m: m.id))
def test_a_batch_finished_in_rounds_gets_refunds_that_never_share_a_key(batch: list[Message]) -> None:
    """A resumed bulk or the reconciler fails a batch's messages a few at a time: each round's
    refund is keyed by a message only it returns, so the ledger takes every round once."""
    rounds = [batch[: len(batch) // 2], batch[len(batch) // 2:]]
    keys = Counter(p.reference for part in rounds for p in refunds(part))
    assert max(keys.values()) == 1


@given(pending_messages(), st.booleans(),
       st.lists(st.tuples(st.sampled_from([MessageEvent.DELIVERED, MessageEvent.UNDELIVERABLE]), errors),
                min_size=1, max_size=5))
def test_the_first_final_report_wins_and_says_when_or_why(
        message: Message, accepted_first: bool, reports: list[tuple[MessageEvent, str | None]]) -> None:
    """A report may overtake the submit's answer (`accepted_first` False): it applies all the same."""
    if accepted_first:
        outcome = submit_outcome(message, SubmitResult.accepted("ref"))
        assert outcome is not None
        message = message.settled(outcome, T0)
    first_event, first_error = reports[0]
    reported_at = T0 + timedelta(minutes=1)
    current = message.reported(first_event, reported_at, first_error, T0 + timedelta(minutes=2))
    if first_event is MessageEvent.DELIVERED:
        assert (current.status, current.delivered_at, current.error) == (MessageStatus.DELIVERED, reported_at, None)
    else:
        assert (current.status, current.delivered_at) == (MessageStatus.FAILED, None)
        assert current.error == (first_error or UNDELIVERABLE_ERROR)
    assert send_status(current) == ("sent" if current.status is MessageStatus.DELIVERED else "failed")
    for event, error in reports[1:]:  # late or repeated reports move nothing
        assert current.reported(event, T0 + timedelta(hours=1), error, T0 + timedelta(hours=1)) is current
