"""Which sender a send uses: the one asked for when the account registered it, else the default,
keeping an unregistered ask (spec rule 3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.sender_ids import SenderUsed, asks_for_another, sender_used

DEFAULT = "UJUMBE"
senders = st.sampled_from([DEFAULT, "DUKA", "Shop2025"]) | st.text("ABCXYZ019", min_size=1, max_size=11)


@pytest.mark.parametrize(("asked", "registered", "used"), [
    (None, False, SenderUsed(DEFAULT, None)),
    (None, True, SenderUsed(DEFAULT, None)),
    (DEFAULT, False, SenderUsed(DEFAULT, None)),  # the default needs no registration
    ("DUKA", True, SenderUsed("DUKA", None)),
    ("DUKA", False, SenderUsed(DEFAULT, "DUKA")),  # falls back, what was asked kept
])
def test_the_fallback_table(asked: str | None, registered: bool, used: SenderUsed) -> None:
    assert sender_used(asked, DEFAULT, registered=registered) == used


@given(st.none() | senders, st.booleans())
def test_a_send_goes_out_under_what_was_asked_or_the_default_and_keeps_an_unusable_ask(
        asked: str | None, registered: bool) -> None:
    sender, requested = sender_used(asked, DEFAULT, registered=registered)
    another = asked is not None and asked != DEFAULT
    assert asks_for_another(asked, DEFAULT) == another
    assert sender == (asked if another and registered else DEFAULT)
    assert requested == (asked if another and not registered else None)
    assert requested is None or requested != sender  # kept only when it was not used


@given(st.none() | senders)
def test_registration_matters_only_for_another_sender_than_the_default(asked: str | None) -> None:
    if not asks_for_another(asked, DEFAULT):
        assert sender_used(asked, DEFAULT, registered=True) == sender_used(asked, DEFAULT, registered=False)
