from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.campaigns import CampaignEvent as E
from domain.campaigns import CampaignStatus as S
from domain.campaigns import (
    initial_campaign_status,
    is_campaign_final,
    next_campaign_status,
)
from domain.errors import IllegalTransition

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)

ALLOWED = {
    (S.DRAFT, E.SCHEDULE): S.SCHEDULED,
    (S.DRAFT, E.START): S.RUNNING,
    (S.SCHEDULED, E.SCHEDULE): S.SCHEDULED,
    (S.SCHEDULED, E.START): S.RUNNING,
    (S.SCHEDULED, E.FAIL): S.FAILED,
    (S.RUNNING, E.COMPLETE): S.COMPLETED,
    (S.RUNNING, E.FAIL): S.FAILED,
}


@pytest.mark.parametrize(("current", "event"), [(s, e) for s in S for e in E])
def test_full_transition_table(current: S, event: E) -> None:
    if (current, event) in ALLOWED:
        assert next_campaign_status(current, event) == ALLOWED[(current, event)]
    else:
        with pytest.raises(IllegalTransition):
            next_campaign_status(current, event)


@pytest.mark.parametrize(
    ("has_contacts", "scheduled_at", "expected"),
    [
        (False, None, S.DRAFT),
        (False, NOW + timedelta(days=1), S.DRAFT),
        (True, None, S.RUNNING),
        (True, NOW - timedelta(seconds=1), S.RUNNING),
        (True, NOW, S.RUNNING),  # "now" is not the future
        (True, NOW + timedelta(seconds=1), S.SCHEDULED),
    ],
)
def test_initial_status(has_contacts: bool, scheduled_at: datetime | None, expected: S) -> None:
    status = initial_campaign_status(
        has_contacts=has_contacts, scheduled_at=scheduled_at, now=NOW
    )
    assert status == expected


@settings(max_examples=200)
@given(st.booleans(), st.none() | st.integers(-10**6, 10**6))
def test_initial_status_rule(has_contacts: bool, offset: int | None) -> None:
    at = None if offset is None else NOW + timedelta(seconds=offset)
    status = initial_campaign_status(has_contacts=has_contacts, scheduled_at=at, now=NOW)
    if not has_contacts:
        assert status == S.DRAFT
    elif offset is not None and offset > 0:
        assert status == S.SCHEDULED
    else:
        assert status == S.RUNNING


@settings(max_examples=200)
@given(st.sampled_from(list(S)), st.lists(st.sampled_from(list(E)), max_size=10))
def test_finished_campaigns_never_move(start: S, events: list[E]) -> None:
    status = start
    for event in events:
        try:
            after = next_campaign_status(status, event)
        except IllegalTransition:
            assert (status, event) not in ALLOWED
            continue
        assert not is_campaign_final(status)
        assert after != S.DRAFT  # nothing goes back to draft
        status = after
    assert is_campaign_final(status) == (status in (S.COMPLETED, S.FAILED))
