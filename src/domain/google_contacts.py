"""The external contacts import (Google): what a connection is, and which people become contacts.

A connection is an OAuth 2.0 grant of read-only access to one Google account's contacts, separate
from logging in to ujumbe. It is `connected` while its tokens work; when Google answers that the
grant is gone (revoked by the user, or expired), it is `disconnected` and keeps the reason until
the account connects again or disconnects. A consent under way is named by a one-time state
that expires, so a consent URL cannot be replayed or finished by someone else later.

A person becomes a contact by their Tanzanian mobile numbers, in the order Google lists them:
the first is the main number, the others are extra numbers. A person with none is skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from domain.errors import InvalidPhoneNumber
from domain.phone import normalize_msisdn

CONTACTS_SCOPE = "https://www.googleapis.com/auth/contacts.readonly"
STATE_TTL = timedelta(minutes=10)  # from the consent URL to Google's redirect back
# An access token this close to its expiry is refreshed before it is used.
REFRESH_AHEAD = timedelta(seconds=60)
PAGE_SIZE = 1000  # people per page (the People API's largest)

# Why a connection is disconnected.
REASON_REVOKED = "revoked"
REASON_UNREADABLE = "tokens_unreadable"  # sealed under another secret key (UJUMBE_SECRET_KEY changed)

# Why a person was skipped, in the sync report's `errors`.
NO_PHONE_NUMBER = "no_phone_number"
INVALID_PHONE_NUMBER = InvalidPhoneNumber.code


class ConnectionStatus(StrEnum):
    NOT_CONNECTED = "not_connected"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"


@dataclass(frozen=True, slots=True)
class PersonNumbers:
    """A person's Tanzanian mobile numbers in E.164: `main`, then `extra` (no repeats)."""

    main: str
    extra: tuple[str, ...]


def numbers_of(phones: Iterable[str]) -> PersonNumbers:
    """The numbers of a person that can receive SMS, or `InvalidPhoneNumber` saying why none can
    (`reason` is `no_phone_number` when the person has no number at all)."""
    given = [phone for phone in phones if phone.strip()]
    if not given:
        raise InvalidPhoneNumber("The person has no phone number.", reason=NO_PHONE_NUMBER)
    found: list[str] = []
    for phone in given:
        try:
            e164 = normalize_msisdn(phone).e164
        except InvalidPhoneNumber:
            continue
        if e164 not in found:
            found.append(e164)
    if not found:
        raise InvalidPhoneNumber("None of the person's numbers is a Tanzanian mobile number.")
    return PersonNumbers(main=found[0], extra=tuple(found[1:]))
