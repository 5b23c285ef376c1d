"""A text as submit_sm bodies, and a deliver_sm body back as text: what goes on air, byte for byte.

The encoding is GSM 03.38 (data_coding 0, the SMSC's default alphabet) when every character has a
code there, else UCS-2 big-endian (data_coding 8); `domain.segments.split_on_air` decides where a
long text breaks, so what is quoted and what is sent agree and no escape or surrogate pair is split.

Size rule (3GPP 23.040: the air interface carries 140 octets of user data, UDH included):
- UCS-2, and GSM-7 with `packed`: `short_message`, UDH included, is at most 140 bytes.
- GSM-7 unpacked (the default, one septet per byte): the SMSC packs it, so the rule counts septets:
  the UDH in septets plus the text's septets is at most 160 — a 6-byte UDH (7 septets) + 153 bytes
  makes a 159-byte `short_message`. This is what Jasmin (`smpp/operations.py`: 153 bytes a slice for
  data_coding 0) and Kannel send, and what node-smpp decodes.
- A 16-bit reference makes the UDH 7 bytes, leaving 152 septets / 66 units: for `udh16` this module
  splits the text again at that room, so such a text can take more parts than the quote's 153/67.
- Packed septets after a UDH start after fill bits, so they begin on a septet boundary; 7 spare bits
  at the end are filled with CR, never zeros, so they are not read as '@' (23.038 §6.1.2.3.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.segments import (
    GSM7_BASIC,
    GSM7_ESCAPE,
    GSM7_EXTENSION,
    GSM7_EXTENSION_TABLE,
    GSM7_TABLE,
    Encoding,
    split_on_air,
)

DATA_CODING_DEFAULT = 0  # the SMSC's default alphabet: GSM 03.38 here
DATA_CODING_LATIN1 = 3
DATA_CODING_UCS2 = 8
ESM_CLASS_UDHI = 0x40

ESCAPE = GSM7_ESCAPE
BASIC_CODES = {char: code for code, char in enumerate(GSM7_TABLE) if code != ESCAPE}
EXTENSION_CODES = {char: code for code, char in GSM7_EXTENSION_TABLE.items()}
_ALPHABET = GSM7_BASIC | GSM7_EXTENSION
# str.translate to code points < 128, then latin-1 bytes: the fast way to one septet per byte.
_TO_SEPTETS = {ord(c): chr(code) for c, code in BASIC_CODES.items()} | {
    ord(c): chr(ESCAPE) + chr(code) for c, code in EXTENSION_CODES.items()
}


@dataclass(frozen=True, slots=True)
class AirProfile:
    """How one bind's peer wants long texts and septets (from the bind URL's query)."""

    packed: bool = False  # GSM-7 septets packed 8-in-7 in short_message (default: one septet per byte)
    udh16: bool = False  # 16-bit concatenation reference (IEI 0x08, 7-byte UDH) instead of 8-bit (IEI 0x00)
    payload: bool = False  # one submit_sm with the whole text in message_payload instead of UDH segments


@dataclass(frozen=True, slots=True)
class AirPart:
    data_coding: int
    esm_class: int  # ESM_CLASS_UDHI when short_message starts with a UDH
    short_message: bytes  # b"" when message_payload is used
    message_payload: bytes | None = None


@dataclass(frozen=True, slots=True)
class Concat:
    reference: int
    total: int
    sequence: int


def air_parts(text: str, profile: AirProfile, reference: int) -> list[AirPart]:
    """The submit_sm bodies that carry `text`, in order. `reference` is the concatenation reference
    (the caller picks it; taken mod 256, or mod 65536 with `udh16`). With `payload`, one part whose
    message_payload is the whole text (packed too when the profile packs), no UDH."""
    encoding = (
        Encoding.GSM7 if _ALPHABET.issuperset(text) else Encoding.UCS2
    )  # = domain.segments.is_gsm7 on each (tested)
    data_coding = DATA_CODING_DEFAULT if encoding == Encoding.GSM7 else DATA_CODING_UCS2
    if profile.payload:
        return [AirPart(data_coding, 0, b"", _user_data(text, encoding, profile.packed, b""))]
    chunks = split_on_air(text, wide_reference=profile.udh16)
    if len(chunks) == 1:
        return [AirPart(data_coding, 0, _user_data(text, encoding, profile.packed, b""))]
    if len(chunks) > 255:
        raise ValueError(f"a text of {len(chunks)} segments cannot be concatenated (255 at most)")
    parts = []
    for sequence, chunk in enumerate(chunks, start=1):
        udh = _udh(reference, len(chunks), sequence, profile.udh16)
        parts.append(AirPart(data_coding, ESM_CLASS_UDHI, udh + _user_data(chunk, encoding, profile.packed, udh)))
    return parts


def decode_short_message(
    data_coding: int, esm_class: int, body: bytes, *, packed: bool = False
) -> tuple[str, Concat | None]:
    """A mobile-originated message's text (UDH stripped when esm_class has UDHI) and its concatenation
    info. Tolerant: an unknown data_coding reads as latin-1; invalid bytes give U+FFFD, never raise."""
    udh, user_data = _split_udh(body) if esm_class & ESM_CLASS_UDHI else (b"", body)
    alphabet = _alphabet(data_coding)
    if alphabet == Encoding.UCS2:
        text = user_data.decode("utf-16-be", "replace")
    elif alphabet == Encoding.GSM7 and packed:
        fill = _fill_bits(udh)
        bits = max(len(user_data) * 8 - fill, 0)
        septets = unpack_septets(user_data, bits // 7, fill)
        if bits % 7 == 0 and septets.endswith(b"\r"):  # the CR that fills 7 spare bits
            septets = septets[:-1]
        text = gsm7_decode(septets)
    elif alphabet == Encoding.GSM7:
        text = gsm7_decode(user_data)
    else:
        text = user_data.decode("latin-1")
    return text, _concat(udh)


def gsm7_encode(text: str) -> bytes:
    """One septet per byte, extension characters as 0x1B + code; ValueError for a character outside GSM 03.38."""
    if not _ALPHABET.issuperset(text):
        raise ValueError(f"not in the GSM 03.38 alphabet: {sorted(set(text) - _ALPHABET)!r}")
    return text.translate(_TO_SEPTETS).encode("latin-1")


def gsm7_decode(septets: bytes) -> str:
    """One septet per byte. An escape before a code the extension table lacks reads as that code's
    basic character, a lone trailing escape as a space (23.038 §6.2.1.1); a byte over 0x7F as U+FFFD."""
    chars: list[str] = []
    escaped = False
    for code in septets:
        if escaped:
            chars.append(GSM7_EXTENSION_TABLE.get(code) or _basic(code))
            escaped = False
        elif code == ESCAPE:
            escaped = True
        else:
            chars.append(_basic(code))
    return "".join(chars) + (" " if escaped else "")


def pack_septets(septets: bytes, fill_bits: int = 0) -> bytes:
    """Septets packed 8-in-7, least significant bit first, after `fill_bits` zero bits (23.038 §6.1.2.1)."""
    value = 0
    for index, septet in enumerate(septets):
        value |= (septet & 0x7F) << (fill_bits + 7 * index)
    return value.to_bytes((fill_bits + 7 * len(septets) + 7) // 8, "little")


def unpack_septets(data: bytes, count: int, fill_bits: int = 0) -> bytes:
    """`count` septets from packed `data`, skipping `fill_bits` leading bits."""
    if count and fill_bits + 7 * count > 8 * len(data):
        raise ValueError(f"{len(data)} bytes hold fewer than {count} septets after {fill_bits} fill bits")
    value = int.from_bytes(data, "little") >> fill_bits
    return bytes((value >> (7 * index)) & 0x7F for index in range(count))


def _user_data(text: str, encoding: Encoding, packed: bool, udh: bytes) -> bytes:
    if encoding == Encoding.UCS2:
        return text.encode("utf-16-be")
    septets = gsm7_encode(text)
    if not packed:
        return septets
    fill = _fill_bits(udh)
    if (fill + 7 * len(septets)) % 8 == 1:
        septets += b"\r"
    return pack_septets(septets, fill)


def _udh(reference: int, total: int, sequence: int, udh16: bool) -> bytes:
    if udh16:
        return bytes([6, 0x08, 4, (reference >> 8) & 0xFF, reference & 0xFF, total, sequence])
    return bytes([5, 0x00, 3, reference & 0xFF, total, sequence])


def _fill_bits(udh: bytes) -> int:
    """Bits between the UDH and the first septet, so packed septets start on a septet boundary."""
    return -(len(udh) * 8) % 7


def _split_udh(body: bytes) -> tuple[bytes, bytes]:
    end = body[0] + 1 if body else 0
    return body[:end], body[end:]


def _concat(udh: bytes) -> Concat | None:
    """The concatenation element of a UDH, if one is there and well formed."""
    index = 1
    while index + 2 <= len(udh):
        identifier, length = udh[index], udh[index + 1]
        data = udh[index + 2 : index + 2 + length]
        if len(data) < length:
            return None
        if (identifier, length) == (0x00, 3):
            reference, total, sequence = data[0], data[1], data[2]
        elif (identifier, length) == (0x08, 4):
            reference, total, sequence = data[0] << 8 | data[1], data[2], data[3]
        else:
            index += 2 + length
            continue
        return Concat(reference, total, sequence) if 1 <= sequence <= total else None
    return None


def _alphabet(data_coding: int) -> Encoding | None:
    """GSM-7, UCS-2, or None for an 8-bit text (read as latin-1): SMPP 3.4's values below 0x10, and
    the GSM 03.38 data coding groups a carrier may pass through from the handset above."""
    if data_coding < 0x10:
        return {DATA_CODING_DEFAULT: Encoding.GSM7, DATA_CODING_UCS2: Encoding.UCS2}.get(data_coding)
    if data_coding < 0x80:  # general data coding: bits 3-2 give the alphabet
        return {0: Encoding.GSM7, 2: Encoding.UCS2}.get((data_coding >> 2) & 3)
    if 0xC0 <= data_coding < 0xE0:
        return Encoding.GSM7
    if 0xE0 <= data_coding < 0xF0:
        return Encoding.UCS2
    if data_coding >= 0xF0:
        return None if data_coding & 0x04 else Encoding.GSM7
    return None


def _basic(code: int) -> str:
    if code == ESCAPE:
        return " "
    return GSM7_TABLE[code] if code < 0x80 else "\ufffd"
