"""What one submit comes to, what that does to a pending message, and what a send answers.

The gateway answers a submit in one of four ways (`Answer`): it took the SMS (`sent`), it
rejected it (`failed`, credits refunded), it could not be reached at all (`failed`: nothing was
handed over, so nothing can arrive; refunded as `gateway_unavailable`), or no answer came after
the SMS was handed over: it may be on its way, so the message stays `pending` and keeps its
credits until a later submit under the same id gets the answer. A message that a crash or a
silent gateway left pending is submitted again by the reconciler; when it gives up, the message
fails and is refunded as `gateway_no_answer`, which says it may have gone out.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from dataclasses import dataclass
from enum import StrEnum

from domain.ledger import REFUND_MANY, REFUND_ONE, EntryType, Posting
from domain.messages import Message, MessageEvent, MessageStatus, SubmitOutcome, next_status
from domain.pricing import cost_text

# Error codes a user reads in the log and the send's answer.
GATEWAY_UNAVAILABLE = "gateway_unavailable"  # the submit never reached the gateway
GATEWAY_NO_ANSWER = "gateway_no_answer"  # given up without an answer: it may have gone out
GATEWAY_REJECTED = "rejected"  # the gateway rejected it without naming a reason


class Answer(StrEnum):
    ACCEPTED = "accepted"  # the gateway took the SMS
    REJECTED = "rejected"  # the gateway said no
    UNAVAILABLE = "unavailable"  # nothing was handed over (retries spent)
    NO_ANSWER = "no_answer"  # handed over, perhaps; the answer never came


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """What one submit came to."""

    kind: Answer
    gateway_ref: str | None = None  # the gateway's id for an accepted SMS
    reason: str | None = None  # the gateway's error code for a rejected one, when it named one
    # The sender an accepted SMS went out under when it is not the one asked for: the carrier
    # refused that one and the gateway re-sent it under the platform default (decision: sender fallback).
    sender: str | None = None
    bind: str | None = None  # the carrier connection that took it, when the gateway has several

    @classmethod
    def accepted(cls, gateway_ref: str | None, bind: str | None = None) -> SubmitResult:
        return cls(Answer.ACCEPTED, gateway_ref=gateway_ref, bind=bind)

    @classmethod
    def rejected(cls, reason: str | None) -> SubmitResult:
        return cls(Answer.REJECTED, reason=reason)


UNAVAILABLE = SubmitResult(Answer.UNAVAILABLE)
NO_ANSWER = SubmitResult(Answer.NO_ANSWER)


def _failed(message: Message, error: str) -> SubmitOutcome:
    status = next_status(message.status, MessageEvent.FAILED_AT_SUBMIT)
    return SubmitOutcome(message.id, status, None, error, 0, cost_text(0))


def submit_outcome(message: Message, result: SubmitResult) -> SubmitOutcome | None:
    """The outcome of a pending message's submit; None when no answer came (it stays pending,
    paid for)."""
    match result.kind:
        case Answer.ACCEPTED:
            status = next_status(message.status, MessageEvent.SUBMITTED)
            return SubmitOutcome(message.id, status, result.gateway_ref, None, message.credits_used, message.cost,
                                 sender=result.sender, gateway_bind=result.bind)
        case Answer.REJECTED:
            return _failed(message, result.reason or GATEWAY_REJECTED)
        case Answer.UNAVAILABLE:
            return _failed(message, GATEWAY_UNAVAILABLE)
        case Answer.NO_ANSWER:
            return None


# How long a paid message may stay unanswered by the gateway before it is failed as
# `gateway_no_answer` and refunded (the reconciler's and a campaign run's deadline), since it was written.
GIVE_UP_AFTER = timedelta(hours=1)


def resubmit_outcome(message: Message, result: SubmitResult, *, give_up: bool) -> SubmitOutcome | None:
    """The outcome of submitting again a message an earlier submit left pending. Only the
    gateway's own answer settles it: unavailable now says nothing of the first submit, which may
    have gone out. Without an answer it stays pending, or fails as `gateway_no_answer` once the
    reconciler gives up on it (`give_up`)."""
    if result.kind in (Answer.ACCEPTED, Answer.REJECTED):
        return submit_outcome(message, result)
    return _failed(message, GATEWAY_NO_ANSWER) if give_up else None


def refunds(failed: Iterable[Message]) -> list[Posting]:
    """The credits of messages that failed at submit, back to the deductions that paid for them
    (`failed`: as they were paid for): one refund per deduction, keyed by the first message, by
    id, it returns credits for. A message fails once, so no two refunds share a key and none
    applies twice, even when a batch is finished in several rounds (a resumed bulk, the
    reconciler)."""
    by_deduction: dict[str, list[Message]] = {}
    for message in sorted(failed, key=lambda m: m.id):
        by_deduction.setdefault(message.deduction_reference, []).append(message)
    return [_refund(messages) for messages in by_deduction.values()]


def _refund(failed: list[Message]) -> Posting:
    description = (REFUND_ONE.format(to=failed[0].to) if len(failed) == 1
                   else REFUND_MANY.format(count=len(failed)))
    return Posting(type=EntryType.REFUND, credits=sum(m.credits_used for m in failed), description=description,
                   reference=f"refund:{failed[0].id}", refunds=failed[0].deduction_reference)


def send_status(message: Message) -> str:
    """What a send answers: whether the gateway took it. A message delivered by the time a
    resumed send answers was `sent` (the log and the webhooks tell of its delivery)."""
    return MessageStatus.SENT.value if message.status == MessageStatus.DELIVERED else message.status.value


def never_sent(status: str, error: str | None) -> bool:
    """A send answered `failed` that certainly did not go out (rejected at submit, or never handed
    over), as opposed to one given up without an answer, which may have: only the former may be
    sent again as a new message (the Idempotency-Key rule for failed originals)."""
    return status == MessageStatus.FAILED.value and error != GATEWAY_NO_ANSWER
