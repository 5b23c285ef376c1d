"""A campaign sends one message to a contact list, now or at `scheduled_at`.

draft → scheduled → running → completed, with failed reachable while scheduled or running
(e.g. credits ran out at run time). A draft may also start straight away. Finished campaigns
never move again. Cancelling a scheduled campaign puts it back to draft (nothing was charged),
as does its time coming with nobody left on its list to send to; stopping a running one ends it
`failed` with the reason `cancelled`: it did not reach everyone. Every change of status is a move
of `next_campaign_status`'s table, a creation's first one included (`initial_campaign_status`).

Each recipient gets the text with `{first_name}` and `{last_name}` filled in (empty when
unknown), priced on that text. A `scheduled_at` without an offset is East Africa Time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from enum import StrEnum

from domain.errors import IllegalTransition, ValidationError
from domain.ids import UUID_PATTERN

EAST_AFRICA_TIME = timezone(timedelta(hours=3), "EAT")
BATCH_SIZE = 1000  # recipients paid for and handed to the gateway together

# Why a campaign failed, or why one of its messages was never sent.
INSUFFICIENT_CREDITS = "insufficient_credits"
CANCELLED = "cancelled"
OPTED_OUT = "opted_out"  # the number replied STOP to the account after the campaign was written

# scheduled_at: an RFC 3339 date-time, the offset optional (East Africa Time without one) and at
# most 14 hours, years 2000-2999, only real calendar days. The API document states it.
_MONTH_DAY = ("(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
              "|02-(?:0[1-9]|1[0-9]|2[0-8]))")
_LEAP_DAY = "(?:2[0-9](?:0[48]|[2468][048]|[13579][26])|2000|2400|2800)-02-29"
_TIME = "(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:[.][0-9]{1,6})?)?"
_OFFSET = "(?:[Zz]|[+-](?:0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)"  # the offsets in use on Earth, at most 14 h
SCHEDULED_AT_PATTERN = f"^(?:2[0-9]{{3}}-{_MONTH_DAY}|{_LEAP_DAY})[Tt ]{_TIME}{_OFFSET}?$"
_SCHEDULED_AT = re.compile(SCHEDULED_AT_PATTERN)
_PLACEHOLDERS = ("{first_name}", "{last_name}")


class CampaignStatus(StrEnum):
    DRAFT = "draft"
    SCHEDULED = "scheduled"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"


class CampaignEvent(StrEnum):
    SCHEDULE = "schedule"
    START = "start"
    COMPLETE = "complete"
    FAIL = "fail"
    CANCEL = "cancel"
    NOBODY_TO_SEND_TO = "find nobody to send to"  # a scheduled campaign's time came, its list emptied since


@dataclass(frozen=True, slots=True)
class Campaign:
    account_id: str
    id: str
    name: str
    message: str
    contact_list_id: str
    status: CampaignStatus
    created_at: datetime
    updated_at: datetime
    sender_id: str | None = None  # the requested sender ID; None for the platform default
    total_contacts: int = 0
    sent_count: int = 0
    delivered_count: int = 0
    failed_count: int = 0
    scheduled_at: datetime | None = None
    completed_at: datetime | None = None
    failure_reason: str | None = None
    batches_paid: int = 0  # a run's progress: batches 1..batches_paid are paid for


_S, _E = CampaignStatus, CampaignEvent
_TRANSITIONS: dict[tuple[CampaignStatus, CampaignEvent], CampaignStatus] = {
    (_S.DRAFT, _E.SCHEDULE): _S.SCHEDULED,
    (_S.DRAFT, _E.START): _S.RUNNING,
    (_S.SCHEDULED, _E.SCHEDULE): _S.SCHEDULED,  # moved to another time
    (_S.SCHEDULED, _E.START): _S.RUNNING,
    (_S.SCHEDULED, _E.NOBODY_TO_SEND_TO): _S.DRAFT,  # nothing written or charged: back to a draft
    (_S.SCHEDULED, _E.FAIL): _S.FAILED,
    (_S.RUNNING, _E.COMPLETE): _S.COMPLETED,
    (_S.RUNNING, _E.FAIL): _S.FAILED,
    (_S.SCHEDULED, _E.CANCEL): _S.DRAFT,  # nothing was charged: back to a draft
    (_S.RUNNING, _E.CANCEL): _S.FAILED,  # stopped part-way: the rest is never sent
}


def next_campaign_status(current: CampaignStatus, event: CampaignEvent) -> CampaignStatus:
    try:
        return _TRANSITIONS[(current, event)]
    except KeyError:
        raise IllegalTransition(
            f"A {current} campaign cannot {event}.", field="status"
        ) from None


def allows(current: CampaignStatus, event: CampaignEvent) -> bool:
    """Whether a campaign in `current` can `event` now (what `next_campaign_status` would take)."""
    return (current, event) in _TRANSITIONS


def initial_campaign_status(
    *, has_contacts: bool, scheduled_at: datetime | None, now: datetime
) -> CampaignStatus:
    """`scheduled_at` omitted or in the past means send now; nobody to send to is a draft
    (decision: campaign states). A campaign is made a draft, and moves from there by the table."""
    if not has_contacts:
        return CampaignStatus.DRAFT
    later = scheduled_at is not None and scheduled_at > now
    return next_campaign_status(CampaignStatus.DRAFT, CampaignEvent.SCHEDULE if later else CampaignEvent.START)


def parse_scheduled_at(value: str) -> datetime:
    """SCHEDULED_AT_PATTERN's date-time, in UTC: read as East Africa Time when it names no offset."""
    if not _SCHEDULED_AT.fullmatch(value):
        raise ValidationError(
            "scheduled_at is a date-time such as 2026-02-01T09:00:00+03:00 (East Africa Time without an offset).",
            field="scheduled_at",
        )
    moment = datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=EAST_AFRICA_TIME)).astimezone(UTC)


