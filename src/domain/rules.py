"""Input rules shared by every entry point (HTTP, CLI, campaigns), with the field each names."""

from __future__ import annotations

import re

from domain.errors import ValidationError

MAX_MESSAGE_LENGTH = 1600  # code points, the spec's limit
MAX_BULK_RECIPIENTS = 1000  # the larger of the spec's two figures
MAX_SENDER_ID_LENGTH = 11  # what an alphanumeric sender fits in GSM
MAX_IDEMPOTENCY_KEY_LENGTH = 128
MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024  # hashing a megabyte per login would be a denial of service
MAX_EMAIL_LENGTH = 254  # RFC 5321 path limit
MAX_PAGE = 1_000_000  # far past any real listing; keeps OFFSET arithmetic inside the database's bigint

_SENDER_ID = re.compile(r"[A-Za-z0-9]{1,%d}" % MAX_SENDER_ID_LENGTH)
_PRINTABLE_ASCII = re.compile(r"[\x20-\x7e]+")
# NUL cannot be stored in PostgreSQL text; a lone surrogate half cannot be encoded as UTF-8.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# Pragmatic, not RFC 5322: what real mailboxes look like, so typos are caught early.
_EMAIL = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
)


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
    email = normalize_email(value)
    local = email.partition("@")[0]
    if len(email) > MAX_EMAIL_LENGTH or len(local) > 64 or not _EMAIL.fullmatch(email):
        raise ValidationError("This is not a valid email address.", field="email")
    return email


def validate_password(value: str) -> str:
    if len(value) < MIN_PASSWORD_LENGTH:
        raise ValidationError(
            f"A password has at least {MIN_PASSWORD_LENGTH} characters.", field="password"
        )
    if len(value) > MAX_PASSWORD_LENGTH:
        raise ValidationError(
            f"A password has at most {MAX_PASSWORD_LENGTH} characters.", field="password"
        )
    return value
