"""The public reference data an operator edits: what a credit package, a compose template and a
country rate must be before anyone is sold or shown one.

A template's body names its placeholders in braces (`{first_name}`); a campaign fills
`{first_name}` and `{last_name}` from the contact, the person composing fills the rest. The
voucher rate card's own rules are in `domain.vouchers`.
"""

from __future__ import annotations

import re
from decimal import Decimal

from domain.errors import ValidationError
from domain.segments import validate_message_text
from domain.texts import validate_text

MAX_NAME_LENGTH = 100
MAX_CATEGORY_LENGTH = 50
MAX_PACKAGE_ID = 2_147_483_647  # the database's integer
# Above any real package (a typo's guard), and inside the database's integer.
MAX_PACKAGE_CREDITS = 100_000_000
MAX_PACKAGE_PRICE_TZS = 1_000_000_000
MAX_RATE_TZS = Decimal("99999999.99")  # numeric(10, 2)
_CENT = Decimal("0.01")

PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]{0,39})\}")
_TEMPLATE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")
_ISO2 = re.compile(r"[A-Z]{2}")
_DIAL_CODE = re.compile(r"\+[1-9][0-9]{0,3}")


def placeholders(body: str) -> tuple[str, ...]:
    """The names a body leaves to be filled in, each once, in the order they first appear."""
    return tuple(dict.fromkeys(PLACEHOLDER.findall(body)))


def check_name(value: str, *, field: str = "name", max_length: int = MAX_NAME_LENGTH) -> str:
    """A display name: trimmed, 1 to `max_length` characters."""
    name = validate_text(value, field=field).strip()
    if not 1 <= len(name) <= max_length:
        raise ValidationError(f"The {field} is 1 to {max_length} characters.", field=field)
    return name


def check_package(package_id: int, credits: int, price_tzs: int) -> None:
    if not 1 <= package_id <= MAX_PACKAGE_ID:
        raise ValidationError("A package id is a positive integer.", field="id")
    if not 1 <= credits <= MAX_PACKAGE_CREDITS:
        raise ValidationError(f"A package holds 1 to {MAX_PACKAGE_CREDITS:,} credits.", field="credits")
    if not 1 <= price_tzs <= MAX_PACKAGE_PRICE_TZS:
        raise ValidationError(f"A package costs 1 to {MAX_PACKAGE_PRICE_TZS:,} TZS.", field="price_tzs")


def check_template_id(template_id: str) -> str:
    if not _TEMPLATE_ID.fullmatch(template_id):
        raise ValidationError("A template id is a slug: lowercase letters, digits and dashes "
                              "(up to 63), e.g. `payment-reminder`.", field="id")
    return template_id


def check_template_body(body: str) -> str:
    """A body is a message a person could send once the placeholders are filled in."""
    return validate_message_text(validate_text(body, field="body"), field="body")


def tzs_rate(value: Decimal, *, field: str) -> Decimal:
    """A price in TZS as the rate cards keep it: positive, to the cent (`70` is `70.00`)."""
    if not value.is_finite() or not Decimal(0) < value <= MAX_RATE_TZS or value != value.quantize(_CENT):
        raise ValidationError("A rate is a positive TZS amount with at most two decimals.", field=field)
    return value.quantize(_CENT)


def check_country(iso2: str, dial_code: str, rate_tzs: Decimal) -> Decimal:
    """The rate to the cent, or `ValidationError` naming what is wrong."""
    if not _ISO2.fullmatch(iso2):
        raise ValidationError("An ISO2 code is two capital letters, e.g. `KE`.", field="iso2")
    if not _DIAL_CODE.fullmatch(dial_code):
        raise ValidationError("A dial code is + and 1 to 4 digits, e.g. `+254`.", field="dial_code")
    return tzs_rate(rate_tzs, field="rate_tzs")
