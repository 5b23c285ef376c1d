"""What a submit's answer does to a pending message, and what a send answers its caller.

The gateway either took the SMS (`sent`), refused it (`failed`, credits refunded), could not
be reached at all (`failed`: nothing was handed over, so nothing can arrive; refunded), or took
it without answering (`unknown`): the SMS may be on its way, so the message stays `pending`
and keeps its credits until a later submit under the same id gets the answer. A message that a
crash or a silent gateway left pending is submitted again by the reconciler; when it gives up,
the message fails and is refunded as `gateway_no_answer`, which says it may have gone out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.messages import Message, MessageEvent, MessageStatus, SubmitOutcome, next_status
from domain.pricing import cost_text

# Error codes a user reads in the log and the send's answer.
GATEWAY_UNAVAILABLE = "gateway_unavailable"  # the submit never reached the gateway
GATEWAY_NO_ANSWER = "gateway_no_answer"  # given up without an answer: it may have gone out
GATEWAY_REFUSED = "rejected"  # the gateway refused without naming a reason


class Answer(StrEnum):
    ACCEPTED = "accepted"  # the gateway took the SMS
    REFUSED = "refused"  # the gateway said no
    UNREACHABLE = "unreachable"  # nothing was handed over (retries spent)
    UNKNOWN = "unknown"  # handed over, perhaps; the answer never came


@dataclass(frozen=True, slots=True)
class SubmitAnswer:
    """What one submit came to."""

    answer: Answer
    gateway_ref: str | None = None  # the gateway's id for an accepted SMS
    error: str | None = None  # why it was refused

    @classmethod
    def accepted(cls, gateway_ref: str | None) -> SubmitAnswer:
        return cls(Answer.ACCEPTED, gateway_ref=gateway_ref)

    @classmethod
    def refused(cls, error: str | None) -> SubmitAnswer:
        return cls(Answer.REFUSED, error=error or GATEWAY_REFUSED)


UNREACHABLE = SubmitAnswer(Answer.UNREACHABLE, error=GATEWAY_UNAVAILABLE)
UNKNOWN = SubmitAnswer(Answer.UNKNOWN)


def _failed(message: Message, error: str) -> SubmitOutcome:
    status = next_status(message.status, MessageEvent.REJECTED)
    return SubmitOutcome(message.id, status, None, error, 0, cost_text(0))


def submit_outcome(message: Message, answer: SubmitAnswer) -> SubmitOutcome | None:
    """The outcome of a pending message's submit; None while the answer is unknown (it stays
    pending, paid for)."""
    if answer.answer is Answer.ACCEPTED:
        status = next_status(message.status, MessageEvent.SUBMITTED)
        return SubmitOutcome(message.id, status, answer.gateway_ref, None, message.credits_used, message.cost)
    if answer.answer is Answer.UNKNOWN:
        return None
    return _failed(message, answer.error or GATEWAY_REFUSED)


def resubmit_outcome(message: Message, answer: SubmitAnswer, *, give_up: bool) -> SubmitOutcome | None:
    """The outcome of submitting again a message an earlier submit left pending. Only the
    gateway's own answer settles it: unreachable now says nothing of the first submit, which may
    have gone out. Without an answer it stays pending, or fails as `gateway_no_answer` once the
    reconciler gives up on it (`give_up`)."""
    if answer.answer in (Answer.ACCEPTED, Answer.REFUSED):
        return submit_outcome(message, answer)
    return _failed(message, GATEWAY_NO_ANSWER) if give_up else None


def send_status(message: Message) -> str:
    """What a send answers: whether the gateway took it. A message delivered by the time a
    resumed send answers was `sent` (the log and the webhooks tell of its delivery)."""
    return MessageStatus.SENT.value if message.status == MessageStatus.DELIVERED else message.status.value


def never_sent(status: str, error: str | None) -> bool:
    """A send answered `failed` that certainly did not go out (refused at submit, or never handed
    over), as opposed to one given up without an answer, which may have: only the former may be
    sent again as a new message (the Idempotency-Key rule for failed originals)."""
    return status == MessageStatus.FAILED.value and error != GATEWAY_NO_ANSWER
