"""Input rules shared by every entry point (HTTP, CLI, campaigns), with the field each names."""

from __future__ import annotations

import re

from domain.errors import ValidationError

MAX_MESSAGE_LENGTH = 1600  # code points (decision: billing units)
MAX_BULK_RECIPIENTS = 1000  # (decision: bulk cap)
MAX_SENDER_ID_LENGTH = 11  # what an alphanumeric sender fits in GSM
MAX_IDEMPOTENCY_KEY_LENGTH = 128
MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024  # hashing a megabyte per login would be a denial of service
MAX_EMAIL_LENGTH = 254  # RFC 5321 path limit
MAX_PAGE = 1_000_000  # far past any real listing; keeps OFFSET arithmetic inside the database's bigint
DEFAULT_PER_PAGE = 25  # every paged listing but the credit history's (decision: page sizes)
MAX_PER_PAGE = 100

_SENDER_ID = re.compile(r"[A-Za-z0-9]{1,%d}" % MAX_SENDER_ID_LENGTH)
_PRINTABLE_ASCII = re.compile(r"[\x20-\x7e]+")
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


def validate_text(value: str, *, field: str) -> str:
    """Any text from outside: no NUL character, no lone UTF-16 surrogate (neither can be stored)."""
    found = _UNSTORABLE.search(value)
    if found is not None:
        what = "a NUL (0x00) character" if found.group() == "\x00" else "a lone surrogate (invalid Unicode)"
        raise ValidationError(f"{field} contains {what}.", field=field)
    return value


def validate_paging(page: int, per_page: int, *, max_per_page: int) -> tuple[int, int]:
    """Page numbers are 1..MAX_PAGE; a page holds 1..max_per_page rows."""
    if not 1 <= page <= MAX_PAGE:
        raise ValidationError(f"page is between 1 and {MAX_PAGE}.", field="page")
    if not 1 <= per_page <= max_per_page:
        raise ValidationError(f"per_page is between 1 and {max_per_page}.", field="per_page")
    return page, per_page


def validate_sender_id(value: str, *, field: str = "from") -> str:
    if not _SENDER_ID.fullmatch(value):
        raise ValidationError(
            f"A sender ID is 1 to {MAX_SENDER_ID_LENGTH} letters or digits.", field=field
        )
    return value


def validate_message_text(value: str, *, field: str = "message") -> str:
    # A blank message would still be billed a part, so it is refused like an empty one.
    if not value.strip():
        raise ValidationError("The message is empty.", field=field)
    if len(value) > MAX_MESSAGE_LENGTH:
        raise ValidationError(
            f"The message is longer than {MAX_MESSAGE_LENGTH} characters.", field=field
        )
    return value


def validate_idempotency_key(value: str) -> str:
    field = "Idempotency-Key"
    if not 1 <= len(value) <= MAX_IDEMPOTENCY_KEY_LENGTH:
        raise ValidationError(
            f"An Idempotency-Key is 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} characters.", field=field
        )
    if not _PRINTABLE_ASCII.fullmatch(value) or not value.strip():
        raise ValidationError("An Idempotency-Key is printable ASCII.", field=field)
    return value


def normalize_email(value: str) -> str:
    """An address as stored and compared: trimmed and lowercased."""
    return value.strip().lower()


def validate_email(value: str) -> str:
    """The address as stored and compared (`normalize_email`), if it is one."""
    if len(value) > MAX_EMAIL_LENGTH or not _EMAIL.fullmatch(value):
        raise ValidationError("This is not a valid email address.", field="email")
    return normalize_email(value)


def validate_password(value: str, *, field: str = "password") -> str:
    if len(value) < MIN_PASSWORD_LENGTH:
        raise ValidationError(f"A password has at least {MIN_PASSWORD_LENGTH} characters.", field=field)
    if len(value) > MAX_PASSWORD_LENGTH:
        raise ValidationError(f"A password has at most {MAX_PASSWORD_LENGTH} characters.", field=field)
    return value
