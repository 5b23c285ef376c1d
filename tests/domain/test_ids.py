from __future__ import annotations

import re
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.campaigns import list_id_of
from domain.errors import ValidationError
from domain.ids import NO_ID, UUID_PATTERN, form_operation_id, lookup_id, parse_id

CANONICAL = re.compile("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


@given(st.uuids(version=None))
def test_every_spelling_of_a_uuid_is_the_same_id_in_the_canonical_form(made: uuid.UUID) -> None:
    canonical = str(made)
    for spelt in (canonical, canonical.upper(), "{" + canonical + "}", made.hex, made.hex.upper()):
        assert parse_id(spelt) == lookup_id(spelt) == canonical


@given(st.text())
def test_any_text_is_an_id_in_the_canonical_form_or_names_nothing(text: str) -> None:
    parsed = parse_id(text)
    assert parsed is None or CANONICAL.fullmatch(parsed)
    assert lookup_id(text) == (NO_ID if parsed is None else parsed)


@pytest.mark.parametrize("text", ["", "not-a-uuid", "0b6f4a7e", "0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6fa", "ü"])
def test_a_malformed_id_is_looked_up_as_the_id_no_record_has(text: str) -> None:
    assert parse_id(text) is None and lookup_id(text) == NO_ID == "00000000-0000-0000-0000-000000000000"


@given(st.uuids(version=None))
def test_a_campaigns_list_id_is_a_uuid_of_the_documented_form_in_either_case(made: uuid.UUID) -> None:
    for spelt in (str(made), str(made).upper()):
        assert re.fullmatch(UUID_PATTERN, spelt) and list_id_of(spelt) == str(made)
    for other in (made.hex, "{" + str(made) + "}", "not-a-uuid", ""):
        with pytest.raises(ValidationError) as refused:
            list_id_of(other)
        assert (refused.value.field, refused.value.message) == (
            "contact_list_id", "contact_list_id is a contact list's id (a uuid).")


FORM_CONTENT = st.lists(st.text(), max_size=8)


@given(st.uuids(version=None), FORM_CONTENT)
def test_a_forms_operation_is_one_id_for_every_post_and_every_spelling_of_its_key(
        key: uuid.UUID, content: list[str]) -> None:
    made = form_operation_id(str(key), *content)
    assert made is not None and CANONICAL.fullmatch(made)
    for spelt in (str(key).upper(), key.hex, "{" + str(key) + "}"):
        assert form_operation_id(spelt, *content) == made


@given(st.uuids(), FORM_CONTENT, FORM_CONTENT)
def test_a_changed_form_is_another_operation(key: uuid.UUID, content: list[str], changed: list[str]) -> None:
    same = form_operation_id(str(key), *content) == form_operation_id(str(key), *changed)
    assert same == (content == changed)


@given(st.uuids(), st.uuids(), FORM_CONTENT)
def test_another_forms_key_is_another_operation(key: uuid.UUID, other: uuid.UUID, content: list[str]) -> None:
    assert (form_operation_id(str(key), *content) == form_operation_id(str(other), *content)) == (key == other)


@given(st.uuids(version=None), FORM_CONTENT)
def test_a_forms_operation_id_is_a_version_7_uuid_with_its_keys_time(key: uuid.UUID, content: list[str]) -> None:
    made = uuid.UUID(form_operation_id(str(key), *content))
    assert made.version == 7 and made.variant == uuid.RFC_4122
    assert made.bytes[:6] == key.bytes[:6]  # it sorts with the ids made when the form was shown


def test_fields_that_run_together_alike_are_still_different_forms() -> None:
    key = "0190a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b"
    assert form_operation_id(key, "ab", "c") != form_operation_id(key, "a", "bc")


@pytest.mark.parametrize("key", ["", "not-a-uuid", "0b6f4a7e", "ü"])
def test_a_form_without_a_key_names_no_operation(key: str) -> None:
    assert form_operation_id(key, "0712345678", "Habari") is None
