"""A send's checked message (domain.checked_messages): checked and priced before anything is written."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.checked_messages import CheckedMessage
from domain.errors import ValidationError
from domain.messages import MessageStatus
from domain.phone import normalize_msisdn
from domain.pricing import cost_text

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TO = normalize_msisdn("0712345678")

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                min_size=1, max_size=400).filter(lambda t: t.strip())


# "None" is a sender ID like any other: no `from` at all is the None value, never that text.
asked_senders = st.none() | st.sampled_from(["None", "DUKA"])


@given(texts, asked_senders, st.none() | st.just("b1"))
def test_a_pending_message_is_paid_at_the_checked_price_per_part(text: str, asked: str | None,
                                                                 batch_id: str | None) -> None:
    checked = CheckedMessage.of(text, asked)
    assert checked.credits == checked.segmentation.parts >= 1
    assert checked.asked_sender == asked
    # Not the account's: the default goes out and the message says what was asked.
    message = checked.pending(account_id="a1", message_id="m1", to=TO, sender="UJUMBE",
                              requested_sender=checked.asked_sender, batch_id=batch_id, at=T0)
    assert (message.sender, message.requested_sender) == ("UJUMBE", asked)
    assert message.status is MessageStatus.PENDING and message.sent_at is None and message.gateway_ref is None
    assert (message.credits_used, message.cost, message.sms_parts) == (
        checked.credits, cost_text(checked.credits), checked.segmentation.parts)
    assert message.to == TO.e164 and message.carrier == str(TO.carrier)
    assert message.deduction_reference == (f"bulk:{batch_id}" if batch_id else "send:m1")


def test_a_text_or_sender_that_cannot_go_out_is_refused_naming_its_field() -> None:
    with pytest.raises(ValidationError) as empty:
        CheckedMessage.of("   ", None)
    assert empty.value.field == "message"
    with pytest.raises(ValidationError) as sender:
        CheckedMessage.of("Habari", "not a sender id!")
    assert sender.value.field == "from"
