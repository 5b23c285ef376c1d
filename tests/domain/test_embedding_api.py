"""The embedding API: the names `domain` exports stay, and docs/embedding.md's examples run."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import domain

PAGE = Path(__file__).resolve().parents[2] / "docs" / "embedding.md"

# What embedding teams were promised. Adding a name is fine (add it here and on the page);
# removing or renaming one breaks their code, so it fails here first.
PUBLIC = {
    "Carrier", "Msisdn", "carrier_of", "country_of", "e164_of", "normalize_msisdn",
    "MAX_BULK_RECIPIENTS", "MAX_MESSAGE_LENGTH", "Encoding", "Segmentation", "SmartEncoded", "is_gsm7",
    "segment", "smart_alternative", "smart_encode", "split_on_air", "validate_message_text",
    "TZS_PER_CREDIT_ABROAD", "TZ_CREDITS_PER_PART", "CreditPackage", "cost_text", "credits_for_message",
    "find_package",
    "MAX_VOUCHER_TZS", "VoucherPrice", "VoucherRateCard", "VoucherTier", "check_rate_card", "price_voucher",
    "MAX_POSTING_CREDITS", "EntryType", "Ledger", "LedgerEntry", "Posting", "next_balance",
    "ERROR_CODES", "DomainError", "InsufficientCredits", "InvalidPhoneNumber", "ValidationError",
}


def test_every_promised_name_is_exported_and_importable() -> None:
    assert PUBLIC - set(domain.__all__) == set(), "a public name of the embedding API disappeared"
    assert set(domain.__all__) - PUBLIC == set(), "a new public name: add it to PUBLIC and docs/embedding.md"
    for name in domain.__all__:
        assert getattr(domain, name) is not None


def test_the_page_documents_every_public_name() -> None:
    page = PAGE.read_text()
    assert [name for name in sorted(domain.__all__) if not re.search(rf"\b{name}\b", page)] == []


def test_the_examples_on_the_page_run() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", PAGE.read_text(), re.S)
    assert len(blocks) >= 6
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, {}, f"docs/embedding.md block {number}", str(PAGE), 0)
        assert test.examples, block
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
