"""Sender IDs: 1 to 11 letters or digits; and which sender a send uses: the one asked for when the
account registered it, else the default, keeping an unregistered ask (decision: sender fallback)."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.sender_ids import SenderUsed, asks_for_another, sender_used, validate_sender_id

ALNUM = string.ascii_letters + string.digits
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


def refused(check: object, value: str) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        check(value)  # type: ignore[operator]
    return caught.value


@pytest.mark.parametrize("good", ["UJUMBE", "A", "Shop2025", "ABCDEFGHIJK"])
def test_sender_ids_accepted(good: str) -> None:
    assert validate_sender_id(good) == good


@pytest.mark.parametrize("bad", ["", "ABCDEFGHIJKL", "My Shop", "Duka-1", "Dükà", "١٢٣"])
def test_sender_ids_refused(bad: str) -> None:
    assert refused(validate_sender_id, bad).field == "from"


def test_sender_id_field_can_be_named() -> None:
    with pytest.raises(ValidationError) as caught:
        validate_sender_id("bad one", field="sender_id")
    assert caught.value.field == "sender_id"


@settings(max_examples=200)
@given(st.text(max_size=15))
def test_sender_id_rule(value: str) -> None:
    ok = 1 <= len(value) <= 11 and all(c in ALNUM for c in value)
    try:
        assert validate_sender_id(value) == value and ok
    except ValidationError:
        assert not ok
