"""What a person reads when something fails: every error code of the use cases (the API's codes,
`domain.errors`) as a message of this layer, translated on the page. The API's codes and English
texts stay as they are; the dashboard says its own words in the reader's language.

A `validation_error` is told by its field first (`FIELD_MESSAGES`), then by its code.
"""

from __future__ import annotations

from entrypoints.web.i18n import _

ERROR_MESSAGES: dict[str, str] = {
    "validation_error": _("Some of what you entered is not valid; check it and try again."),
    "invalid_phone_number": _("This is not a Tanzanian mobile number."),
    "insufficient_credits": _("Your balance is too low: buy credits and try again."),
    "country_not_supported": _("We cannot send to that country."),
    "request_in_progress": _("This request is still being handled; wait a moment."),
    "phone_not_verified": _("Verify the phone number first."),
    "duplicate_contact": _("This number is already in the list."),
    "contact_list_full": _("The contact list is full."),
    "payload_too_large": _("The file is too large."),
    "too_many_phone_numbers": _("This contact has as many numbers as a contact may have."),
    "default_list_not_deletable": _("The default contact list cannot be deleted."),
    "rate_limit_exceeded": _("Too many requests: wait a minute and try again."),
    "unauthorized": _("Please log in again."),
    "forbidden": _("You may not do this."),
    "not_found": _("We could not find that page."),
    "idempotency_key_reused": _("This request was already made with other details."),
    "email_taken": _("An account with this email already exists: log in, or reset its password."),
    "invalid_credentials": _("The email or the password is wrong."),
    "invalid_signature": _("The request could not be verified."),
    "illegal_transition": _("This change is not possible now."),
    "campaign_not_cancellable": _("Only a scheduled or running campaign can be stopped."),
    "invalid_token": _("This link is invalid, used or expired: ask for a new one."),
    "invalid_otp": _("The code is wrong or has expired."),
    "otp_throttled": _("Too many codes asked for: wait a while and ask again."),
    "google_not_connected": _("No Google account is connected."),
    "google_authorization_failed": _("Google did not give access to the contacts."),
    "google_unavailable": _("Google could not be reached: try again later."),
    # answered by the HTTP layer, not the use cases
    "method_not_allowed": _("This page does not take that request."),
    "unsupported_media_type": _("This page does not take that request."),
    "bad_request": _("The request could not be understood."),
    "service_unavailable": _("The service is busy: try again in a few seconds."),
    "internal_error": _("Something went wrong on our side."),
}

# (code, field) -> message, where the field says more than the code.
FIELD_MESSAGES: dict[tuple[str, str], str] = {
    ("validation_error", "email"): _("This is not a valid email address."),
    ("validation_error", "password"): _("A password has 8 to 1024 characters."),
    ("validation_error", "new_password"): _("A password has 8 to 1024 characters."),
    ("validation_error", "business_name"): _("The business name is too long."),
    ("validation_error", "url"): _("This address cannot take webhooks: give a full public address starting with "
                                   "https://, or delete a webhook if you have many."),
    ("validation_error", "otp"): _("The code is 6 digits."),
    ("invalid_credentials", "current_password"): _("Your current password is not right."),
    ("validation_error", "message"): _("Write a message of up to 1,600 characters."),
    ("validation_error", "contact_list_id"): _("Choose one of your contact lists."),
    ("not_found", "contact_list_id"): _("Choose one of your contact lists."),
    ("not_found", "list_id"): _("Choose one of your contact lists."),
    ("validation_error", "sender_id"): _("A sender ID has 1 to 11 letters or digits."),
    ("validation_error", "scheduled_at"): _("Choose the date and time to send it."),
    ("validation_error", "description"): _("A description has at most 500 characters."),
    ("validation_error", "first_name"): _("A name has at most 100 characters."),
    ("validation_error", "last_name"): _("A name has at most 100 characters."),
    ("validation_error", "phone"): _("Enter the phone number."),
    ("validation_error", "amount"): _("Enter a whole number of shillings, from the smallest top-up up to 100 million."),
    ("validation_error", "provider"): _("Choose how you want to pay."),
    ("validation_error", "search"): _("Search for at most 200 characters."),
    ("validation_error", "file"): _("Choose a CSV file or an Excel workbook (.xlsx) to import."),
    ("payload_too_large", "file"): _("The file is too large: an import takes at most 10 MB and 100,000 rows."),
    ("validation_error", "to"): _("Type one phone number, or up to 1,000 of them."),
    ("validation_error", "from"): _("A sender ID has 1 to 11 letters or digits."),
    ("validation_error", "date_from"): _("The first day is not a date."),
    ("validation_error", "date_before"): _("The last day is not a date."),
    ("validation_error", "page"): _("There is no such page."),
}

# Why a row of an imported file was left out (the import report's row codes), as the person who
# made the file can put it right.
IMPORT_ROW_MESSAGES: dict[str, str] = {
    "invalid_phone_number": _("This is not a Tanzanian mobile number."),
    "no_phone_number": _("This person has no phone number in Google Contacts."),
    "duplicate_contact": _("This number is already in the list, or in an earlier row."),
    "contact_list_full": _("The contact list is full."),
    "invalid_name": _("A name has at most 100 characters."),
    "invalid_email": _("This is not a valid email address."),
    "too_many_phone_numbers": _("A contact has at most 10 extra numbers."),
    "invalid_encoding": _("The row has characters that are not UTF-8: save the file as CSV UTF-8."),
    "missing_phone_column": _("No column is named phone: name the column of numbers phone (or simu)."),
    "empty_file": _("The file is empty."),
    "too_many_rows": _("The file has more than 100,000 rows: this row and the ones after it were not read."),
    "unreadable_file": _("The file cannot be read from this row on, so nothing was imported."),
}

CSRF_REFUSED = _("This form has expired. Reload the page and try again.")


def row_message_of(code: str) -> str:
    """The message (its msgid) for why an imported row was left out."""
    return IMPORT_ROW_MESSAGES.get(code, ERROR_MESSAGES["internal_error"])


def message_of(code: str, field: str | None = None) -> str:
    """The message (its msgid) for an error code, and its field when it has one."""
    if field is not None and (code, field) in FIELD_MESSAGES:
        return FIELD_MESSAGES[(code, field)]
    return ERROR_MESSAGES.get(code, ERROR_MESSAGES["internal_error"])
