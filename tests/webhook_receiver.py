"""A customer's webhook receiver on loopback, for tests: records every POST, answers as scripted.

    with WebhookReceiver(statuses=[500, 500]) as receiver:   # then 200 for ever
        ...receiver.url...
        receiver.wait_for(lambda got: len(got) == 3)

`hang_first=True` keeps the first request unanswered until the receiver closes (a receiver
that is slow while the worker dies). `host` and `port` pick another loopback address (Linux
answers on all of 127.0.0.0/8) or a fixed port; `tls` serves HTTPS with that server context.
"""

from __future__ import annotations

import json
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.body)
        return parsed


class WebhookReceiver:
    def __init__(self, statuses: list[int] | None = None, *, hang_first: bool = False, host: str = "127.0.0.1",
                 port: int = 0, tls: ssl.SSLContext | None = None) -> None:
        self.received: list[Received] = []
        self._statuses = list(statuses or [])
        self._hang_first = hang_first
        self._release = threading.Event()
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver._lock:
                    receiver.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()},
                                                      body))
                    first = len(receiver.received) == 1
                    status = receiver._statuses.pop(0) if receiver._statuses else 200
                if first and receiver._hang_first:
                    receiver._release.wait(60)
                    return
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer((host, port), Handler)
        self._server.daemon_threads = True
        if tls is not None:
            self._server.socket = tls.wrap_socket(self._server.socket, server_side=True)
        self._scheme = "http" if tls is None else "https"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"{self._scheme}://{host!s}:{port}/hooks"

    def __enter__(self) -> WebhookReceiver:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._release.set()
        self._server.shutdown()
        self._server.server_close()

    def snapshot(self) -> list[Received]:
        with self._lock:
            return list(self.received)

    def wait_for(self, condition: Callable[[list[Received]], bool], timeout: float = 20.0) -> list[Received]:
        """Poll until `condition(received)` holds; fail after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.snapshot()
            if condition(got):
                return got
            if time.monotonic() > deadline:
                raise AssertionError(f"receiver condition not met within {timeout} s; got {got!r}")
            time.sleep(0.05)
