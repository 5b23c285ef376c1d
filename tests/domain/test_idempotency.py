"""What an Idempotency-Key may hold: 1 to 128 printable ASCII characters, not all blank."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.idempotency import validate_idempotency_key

PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))


def refused(check: object, value: str) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        check(value)  # type: ignore[operator]
    return caught.value


@pytest.mark.parametrize(
    ("value", "ok"),
    [("abc-123", True), ("k" * 128, True), ("with space", True), ("~!@#", True),
     ("", False), ("   ", False), ("k" * 129, False), ("tab\tkey", False), ("ключ", False)],
)  # fmt: skip
def test_idempotency_key_table(value: str, ok: bool) -> None:
    if ok:
        assert validate_idempotency_key(value) == value
    else:
        assert refused(validate_idempotency_key, value).field == "Idempotency-Key"


@settings(max_examples=200)
@given(st.text(st.sampled_from(PRINTABLE) | st.characters(), max_size=140))
def test_idempotency_key_rule(value: str) -> None:
    ok = 1 <= len(value) <= 128 and all(c in PRINTABLE for c in value) and value.strip() != ""
    try:
        assert validate_idempotency_key(value) == value and ok
    except ValidationError:
        assert not ok
