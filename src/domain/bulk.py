"""One text to many numbers: who it goes to, and how the send tallies.

A recipient is sent to once however often the request names it (after normalisation, so
`0712345678` and `+255712345678` are one). An invalid number is not sent to or charged: it is
answered as given, `failed` with `invalid_phone_number`, in the request's order like the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.errors import InvalidPhoneNumber
from domain.messages import MessageStatus
from domain.phone import Msisdn, normalize_msisdn

MAX_BULK_RECIPIENTS = 1000  # numbers a bulk send takes (decision: bulk cap)


def distinct_recipients(raw_numbers: Iterable[str]) -> list[Msisdn | str]:
    """Each recipient once, in request order: a valid number (duplicates after normalisation
    dropped) or, for an invalid one, the text as given."""
    seen: set[str] = set()
    entries: list[Msisdn | str] = []
    for raw in raw_numbers:
        try:
            entry: Msisdn | str = normalize_msisdn(raw)
        except InvalidPhoneNumber:
            entry = raw
        key = entry.e164 if isinstance(entry, Msisdn) else f"invalid:{raw}"
        if key not in seen:
            seen.add(key)
            entries.append(entry)
    return entries


@dataclass(frozen=True, slots=True)
class BulkTally:
    total: int
    sent: int
    failed: int
    pending: int  # handed over, but the gateway's answer never came: settled by the reconciler


def tally(statuses: Iterable[str]) -> BulkTally:
    """The counts of a bulk's answered entries (`sent`, `pending`, anything else `failed`)."""
    listed = list(statuses)
    sent = listed.count(MessageStatus.SENT.value)
    pending = listed.count(MessageStatus.PENDING.value)
    return BulkTally(total=len(listed), sent=sent, failed=len(listed) - sent - pending, pending=pending)
