"""A send before anything is written: its text checked, its parts counted, its price known.

The checked message is made before the sender is resolved or the account debited, so a text that
cannot be sent is refused before any storage is touched; each recipient's message is then the
checked message, `pending`, paid for at its price. (Not a campaign's `draft` status: nothing here
is kept.)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.messages import Message, MessageStatus
from domain.phone import Msisdn
from domain.pricing import cost_text, credits_for_message
from domain.segments import Segmentation, segment, validate_message_text
from domain.sender_ids import validate_sender_id


@dataclass(frozen=True, slots=True)
class CheckedMessage:
    text: str
    segmentation: Segmentation
    credits: int  # per recipient
    # The request's `from` as asked: a valid sender ID, not yet known to be the account's. The
    # message records it as `requested_sender` only if it turns out unusable.
    asked_sender: str | None

    @classmethod
    def of(cls, message: str, sender: str | None) -> CheckedMessage:
        """Raises ValidationError naming `message` or `from` for a text or sender that cannot be sent."""
        text = validate_message_text(message)
        asked = validate_sender_id(sender) if sender is not None else None
        segmentation = segment(text)
        return cls(text, segmentation, credits_for_message(segmentation.parts), asked)

    def pending(self, *, account_id: str, message_id: str, to: Msisdn, sender: str,
                requested_sender: str | None, batch_id: str | None, at: datetime) -> Message:
        """The message to `to`, paid for and not yet handed to the gateway."""
        seg = self.segmentation
        return Message(
            account_id=account_id, id=message_id, batch_id=batch_id, to=to.e164, sender=sender,
            requested_sender=requested_sender, body=self.text, encoding=seg.encoding.value,
            characters=seg.characters, sms_parts=seg.parts, segments=seg.segments,
            credits_used=self.credits, cost=cost_text(self.credits), carrier=str(to.carrier),
            status=MessageStatus.PENDING, created_at=at, updated_at=at,
        )

