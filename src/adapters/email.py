"""Email to account owners: over SMTP (aiosmtplib) in production, or recorded by the simulator.

`UJUMBE_SMTP_URL` names the server: `smtp://user:pass@host:587?starttls=1` (plain, upgraded with
STARTTLS when asked), `smtps://user:pass@host:465` (TLS from the first byte). A server that is
down, drops the connection or answers 4xx ("try again later") is tried again a few times with
backoff; a 5xx answer is final. Either way the job that sends the email is what the worker runs,
so no request ever waits on the mail server.

The simulator (the zero-configuration default) keeps every email in PostgreSQL, newest first,
for `ujumbe simulator emails` and tests to read.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib
from psycopg_pool import AsyncConnectionPool
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential_jitter

from application.ports import Email, EmailUndeliverable


@dataclass(frozen=True, slots=True)
class SmtpServer:
    host: str
    port: int
    username: str | None
    password: str | None
    tls: bool  # TLS from the first byte (smtps)
    starttls: bool

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """Raises ValueError naming what is wrong (checked at start-up)."""
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"UJUMBE_SMTP_URL: use smtp://user:pass@host:587?starttls=1 or smtps://user:pass@host:465"
                             f" (got scheme {parts.scheme!r})")
        query = parse_qs(parts.query)
        tls = parts.scheme == "smtps"
        return cls(host=parts.hostname, port=parts.port or (465 if tls else 25),
                   username=unquote(parts.username) if parts.username else None,
                   password=unquote(parts.password) if parts.password else None,
                   tls=tls, starttls=not tls and query.get("starttls", ["0"])[0].lower() in ("1", "true", "yes"))


def _transient(exc: BaseException) -> bool:
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        return 400 <= exc.code < 500
    return isinstance(exc, (aiosmtplib.SMTPConnectError, aiosmtplib.SMTPServerDisconnected,
                            aiosmtplib.SMTPTimeoutError, OSError))


def mime_of(email: Email, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, email.to, email.subject
    message.set_content(email.text)
    message.add_alternative(email.html, subtype="html")
    return message


class SmtpEmailSender:
    def __init__(self, server: SmtpServer, sender: str, *, attempts: int = 4, first_retry_after: float = 1.0,
                 tls_context: ssl.SSLContext | None = None, timeout: float = 30.0) -> None:
        self._server, self._sender, self._attempts = server, sender, attempts
        self._first_retry_after, self._tls_context, self._timeout = first_retry_after, tls_context, timeout

    async def send(self, email: Email) -> None:
        server = self._server
        options: dict[str, Any] = {"hostname": server.host, "port": server.port, "username": server.username,
                                   "password": server.password, "use_tls": server.tls, "start_tls": server.starttls,
                                   "timeout": self._timeout, "tls_context": self._tls_context}
        try:
            async for attempt in AsyncRetrying(retry=retry_if_exception(_transient), reraise=True,
                                               stop=stop_after_attempt(self._attempts),
                                               wait=wait_exponential_jitter(multiplier=self._first_retry_after, max=30)):
                with attempt:
                    await aiosmtplib.send(mime_of(email, self._sender), **options)
        except (aiosmtplib.SMTPException, OSError) as exc:
            raise EmailUndeliverable(f"the mail server did not take the email: {exc}") from exc


@dataclass(frozen=True, slots=True)
class SentEmail:
    to: str
    subject: str
    text: str
    html: str
    created_at: datetime

    def as_json(self) -> dict[str, str]:
        return {"to": self.to, "subject": self.subject, "text": self.text, "created_at": self.created_at.isoformat()}


class EmailSimulator:
    """Records what it would have sent."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def send(self, email: Email) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                "INSERT INTO simulator_emails (to_address, subject, body_text, body_html) VALUES (%s, %s, %s, %s)",
                (email.to, email.subject, email.text, email.html))

    async def sent(self, to: str | None = None, limit: int = 100) -> list[SentEmail]:
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "SELECT to_address, subject, body_text, body_html, created_at FROM simulator_emails"
                " WHERE %(to)s::text IS NULL OR lower(to_address) = lower(%(to)s) ORDER BY id DESC LIMIT %(limit)s",
                {"to": to, "limit": limit})
            return [SentEmail(*row) for row in await cur.fetchall()]
