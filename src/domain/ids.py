"""Ids: every record's id is a uuid, held in its canonical form (lowercase, hyphenated).

An id from outside (a path, a body, a command line) is read once, where it comes in. Any
spelling of a uuid is the same id (upper case, in braces, without hyphens); anything else names
nothing, and is answered as an id of nothing is: the lookup finds nothing (`lookup_id`), or the
entry point refuses it in its own words. Below the entry points every id is canonical.
"""

from __future__ import annotations

import uuid

# A uuid in the canonical form, either case: what the API document states for an id in a body.
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
# The nil uuid: no record is ever given it, so it names nothing.
NO_ID = str(uuid.UUID(int=0))


def parse_id(value: str) -> str | None:
    """The uuid `value` spells, in the canonical form; None when it spells none."""
    try:
        return str(uuid.UUID(value))
    except ValueError:
        return None


def lookup_id(value: str) -> str:
    """The id to look up what `value` names by: `parse_id`'s, or `NO_ID` when it is no uuid, so
    the lookup finds nothing and the caller answers as it does to an unknown id."""
    return parse_id(value) or NO_ID
