"""Contact lists and contacts (spec: Contact list, Contact; DESIGN §6 Contacts).

A number is kept once per list, by its E.164 form, across every contact's main and extra
numbers: `07…`, `255…` and `+255…` spellings of one number are the same contact. Whether a
number opted out is per (account, number), so it shows on every list holding it.
"""

from __future__ import annotations

DEFAULT_LIST_NAME = "Default"
MAX_CONTACTS_PER_LIST = 100_000
MAX_IMPORT_BYTES = 10 * 1024 * 1024  # an import file; 413 above, before it is read whole
MAX_IMPORT_ROWS = 100_000
MAX_LIST_NAME_LENGTH = 100
MAX_LIST_DESCRIPTION_LENGTH = 500
MAX_NAME_LENGTH = 100  # a contact's first or last name
