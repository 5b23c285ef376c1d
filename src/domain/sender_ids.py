"""Sender IDs: the name an SMS goes out under, and which one a send uses.

A sender ID is 1 to 11 letters or digits (what an alphanumeric sender fits in GSM). An account
sends under the platform's default sender, or under a sender ID the operator registered for it. A send that asks for an unregistered one is not refused: it goes out under
the default, and the message keeps what was asked as its `requested_sender` (decision: sender fallback).
Single sends, bulk sends and campaigns all choose their sender by `sender_used`.
"""

from __future__ import annotations

import re
from typing import NamedTuple, TypeGuard

from domain.errors import ValidationError

MAX_SENDER_ID_LENGTH = 11  # what an alphanumeric sender fits in GSM

_SENDER_ID = re.compile(r"[A-Za-z0-9]{1,%d}" % MAX_SENDER_ID_LENGTH)


def validate_sender_id(value: str, *, field: str = "from") -> str:
    if not _SENDER_ID.fullmatch(value):
        raise ValidationError(
            f"A sender ID is 1 to {MAX_SENDER_ID_LENGTH} letters or digits.", field=field
        )
    return value


class SenderUsed(NamedTuple):
    sender: str  # what the SMS goes out under
    requested_sender: str | None  # what was asked for, when it could not be used


def asks_for_another(asked: str | None, default: str) -> TypeGuard[str]:
    """Whether `asked` names a sender other than the default: only then does it matter whether
    the account registered it."""
    return asked is not None and asked != default


def sender_used(asked: str | None, default: str, *, registered: bool) -> SenderUsed:
    """The sender a send uses: the one asked for when the account registered it (`registered`),
    otherwise the default, keeping an unregistered ask as `requested_sender`."""
    if not asks_for_another(asked, default):
        return SenderUsed(default, None)
    return SenderUsed(asked, None) if registered else SenderUsed(default, asked)
