"""The send form as a person fills it in: whom to (numbers typed, or a contact list), under which
sender, what, and (a list) when. Read from the posted fields as they are, to show again on a
refusal; the use cases judge them.

The form carries a key, chosen when it was shown empty and kept when it is shown again: its send
goes by an id made of the key and what was filled in (`operation_id`), so the same form posted
twice (a double click, a reload, the back button) is one send, and a changed one another.
"""

from __future__ import annotations

import re
from dataclasses import astuple, dataclass, replace

from domain.ids import form_operation_id

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
    send_key: str = ""  # a uuid, chosen when the form was shown; anything else: no key

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
            send_key=fields.get("send_key", ""),
        )

    def operation_id(self, account_id: str) -> str | None:
        """The id of the message, batch or campaign this form sends: one for every post of it as
        filled in (every field but the key), made from the account too, so no two accounts' forms
        name one send; None without a key (an old page, a hand-made post): the send makes its own."""
        return form_operation_id(self.send_key, account_id, *astuple(replace(self, send_key="")))

    @property
    def numbers(self) -> list[str]:
        return [number.strip() for number in _BETWEEN_NUMBERS.split(self.to) if number.strip()]

    @property
    def asked_sender(self) -> str | None:
        return self.sender or None

    @property
    def to_list(self) -> bool:
        return self.target == CONTACT_LIST
