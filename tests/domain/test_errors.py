from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import errors
from domain.errors import (
    ERROR_CODES,
    DomainError,
    InvalidPhoneNumber,
    RateLimitExceeded,
    ValidationError,
)

EXPECTED_CODES = {
    "ValidationError": "validation_error",
    "InvalidPhoneNumber": "invalid_phone_number",
    "InsufficientCredits": "insufficient_credits",
    "CountryNotSupported": "country_not_supported",
    "RequestInProgress": "request_in_progress",
    "PhoneNotVerified": "phone_not_verified",
    "DuplicateContact": "duplicate_contact",
    "ContactListFull": "contact_list_full",
    "ImportFileTooLarge": "payload_too_large",
    "DefaultListNotDeletable": "default_list_not_deletable",
    "TooManyPhoneNumbers": "too_many_phone_numbers",
    "RateLimitExceeded": "rate_limit_exceeded",
    "Unauthorized": "unauthorized",
    "Forbidden": "forbidden",
    "NotFound": "not_found",
    "IdempotencyKeyReused": "idempotency_key_reused",
    "EmailTaken": "email_taken",
    "InvalidCredentials": "invalid_credentials",
    "InvalidSignature": "invalid_signature",
    "IllegalTransition": "illegal_transition",
    "CampaignNotCancellable": "campaign_not_cancellable",
    "InvalidOtp": "invalid_otp",
    "InvalidToken": "invalid_token",
    "OtpThrottled": "otp_throttled",
    "GoogleNotConnected": "google_not_connected",
    "GoogleAuthorizationFailed": "google_authorization_failed",
    "GoogleUnavailable": "google_unavailable",
}
ERROR_CLASSES = [getattr(errors, name) for name in EXPECTED_CODES]


@pytest.mark.parametrize(("name", "code"), EXPECTED_CODES.items())
def test_each_error_has_its_stable_code(name: str, code: str) -> None:
    cls = getattr(errors, name)
    assert issubclass(cls, DomainError)
    assert cls.code == code
    assert cls().code == code


def test_error_codes_lists_every_code_once() -> None:
    assert ERROR_CODES == frozenset(EXPECTED_CODES.values())
    assert len(set(EXPECTED_CODES.values())) == len(EXPECTED_CODES)


@pytest.mark.parametrize("cls", ERROR_CLASSES)
def test_default_message_is_human_text(cls: type[DomainError]) -> None:
    err = cls()
    assert err.message and err.message[0].isupper()
    assert str(err) == err.message
    assert err.field is None


@settings(max_examples=50)
@given(st.sampled_from(ERROR_CLASSES), st.text(min_size=1), st.none() | st.text())
def test_message_and_field_are_kept(
    cls: type[DomainError], message: str, field: str | None
) -> None:
    err = cls(message, field=field)
    assert (err.message, err.field, str(err)) == (message, field, message)


def test_invalid_phone_number_carries_a_reason() -> None:
    assert InvalidPhoneNumber().reason == "invalid"
    err = InvalidPhoneNumber("nope", field="to", reason="not_mobile")
    assert (err.reason, err.field, err.message) == ("not_mobile", "to", "nope")


def test_rate_limit_carries_retry_after() -> None:
    assert RateLimitExceeded(retry_after=17).retry_after == 17
    assert RateLimitExceeded().retry_after == 60


def test_domain_errors_are_exceptions() -> None:
    with pytest.raises(DomainError):
        raise ValidationError("bad", field="x")
