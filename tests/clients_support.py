"""What the client tests (tests/clients) share: the service they call, with a webhook receiver
registered for its customer, and `FaultyProxy`, a loopback proxy in front of it that fails the
first tries of a route."""

from __future__ import annotations

import sys
import threading
from collections import defaultdict
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import psycopg

from running_app import RunningApp
from tests_support import wait_until
from webhook_receiver import Received, WebhookReceiver

try:
    import ujumbe_client  # noqa: F401 (installed by `make install`)
except ImportError:  # a worktree whose .venv has not installed it: the same code, from its source
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "clients" / "python" / "src"))

from ujumbe_client import Client  # noqa: E402

__all__ = ["Client", "FaultyProxy", "Service"]


@dataclass(frozen=True, slots=True)
class Service:
    app: RunningApp
    database_url: str
    receiver: WebhookReceiver
    webhook_secret: str

    def client(self, **options: object) -> Client:
        return Client(self.app.base_url, api_key=self.app.api_key, **options)  # type: ignore[arg-type]

    def webhook(self, message_id: str, event: str = "message.sent") -> Received:
        """The first delivery of `event` for the message, once the worker has posted it."""
        def found() -> Received | None:
            return next((r for r in list(self.receiver.received)
                         if r.json["type"] == event and r.json["data"].get("message_id") == message_id), None)
        return wait_until(found)

    def submits(self, number: str) -> int:
        """How many times the gateway simulator (the carrier) was handed a message for `number`."""
        with psycopg.connect(self.database_url) as conn:
            row = conn.execute("SELECT count(*) FROM simulator_messages WHERE to_number = %s", (number,)).fetchone()
        return int(row[0]) if row else 0


ERROR_BODY = b'{"success":false,"data":null,"error":{"code":"%s","message":"proxy says try later"},' \
             b'"request_id":null,"timestamp":"2026-01-01T00:00:00Z"}'


class FaultyProxy:
    """A loopback HTTP proxy in front of `ujumbe serve` that fails the first tries of a route, as a
    load balancer or a flaky network would.

        with FaultyProxy(base_url, {"/v1/sms": ["forward-then-503", "429", "forward"]}) as proxy:
            ...proxy.url...; proxy.seen["/v1/sms"]  # the Idempotency-Key of every try

    Each step is one request to that path: `503` / `429` answer it without forwarding (with
    `Retry-After: 0`), `hang` never answers (until the proxy stops), `forward-then-503` forwards it and throws the server's answer away (the send
    happened; the caller hears 503), `forward-then-cut` forwards it and closes the connection with
    no answer, `forward` (and every request after the script) forwards it and returns the answer.
    """

    def __init__(self, upstream: str, scripts: dict[str, list[str]]) -> None:
        self.seen: dict[str, list[str | None]] = defaultdict(list)
        self._scripts = {path: list(steps) for path, steps in scripts.items()}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._upstream = httpx.Client(base_url=upstream, timeout=30)
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _any(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                path = self.path.split("?", 1)[0]
                with proxy._lock:
                    proxy.seen[path].append(self.headers.get("Idempotency-Key"))
                    steps = proxy._scripts.get(path, [])
                    step = steps.pop(0) if steps else "forward"
                if step == "hang":
                    proxy._stopping.wait(30)
                    return
                if step in ("503", "429"):
                    self._answer(int(step), {"Retry-After": "0", "Content-Type": "application/json"},
                                 ERROR_BODY % (b"service_unavailable" if step == "503" else b"rate_limit_exceeded"))
                    return
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                answer = proxy._upstream.request(self.command, self.path, headers=headers, content=body)
                if step == "forward-then-503":
                    self._answer(503, {"Retry-After": "0", "Content-Type": "application/json"},
                                 ERROR_BODY % b"service_unavailable")
                elif step == "forward-then-cut":
                    self.close_connection = True
                    self.connection.shutdown(2)
                else:
                    skip = ("content-length", "transfer-encoding", "connection", "content-encoding")
                    self._answer(answer.status_code, {k: v for k, v in answer.headers.items()
                                                      if k.lower() not in skip}, answer.content)

            do_GET = do_POST = do_PUT = do_DELETE = _any  # noqa: N815 (http.server's naming)

            def _answer(self, status: int, headers: dict[str, str], body: bytes) -> None:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> FaultyProxy:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._upstream.close()
