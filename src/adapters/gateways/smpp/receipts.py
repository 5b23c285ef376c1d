"""Delivery receipts: a deliver_sm's `receipted_message_id` / `message_state` TLVs or its
`id:… stat:… err:…` text (SMPP 3.4 Appendix B), whichever the carrier sends, as a report.

Carriers disagree on the text's details (key case, field order, 10-, 12- or 14-digit dates, missing
fields), so the parser asks only for an id and a state and reads the rest when it can. The TLVs win
over the text when both are there: they are typed, the text is free-form. A state this module does
not know is not guessed at: it reports nothing, and the message stays pending for the reconciler.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from domain.messages import MessageEvent

# SMPP 3.4 §5.2.28 message_state values, named as the receipt text's stat field spells them.
_STATES = {1: "ENROUTE", 2: "DELIVRD", 3: "EXPIRED", 4: "DELETED", 5: "UNDELIV", 6: "ACCEPTD", 7: "UNKNOWN",
           8: "REJECTD"}  # fmt: skip
# Spellings seen in the stat field beyond the short forms of Appendix B.
_STAT_ALIASES = {"DELIVERED": "DELIVRD", "UNDELIVERABLE": "UNDELIV", "ACCEPTED": "ACCEPTD", "REJECTED": "REJECTD"}
_UNDELIVERABLE_ERRORS = {"UNDELIV": "undeliverable", "EXPIRED": "expired", "REJECTD": "rejected",
                         "DELETED": "deleted", "UNKNOWN": "unknown"}  # fmt: skip
_KEYS = r"id|sub|dlvrd|submit\s+date|done\s+date|stat|err"
# A key, its colon, and the value up to the next space; spaces after the colon are skipped unless
# the value is missing and the next key follows ("id: stat:DELIVRD" has no id).
_FIELD = re.compile(rf"(?:^|\s)({_KEYS})\s*:(?:\s*(?!(?:{_KEYS}|text)\s*:))?(\S*)", re.IGNORECASE)
_TEXT = re.compile(r"(?:^|\s)text\s*:", re.IGNORECASE)
_YEAR_DIGITS = {10: (2,), 12: (4, 2), 14: (4,)}  # by the date's length, in the order they are tried


@dataclass(frozen=True, slots=True)
class Receipt:
    message_id: str  # the SMSC's id of the submit it reports on
    state: str  # DELIVRD, UNDELIV, EXPIRED, REJECTD, DELETED, UNKNOWN, ACCEPTD, ENROUTE (or the carrier's own word)
    error: str | None  # the err: field, None when absent or all zeros
    done_at: datetime | None  # the done date as UTC, when present and valid


def parse_receipt(short_message: bytes, receipted_message_id: str | None, message_state: int | None) -> Receipt | None:
    """The receipt a deliver_sm carries, or None when it has no id or no state in either form."""
    fields = _text_fields(short_message.decode("latin-1"))
    message_id = receipted_message_id or fields.get("id")
    stat = fields.get("stat", "").upper()
    state = _STATES.get(message_state) if message_state is not None else None
    state = state or _STAT_ALIASES.get(stat, stat)
    if not message_id or not state:
        return None
    error = fields.get("err")
    return Receipt(
        message_id=message_id,
        state=state,
        error=error if error and error.strip("0") else None,
        done_at=_done_at(fields.get("done date", "")),
    )


def report_event(receipt: Receipt) -> MessageEvent | None:
    """Delivered, undeliverable, or None for an intermediate (ENROUTE, ACCEPTD) or unknown state."""
    if receipt.state == "DELIVRD":
        return MessageEvent.DELIVERED
    if receipt.state in _UNDELIVERABLE_ERRORS:
        return MessageEvent.UNDELIVERABLE
    return None


def report_error(receipt: Receipt) -> str | None:
    """The delivery report's error for an undeliverable receipt: the state in a word, then the
    carrier's err code after a colon when it gave one ("expired", "undeliverable:001")."""
    word = _UNDELIVERABLE_ERRORS.get(receipt.state)
    if word is None:
        return None
    return f"{word}:{receipt.error}" if receipt.error else word


def _text_fields(text: str) -> dict[str, str]:
    """The key:value fields before the free `text:` field, keys lower-cased; the first of a repeat wins."""
    end = _TEXT.search(text)
    fields: dict[str, str] = {}
    for match in _FIELD.finditer(text[: end.start() if end else len(text)]):
        fields.setdefault(" ".join(match.group(1).lower().split()), match.group(2))
    return fields


def _done_at(value: str) -> datetime | None:
    """YYMMDDhhmm (Appendix B), YYYYMMDDhhmm (Jasmin's), YYMMDDhhmmss or YYYYMMDDhhmmss, as UTC. Twelve
    digits are ambiguous: starting with 20 they read as a four-digit year first (a two-digit one
    would mean 2020), otherwise as seconds added to Appendix B's form."""
    if not value.isdigit():
        return None
    years = _YEAR_DIGITS.get(len(value), ())
    if len(value) == 12 and not value.startswith("20"):
        years = (2,)
    for digits in years:
        try:
            return _date(value, digits)
        except ValueError:  # not a date (a 13th month, a 61st second)
            continue
    return None


def _date(value: str, year_digits: int) -> datetime:
    """The year, then two digits each for month, day, hour, minute and, when there, second; a
    two-digit year as strptime's %y reads it (69-99: the 1900s)."""
    year = int(value[:year_digits])
    if year_digits == 2:
        year += 2000 if year < 69 else 1900
    month, day, hour, minute, second = (int(value[i:i + 2] or 0) for i in range(year_digits, year_digits + 10, 2))
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)
