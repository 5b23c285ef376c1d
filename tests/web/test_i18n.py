"""Numbers, TZS amounts and times as each language writes them, times in East Africa Time; the
language a request gets."""

from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal

import pytest

from entrypoints.web import i18n

NINE_UTC = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("language", "number", "amount", "moment", "day"), [
    ("sw", "1,234,567", "TSh 35,000", "5 Januari 2026, 12:00 EAT", "5 Januari 2026"),
    ("en", "1,234,567", "TSh 35,000", "5 January 2026, 12:00 EAT", "5 January 2026"),
])
def test_each_language_writes_numbers_amounts_and_times_its_way(language: str, number: str, amount: str,
                                                                 moment: str, day: str) -> None:
    assert i18n.number(1234567, language) == number
    assert i18n.shillings(35000, language) == amount
    assert i18n.shillings(Decimal("35.00"), language) == "TSh 35"  # a rate per credit: cents only if any
    assert i18n.shillings(Decimal("27.5"), language) == "TSh 27.50"
    assert i18n.moment(NINE_UTC, language) == moment  # 09:00 UTC is noon in Dar es Salaam
    assert i18n.day(datetime(2026, 1, 4, 22, 0, tzinfo=timezone.utc), language) == day  # already the 5th there


@pytest.mark.parametrize(("cookie", "accept", "language"), [
    ("en", "sw", "en"), ("sw", "en-GB", "sw"), ("de", "en-GB,en;q=0.5", "en"), (None, None, "sw"),
    (None, "*", "sw"), (None, "en;q=oops, sw;q=0.5", "sw"),
])
def test_the_cookie_then_accept_language_then_swahili(cookie: str | None, accept: str | None, language: str) -> None:
    assert i18n.negotiate(cookie, accept) == language
