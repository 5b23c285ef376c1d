"""Ids: every record's id is a uuid, held in its canonical form (lowercase, hyphenated).

An id from outside (a path, a body, a command line) is read once, where it comes in. Any
spelling of a uuid is the same id (upper case, in braces, without hyphens); anything else names
nothing, and is answered as an id of nothing is: the lookup finds nothing (`lookup_id`), or the
entry point refuses it in its own words. Below the entry points every id is canonical.

A form that does something once (a send) carries a key, a uuid chosen when the empty form was
shown; what it does is named by `form_operation_id`, so posting the same form again names the
same operation, which the use case runs once.
"""

from __future__ import annotations

import hashlib
import json
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


def form_operation_id(key: str, *content: str) -> str | None:
    """The id of what a form posted under `key` does with `content` (its fields as filled in):
    the same for every post of the same form (a double click, a reload, the back button), another
    once anything in it changed; None when `key` is no uuid (an old page, a hand-made post), and
    the caller makes a fresh id.

    A version 7 uuid laid out as the id generator's: the key's 48 bits of time, so it sorts with
    the ids made when the form was shown, then the version, the variant, and 74 bits of SHA-256
    of the key and the content, as a JSON list (so fields `ab`, `c` and `a`, `bc` differ)."""
    parsed = parse_id(key)
    if parsed is None:
        return None
    digest = hashlib.sha256(json.dumps([parsed, *content]).encode()).digest()
    bits = int.from_bytes(uuid.UUID(parsed).bytes[:6] + digest[:10], "big")
    bits = (bits & ~(0xF << 76)) | (0x7 << 76)  # the version: 7
    bits = (bits & ~(0x3 << 62)) | (0x2 << 62)  # the variant: RFC 9562's (10)
    return str(uuid.UUID(int=bits))
