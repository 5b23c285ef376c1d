"""An account's field rules (domain.accounts): plan, business name, key name, key prefix, password,
and the email an operator names an account by."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.accounts import (
    API_KEY_PREFIX_LENGTH,
    MAX_BUSINESS_NAME_LENGTH,
    MAX_KEY_NAME_LENGTH,
    PLAN_RATE_LIMITS,
    PLANS,
    key_prefix,
    no_account_with,
    validate_business_name,
    validate_key_name,
    validate_password,
    validate_plan,
)
from domain.email_addresses import normalize_email, validate_email
from domain.errors import NotFound, ValidationError

names = st.none() | st.text(max_size=300)


@given(st.text(max_size=20) | st.sampled_from(PLANS))
def test_a_plan_is_one_of_the_three_as_written(plan: str) -> None:
    if plan in PLANS:
        assert validate_plan(plan) == plan
    else:
        with pytest.raises(ValidationError) as refused:
            validate_plan(plan)
        assert refused.value.field == "plan"


def test_every_plan_has_a_rate_limit() -> None:
    assert set(PLAN_RATE_LIMITS) == set(PLANS)


@pytest.mark.parametrize(("rule", "limit", "field"), [
    (validate_business_name, MAX_BUSINESS_NAME_LENGTH, "business_name"),
    (validate_key_name, MAX_KEY_NAME_LENGTH, "name"),
])
@given(name=names)
def test_a_name_is_trimmed_optional_and_bounded(rule, limit: int, field: str, name: str | None) -> None:  # type: ignore[no-untyped-def]
    trimmed = (name or "").strip()
    if len(trimmed) <= limit:
        assert rule(name) == trimmed
        assert rule(rule(name)) == trimmed  # stored names pass again unchanged
    else:
        with pytest.raises(ValidationError) as refused:
            rule(name)
        assert refused.value.field == field


@given(st.text(alphabet=st.characters(codec="ascii"), min_size=API_KEY_PREFIX_LENGTH, max_size=80))
def test_a_keys_prefix_is_its_first_characters_and_tells_keys_apart_only_by_them(key: str) -> None:
    prefix = key_prefix(key)
    assert len(prefix) == API_KEY_PREFIX_LENGTH and key.startswith(prefix)
    assert key_prefix(prefix + "other") == prefix


@given(st.emails(), st.sampled_from(["", " ", "\t"]), st.sampled_from(["", " ", "\n"]), st.booleans())
def test_an_email_is_found_however_it_is_typed(email: str, before: str, after: str, shout: bool) -> None:
    typed = before + (email.upper() if shout else email) + after
    assert normalize_email(typed) == normalize_email(email)
    assert normalize_email(normalize_email(typed)) == normalize_email(typed)


@given(st.emails())
def test_a_valid_email_is_stored_as_it_is_looked_up(email: str) -> None:
    try:
        stored = validate_email(email)
    except ValidationError:
        return  # addresses the stricter register rule refuses (the lookup still normalises them)
    assert stored == normalize_email(email)


def test_an_operator_naming_an_unknown_email_is_told_so_on_the_email_field() -> None:
    refusal = no_account_with("Who@Example.com")
    assert isinstance(refusal, NotFound) and refusal.field == "email"
    assert "Who@Example.com" in str(refusal)


@pytest.mark.parametrize(("value", "ok"), [("12345678", True), ("p" * 1024, True),
                                           ("1234567", False), ("", False), ("p" * 1025, False)])
def test_password_table(value: str, ok: bool) -> None:
    if ok:
        assert validate_password(value) == value
    else:
        assert _refused_password(value).field == "password"


@settings(max_examples=100)
@given(st.text(max_size=40))
def test_password_rule(value: str) -> None:
    try:
        assert validate_password(value) == value and len(value) >= 8
    except ValidationError:
        assert len(value) < 8


def _refused_password(value: str) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        validate_password(value)
    return caught.value
