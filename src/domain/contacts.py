"""Contact lists and contacts (decision: contacts).

A number is kept once per list, by its E.164 form, across every contact's main and extra
numbers: `07…`, `255…` and `+255…` spellings of one number are the same contact. Whether a
number opted out is per (account, number), so it shows on every list holding it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from domain.email_addresses import EMAIL_PATTERN, MAX_EMAIL_LENGTH, validate_email
from domain.errors import InvalidPhoneNumber, ValidationError
from domain.phone import msisdn_in, normalize_msisdn
from domain.texts import WHITESPACE, validate_text

DEFAULT_LIST_NAME = "Default"
MAX_CONTACTS_PER_LIST = 100_000
MAX_IMPORT_BYTES = 10_000_000  # an import file, 10 MB (decision: body sizes); 413 above, before it is read whole
MAX_IMPORT_ROWS = 100_000
# A workbook's first sheet is read whole into memory (about 32 bytes a cell, blank or not, over
# the rectangle its cells span), so its extent is bounded before it is read: the rows of an import
# and a header, at most this many columns, and at most this many cells (100,000 rows of 20 columns).
MAX_IMPORT_COLUMNS = 256
MAX_IMPORT_CELLS = 2_000_000
MAX_WORKBOOK_UNPACKED_BYTES = 256 * 1024 * 1024  # every part of the archive, inflated (zip bombs)
MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024  # the workbook's table of text cells, read whole
MAX_LIST_NAME_LENGTH = 100
MAX_LIST_DESCRIPTION_LENGTH = 500
MAX_NAME_LENGTH = 100  # a contact's first or last name
MAX_PHONES_PER_CONTACT = 10  # extra numbers of one contact, besides its main one
# A contact's email: empty (or only whitespace), or an address registration would take.
CONTACT_EMAIL_PATTERN = f"{EMAIL_PATTERN}|^[{WHITESPACE}]*$"
MAX_SEARCH_LENGTH = 200
_DIGITS = frozenset("0123456789")
_NUMBER_CHARACTERS = frozenset("+0123456789 ().-")  # what people type around a number's digits


@dataclass(frozen=True, slots=True)
class ContactList:
    account_id: str
    id: str
    name: str
    description: str
    is_default: bool
    created_at: datetime
    updated_at: datetime
    contact_count: int = 0


@dataclass(frozen=True, slots=True)
class ContactPhone:
    """An extra number of a contact."""

    id: str
    phone: str  # E.164
    created_at: datetime
    opted_out: bool = False  # the number replied STOP to this account


@dataclass(frozen=True, slots=True)
class Contact:
    account_id: str
    list_id: str
    id: str
    phone: str  # the main number, E.164
    first_name: str
    last_name: str
    email: str
    created_at: datetime
    updated_at: datetime
    phones: tuple[ContactPhone, ...] = ()  # extra numbers, oldest first
    opted_out: bool = False  # the main number replied STOP to this account


@dataclass(frozen=True, slots=True)
class ContactSearch:
    """What `?search=` looks for. A whole number, in any written form, is one E.164 number
    (`number`); a term that looks like part of a number (three digits or more, only what people
    type around digits) is also looked for in the numbers, as its digits anywhere in one or, when
    it starts with 0, as the start of a local number (`digits`: 0712 → 0712 or 255712); any other
    term only in the first name, last name, both together, and email (`text`, any case)."""

    number: str | None = None
    digits: tuple[str, ...] = ()
    text: str | None = None

    @property
    def is_empty(self) -> bool:
        return self.number is None and not self.digits and self.text is None


def contact_search(term: str | None) -> ContactSearch:
    term = validate_text(term or "", field="search").strip()
    if not term:
        return ContactSearch()
    if len(term) > MAX_SEARCH_LENGTH:
        raise ValidationError(f"search is at most {MAX_SEARCH_LENGTH} characters.", field="search")
    try:
        return ContactSearch(number=normalize_msisdn(term).e164)
    except InvalidPhoneNumber:
        pass
    digits = "".join(c for c in term if c in _DIGITS)
    if len(digits) < 3 or not set(term) <= _NUMBER_CHARACTERS:
        return ContactSearch(text=term)
    local = ("255" + digits[1:],) if digits.startswith("0") else ()
    return ContactSearch(digits=(digits, *local), text=term)


def contact_matches(search: ContactSearch, names_and_email: Iterable[str], numbers: Iterable[str]) -> bool:
    """Whether a contact (its first and last name and email; every number it holds, E.164) is
    one `search` finds: the rule the repositories' queries follow."""
    if search.is_empty:
        return True
    numbers = [n.removeprefix("+") for n in numbers]
    if search.number is not None:
        return search.number.removeprefix("+") in numbers
    if any(digits in n for digits in search.digits for n in numbers):
        return True
    assert search.text is not None
    first, last, email = (value.lower() for value in names_and_email)
    needle = search.text.lower()
    return any(needle in haystack for haystack in (first, last, email, f"{first} {last}"))


def validate_list_name(name: str | None, *, required: bool = True) -> str:
    name = validate_text(name or "", field="name").strip()
    if required and not name:
        raise ValidationError("A contact list needs a name.", field="name")
    if len(name) > MAX_LIST_NAME_LENGTH:
        raise ValidationError(f"A list name has at most {MAX_LIST_NAME_LENGTH} characters.", field="name")
    return name


def validate_list_description(description: str | None) -> str:
    description = validate_text(description or "", field="description").strip()
    if len(description) > MAX_LIST_DESCRIPTION_LENGTH:
        raise ValidationError(
            f"A list description has at most {MAX_LIST_DESCRIPTION_LENGTH} characters.", field="description"
        )
    return description


def validate_contact_name(name: str | None, *, field: str) -> str:
    """A first or last name: trimmed, possibly empty (a contact may be a bare number)."""
    name = validate_text(name or "", field=field).strip()
    if len(name) > MAX_NAME_LENGTH:
        raise ValidationError(f"{field} has at most {MAX_NAME_LENGTH} characters.", field=field)
    return name


def validate_contact_email(email: str | None) -> str:
    """An address as registration takes it (trimmed, lowercased), or empty for none."""
    email = validate_text(email or "", field="email")
    return "" if not email.strip() and len(email) <= MAX_EMAIL_LENGTH else validate_email(email)


def contact_phone(raw: str) -> str:
    """The E.164 form of a number given in a `phone` field: what the list keeps unique."""
    return msisdn_in(raw, field="phone").e164
