"""A credit history entry's description in the reader's language: every description ujumbe writes
(the templates of `domain.ledger`, filled in as the writers fill them) said again in Swahili and in
English with the language's figures; anything else shown as it was written."""

from __future__ import annotations

import pytest

from domain import ledger
from entrypoints.web.ledger_texts import ledger_text

WRITTEN = [
    (ledger.SMS_TO.format(to="+255712345678"), "SMS kwa +255712345678", "SMS to +255712345678"),
    (ledger.BULK_SMS.format(count=1200), "SMS za pamoja kwa wapokeaji 1,200", "Bulk SMS to 1,200 recipients"),
    (ledger.BULK_SMS.format(count=1), "SMS za pamoja kwa mpokeaji 1", "Bulk SMS to 1 recipient"),
    (ledger.CAMPAIGN_SMS.format(name="Ofa: Desemba", count=1000, batch=3),
     "Kampeni Ofa: Desemba: SMS 1,000 (kundi 3)", "Campaign Ofa: Desemba: 1,000 SMS (batch 3)"),
    (ledger.REFUND_ONE.format(to="+255712345678"), "Marejesho: SMS kwa +255712345678 haikufanikiwa",
     "Refund: the SMS to +255712345678 failed"),
    (ledger.REFUND_MANY.format(count=12), "Marejesho: SMS 12 hazikufanikiwa", "Refund: 12 SMS failed"),
    (ledger.PACKAGE_PURCHASE.format(amount=f"{35000:,}", currency="TZS", provider="mpesa"),
     "Kifurushi kimenunuliwa: TSh 35,000 kupitia mpesa", "A package bought: TSh 35,000 through mpesa"),
    (ledger.VOUCHER_PURCHASE.format(amount=f"{1500:,}", currency="TZS", provider="tigopesa"),
     "Vocha imenunuliwa: TSh 1,500 kupitia tigopesa", "A voucher bought: TSh 1,500 through tigopesa"),
    (ledger.GRANTED, "Krediti zimetolewa", "Credits granted"),
]


@pytest.mark.parametrize(("written", "swahili", "english"), WRITTEN)
def test_each_description_ujumbe_writes_is_said_in_the_readers_language(written: str, swahili: str,
                                                                        english: str) -> None:
    assert ledger_text(written, "sw") == swahili
    assert ledger_text(written, "en") == english


@pytest.mark.parametrize("written", ["Karibu", "Welcome credits", "SMS to", "Campaign x: many SMS (batch 1)",
                                     "Refund: SMS to +255712345678 failed twice", ""])
def test_anything_else_is_shown_as_it_was_written(written: str) -> None:
    assert ledger_text(written, "sw") == ledger_text(written, "en") == written
