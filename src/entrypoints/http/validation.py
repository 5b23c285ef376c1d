"""Text from outside is checked where it enters, each value against `domain.texts.validate_text`
(no NUL, no lone surrogate: neither can be stored), so the 400 names the field:

- request bodies: every body Struct derives from `RequestBody`;
- query and path parameters: `check_parameters`, the app's `before_request` hook;
- a JSON body with a lone surrogate escape (`"\\ud800"`), which msgspec refuses to decode at
  all: `field_of_unreadable_json` finds the field in the raw body for the error handler.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Annotated, Any

import msgspec
from litestar import Request
from litestar.params import QueryParameter

from domain.errors import ValidationError
from domain.paging import MAX_PAGE
from domain.segments import MAX_MESSAGE_LENGTH
from domain.texts import WHITESPACE, validate_text

# Request bodies are refused (413) past these sizes, by their Content-Length or while they stream,
# before any of them is parsed. Both hold the largest body of their routes twice over or nearly,
# written as JSON encoders write it (\u escapes for non-ASCII characters only), pretty-printed:
# a register body of astral characters is about 15 KB; a bulk of 1000 numbers with a 1600-character
# astral message about 40 KB (12 bytes a character). ASCII needlessly \u-escaped may not fit.
BODY_LIMIT = 32 * 1024
SEND_BODY_LIMIT = 64 * 1024


# For the API document: the rules the domain enforces (with its own messages), as JSON Schema.
NO_NUL = r"^[^\x00]*$"  # `document_api` states it on every text without a stricter rule
NOT_BLANK = f"^[^\\x00]*[^\\x00{WHITESPACE}][^\\x00]*$"
SENDER_ID = r"^[A-Za-z0-9]{1,11}$"


def documented(**schema: Any) -> msgspec.Meta:
    """A field's rules stated in the API document (`maxLength=1600`), not checked by msgspec: the
    domain checks them, so the error names the field in its own words whichever entry point."""
    return msgspec.Meta(extra_json_schema={"extra": schema})


Message = Annotated[str, documented(minLength=1, maxLength=MAX_MESSAGE_LENGTH, pattern=NOT_BLANK)]
SenderIdText = Annotated[str, documented(pattern=SENDER_ID)]
NUMBER_SCHEMA = {"type": "string", "description": (
    "A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); "
    "spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number "
    "(one bad number in a bulk fails that recipient only).")}
Number = Annotated[str, documented(description=NUMBER_SCHEMA["description"])]


def _check(value: Any, field: str) -> None:
    if isinstance(value, str):
        validate_text(value, field=field)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check(item, field)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check(key, field)
            _check(item, field)


@functools.cache
def _fields_of(cls: type[msgspec.Struct]) -> tuple[tuple[str, str], ...]:
    """(attribute, name in the JSON) of every field of a body Struct."""
    return tuple((f.name, f.encode_name) for f in msgspec.structs.fields(cls))


class RequestBody(msgspec.Struct, kw_only=True):
    """Base of every request body Struct: each text value in it passes `validate_text`.

    The `ValidationError` raised here is a domain error, not a `ValueError`, so msgspec lets it
    through untouched and the error map answers 400 `validation_error` with the field's JSON name.
    """

    def __post_init__(self) -> None:
        for name, encoded in _fields_of(type(self)):
            _check(getattr(self, name), encoded)


async def check_parameters(request: Request[Any, Any, Any]) -> None:
    """`before_request`: path and query parameters pass `validate_text`, named as in the URL."""
    for name, value in request.path_params.items():
        _check(value, name)
    if request.scope.get("query_string"):  # most requests have none: nothing to parse
        for name, value in request.query_params.multi_items():
            _check(value, name)


def _first_unstorable(value: Any, path: str) -> str | None:
    """The dotted path of the first value (or key) in decoded JSON that `validate_text` refuses."""
    if isinstance(value, str):
        try:
            validate_text(value, field=path)
        except ValidationError:
            return path
    elif isinstance(value, list):
        for item in value:
            if (found := _first_unstorable(item, path)) is not None:
                return found
    elif isinstance(value, dict):
        for key, item in value.items():
            inner = f"{path}.{key}" if path else str(key)
            if (found := _first_unstorable(key, inner) or _first_unstorable(item, inner)) is not None:
                return found
    return None


def field_of_unreadable_json(body: bytes) -> str | None:
    """The field holding a lone surrogate in a body msgspec would not decode, if that is why.

    Python's json module accepts `"\\ud800"`; msgspec (rightly) does not, and says only that the
    input is malformed. Decoding again here is only done for bodies that already failed.
    """
    if b"\\u" not in body:
        return None
    try:
        decoded = json.loads(body)
    except (ValueError, RecursionError):
        return None
    found = _first_unstorable(decoded, "")
    if found is None:
        return None
    if found == "":  # the body is one bare string
        return "body"
    return found.encode("utf-8", "backslashreplace").decode()  # a key may hold the surrogate itself


def page_parameters(max_per_page: int) -> tuple[Any, Any]:
    """The `page` and `per_page` query parameters, with the bounds `validate_paging` enforces."""
    return (QueryParameter(schema_extra={"minimum": 1, "maximum": MAX_PAGE}),
            QueryParameter(schema_extra={"minimum": 1, "maximum": max_per_page}))
