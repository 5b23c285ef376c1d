from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.segments import (
    GSM7_BASIC,
    GSM7_EXTENSION,
    MAX_MESSAGE_LENGTH,
    SMART_REPLACEMENTS,
    Encoding,
    segment,
    smart_alternative,
    smart_encode,
    split_on_air,
    unit_width,
    validate_message_text,
)

gsm_basic = st.sampled_from(sorted(GSM7_BASIC))
gsm_any = st.sampled_from(sorted(GSM7_BASIC | GSM7_EXTENSION))
gsm_text = st.text(gsm_any, max_size=400)
non_gsm_char = st.characters(codec="utf-8", exclude_characters=GSM7_BASIC | GSM7_EXTENSION)
astral = st.characters(min_codepoint=0x10000, max_codepoint=0x10FFFF, codec="utf-8")
any_text = st.text(st.characters(codec="utf-8"), max_size=400) | gsm_text
ucs2_text = st.builds(lambda a, c, b: a + c + b, any_text, non_gsm_char, any_text)


@pytest.mark.parametrize(
    ("text", "encoding", "units", "parts", "segments"),
    [
        ("", Encoding.GSM7, 0, 1, 1),
        ("a" * 160, Encoding.GSM7, 160, 1, 1),
        ("a" * 161, Encoding.GSM7, 161, 2, 2),
        ("a" * 306, Encoding.GSM7, 306, 2, 2),
        ("a" * 307, Encoding.GSM7, 307, 2, 3),
        ("a" * 320, Encoding.GSM7, 320, 2, 3),
        ("a" * 321, Encoding.GSM7, 321, 3, 3),
        ("ā" * 70, Encoding.UCS2, 70, 1, 1),
        ("ā" * 71, Encoding.UCS2, 71, 2, 2),
        ("ā" * 134, Encoding.UCS2, 134, 2, 2),
        ("ā" * 135, Encoding.UCS2, 135, 2, 3),
        ("€" * 80, Encoding.GSM7, 160, 1, 1),
        ("€" * 81, Encoding.GSM7, 162, 2, 2),
        ("€" * 153, Encoding.GSM7, 306, 2, 3),  # 76 pairs per segment, none split
        ("😀", Encoding.UCS2, 2, 1, 1),
        ("😀" * 35, Encoding.UCS2, 70, 1, 1),
        ("😀" * 36, Encoding.UCS2, 72, 2, 2),
        ("😀" * 67, Encoding.UCS2, 134, 2, 3),  # 33 emoji per segment, none split
        ("Habari yako, karibu sana!", Encoding.GSM7, 25, 1, 1),
        ("Bei: 1,000/= {TZS}", Encoding.GSM7, 20, 1, 1),
        ("Ç", Encoding.GSM7, 1, 1, 1),
        ("ç", Encoding.UCS2, 1, 1, 1),
        ("tab\there", Encoding.UCS2, 8, 1, 1),
    ],
)
def test_example_table(
    text: str, encoding: Encoding, units: int, parts: int, segments: int
) -> None:
    result = segment(text)
    assert (result.encoding, result.units, result.parts, result.segments) == (
        encoding,
        units,
        parts,
        segments,
    )
    assert result.characters == len(text)


def test_non_gsm_characters_are_distinct_in_first_seen_order() -> None:
    assert segment("Karibu 😀 na ā, ā 😀 ñ").non_gsm_characters == ("😀", "ā")
    assert segment("Karibu [€]").non_gsm_characters == ()


def test_table_sizes_match_gsm_03_38() -> None:
    assert len(GSM7_BASIC) == 127  # 128 positions less the escape code
    assert len(GSM7_EXTENSION) == 10
    assert not GSM7_BASIC & GSM7_EXTENSION


def test_mixing_encodings_can_cost_more_than_the_sum() -> None:
    # Why the additivity property below is stated per encoding class.
    long_gsm = "a" * 160
    assert segment(long_gsm).parts + segment("ā").parts == 2
    assert segment(long_gsm + "ā").parts == 3


@settings(max_examples=200)
@given(any_text)
def test_parts_and_segments_follow_units(text: str) -> None:
    result = segment(text)
    single, per_segment = (160, 153) if result.encoding == Encoding.GSM7 else (70, 67)
    assert result.parts == max(1, math.ceil(result.units / single))
    assert result.segments >= result.parts >= 1
    if result.units > single:
        assert result.segments >= math.ceil(result.units / per_segment)
    assert result.units == sum(unit_width(c, result.encoding) for c in text)


@settings(max_examples=200)
@given(any_text)
def test_gsm7_exactly_when_every_character_is_in_the_tables(text: str) -> None:
    result = segment(text)
    in_tables = all(c in GSM7_BASIC or c in GSM7_EXTENSION for c in text)
    assert (result.encoding == Encoding.GSM7) == in_tables
    assert set(result.non_gsm_characters) == {
        c for c in text if c not in GSM7_BASIC and c not in GSM7_EXTENSION
    }


@settings(max_examples=200)
@given(any_text, st.text(st.characters(codec="utf-8"), min_size=1, max_size=20) | gsm_text)
def test_appending_never_lowers_parts(text: str, more: str) -> None:
    assert segment(text + more).parts >= segment(text).parts


@settings(max_examples=200)
@given(st.one_of(st.tuples(gsm_text, gsm_text), st.tuples(ucs2_text, ucs2_text)))
def test_parts_are_subadditive_within_one_encoding(pair: tuple[str, str]) -> None:
    a, b = pair
    assert segment(a + b).parts <= segment(a).parts + segment(b).parts


