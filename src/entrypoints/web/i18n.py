"""Swahili and English: the catalogs, the language of a request, and numbers, amounts and times
written the way each language writes them.

The catalogs are the committed `locales/<language>/LC_MESSAGES/messages.po`, read once at start-up
into `babel.support.Translations` in memory (no compile step, no `.mo` file); a fuzzy entry is not
used. `make translations` brings both files up to date with the strings of the templates and of
`_()` in this package. A visitor's language is the `ujumbe_lang` cookie the switcher sets, else the
one their account chose with it (signed in), else the first of theirs that `Accept-Language`
names, else Swahili.

Times are shown in East Africa Time (`Africa/Dar_es_Salaam`: UTC+03:00 all year, decision: East
Africa Time).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel.dates import format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal, format_percent
from babel.support import Translations

from domain.campaigns import EAST_AFRICA_TIME

LOCALES = Path(__file__).parent / "locales"
LANGUAGES: dict[str, str] = {"sw": "Kiswahili", "en": "English"}  # each named in itself, for the switcher
DEFAULT_LANGUAGE = "sw"
LANGUAGE_COOKIE = "ujumbe_lang"
# Babel's locale for each language: its Tanzanian variant (TSh, Tanzanian dates).
_BABEL_LOCALES = {"sw": "sw_TZ", "en": "en_TZ"}


def _(message: str) -> str:
    """Marks a string for the catalogs (Babel's extractor finds `_("...")`); it is translated when
    a page is rendered, in that page's language."""
    return message


def catalog_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / "messages.po"


def load_translations(language: str) -> Translations:
    """The language's catalog as Babel reads it, compiled in memory (fuzzy entries left out)."""
    with catalog_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(fp=compiled)


@cache
def translations() -> Mapping[str, Translations]:
    """Every language's translations, loaded once per process."""
    return {language: load_translations(language) for language in LANGUAGES}


def _accepted(header: str) -> list[str]:
    """The primary language tags of an `Accept-Language` header, most wanted first."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            weighted.append((-quality, position, tag.split("-")[0].strip().lower()))
    return [tag for _q, _p, tag in sorted(weighted)]


def negotiate(cookie: str | None, accept_language: str | None, *, chosen: str | None = None) -> str:
    """The language of a request: the switcher's cookie, else the one the signed-in account
    `chosen`, else Accept-Language, else Swahili."""
    for picked in (cookie, chosen):
        if picked in LANGUAGES:
            return picked
    for tag in _accepted(accept_language or ""):
        if tag in LANGUAGES:
            return tag
    return DEFAULT_LANGUAGE


def number(value: int | float, language: str) -> str:
    return format_decimal(value, locale=_BABEL_LOCALES[language])


def percent(share: float, language: str) -> str:
    """A share from 0 to 1 as a whole percentage: `97%`."""
    return format_percent(share, locale=_BABEL_LOCALES[language])


def shillings(amount: int | Decimal, language: str) -> str:
    """A TZS amount: whole shillings (`TSh 35,000`), its cents only where it has some (a voucher
    tier's rate per credit: `TSh 27.50`)."""
    pattern = "¤ #,##0" if amount == int(amount) else "¤ #,##0.00"
    return format_currency(amount, "TZS", format=pattern, currency_digits=False, locale=_BABEL_LOCALES[language])


def moment(value: datetime, language: str) -> str:
    """A date and time in East Africa Time: `5 Januari 2026, 12:00 EAT`."""
    return format_datetime(value, "d MMMM y, HH:mm", tzinfo=EAST_AFRICA_TIME, locale=_BABEL_LOCALES[language]) + " EAT"


def day(value: datetime, language: str) -> str:
    """The date in East Africa Time: `5 Januari 2026`."""
    return format_datetime(value, "d MMMM y", tzinfo=EAST_AFRICA_TIME, locale=_BABEL_LOCALES[language])
