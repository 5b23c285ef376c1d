"""Domain errors with stable codes.

The code is the contract with API clients (it ends up in the error envelope), so it is a class
attribute fixed per kind of failure; the message is for humans and may vary per raise.
"""

from __future__ import annotations

from typing import ClassVar


class DomainError(Exception):
    code: ClassVar[str] = "domain_error"
    default_message: ClassVar[str] = "The request breaks a business rule."

    def __init__(self, message: str | None = None, *, field: str | None = None) -> None:
        self.message: str = message if message is not None else self.default_message
        self.field: str | None = field
        super().__init__(self.message)


class ValidationError(DomainError):
    code = "validation_error"
    default_message = "The request is not valid."


class InvalidPhoneNumber(DomainError):
    code = "invalid_phone_number"
    default_message = "The phone number is not a valid Tanzanian mobile number."

    def __init__(
        self,
        message: str | None = None,
        *,
        field: str | None = None,
        reason: str = "invalid",
    ) -> None:
        super().__init__(message, field=field)
        # A machine-readable why ("not_mobile", "not_tanzanian", ...) for import reports and logs.
        self.reason: str = reason


class InsufficientCredits(DomainError):
    code = "insufficient_credits"
    default_message = "The credit balance is too low; top up and try again."


class CountryNotSupported(DomainError):
    code = "country_not_supported"
    default_message = "The country is not on the rate card."


class RequestInProgress(DomainError):
    code = "request_in_progress"
    default_message = "A request with this Idempotency-Key is still in progress."


class PhoneNotVerified(DomainError):
    code = "phone_not_verified"
    default_message = "The payer phone must be verified first."


class DuplicateContact(DomainError):
    code = "duplicate_contact"
    default_message = "This phone number is already in the list."


class ContactListFull(DomainError):
    code = "contact_list_full"
    default_message = "The contact list holds the most contacts a list may hold (100,000)."


class ImportFileTooLarge(DomainError):
    code = "payload_too_large"
    default_message = "The file is over 10 MB (10,000,000 bytes), the most an import takes."


class TooManyPhoneNumbers(DomainError):
    code = "too_many_phone_numbers"
    default_message = "The contact holds the most extra numbers a contact may hold (10)."


class DefaultListNotDeletable(DomainError):
    code = "default_list_not_deletable"
    default_message = "The default contact list cannot be deleted."


class RateLimitExceeded(DomainError):
    code = "rate_limit_exceeded"
    default_message = "Too many requests; retry later."

    def __init__(
        self,
        message: str | None = None,
        *,
        field: str | None = None,
        retry_after: int = 60,
    ) -> None:
        super().__init__(message, field=field)
        # Seconds until the budget refills; the default is one window of the per-minute limits.
        self.retry_after: int = retry_after


class Unauthorized(DomainError):
    code = "unauthorized"
    default_message = "Missing or invalid credentials."


class Forbidden(DomainError):
    code = "forbidden"
    default_message = "These credentials may not use this resource."


class NotFound(DomainError):
    code = "not_found"
    default_message = "The resource does not exist."


class IdempotencyKeyReused(DomainError):
    code = "idempotency_key_reused"
    default_message = "This Idempotency-Key was already used with a different request."


class EmailTaken(DomainError):
    code = "email_taken"
    default_message = "An account with this email already exists."


class InvalidCredentials(DomainError):
    code = "invalid_credentials"
    default_message = "Email or password is wrong."


class InvalidSignature(DomainError):
    code = "invalid_signature"
    default_message = "The callback's signature does not verify (or the callback cannot be read)."


class IllegalTransition(DomainError):
    code = "illegal_transition"
    default_message = "This change is not allowed in the current state."


class CampaignNotCancellable(DomainError):
    code = "campaign_not_cancellable"
    default_message = "Only a scheduled or running campaign can be cancelled."


class InvalidToken(DomainError):
    """A reset or verification token that is unknown, used already or expired: one answer for all
    three, so a guess learns nothing."""

    code = "invalid_token"
    default_message = "The link is invalid or has expired; ask for a new one."


class InvalidOtp(DomainError):
    code = "invalid_otp"
    default_message = "The code is wrong or has expired."


class OtpThrottled(DomainError):
    code = "otp_throttled"
    # The API document states this, so it names the caps (domain.phone_otps holds them).
    default_message = ("Too many codes requested: a number gets 1 a minute and 5 an hour, whichever accounts ask; "
                       "an account asks for 5 numbers an hour; a client IP for 10 codes an hour. "
                       "Ask again after Retry-After seconds.")

    def __init__(self, message: str | None = None, *, field: str | None = None, retry_after: int = 60) -> None:
        super().__init__(message, field=field)
        self.retry_after: int = retry_after  # seconds until asking again can succeed


class GoogleNotConnected(DomainError):
    code = "google_not_connected"
    default_message = "No Google account is connected (or its access was revoked); connect one first."


class GoogleAuthorizationFailed(DomainError):
    code = "google_authorization_failed"
    default_message = "Google did not grant access to the contacts (consent refused or the code was not accepted)."


class GoogleUnavailable(DomainError):
    code = "google_unavailable"
    default_message = "Google could not be reached or answered with an error; try again later."


def _all_codes(cls: type[DomainError]) -> frozenset[str]:
    codes: set[str] = set()
    for sub in cls.__subclasses__():
        codes |= {sub.code} | _all_codes(sub)
    return frozenset(codes)


ERROR_CODES: frozenset[str] = _all_codes(DomainError)
