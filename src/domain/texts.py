"""Text from outside, whichever way it comes in (HTTP, CLI, campaigns, files): what can be
stored, and whitespace as both Python and ECMAScript read it."""

from __future__ import annotations

import re

from domain.errors import ValidationError

# NUL cannot be stored in PostgreSQL text; a lone surrogate half cannot be encoded as UTF-8.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# Patterns below mean the same in Python and ECMAScript (the API document states them). What
# str.strip() and str.isspace() take as whitespace, spelt out: ECMAScript's \s is another set.
WHITESPACE = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"


def trimmed_pattern(max_length: int, *, required: bool = False) -> str:
    """Text without NUL whose trimmed length (str.strip) is at most `max_length` (and, when
    `required`, at least 1)."""
    inner = f"[^{WHITESPACE}\\x00](?:[^\\x00]{{0,{max_length - 2}}}[^{WHITESPACE}\\x00])?"
    return f"^[{WHITESPACE}]*(?:{inner}){'' if required else '?'}[{WHITESPACE}]*$"


def validate_text(value: str, *, field: str) -> str:
    """Any text from outside: no NUL character, no lone UTF-16 surrogate (neither can be stored)."""
    found = _UNSTORABLE.search(value)
    if found is not None:
        what = "a NUL (0x00) character" if found.group() == "\x00" else "a lone surrogate (invalid Unicode)"
        raise ValidationError(f"{field} contains {what}.", field=field)
    return value
