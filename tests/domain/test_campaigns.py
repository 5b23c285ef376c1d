from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.campaigns import CampaignEvent as E
from domain.campaigns import CampaignStatus as S
from domain.campaigns import (
    EAST_AFRICA_TIME,
    allows,
    PLAIN_NAME_CHARACTERS,
    has_placeholders,
    is_plain_name,
    parse_scheduled_at,
    render,
    stand_in,
    initial_campaign_status,
    next_campaign_status,
)
from domain.errors import IllegalTransition, ValidationError
from domain.segments import segment

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
FINISHED = (S.COMPLETED, S.FAILED)

ALLOWED = {
    (S.DRAFT, E.SCHEDULE): S.SCHEDULED,
    (S.DRAFT, E.START): S.RUNNING,
    (S.SCHEDULED, E.SCHEDULE): S.SCHEDULED,
    (S.SCHEDULED, E.START): S.RUNNING,
    (S.SCHEDULED, E.NOBODY_TO_SEND_TO): S.DRAFT,
    (S.SCHEDULED, E.FAIL): S.FAILED,
    (S.RUNNING, E.COMPLETE): S.COMPLETED,
    (S.RUNNING, E.FAIL): S.FAILED,
    (S.SCHEDULED, E.CANCEL): S.DRAFT,
    (S.RUNNING, E.CANCEL): S.FAILED,
}


@pytest.mark.parametrize(("current", "event"), [(s, e) for s in S for e in E])
def test_full_transition_table(current: S, event: E) -> None:
    assert allows(current, event) is ((current, event) in ALLOWED)
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
    assert status == S.DRAFT or status in {ALLOWED[move] for move in ALLOWED if move[0] == S.DRAFT}  # a move of the table


@settings(max_examples=200)
@given(st.sampled_from(list(S)), st.lists(st.sampled_from(list(E)), max_size=10))
def test_any_walk_moves_only_by_the_table_and_finished_campaigns_never_move(start: S, events: list[E]) -> None:
    status = start
    for event in events:
        try:
            after = next_campaign_status(status, event)
        except IllegalTransition as refused:
            assert (status, event) not in ALLOWED  # every other move is refused
            assert refused.field == "status"
            continue
        assert after == ALLOWED[(status, event)]  # every move of the table is allowed
        assert status not in FINISHED
        # only a schedule goes back: cancelled, or due with nobody left to send to
        assert after != S.DRAFT or (status, event) in ((S.SCHEDULED, E.CANCEL), (S.SCHEDULED, E.NOBODY_TO_SEND_TO))
        status = after


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2999, 12, 31)))
def test_a_scheduled_at_without_offset_is_east_africa_time(moment: datetime) -> None:
    parsed = parse_scheduled_at(moment.isoformat())
    assert parsed == moment.replace(tzinfo=EAST_AFRICA_TIME)
    assert parse_scheduled_at(moment.isoformat() + "Z") == moment.replace(tzinfo=UTC)


@pytest.mark.parametrize("text", ["2026-02-30T10:00", "2026-01-05", "2026-01-05T24:00", "1999-01-01T10:00",
                                  "2100-02-29T10:00", " 2026-01-05T10:00", "2026-01-05T10:00+0300", "tomorrow"])
def test_a_scheduled_at_that_is_not_a_date_time_names_the_field(text: str) -> None:
    with pytest.raises(ValidationError) as refused:
        parse_scheduled_at(text)
    assert refused.value.field == "scheduled_at"


def test_leap_days_are_real_days_only() -> None:
    assert parse_scheduled_at("2028-02-29T08:00+03:00").day == 29
    assert parse_scheduled_at("2000-02-29 08:00").day == 29


@given(st.text(max_size=40), st.text(max_size=40), st.text(max_size=40))
def test_personalisation_fills_both_placeholders_and_nothing_else(text: str, first: str, last: str) -> None:
    template = f"{text}{{first_name}} {{last_name}}"
    assert has_placeholders(template)
    assert render(template, first, last) == f"{text.replace('{first_name}', first).replace('{last_name}', last)}{first} {last}"
    plain = text.replace("{first_name}", "").replace("{last_name}", "")
    if not has_placeholders(plain):
        assert render(plain, first, last) == plain


PLAIN_NAMES = st.text(alphabet=st.sampled_from(PLAIN_NAME_CHARACTERS), max_size=60)
TEMPLATES = st.lists(st.one_of(st.text(max_size=30), st.sampled_from(["{first_name}", "{last_name}"]),
                               st.sampled_from(["€", "[", "😀", "ñ", "\n", "{", "}"])), max_size=8).map("".join)


@given(TEMPLATES, PLAIN_NAMES, PLAIN_NAMES)
def test_a_plain_name_costs_what_any_plain_name_as_long_costs(template: str, first: str, last: str) -> None:
    assert is_plain_name(first) and is_plain_name(last)
    real = segment(render(template, first, last))
    priced = segment(render(template, stand_in(len(first)), stand_in(len(last))))
    assert (real.encoding, real.units, real.parts) == (priced.encoding, priced.units, priced.parts)


@given(st.text(max_size=20))
def test_a_name_is_plain_only_of_the_plain_characters(name: str) -> None:
    assert is_plain_name(name) == all(c.isascii() and (c.isalnum() or c in " .,'-") for c in name)
