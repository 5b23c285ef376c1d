"""A campaign sends one message to a contact list, now or at `scheduled_at`.

draft → scheduled → running → completed, with failed reachable while scheduled or running
(e.g. credits ran out at run time). A draft may also start straight away. Finished campaigns
never move again.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from domain.errors import IllegalTransition


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


_S, _E = CampaignStatus, CampaignEvent
_TRANSITIONS: dict[tuple[CampaignStatus, CampaignEvent], CampaignStatus] = {
    (_S.DRAFT, _E.SCHEDULE): _S.SCHEDULED,
    (_S.DRAFT, _E.START): _S.RUNNING,
    (_S.SCHEDULED, _E.SCHEDULE): _S.SCHEDULED,  # moved to another time
    (_S.SCHEDULED, _E.START): _S.RUNNING,
    (_S.SCHEDULED, _E.FAIL): _S.FAILED,
    (_S.RUNNING, _E.COMPLETE): _S.COMPLETED,
    (_S.RUNNING, _E.FAIL): _S.FAILED,
}


def is_campaign_final(status: CampaignStatus) -> bool:
    return status in (CampaignStatus.COMPLETED, CampaignStatus.FAILED)


def next_campaign_status(current: CampaignStatus, event: CampaignEvent) -> CampaignStatus:
    try:
        return _TRANSITIONS[(current, event)]
    except KeyError:
        raise IllegalTransition(
            f"A {current} campaign cannot {event}.", field="status"
        ) from None


def initial_campaign_status(
    *, has_contacts: bool, scheduled_at: datetime | None, now: datetime
) -> CampaignStatus:
    """Spec: `scheduled_at` omitted or in the past means send now; nobody to send to is a draft."""
    if not has_contacts:
        return CampaignStatus.DRAFT
    if scheduled_at is not None and scheduled_at > now:
        return CampaignStatus.SCHEDULED
    return CampaignStatus.RUNNING
