"""What a contact means by an inbound SMS: opting out of campaigns, or back in.

Only a keyword on its own counts (surrounding spaces and punctuation aside): "Stop." opts out,
"stop sending me jokes" is a conversation, not an instruction. Swahili keywords sit beside English.
"""

from __future__ import annotations

import re
from enum import StrEnum


class OptOutAction(StrEnum):
    STOP = "stop"
    START = "start"


KEYWORDS: dict[str, OptOutAction] = {
    "stop": OptOutAction.STOP,
    "acha": OptOutAction.STOP,  # Swahili: leave off
    "sitisha": OptOutAction.STOP,  # Swahili: halt
    "unsubscribe": OptOutAction.STOP,
    "start": OptOutAction.START,
    "anza": OptOutAction.START,  # Swahili: begin
}

# One word, with anything that is not a letter or digit (spaces, punctuation, emoji) around it.
_LONE_WORD = re.compile(r"[\W_]*([^\W_]+)[\W_]*")


def classify_inbound(text: str) -> OptOutAction | None:
    match = _LONE_WORD.fullmatch(text)
    return KEYWORDS.get(match.group(1).casefold()) if match else None
