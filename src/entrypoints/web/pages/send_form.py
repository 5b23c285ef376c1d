"""The send form as a person fills it in: whom to (numbers typed, or a contact list), under which
sender, what, and (a list) when. Read from the posted fields as they are, to show again on a
refusal; the use cases judge them."""

from __future__ import annotations

import re
from dataclasses import dataclass

NUMBERS = "numbers"
CONTACT_LIST = "list"
NOW, LATER = "now", "later"
# Numbers are typed one per line or between commas (or semicolons, as spreadsheets copy them);
# a space stays inside a number, as in `0712 345 678`.
_BETWEEN_NUMBERS = re.compile(r"[\n,;]")


@dataclass(frozen=True, slots=True)
class SendForm:
    target: str = NUMBERS  # NUMBERS or CONTACT_LIST
    to: str = ""  # the numbers as typed
    contact_list_id: str = ""
    sender: str = ""  # empty: the platform's default sender
    message: str = ""
    when: str = NOW  # a list's send: NOW, or LATER at `scheduled_at`
    scheduled_at: str = ""  # as a browser's datetime-local gives it, East Africa Time
    name: str = ""  # the campaign's name; empty, one is made up

    @classmethod
    def of(cls, fields: dict[str, str]) -> SendForm:
        return cls(
            target=CONTACT_LIST if fields.get("target") == CONTACT_LIST else NUMBERS,
            to=fields.get("to", ""),
            contact_list_id=fields.get("contact_list_id", ""),
            sender=fields.get("from", ""),
            # A browser sends a textarea's line breaks as CR LF; the person typed one character.
            message=fields.get("message", "").replace("\r\n", "\n"),
            when=LATER if fields.get("when") == LATER else NOW,
            scheduled_at=fields.get("scheduled_at", ""),
            name=fields.get("name", ""),
        )

    @property
    def numbers(self) -> list[str]:
        return [number.strip() for number in _BETWEEN_NUMBERS.split(self.to) if number.strip()]

    @property
    def asked_sender(self) -> str | None:
        return self.sender or None

    @property
    def to_list(self) -> bool:
        return self.target == CONTACT_LIST
