"""The SMTP adapter against a real SMTP server process (aiosmtpd, tests/smtp_server.py): plain, STARTTLS
and SMTPS with a login, the text and HTML parts as written, a "try again later" answer retried, a
refusal for good reported as undeliverable after one try; and the start-up rule on its settings."""

from __future__ import annotations

import mailbox
import ssl
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import trustme

from adapters.email import SmtpEmailSender, SmtpServer
from application.ports import Email, EmailUndeliverable
from entrypoints.settings import Settings
from running_app import free_port, stop

SERVER = Path(__file__).resolve().parent.parent / "smtp_server.py"
EMAIL = Email(to="shop@example.com", subject="Thibitisha / Confirm", text="Fungua: https://x.example/v?token=abc",
              html='<p><a href="https://x.example/v?token=abc">Fungua</a></p>')
SENDER = "ujumbe <no-reply@ujumbe.example>"

StartServer = Callable[..., tuple[int, Path]]


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    return trustme.CA()


@pytest.fixture()
def smtp_server(tmp_path: Path, authority: trustme.CA) -> Iterator[StartServer]:
    started: list[subprocess.Popen[str]] = []

    def start(*options: str, tls: bool = False) -> tuple[int, Path]:
        port, maildir = free_port(), tmp_path / f"maildir{len(started)}"
        mailbox.Maildir(maildir, create=True)
        if tls:
            cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
            issued = authority.issue_cert("127.0.0.1")
            issued.cert_chain_pems[0].write_to_path(cert)
            issued.private_key_pem.write_to_path(key)
            options = (*options, "--tls-cert", str(cert), "--tls-key", str(key))
        proc = subprocess.Popen([sys.executable, str(SERVER), str(port), str(maildir), *options],
                                stdout=subprocess.PIPE, text=True)
        started.append(proc)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        return port, maildir

    yield start
    for proc in started:
        stop(proc)  # type: ignore[arg-type]


def client_context(authority: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context()
    authority.configure_trust(context)
    return context


def received(maildir: Path) -> list[mailbox.MaildirMessage]:
    return list(mailbox.Maildir(maildir, create=False))


def assert_is_the_email(message: mailbox.MaildirMessage) -> None:
    assert (message["To"], message["From"], message["Subject"]) == (EMAIL.to, SENDER, EMAIL.subject)
    parts = {part.get_content_type(): part.get_payload(decode=True).decode() for part in message.walk()
             if not part.is_multipart()}
    assert parts == {"text/plain": EMAIL.text + "\n", "text/html": EMAIL.html + "\n"}


async def test_plain_smtp_delivers_the_text_and_html_parts(smtp_server: StartServer) -> None:
    port, maildir = smtp_server()
    await SmtpEmailSender(SmtpServer.parse(f"smtp://127.0.0.1:{port}"), SENDER).send(EMAIL)
    [message] = received(maildir)
    assert_is_the_email(message)


async def test_starttls_with_a_login(smtp_server: StartServer, authority: trustme.CA) -> None:
    port, maildir = smtp_server("--user", "mailer", "--password", "p@ss word", tls=True)
    server = SmtpServer.parse(f"smtp://mailer:p%40ss%20word@127.0.0.1:{port}?starttls=1")
    await SmtpEmailSender(server, SENDER, tls_context=client_context(authority)).send(EMAIL)
    assert_is_the_email(received(maildir)[0])
    wrong = SmtpServer.parse(f"smtp://mailer:wrong@127.0.0.1:{port}?starttls=1")
    with pytest.raises(EmailUndeliverable):
        await SmtpEmailSender(wrong, SENDER, tls_context=client_context(authority), attempts=1).send(EMAIL)
    assert len(received(maildir)) == 1


async def test_smtps_from_the_first_byte(smtp_server: StartServer, authority: trustme.CA) -> None:
    port, maildir = smtp_server("--smtps", "--user", "mailer", "--password", "secret", tls=True)
    server = SmtpServer.parse(f"smtps://mailer:secret@127.0.0.1:{port}")
    await SmtpEmailSender(server, SENDER, tls_context=client_context(authority)).send(EMAIL)
    assert_is_the_email(received(maildir)[0])


async def test_try_again_later_is_tried_again_and_a_refusal_for_good_once(smtp_server: StartServer) -> None:
    port, maildir = smtp_server("--refuse-first", "2", "--refuse-code", "451")
    await SmtpEmailSender(SmtpServer.parse(f"smtp://127.0.0.1:{port}"), SENDER, attempts=3, first_retry_after=0.01).send(EMAIL)
    assert (maildir / "attempts").read_text() == "3" and len(received(maildir)) == 1

    port, maildir = smtp_server("--refuse-first", "5", "--refuse-code", "550")
    with pytest.raises(EmailUndeliverable):
        await SmtpEmailSender(SmtpServer.parse(f"smtp://127.0.0.1:{port}"), SENDER, attempts=3, first_retry_after=0.01).send(EMAIL)
    assert (maildir / "attempts").read_text() == "1" and received(maildir) == []


async def test_a_server_that_is_not_there_is_undeliverable_after_the_retries() -> None:
    sender = SmtpEmailSender(SmtpServer.parse(f"smtp://127.0.0.1:{free_port()}"), SENDER, attempts=2, first_retry_after=0.01)
    with pytest.raises(EmailUndeliverable):
        await sender.send(EMAIL)


def test_the_url_gives_host_port_login_and_tls() -> None:
    assert SmtpServer.parse("smtp://u%40x:p%3Aw@mail.example:587?starttls=1") == SmtpServer(
        host="mail.example", port=587, username="u@x", password="p:w", tls=False, starttls=True)
    assert SmtpServer.parse("smtps://mail.example") == SmtpServer(
        host="mail.example", port=465, username=None, password=None, tls=True, starttls=False)
    with pytest.raises(ValueError, match="UJUMBE_SMTP_URL"):
        SmtpServer.parse("https://mail.example")


def test_a_mail_server_without_a_sender_address_refuses_to_start() -> None:
    with pytest.raises(ValueError, match="UJUMBE_EMAIL_FROM"):
        Settings.from_env({"UJUMBE_SMTP_URL": "smtp://mail.example:587"})
    settings = Settings.from_env({"UJUMBE_SMTP_URL": "smtp://mail.example:587", "UJUMBE_EMAIL_FROM": SENDER})
    assert (settings.smtp_url, settings.email_from) == ("smtp://mail.example:587", SENDER)
    assert Settings.from_env({}).smtp_url is None
