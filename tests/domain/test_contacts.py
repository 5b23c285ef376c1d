"""Contacts: one number in any written form is one contact, and `?search=` finds it."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.contacts import (
    CONTACT_EMAIL_PATTERN,
    MAX_LIST_DESCRIPTION_LENGTH,
    MAX_LIST_NAME_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SEARCH_LENGTH,
    ContactSearch,
    contact_matches,
    contact_phone,
    contact_search,
    validate_contact_email,
    validate_contact_name,
    validate_list_description,
    validate_list_name,
)
from domain.email_addresses import EMAIL_PATTERN, MAX_EMAIL_LENGTH, validate_email
from domain.errors import InvalidPhoneNumber, ValidationError
from domain.texts import trimmed_pattern

MOBILE_PREFIXES = ["61", "62", "65", "67", "68", "69", "71", "74", "75", "76", "77", "78"]
national = st.builds(lambda prefix, rest: prefix + rest, st.sampled_from(MOBILE_PREFIXES),
                     st.text("0123456789", min_size=7, max_size=7))
separator = st.sampled_from(["", "", " ", "-", "."])


@st.composite
def written(draw: st.DrawFn, digits: str) -> str:
    """`digits` as a person may write them: separators between some of them."""
    return "".join(d + draw(separator) for d in digits[:-1]) + digits[-1]


@st.composite
def number_forms(draw: st.DrawFn) -> tuple[str, str]:
    """(E.164, the same number in a form people write: 07…, 255…, +255…, spaced or dashed)."""
    nine = draw(national)
    form = draw(st.sampled_from(["0", "255", "+255", "+255 "]))
    return f"+255{nine}", form + draw(written(nine))


NAMES = ("Amina", "Juma", "amina@duka.co.tz")


@settings(max_examples=200)
@given(number_forms())
def test_every_form_of_a_number_is_the_same_contact_and_finds_it(number: tuple[str, str]) -> None:
    e164, form = number
    assert contact_phone(form) == e164  # what the list keeps unique
    assert contact_search(form) == ContactSearch(number=e164)
    assert contact_matches(contact_search(form), NAMES, ["+255700000000", e164])
    assert not contact_matches(contact_search(form), NAMES, ["+255700000000"])


@settings(max_examples=200)
@given(number_forms(), st.data())
def test_any_three_or_more_digits_of_a_number_find_it(number: tuple[str, str], data: st.DataObject) -> None:
    e164, _ = number
    digits = data.draw(st.sampled_from(["0" + e164[4:], e164[1:]]))  # local or international
    start = data.draw(st.integers(0, len(digits) - 3))
    fragment = digits[start:data.draw(st.integers(start + 3, len(digits)))]
    search = contact_search(data.draw(written(fragment)))
    assert search.number in (None, e164)
    assert contact_matches(search, NAMES, [e164])


@settings(max_examples=200)
@given(st.text(string.ascii_letters + string.digits + " .@'-_%", min_size=1, max_size=12))
def test_text_finds_names_and_email_in_any_case(term: str) -> None:
    search = contact_search(term)
    assume(search.number is None and not search.digits and search.text is not None)
    needle = search.text
    assert contact_matches(search, (f"x{needle.upper()}y", "", ""), [])
    assert contact_matches(search, ("", "", f"{needle}@duka.co.tz"), [])
    assert contact_matches(contact_search("amina juma"), ("Amina", "Juma", ""), [])
    if needle.lower() not in "z z":
        assert not contact_matches(search, ("z", "z", ""), ["+255712345678"])


@pytest.mark.parametrize(("term", "expected"), [
    ("", ContactSearch()),
    ("   ", ContactSearch()),
    (None, ContactSearch()),
    ("0712", ContactSearch(digits=("0712", "255712"), text="0712")),
    ("+255 71", ContactSearch(digits=("25571",), text="+255 71")),
    ("71", ContactSearch(text="71")),  # too few digits to be read as part of a number
    ("Amina 0712", ContactSearch(text="Amina 0712")),
    (" Amina ", ContactSearch(text="Amina")),
])
def test_what_a_search_term_looks_for(term: str | None, expected: ContactSearch) -> None:
    assert contact_search(term) == expected


def test_a_search_term_is_at_most_200_characters() -> None:
    assert contact_search("a" * MAX_SEARCH_LENGTH).text == "a" * MAX_SEARCH_LENGTH
    with pytest.raises(ValidationError) as caught:
        contact_search("a" * (MAX_SEARCH_LENGTH + 1))
    assert caught.value.field == "search"


@pytest.mark.parametrize("bad", ["12345", "+254712345678", "0222123456", "hello", ""])
def test_a_number_that_is_not_a_tanzanian_mobile_is_refused_on_the_phone_field(bad: str) -> None:
    with pytest.raises(InvalidPhoneNumber) as caught:
        contact_phone(bad)
    assert caught.value.field == "phone"


text = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=120)


@settings(max_examples=300)
@given(text)
def test_names_are_trimmed_at_most_100_and_the_document_states_the_same_rule(value: str) -> None:
    stated = re.fullmatch(trimmed_pattern(MAX_NAME_LENGTH), value) is not None
    try:
        name = validate_contact_name(value, field="first_name")
    except ValidationError as refused:
        assert refused.field == "first_name" and not stated
        assert len(value.strip()) > MAX_NAME_LENGTH
    else:
        assert stated and name == value.strip() and len(name) <= MAX_NAME_LENGTH


@settings(max_examples=300)
@given(text)
def test_a_list_name_is_required_trimmed_and_at_most_100(value: str) -> None:
    stated = re.fullmatch(trimmed_pattern(MAX_LIST_NAME_LENGTH, required=True), value) is not None
    try:
        name = validate_list_name(value)
    except ValidationError as refused:
        assert refused.field == "name" and not stated
        assert not value.strip() or len(value.strip()) > MAX_LIST_NAME_LENGTH
    else:
        assert stated and name == value.strip() and 1 <= len(name) <= MAX_LIST_NAME_LENGTH
    assert validate_list_name(None, required=False) == ""


@settings(max_examples=100)
@given(st.text(max_size=600))
def test_a_description_is_trimmed_and_at_most_500(value: str) -> None:
    value = value.replace("\x00", "")
    try:
        found = validate_list_description(value)
    except ValidationError as refused:
        assert refused.field == "description" and len(value.strip()) > MAX_LIST_DESCRIPTION_LENGTH
    else:
        assert found == value.strip()


@pytest.mark.parametrize(("given_email", "kept"), [
    (None, ""), ("", ""), ("  ", ""), (" Amina@Duka.co.TZ ", "amina@duka.co.tz"),
])
def test_an_email_is_optional_and_kept_as_registration_keeps_it(given_email: str | None, kept: str) -> None:
    assert validate_contact_email(given_email) == kept


@pytest.mark.parametrize("bad", ["amina", "amina@", "@duka.co.tz", "amina@duka", "a..b@duka.co.tz"])
def test_an_email_that_registration_refuses_is_refused(bad: str) -> None:
    with pytest.raises(ValidationError) as caught:
        validate_contact_email(bad)
    assert caught.value.field == "email"
    with pytest.raises(ValidationError):
        validate_email(bad)


def test_text_that_cannot_be_stored_is_refused_naming_its_field() -> None:
    with pytest.raises(ValidationError) as caught:
        validate_contact_name("Am\x00ina", field="last_name")
    assert caught.value.field == "last_name"
    with pytest.raises(ValidationError) as caught:
        contact_search("\ud800")
    assert caught.value.field == "search"


@settings(max_examples=300)
@given(st.from_regex(EMAIL_PATTERN, fullmatch=True) | st.text(max_size=20) | st.text(" \t", max_size=300))
def test_an_email_is_taken_exactly_when_the_document_says_so(value: str) -> None:
    value = value.replace("\x00", "")
    stated = re.fullmatch(CONTACT_EMAIL_PATTERN, value) is not None and len(value) <= MAX_EMAIL_LENGTH
    try:
        kept = validate_contact_email(value)
    except ValidationError:
        assert not stated
    else:
        assert stated and kept == value.strip().lower()
