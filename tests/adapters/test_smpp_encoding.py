"""The SMPP adapter's encoding on air: what it encodes decodes back, part by part, within the air
interface's 140 octets, and decoders we did not write (smpp.pdu's, node-smpp's) read it the same."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from smpp.pdu import operations, pdu_types
from smpp.pdu.pdu_encoding import PDUEncoder
from smpp.pdu.sm_encoding import SMStringEncoder

from adapters.gateways.smpp.encoding import (
    BASIC_CODES,
    DATA_CODING_DEFAULT,
    DATA_CODING_LATIN1,
    DATA_CODING_UCS2,
    ESM_CLASS_UDHI,
    EXTENSION_CODES,
    AirPart,
    AirProfile,
    Concat,
    air_parts,
    decode_short_message,
    gsm7_decode,
    gsm7_encode,
    pack_septets,
    unpack_septets,
)
from domain.segments import GSM7_BASIC, GSM7_EXTENSION, segment

gsm_any = st.sampled_from(sorted(GSM7_BASIC | GSM7_EXTENSION))
gsm_text = st.text(gsm_any, max_size=700)
long_gsm_text = st.text(gsm_any, min_size=161, max_size=700)
non_gsm_char = st.characters(codec="utf-8", exclude_characters=GSM7_BASIC | GSM7_EXTENSION)
astral = st.characters(min_codepoint=0x10000, max_codepoint=0x10FFFF, codec="utf-8")
ucs2_text = st.builds(
    lambda a, c, b: a + c + b,
    st.text(st.characters(codec="utf-8") | astral, max_size=300),
    non_gsm_char,
    st.text(st.characters(codec="utf-8") | astral | gsm_any, max_size=300),
)
any_text = gsm_text | ucs2_text
profiles = st.builds(AirProfile, packed=st.booleans(), udh16=st.booleans(), payload=st.booleans())
references = st.integers(min_value=0, max_value=2**20)


def reassembled(parts: list[AirPart], profile: AirProfile) -> str:
    texts = []
    for part in parts:
        body = part.message_payload if part.message_payload is not None else part.short_message
        text, _ = decode_short_message(part.data_coding, part.esm_class, body, packed=profile.packed)
        texts.append(text)
    return "".join(texts)


def user_data(part: AirPart) -> bytes:
    body = part.short_message
    return body[body[0] + 1 :] if part.esm_class & ESM_CLASS_UDHI else body


# --- GSM 03.38 ------------------------------------------------------------------------------------


def test_the_byte_tables_hold_exactly_the_alphabet_the_quote_counts() -> None:
    assert set(BASIC_CODES) == GSM7_BASIC
    assert set(EXTENSION_CODES) == GSM7_EXTENSION
    assert sorted(BASIC_CODES.values()) == [code for code in range(128) if code != 0x1B]
    # Spot checks against 3GPP TS 23.038 §6.2.1.
    assert gsm7_encode("@£$¥\nÇ_ΔΞ!0A¡Z§¿aàÉ") == bytes.fromhex("000102030a0911101a213041405a5f60617f1f")
    assert gsm7_encode("\f^{}\\[~]|€") == bytes.fromhex("1b0a1b141b281b291b2f1b3c1b3d1b3e1b401b65")


@given(gsm_text)
def test_gsm7_round_trip_with_the_quotes_septet_count(text: str) -> None:
    septets = gsm7_encode(text)
    assert gsm7_decode(septets) == text
    assert len(septets) == segment(text).units
    assert max(septets, default=0) < 0x80


@pytest.mark.parametrize("text", ["ç", "`", "tab\there", "😀", "naïve"])
def test_gsm7_encode_refuses_a_character_outside_gsm_03_38(text: str) -> None:
    with pytest.raises(ValueError, match=r"GSM 03\.38"):
        gsm7_encode(text)


def test_gsm7_decode_is_tolerant_of_escapes_it_does_not_know_and_bytes_that_are_not_septets() -> None:
    assert gsm7_decode(b"\x1bA") == "A"  # 23.038: an unknown extension code shows the basic character
    assert gsm7_decode(b"A\x1b") == "A "
    assert gsm7_decode(b"\x1b\x1bA") == " A"
    assert gsm7_decode(b"A\x80\xff") == "A\ufffd\ufffd"


def test_packing_matches_the_well_known_example() -> None:
    assert pack_septets(gsm7_encode("hellohello")) == bytes.fromhex("e8329bfd4697d9ec37")
    assert unpack_septets(bytes.fromhex("e8329bfd4697d9ec37"), 10) == gsm7_encode("hellohello")


@given(st.binary(max_size=300).map(lambda b: bytes(x & 0x7F for x in b)), st.integers(min_value=0, max_value=6))
def test_pack_unpack_round_trip_with_fill_bits(septets: bytes, fill: int) -> None:
    packed = pack_septets(septets, fill)
    assert len(packed) == (fill + 7 * len(septets) + 7) // 8
    assert packed[0] & ((1 << fill) - 1) == 0 if packed else True  # the fill bits are zeros
    assert unpack_septets(packed, len(septets), fill) == septets


def test_unpack_refuses_more_septets_than_the_bytes_hold() -> None:
    with pytest.raises(ValueError):
        unpack_septets(b"\x00" * 7, 9)


# --- air_parts ------------------------------------------------------------------------------------


@settings(max_examples=300)
@given(any_text, profiles, references)
def test_every_profiles_parts_decode_back_to_the_text(text: str, profile: AirProfile, reference: int) -> None:
    if profile.packed:
        text = text.replace("\r", "\n")  # a CR ending a packed part on an octet boundary reads as padding
    parts = air_parts(text, profile, reference)
    assert reassembled(parts, profile) == text
    gsm = all(c in GSM7_BASIC | GSM7_EXTENSION for c in text)
    assert {part.data_coding for part in parts} == {DATA_CODING_DEFAULT if gsm else DATA_CODING_UCS2}


@given(any_text, references)
def test_the_default_profile_sends_as_many_parts_as_the_quote_counts_segments(text: str, reference: int) -> None:
    assert len(air_parts(text, AirProfile(), reference)) == segment(text).segments


@settings(max_examples=300)
@given(any_text, profiles, references)
def test_every_short_message_fits_the_air_interface(text: str, profile: AirProfile, reference: int) -> None:
    for part in air_parts(text, profile, reference):
        if part.message_payload is not None:
            assert part.short_message == b"" and part.esm_class == 0
            continue
        body = part.short_message
        udh = body[0] + 1 if part.esm_class & ESM_CLASS_UDHI else 0
        if part.data_coding == DATA_CODING_DEFAULT and not profile.packed:
            # One septet per byte; the SMSC packs the UDH (plus fill bits) and the septets into 140 octets.
            assert -(-udh * 8 // 7) + len(body) - udh <= 160
        else:
            assert len(body) <= 140
        assert len(body) <= 254  # SMPP 3.4's own limit on short_message


@given(st.one_of(long_gsm_text, ucs2_text.filter(lambda t: segment(t).segments > 1)), references, st.booleans())
def test_concatenation_headers_count_the_parts_under_one_reference(text: str, reference: int, udh16: bool) -> None:
    parts = air_parts(text, AirProfile(udh16=udh16), reference)
    total = len(parts)
    assert total > 1
    for sequence, part in enumerate(parts, start=1):
        assert part.esm_class == ESM_CLASS_UDHI
        if udh16:
            ref = reference % 65536
            assert part.short_message[:7] == bytes([6, 0x08, 4, ref >> 8, ref & 0xFF, total, sequence])
        else:
            assert part.short_message[:6] == bytes([5, 0x00, 3, reference % 256, total, sequence])
        assert decode_short_message(part.data_coding, part.esm_class, part.short_message)[1] == Concat(
            reference % (65536 if udh16 else 256), total, sequence
        )


@given(ucs2_text, profiles, references)
def test_a_ucs2_part_never_holds_half_a_surrogate_pair(text: str, profile: AirProfile, reference: int) -> None:
    for part in air_parts(text, profile, reference):
        body = part.message_payload if part.message_payload is not None else user_data(part)
        body.decode("utf-16-be")  # strict: a split pair would raise


@given(long_gsm_text, st.booleans(), references)
def test_a_gsm7_part_never_ends_on_an_escape(text: str, udh16: bool, reference: int) -> None:
    for part in air_parts(text, AirProfile(udh16=udh16), reference):
        assert not user_data(part).endswith(b"\x1b")


def test_the_16_bit_reference_leaves_152_septets_or_66_units_a_part() -> None:
    assert [len(user_data(p)) for p in air_parts("a" * 306, AirProfile(), 1)] == [153, 153]
    assert [len(user_data(p)) for p in air_parts("a" * 306, AirProfile(udh16=True), 1)] == [152, 152, 2]
    assert [len(user_data(p)) for p in air_parts("ā" * 134, AirProfile(udh16=True), 1)] == [132, 132, 4]
    assert [len(p.short_message) for p in air_parts("a" * 306, AirProfile(udh16=True, packed=True), 1)] == [140, 140, 9]


def test_a_single_sms_has_no_header() -> None:
    assert air_parts("a" * 160, AirProfile(), 1) == [AirPart(DATA_CODING_DEFAULT, 0, b"a" * 160)]
    assert air_parts("ā" * 70, AirProfile(udh16=True), 1) == [
        AirPart(DATA_CODING_UCS2, 0, "ā".encode("utf-16-be") * 70)
    ]
    assert air_parts("", AirProfile(), 1) == [AirPart(DATA_CODING_DEFAULT, 0, b"")]


def test_message_payload_carries_the_whole_text_in_one_part() -> None:
    text = "Habari {€} " * 100
    assert air_parts(text, AirProfile(payload=True), 1) == [AirPart(DATA_CODING_DEFAULT, 0, b"", gsm7_encode(text))]
    [part] = air_parts("😀" * 100, AirProfile(payload=True, udh16=True), 1)
    assert part.message_payload == ("😀" * 100).encode("utf-16-be")


def test_packed_septets_after_a_header_start_on_a_septet_boundary() -> None:
    first = air_parts("a" * 200, AirProfile(packed=True), 7)[0]
    assert first.short_message[:6] == bytes.fromhex("050003070201")
    assert first.short_message[6:] == pack_septets(b"a" * 153, fill_bits=1)  # 48 header bits + 1 = 7 septets
    first16 = air_parts("a" * 200, AirProfile(packed=True, udh16=True), 7)[0]
    assert first16.short_message[7:] == pack_septets(b"a" * 152, fill_bits=0)  # 56 header bits = 8 septets


def test_seven_spare_bits_are_a_carriage_return_the_decoder_drops() -> None:
    [part] = air_parts("1234567", AirProfile(packed=True), 1)
    assert part.short_message == pack_septets(b"1234567\r")
    assert len(part.short_message) == 7
    assert decode_short_message(DATA_CODING_DEFAULT, 0, part.short_message, packed=True) == ("1234567", None)
    # Zero padding (an SMSC that does not pad with CR) is read as it is: the trailing '@'.
    assert decode_short_message(DATA_CODING_DEFAULT, 0, pack_septets(b"1234567"), packed=True)[0] == "1234567@"


# --- decode_short_message -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data_coding", "body", "text"),
    [
        (DATA_CODING_DEFAULT, gsm7_encode("STOP €5"), "STOP €5"),
        (DATA_CODING_UCS2, "Acha 😀".encode("utf-16-be"), "Acha 😀"),
        (DATA_CODING_LATIN1, "Café".encode("latin-1"), "Café"),
        (1, b"STOP", "STOP"),  # IA5
        (4, b"\xe9t\xe9", "été"),  # 8-bit data, read as latin-1
        (0x99, b"\xe9", "é"),  # reserved: latin-1
        (0x18, "ā".encode("utf-16-be"), "ā"),  # GSM 03.38 general coding, UCS-2 with a message class
        (0x11, gsm7_encode("Ä@"), "Ä@"),  # general coding, GSM-7
        (0xF0, gsm7_encode("$"), "$"),  # data coding/message class group, GSM-7
        (0xF4, b"\xe9", "é"),  # the same group, 8-bit
        (DATA_CODING_UCS2, b"\x00A\xd8\x3d\x00B", "A\ufffdB"),  # a lone surrogate
        (DATA_CODING_UCS2, b"\x00A\x00", "A\ufffd"),  # an odd byte
    ],
)
def test_a_mobile_originated_text_decodes_by_its_data_coding(data_coding: int, body: bytes, text: str) -> None:
    assert decode_short_message(data_coding, 0, body) == (text, None)


def test_a_mobile_originated_part_gives_its_concatenation_and_loses_its_header() -> None:
    assert decode_short_message(0, ESM_CLASS_UDHI, bytes.fromhex("0500034c0302") + b"Hi") == ("Hi", Concat(0x4C, 3, 2))
    assert decode_short_message(8, ESM_CLASS_UDHI, bytes.fromhex("060804abcd0201") + "Hi".encode("utf-16-be")) == (
        "Hi",
        Concat(0xABCD, 2, 1),
    )
    # Other elements (here a port address) are skipped over; the header is still stripped.
    body = bytes.fromhex("0b05040b8423f00003aa0201") + b"x"
    assert decode_short_message(0, ESM_CLASS_UDHI, body) == ("x", Concat(0xAA, 2, 1))
    assert decode_short_message(0, ESM_CLASS_UDHI, bytes.fromhex("050003aa0300") + b"x") == ("x", None)  # sequence 0
    assert decode_short_message(0, ESM_CLASS_UDHI, bytes.fromhex("0500")) == ("", None)  # header cut short
    assert decode_short_message(0, 0, bytes.fromhex("050003aa0201")) == (
        gsm7_decode(bytes.fromhex("050003aa0201")),
        None,
    )


@given(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=300), st.booleans())
def test_decoding_never_raises(data_coding: int, esm_class: int, body: bytes, packed: bool) -> None:
    text, concat = decode_short_message(data_coding, esm_class, body, packed=packed)
    assert isinstance(text, str)
    assert concat is None or 1 <= concat.sequence <= concat.total


# --- decoders we did not write --------------------------------------------------------------------


def submit_sm_bytes(part: AirPart, sequence: int = 1) -> bytes:
    """The whole submit_sm PDU carrying `part`, framed by smpp.pdu (Jasmin's codec)."""
    features = [pdu_types.EsmClassGsmFeatures.UDHI_INDICATOR_SET] if part.esm_class & ESM_CLASS_UDHI else []
    scheme = {DATA_CODING_DEFAULT: pdu_types.DataCodingDefault.SMSC_DEFAULT_ALPHABET,
              DATA_CODING_UCS2: pdu_types.DataCodingDefault.UCS2}[part.data_coding]  # fmt: skip
    pdu = operations.SubmitSM(
        seqNum=sequence,
        source_addr="UJUMBE",
        destination_addr="255754000001",
        short_message=part.short_message,
        esm_class=pdu_types.EsmClass(pdu_types.EsmClassMode.DEFAULT, pdu_types.EsmClassType.DEFAULT, features),
        data_coding=pdu_types.DataCoding(schemeData=scheme),
    )
    return bytes(PDUEncoder().encode(pdu))


@given(ucs2_text, references, st.booleans())
def test_smpp_pdu_reads_our_ucs2_parts_and_headers(text: str, reference: int, udh16: bool) -> None:
    parts = air_parts(text, AirProfile(udh16=udh16), reference)
    decoded = [SMStringEncoder().decodeSM(PDUEncoder().decode(BytesIO(submit_sm_bytes(p)))) for p in parts]
    assert "".join(sm.unicode for sm in decoded) == text
    if len(parts) > 1:
        concats = [sm.udh[0].data for sm in decoded]
        assert [(c.referenceNum, c.maximumNum, c.sequenceNum) for c in concats] == [
            (reference % (65536 if udh16 else 256), len(parts), n) for n in range(1, len(parts) + 1)
        ]


def node_smpp_dir() -> Path | None:
    """node-smpp as the SMPP peer tests install it (tests/smsc), or where UJUMBE_NODE_SMPP_DIR says."""
    configured = os.environ.get("UJUMBE_NODE_SMPP_DIR")
    path = Path(configured) if configured else Path(__file__).parents[1] / "smsc" / "node_modules"
    return path if (path / "smpp").is_dir() else None


# node-smpp decodes each PDU it is given (hex, one per line) and prints its message and UDHs.
_NODE_DECODER = """
const { PDU } = require('smpp');
const lines = require('fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean);
console.log(JSON.stringify(lines.map((hex) => {
  const sm = PDU.fromBuffer(Buffer.from(hex, 'hex')).short_message;
  return { message: sm.message, udh: (sm.udh || []).map((u) => u.toString('hex')) };
})));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: node-smpp cannot run")
@pytest.mark.skipif(node_smpp_dir() is None, reason="node-smpp is not installed in tests/smsc (npm ci there)")
@pytest.mark.parametrize("udh16", [False, True])
def test_node_smpp_reads_our_gsm7_and_ucs2_parts(udh16: bool) -> None:
    texts = [
        "Bei {TZS} [1,000/=] ~ 50€ | \\ ^ " * 12 + "@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!\"#¤%&'()*+,-./:;<=>?¡ÄÖÑÜ§¿äöñüà",
        "Habari 😀 za asubuhi, ndugu! 🇹🇿 " * 8,
        "short {€}",
    ]
    batch = [(text, part) for text in texts for part in air_parts(text, AirProfile(udh16=udh16), 200)]
    stdin = "".join(submit_sm_bytes(part).hex() + "\n" for _, part in batch)
    env = {**os.environ, "NODE_PATH": str(node_smpp_dir())}
    result = subprocess.run(["node", "-e", _NODE_DECODER], input=stdin, capture_output=True, text=True,
                            env=env, check=True, timeout=60)  # fmt: skip
    decoded = json.loads(result.stdout)
    for text in texts:
        mine = [d for (t, _), d in zip(batch, decoded, strict=True) if t == text]
        assert "".join(d["message"] for d in mine) == text
        if len(mine) > 1:
            udh = [bytes.fromhex(d["udh"][0]) for d in mine]
            assert [u[0] for u in udh] == [0x08 if udh16 else 0x00] * len(mine)
            assert [u[-1] for u in udh] == list(range(1, len(mine) + 1))
