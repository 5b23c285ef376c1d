"""A real SMTP server (aiosmtpd) for the email adapter's tests, run as its own process:

    python tests/smtp_server.py PORT MAILDIR [--tls-cert C --tls-key K] [--smtps] [--user U --password P]
        [--refuse-first N] [--refuse-code 451]

Messages land in MAILDIR (a Maildir: read them with `mailbox.Maildir`). `--refuse-first N` answers
the first N messages' DATA with `--refuse-code` (a 4xx says "try again later", a 5xx "never"), and
counts every attempt in MAILDIR/attempts. Prints "ready" once it listens; stops on SIGTERM.
"""

from __future__ import annotations

import argparse
import signal
import ssl
import sys
import threading
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import AuthResult, LoginPassword


class CountingMailbox(Mailbox):
    def __init__(self, maildir: Path, refuse_first: int, refuse_code: int) -> None:
        super().__init__(str(maildir))
        self._attempts_file, self._refuse_first, self._refuse_code = maildir / "attempts", refuse_first, refuse_code
        self._attempts = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self._attempts += 1
        self._attempts_file.write_text(str(self._attempts))
        if self._attempts <= self._refuse_first:
            return f"{self._refuse_code} refused on purpose (attempt {self._attempts})"
        return str(await super().handle_DATA(server, session, envelope))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("maildir", type=Path)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--smtps", action="store_true")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--refuse-first", type=int, default=0)
    parser.add_argument("--refuse-code", type=int, default=451)
    args = parser.parse_args()

    context = None
    if args.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls_cert, args.tls_key)
    options: dict[str, Any] = {}
    if args.user:
        def authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
            ok = isinstance(data, LoginPassword) and (data.login.decode(), data.password.decode()) == (
                args.user, args.password)
            return AuthResult(success=ok, handled=False)  # the server answers 235 or 535
        # Over SMTPS the whole connection is TLS already; over plain SMTP a login needs STARTTLS first.
        options.update(authenticator=authenticate, auth_required=True,
                       auth_require_tls=context is not None and not args.smtps)
    if context is not None and not args.smtps:
        options.update(tls_context=context, require_starttls=True)
    controller = Controller(CountingMailbox(args.maildir, args.refuse_first, args.refuse_code),
                            hostname="127.0.0.1", port=args.port, ssl_context=context if args.smtps else None,
                            server_kwargs=options)
    controller.start()
    print("ready", flush=True)
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    stopped.wait()
    controller.stop()
    sys.exit(0)


if __name__ == "__main__":
    main()
