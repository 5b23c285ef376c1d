"""A bulk's recipients and tally (domain.bulk): each number once, in order; the counts add up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.bulk import MAX_BULK_RECIPIENTS, distinct_recipients, tally
from domain.errors import InvalidPhoneNumber
from domain.phone import Msisdn, normalize_msisdn

# The same few numbers written several ways, and a few that are no number at all.
VALID = ["0712345678", "+255712345678", "255712345678", "0754000111", "+255 754 000 111", "0688123456"]
INVALID = ["", "hello", "12", "+1", "0712"]
numbers = st.lists(st.sampled_from(VALID + INVALID), max_size=30)


def normalised(raw: str) -> str | None:
    try:
        return normalize_msisdn(raw).e164
    except InvalidPhoneNumber:
        return None


@given(numbers)
def test_each_valid_number_is_sent_to_once_in_the_order_first_asked(raw: list[str]) -> None:
    entries = distinct_recipients(raw)
    valid = [e.e164 for e in entries if isinstance(e, Msisdn)]
    first_seen = list(dict.fromkeys(n for n in map(normalised, raw) if n is not None))
    assert valid == first_seen


@given(numbers)
def test_an_invalid_number_is_kept_as_given_once_and_in_place(raw: list[str]) -> None:
    entries = distinct_recipients(raw)
    invalid = [e for e in entries if isinstance(e, str)]
    assert invalid == list(dict.fromkeys(r for r in raw if normalised(r) is None))
    # Every entry stands where the request first named it.
    firsts = [next(i for i, r in enumerate(raw)
                   if (normalised(r) == e.e164 if isinstance(e, Msisdn) else r == e)) for e in entries]
    assert firsts == sorted(firsts)


@given(st.lists(st.sampled_from(["sent", "failed", "pending"]), max_size=50))
def test_the_tally_counts_every_entry_once(statuses: list[str]) -> None:
    counted = tally(statuses)
    assert counted.total == len(statuses) == counted.sent + counted.failed + counted.pending
    assert (counted.sent, counted.failed, counted.pending) == (
        statuses.count("sent"), statuses.count("failed"), statuses.count("pending"))


def test_the_bulk_limit() -> None:
    assert MAX_BULK_RECIPIENTS == 1000
