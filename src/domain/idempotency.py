"""Idempotency keys: what an `Idempotency-Key` a client sends may hold."""

from __future__ import annotations

import re

from domain.errors import ValidationError

MAX_IDEMPOTENCY_KEY_LENGTH = 128

_PRINTABLE_ASCII = re.compile(r"[\x20-\x7e]+")


def validate_idempotency_key(value: str) -> str:
    field = "Idempotency-Key"
    if not 1 <= len(value) <= MAX_IDEMPOTENCY_KEY_LENGTH:
        raise ValidationError(
            f"An Idempotency-Key is 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} characters.", field=field
        )
    if not _PRINTABLE_ASCII.fullmatch(value) or not value.strip():
        raise ValidationError("An Idempotency-Key is printable ASCII.", field=field)
    return value
