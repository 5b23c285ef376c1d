"""Email addresses, an account's or a contact's: what one looks like, and the form it is stored
and compared in."""

from __future__ import annotations

import re

from domain.errors import ValidationError
from domain.texts import WHITESPACE

MAX_EMAIL_LENGTH = 254  # RFC 5321 path limit

# Pragmatic, not RFC 5322: what real mailboxes look like, so typos are caught early. Surrounding
# whitespace is trimmed; the local part is at most 64 characters, does not start or end with a dot
# and has no two dots in a row; the address is checked before lowercasing (U+212A KELVIN SIGN
# lowercases to k). Lengths are bounds, not lookaheads, so that test generators can write addresses
# from the pattern; the one lookahead (no "..") only filters what they write.
_EMAIL_CHARACTER = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
EMAIL_PATTERN = (
    f"^[{WHITESPACE}]*(?![^@]*[.][.]){_EMAIL_CHARACTER}(?:[A-Za-z0-9!#$%&'*+/=?^_`{{|}}~.-]{{0,62}}{_EMAIL_CHARACTER})?"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
    f"[{WHITESPACE}]*$"
)
_EMAIL = re.compile(EMAIL_PATTERN)


def normalize_email(value: str) -> str:
    """An address as stored and compared: trimmed and lowercased."""
    return value.strip().lower()


def validate_email(value: str) -> str:
    """The address as stored and compared (`normalize_email`), if it is one."""
    if len(value) > MAX_EMAIL_LENGTH or not _EMAIL.fullmatch(value):
        raise ValidationError("This is not a valid email address.", field="email")
    return normalize_email(value)
