"""ujumbe's business rules: pure Python, no I/O, no framework, no clock.

What an embedding team may import from here (`from domain import segment`) is named in
`__all__` and documented in docs/embedding.md; the modules behind it may move. The rest of
`domain` is the service's own and may change without notice.
"""

from domain.bulk import MAX_BULK_RECIPIENTS
from domain.errors import (
    ERROR_CODES,
    DomainError,
    InsufficientCredits,
    InvalidPhoneNumber,
    ValidationError,
)
from domain.ledger import MAX_POSTING_CREDITS, EntryType, Ledger, LedgerEntry, Posting, next_balance
from domain.phone import Carrier, Msisdn, carrier_of, country_of, e164_of, normalize_msisdn
from domain.pricing import (
    TZ_CREDITS_PER_PART,
    TZS_PER_CREDIT_ABROAD,
    CreditPackage,
    cost_text,
    credits_for_message,
    find_package,
)
from domain.segments import (
    MAX_MESSAGE_LENGTH,
    Encoding,
    Segmentation,
    SmartEncoded,
    is_gsm7,
    segment,
    smart_alternative,
    smart_encode,
    split_on_air,
    validate_message_text,
)
from domain.vouchers import (
    MAX_VOUCHER_TZS,
    VoucherPrice,
    VoucherRateCard,
    VoucherTier,
    check_rate_card,
    price_voucher,
)

__all__ = [
    # phone numbers
    "Carrier", "Msisdn", "carrier_of", "country_of", "e164_of", "normalize_msisdn",
    # texts: encoding, billed parts, on-air segments
    "MAX_BULK_RECIPIENTS", "MAX_MESSAGE_LENGTH", "Encoding", "Segmentation", "SmartEncoded", "is_gsm7",
    "segment", "smart_alternative", "smart_encode", "split_on_air", "validate_message_text",
    # pricing
    "TZS_PER_CREDIT_ABROAD", "TZ_CREDITS_PER_PART", "CreditPackage", "cost_text", "credits_for_message",
    "find_package",
    # voucher credits
    "MAX_VOUCHER_TZS", "VoucherPrice", "VoucherRateCard", "VoucherTier", "check_rate_card", "price_voucher",
    # the ledger
    "MAX_POSTING_CREDITS", "EntryType", "Ledger", "LedgerEntry", "Posting", "next_balance",
    # errors, each with a stable `code`
    "ERROR_CODES", "DomainError", "InsufficientCredits", "InvalidPhoneNumber", "ValidationError",
]
