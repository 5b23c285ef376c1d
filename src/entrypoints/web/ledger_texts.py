"""What a credit history entry says, in the reader's language.

An entry keeps the English description it was written with (the API's `description`, made from
the templates of `domain.ledger`); the dashboard reads each one ujumbe writes back by its template
and says it again in the page's language, its figures formatted for it. A description no template
reads (an operator's own words for a grant, or one written before its template changed) is shown
as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from babel.support import Translations

from domain import ledger
from entrypoints.web.i18n import _, number, shillings, translations
from entrypoints.web.statuses import PAYMENT_METHODS

Figures = dict[str, str]
Sentence = Callable[[Figures, Translations, str], str]


# What each field holds, so an operator's words that happen to begin as one do are not read as
# it; a campaign's name, any text (it may hold ": 3 SMS" itself).
_FIELDS = {"count": r"\d+", "batch": r"\d+", "amount": r"\d[\d,]*", "to": r"\+\d{8,15}", "currency": "[A-Z]{3}",
           "provider": "[a-z][a-z0-9_-]*"}


def _reader(template: str) -> re.Pattern[str]:
    """A pattern that reads what `template` writes, each `{field}` as a named group."""
    return re.compile(re.sub(r"\\\{(\w+)\\\}", lambda field: f"(?P<{field[1]}>{_FIELDS.get(field[1], '.+')})",
                             re.escape(template)), re.DOTALL)


def _count(figures: Figures, language: str) -> dict[str, str]:
    return {**figures, "count": number(int(figures["count"]), language)}


def _purchase(said: str) -> Sentence:
    def sentence(figures: Figures, words: Translations, language: str) -> str:
        amount, provider = int(figures["amount"].replace(",", "")), figures["provider"]
        money = shillings(amount, language) if figures["currency"] == "TZS" \
            else f"{number(amount, language)} {figures['currency']}"
        method = PAYMENT_METHODS.get(provider)
        return words.gettext(said) % {"amount": money, "method": words.gettext(method) if method else provider}
    return sentence


SENTENCES: list[tuple[re.Pattern[str], Sentence]] = [
    (_reader(ledger.SMS_TO), lambda f, words, lang: words.gettext("SMS to %(to)s") % f),
    (_reader(ledger.BULK_SMS), lambda f, words, lang: words.ngettext(
        "Bulk SMS to %(count)s recipient", "Bulk SMS to %(count)s recipients", int(f["count"])) % _count(f, lang)),
    (_reader(ledger.CAMPAIGN_SMS), lambda f, words, lang: words.gettext(
        "Campaign %(name)s: %(count)s SMS (batch %(batch)s)") % _count(f, lang)),
    (_reader(ledger.REFUND_ONE), lambda f, words, lang: words.gettext("Refund: the SMS to %(to)s failed") % f),
    (_reader(ledger.REFUND_MANY), lambda f, words, lang: words.gettext("Refund: %(count)s SMS failed")
     % _count(f, lang)),
    (_reader(ledger.PACKAGE_PURCHASE), _purchase(_("A package bought for %(amount)s: %(method)s"))),
    (_reader(ledger.VOUCHER_PURCHASE), _purchase(_("A voucher bought for %(amount)s: %(method)s"))),
    (_reader(ledger.GRANTED), lambda f, words, lang: words.gettext("Credits granted")),
]


def ledger_text(description: str, language: str) -> str:
    """The entry's description in `language` when ujumbe wrote it, else as it was written."""
    words = translations()[language]
    for reader, sentence in SENTENCES:
        if (read := reader.fullmatch(description)) is not None:
            return sentence(read.groupdict(), words, language)
    return description