@settings(max_examples=200)
@given(any_text | st.text(gsm_any | astral, min_size=150, max_size=400))
def test_on_air_split_is_greedy_and_never_splits_a_pair(text: str) -> None:
    chunks = split_on_air(text)
    result = segment(text)
    assert "".join(chunks) == text
    assert len(chunks) == result.segments
    if len(chunks) == 1:
        return
    room = 153 if result.encoding == Encoding.GSM7 else 67

    def units(s: str) -> int:
        return sum(unit_width(c, result.encoding) for c in s)

    assert all(0 < units(chunk) <= room for chunk in chunks)
    # Greedy: the next character would not have fitted in the chunk before it.
    for chunk, following in zip(chunks, chunks[1:]):
        assert units(chunk + following[0]) > room
    # A surrogate pair stays whole: every chunk is valid UTF-16 on its own.
    for chunk in chunks:
        chunk.encode("utf-16-le")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("“Habari” – it’s… ok", '"Habari" - it\'s... ok'),
        ("«Karibu»", '"Karibu"'),
        ("a\u00a0b\u202fc", "a b c"),
        ("zero\u200bwidth\ufeff", "zerowidth"),
        ("• item — done", "- item - done"),
        ("`code´", "'code'"),
        ("Habari yako", "Habari yako"),
        ("😀 stays", "😀 stays"),
    ],
)
def test_smart_encode_table(text: str, expected: str) -> None:
    assert smart_encode(text).text == expected


def test_smart_encode_reports_distinct_replacements_in_order() -> None:
    assert smart_encode("’a’ “b” …").replaced == (
        ("’", "'"),
        ("“", '"'),
        ("”", '"'),
        ("…", "..."),
    )
    assert smart_encode("plain").replaced == ()


def test_every_replacement_is_gsm7() -> None:
    for original, replacement in SMART_REPLACEMENTS.items():
        assert original not in GSM7_BASIC | GSM7_EXTENSION
        assert segment(replacement).encoding == Encoding.GSM7


smart_text = st.text(gsm_any | st.sampled_from(sorted(SMART_REPLACEMENTS)), max_size=200)


@settings(max_examples=200)
@given(any_text | smart_text)
def test_smart_encode_is_idempotent_and_only_touches_its_table(text: str) -> None:
    once = smart_encode(text)
    assert smart_encode(once.text).text == once.text
    assert smart_encode(once.text).replaced == ()
    assert {orig for orig, _ in once.replaced} == {c for c in text if c in SMART_REPLACEMENTS}
    assert not any(c in SMART_REPLACEMENTS for c in once.text)


@settings(max_examples=200)
@given(smart_text)
def test_smart_encode_makes_table_only_text_gsm7(text: str) -> None:
    assert segment(smart_encode(text).text).encoding == Encoding.GSM7


def test_smart_encoding_can_cost_more_parts() -> None:
    # "…" is one UCS-2 unit but three GSM-7 septets: callers compare before offering it.
    text = "…" * 100
    assert (segment(text).parts, segment(smart_encode(text).text).parts) == (2, 2)
    text = "…" * 200
    assert (segment(text).parts, segment(smart_encode(text).text).parts) == (3, 4)


@pytest.mark.parametrize(
    ("text", "offered"),
    [
        ("Karibu \u201cDuka\u201d", True),  # fewer parts or the same: offered
        ("\u2026" * 100, True),  # 2 parts either way
        ("\u2026" * 200, False),  # 3 parts as UCS-2, 4 as GSM-7
        ("\u2026" * 1600, False),  # 4800 characters: past the send's limit (and 30 parts, not 23)
        ("\u200b", False),  # nothing left to send
        ("plain", False),  # nothing to replace
    ],
)
def test_smart_alternative_is_offered_only_when_sendable_and_no_dearer(text: str, offered: bool) -> None:
    alternative = smart_alternative(text)
    if offered:
        assert alternative == smart_encode(text)
    else:
        assert (alternative.text, alternative.replaced) == (text, ())


@given(smart_text | st.text(st.sampled_from(sorted(SMART_REPLACEMENTS)), min_size=500, max_size=1600))
def test_smart_alternative_never_costs_more_nor_passes_the_limit(text: str) -> None:
    alternative = smart_alternative(text)
    assert segment(alternative.text).parts <= segment(text).parts
    assert len(alternative.text) <= MAX_MESSAGE_LENGTH


@given(st.text(gsm_basic, max_size=1700))
def test_the_fast_path_for_plain_gsm_text_counts_as_the_general_rule(text: str) -> None:
    seg = segment(text)
    assert (seg.encoding, seg.units, seg.non_gsm_characters) == (Encoding.GSM7, len(text), ())
    assert seg.parts == max(1, math.ceil(len(text) / 160))
    assert seg.segments == len(split_on_air(text))


def test_the_message_limit() -> None:
    assert MAX_MESSAGE_LENGTH == 1600


@pytest.mark.parametrize(
    ("value", "ok"),
    [("Habari", True), ("x", True), ("a" * 1600, True), ("😀" * 1600, True),
     ("", False), ("   \n", False), ("a" * 1601, False), ("😀" * 1601, False)],
)  # fmt: skip
def test_message_text_table(value: str, ok: bool) -> None:
    if ok:
        assert validate_message_text(value) == value
    else:
        assert _refused(value).field == "message"


@settings(max_examples=100)
@given(st.text(min_size=0, max_size=1700))
def test_message_text_rule(value: str) -> None:
    ok = bool(value.strip()) and len(value) <= 1600
    try:
        assert validate_message_text(value) == value and ok
    except ValidationError:
        assert not ok


def _refused(value: str) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        validate_message_text(value)
    return caught.value
