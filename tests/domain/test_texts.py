"""Text from outside: whitespace as Python strips it, and the trimmed-length patterns the API states."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from domain.texts import WHITESPACE, trimmed_pattern


def test_whitespace_is_what_python_strips() -> None:
    spaces = "".join(c for c in map(chr, range(0x110000)) if c.isspace())
    assert re.fullmatch(f"[{WHITESPACE}]*", spaces) and all(c.isspace() for c in spaces)
    assert not re.search(f"[{WHITESPACE}]", "".join(c for c in map(chr, range(0x3001)) if not c.isspace()))


@given(st.text(alphabet=st.sampled_from("ab \t\x1c\x85\ufeff\x00\u3000"), max_size=12), st.integers(2, 8))
def test_a_trimmed_pattern_allows_exactly_text_without_nul_short_enough_once_stripped(text: str, limit: int) -> None:
    allowed = re.fullmatch(trimmed_pattern(limit), text) is not None
    assert allowed == ("\x00" not in text and len(text.strip()) <= limit)
