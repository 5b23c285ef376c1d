"""A credit history entry's description in the reader's language: every description ujumbe writes
(the templates of `domain.ledger`, filled in as the writers fill them) said again in Swahili and in
English with the language's figures; anything else shown as it was written."""

from __future__ import annotations

import pytest

from domain import ledger
from domain.payment_orders import PaymentProvider
from entrypoints.web.ledger_texts import ledger_text
from entrypoints.web.statuses import PAYMENT_METHODS

WRITTEN = [
    (ledger.SMS_TO.format(to="+255712345678"), "SMS kwa +255712345678", "SMS to +255712345678"),
    (ledger.BULK_SMS.format(count=1200), "SMS za pamoja kwa wapokeaji 1,200", "Bulk SMS to 1,200 recipients"),
    (ledger.BULK_SMS.format(count=1), "SMS za pamoja kwa mpokeaji 1", "Bulk SMS to 1 recipient"),
    (ledger.CAMPAIGN_SMS.format(name="Ofa: Desemba", count=1000, batch=3),
     "Kampeni Ofa: Desemba: SMS 1,000 (kundi 3)", "Campaign Ofa: Desemba: 1,000 SMS (batch 3)"),
    (ledger.REFUND_ONE.format(to="+255712345678"), "Marejesho: SMS kwa +255712345678 haikufanikiwa",
     "Refund: the SMS to +255712345678 failed"),
    (ledger.REFUND_MANY.format(count=12), "Marejesho: SMS 12 hazikufanikiwa", "Refund: 12 SMS failed"),
    (ledger.PACKAGE_PURCHASE.format(amount=f"{35000:,}", currency="TZS", provider="mobilemoney"),
     "Kifurushi kimenunuliwa kwa TSh 35,000: Ombi la malipo kwenye simu (USSD)",
     "A package bought for TSh 35,000: A prompt on the phone (USSD push)"),
    (ledger.VOUCHER_PURCHASE.format(amount=f"{1500:,}", currency="TZS", provider="mobilemoney-session"),
     "Vocha imenunuliwa kwa TSh 1,500: Ukurasa wa malipo ya pesa kwa simu",
     "A voucher bought for TSh 1,500: A mobile-money payment page"),
    (ledger.VOUCHER_PURCHASE.format(amount=f"{1500:,}", currency="KES", provider="newpay"),
     "Vocha imenunuliwa kwa 1,500 KES: newpay", "A voucher bought for 1,500 KES: newpay"),
    (ledger.GRANTED, "Krediti zimetolewa", "Credits granted"),
]


@pytest.mark.parametrize(("written", "swahili", "english"), WRITTEN)
def test_each_description_ujumbe_writes_is_said_in_the_readers_language(written: str, swahili: str,
                                                                        english: str) -> None:
    assert ledger_text(written, "sw") == swahili
    assert ledger_text(written, "en") == english


@pytest.mark.parametrize("written", ["Karibu", "Welcome credits", "SMS to", "SMS to the staff",
                                     "Package purchase: 1,000 shillings by cash", "Campaign x: many SMS (batch 1)",
                                     "Refund: SMS to +255712345678 failed twice", ""])
def test_anything_else_is_shown_as_it_was_written(written: str) -> None:
    assert ledger_text(written, "sw") == ledger_text(written, "en") == written


def test_every_way_of_paying_has_its_words() -> None:
    assert set(PAYMENT_METHODS) == {provider.value for provider in PaymentProvider}
