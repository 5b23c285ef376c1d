from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.inbound import KEYWORDS, OptOutAction, classify_inbound

STOP, START = OptOutAction.STOP, OptOutAction.START


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("STOP", STOP), ("stop", STOP), ("  stop. ", STOP), ("Stop!", STOP), ("ACHA", STOP),
        ("acha", STOP), ("Sitisha", STOP), ("UNSUBSCRIBE", STOP), ("\"stop\"", STOP),
        ("stop 🙏", STOP), ("START", START), ("anza", START), ("Anza!!", START),
        ("stop sending me", None), ("please stop", None), ("STOPP", None), ("stop1", None),
        ("", None), ("   ", None), ("...", None), ("Habari", None), ("st op", None),
    ],
)  # fmt: skip
def test_keyword_table(text: str, action: OptOutAction | None) -> None:
    assert classify_inbound(text) == action


noise = st.text(st.sampled_from(" \t\n.,!?;:-\"'()…"), max_size=5)


@settings(max_examples=200)
@given(st.sampled_from(sorted(KEYWORDS)), noise, noise, st.randoms())
def test_keyword_alone_in_any_case_and_punctuation(
    keyword: str, before: str, after: str, rnd: random.Random
) -> None:
    cased = "".join(c.upper() if rnd.random() < 0.5 else c for c in keyword)
    assert classify_inbound(before + cased + after) == KEYWORDS[keyword]


@settings(max_examples=200)
@given(st.sampled_from(sorted(KEYWORDS)), st.from_regex(r"[A-Za-z0-9]+", fullmatch=True))
def test_keyword_with_other_words_is_conversation(keyword: str, word: str) -> None:
    assert classify_inbound(f"{keyword} {word}") is None
    assert classify_inbound(f"{word} {keyword}") is None


@settings(max_examples=200)
@given(st.text(max_size=30))
def test_only_the_keywords_are_instructions(text: str) -> None:
    action = classify_inbound(text)
    if action is not None:
        words = "".join(c if c.isalnum() else " " for c in text).split()
        assert len(words) == 1 and KEYWORDS[words[0].casefold()] == action
