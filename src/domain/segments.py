"""How a text travels as SMS: its encoding, billed parts and on-air segments.

Billing (decision: billing units): 160 GSM-7 septets or 70 UCS-2 units per part. On air, a message longer
than one SMS carries a 6-byte concatenation header, leaving 153 septets / 67 units per segment
(152 / 66 with a 16-bit reference's 7 bytes), and a segment never ends in the middle of an
escape pair or a surrogate pair.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from domain.errors import ValidationError

MAX_MESSAGE_LENGTH = 1600  # code points (decision: limits)


def validate_message_text(value: str, *, field: str = "message") -> str:
    """A text a send takes: not blank (it would still be billed a part), at most MAX_MESSAGE_LENGTH."""
    if not value.strip():
        raise ValidationError("The message is empty.", field=field)
    if len(value) > MAX_MESSAGE_LENGTH:
        raise ValidationError(
            f"The message is longer than {MAX_MESSAGE_LENGTH} characters.", field=field
        )
    return value



class Encoding(StrEnum):
    GSM7 = "GSM-7"
    UCS2 = "UCS-2"


# GSM 03.38 default alphabet in code order (what goes on air is each character's position); 0x1B is
# the escape to the extension table, not a character a user can send.
GSM7_TABLE = (
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM7_ESCAPE = 0x1B
# Reached through the escape code, so each costs two septets: the code after the escape.
GSM7_EXTENSION_TABLE = {0x0A: "\f", 0x14: "^", 0x28: "{", 0x29: "}", 0x2F: "\\", 0x3C: "[", 0x3D: "~", 0x3E: "]",
                        0x40: "|", 0x65: "€"}  # fmt: skip
GSM7_BASIC = frozenset(GSM7_TABLE) - {chr(GSM7_ESCAPE)}
GSM7_EXTENSION = frozenset(GSM7_EXTENSION_TABLE.values())

_SINGLE = {Encoding.GSM7: 160, Encoding.UCS2: 70}
_CONCATENATED = {Encoding.GSM7: 153, Encoding.UCS2: 67}
_CONCATENATED_16BIT = {Encoding.GSM7: 152, Encoding.UCS2: 66}  # a 7-byte header, for a 16-bit reference


@dataclass(frozen=True, slots=True)
class Segmentation:
    encoding: Encoding
    characters: int  # code points, what the 1600 limit counts
    units: int  # septets (GSM-7) or UTF-16 code units (UCS-2)
    parts: int  # billed
    segments: int  # sent over the air
    non_gsm_characters: tuple[str, ...]  # why it is UCS-2, so a user can fix the text


def is_gsm7(char: str) -> bool:
    return char in GSM7_BASIC or char in GSM7_EXTENSION


def unit_width(char: str, encoding: Encoding) -> int:
    if encoding == Encoding.GSM7:
        return 2 if char in GSM7_EXTENSION else 1
    return 2 if ord(char) > 0xFFFF else 1


def segment(text: str) -> Segmentation:
    if GSM7_BASIC.issuperset(text):
        # The common case, counted without a loop: one septet per character, so the greedy
        # on-air split is plain arithmetic (the same figures as the general path below).
        units = len(text)
        return Segmentation(
            encoding=Encoding.GSM7, characters=units, units=units,
            parts=max(1, math.ceil(units / _SINGLE[Encoding.GSM7])),
            segments=1 if units <= _SINGLE[Encoding.GSM7] else math.ceil(units / _CONCATENATED[Encoding.GSM7]),
            non_gsm_characters=(),
        )
    non_gsm = tuple(dict.fromkeys(c for c in text if not is_gsm7(c)))
    encoding = Encoding.UCS2 if non_gsm else Encoding.GSM7
    units = sum(unit_width(c, encoding) for c in text)
    return Segmentation(
        encoding=encoding,
        characters=len(text),
        units=units,
        parts=max(1, math.ceil(units / _SINGLE[encoding])),
        segments=len(split_on_air(text)),
        non_gsm_characters=non_gsm,
    )


def split_on_air(text: str, *, wide_reference: bool = False) -> tuple[str, ...]:
    """The texts of the SMS that carry `text`, filled greedily; pairs move whole. A carrier that
    takes 16-bit concatenation references (`wide_reference`) leaves one unit less per segment."""
    encoding = Encoding.GSM7 if all(is_gsm7(c) for c in text) else Encoding.UCS2
    if sum(unit_width(c, encoding) for c in text) <= _SINGLE[encoding]:
        return (text,)
    room = (_CONCATENATED_16BIT if wide_reference else _CONCATENATED)[encoding]
    chunks: list[str] = []
    start, used = 0, 0
    for index, char in enumerate(text):
        width = unit_width(char, encoding)
        if used + width > room:
            chunks.append(text[start:index])
            start, used = index, 0
        used += width
    chunks.append(text[start:])
    return tuple(chunks)


# Typographic characters that word processors and phones insert, with the GSM-7 text a reader
# would accept instead. Kept small on purpose: each entry must read the same to a human.
SMART_REPLACEMENTS: dict[str, str] = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
    "\u2022": "-",
    "\u2026": "...",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\t": " ",
    "\u200b": "", "\u200c": "", "\u200d": "", "\u2060": "", "\ufeff": "",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class SmartEncoded:
    text: str
    replaced: tuple[tuple[str, str], ...]  # (original, replacement), distinct, first-seen order


def smart_encode(text: str) -> SmartEncoded:
    """Offer a GSM-7 friendlier text; never applied silently, the caller shows the diff."""
    found = (c for c in text if c in SMART_REPLACEMENTS)
    replaced = tuple(dict.fromkeys((c, SMART_REPLACEMENTS[c]) for c in found))
    return SmartEncoded(
        text="".join(SMART_REPLACEMENTS.get(c, c) for c in text),
        replaced=replaced,
    )


def smart_alternative(text: str) -> SmartEncoded:
    """The smart-encoded text to offer instead of `text`: only one a send would accept that costs
    no more parts (an ellipsis is one UCS-2 unit but three septets, so replacing can lengthen a
    text past the limit or into more parts); otherwise `text` unchanged, nothing replaced."""
    smart = smart_encode(text)
    if smart.replaced and _sendable(smart.text) and segment(smart.text).parts <= segment(text).parts:
        return smart
    return SmartEncoded(text=text, replaced=())


def _sendable(text: str) -> bool:
    try:
        validate_message_text(text)
    except ValidationError:
        return False
    return True
