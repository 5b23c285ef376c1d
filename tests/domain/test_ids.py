from __future__ import annotations

import re
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.campaigns import list_id_of
from domain.errors import ValidationError
from domain.ids import NO_ID, UUID_PATTERN, lookup_id, parse_id

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
