"""Email to an account's owner: the record sent and the port that sends it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Email:
    to: str
    subject: str
    text: str  # the plain-text part: every mail reader shows it
    html: str  # the same words as HTML


class EmailSender(Protocol):
    async def send(self, email: Email) -> None:
        """Hand the email to the mail server; raises `EmailUndeliverable` when it refused it
        for good (a transient failure is retried by the adapter first)."""
        ...


class EmailUndeliverable(Exception):
    """The mail server refused the email, or could not be reached after the retries."""
