"""Which of a Google person's numbers make a contact: Tanzanian mobiles, in Google's order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidPhoneNumber
from domain.google_contacts import NO_PHONE_NUMBER, numbers_of

# Spellings of one number, as people type them into their phones' contacts.
SPELLINGS = ["0712345678", "+255 712 345 678", "255712345678", "0712-345-678", "(0712) 345 678", "+255712345678"]
ABROAD_OR_NOT_MOBILE = ["+44 20 7946 0958", "+254712345678", "022 211 2345", "12345", "call me"]

national = st.builds(lambda prefix, rest: prefix + rest, st.sampled_from(["71", "75", "68", "62", "78"]),
                     st.text("0123456789", min_size=7, max_size=7))


def test_the_first_tanzanian_mobile_is_the_main_number_and_the_rest_are_extra() -> None:
    numbers = numbers_of(["+44 20 7946 0958", "0754 123 456", "022 211 2345", "+255 712 345 678"])
    assert (numbers.main, numbers.extra) == ("+255754123456", ("+255712345678",))


def test_one_number_in_several_spellings_is_one_number() -> None:
    numbers = numbers_of(SPELLINGS)
    assert (numbers.main, numbers.extra) == ("+255712345678", ())


def test_a_person_without_numbers_has_no_phone_number() -> None:
    for phones in ([], ["", "  "]):
        with pytest.raises(InvalidPhoneNumber) as refused:
            numbers_of(phones)
        assert refused.value.reason == NO_PHONE_NUMBER


@pytest.mark.parametrize("phone", ABROAD_OR_NOT_MOBILE)
def test_a_person_with_no_tanzanian_mobile_is_refused(phone: str) -> None:
    with pytest.raises(InvalidPhoneNumber) as refused:
        numbers_of([phone])
    assert refused.value.reason != NO_PHONE_NUMBER


@given(st.lists(national, min_size=1, max_size=6), st.lists(st.sampled_from(ABROAD_OR_NOT_MOBILE), max_size=3),
       st.randoms())
def test_every_mobile_is_kept_once_in_order_whatever_else_is_there(mobiles: list[str], others: list[str],
                                                                   rnd: object) -> None:
    phones = [f"0{n}" for n in mobiles] + others
    rnd.shuffle(phones)  # type: ignore[attr-defined]
    numbers = numbers_of(phones)
    expected = list(dict.fromkeys(f"+255{p[1:]}" for p in phones if p.startswith("0") and p[1:] in mobiles))
    assert [numbers.main, *numbers.extra] == expected