def list_id_of(value: str) -> str:
    """The contact list a campaign request names, read where the request comes in: a uuid in the
    form the API document states (else 400 naming `contact_list_id`), canonical. Whether the
    account has such a list is the use case's question (404)."""
    if re.fullmatch(UUID_PATTERN, value) is None:
        raise ValidationError("contact_list_id is a contact list's id (a uuid).", field="contact_list_id")
    return value.lower()


def has_placeholders(template: str) -> bool:
    return any(p in template for p in _PLACEHOLDERS)


def render(template: str, first_name: str, last_name: str) -> str:
    """The text one recipient gets: `{first_name}` and `{last_name}` filled in, empty when unknown."""
    return template.replace("{first_name}", first_name).replace("{last_name}", last_name)


# A name of these characters only (most names): each is one unit of GSM-7 and of UCS-2 alike, so
# what a text with it filled in costs depends on the name's length alone, whatever the template's
# encoding. The same pattern in Python (`fullmatch`) and in PostgreSQL (`~`, anchored: the stored
# `contacts.plain_names` of migration 0034, which a test holds to this one).
# Spelt out, not as ranges (a range's meaning in a regular expression may follow the collation).
PLAIN_NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,'-"
PLAIN_NAME_PATTERN = f"^[{PLAIN_NAME_CHARACTERS}]*$"  # the hyphen last: itself, not a range
_PLAIN_NAME = re.compile(f"[{PLAIN_NAME_CHARACTERS}]*")


def is_plain_name(name: str) -> bool:
    return _PLAIN_NAME.fullmatch(name) is not None


def stand_in(length: int) -> str:
    """A plain name of `length` characters: priced in a text as any plain name that long is."""
    return "a" * length


def run_lock(campaign_id: str) -> str:
    """What a campaign's runs share so they never overlap, however many workers there are."""
    return f"campaign:{campaign_id}"
