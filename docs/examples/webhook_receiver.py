"""A webhook receiver for ujumbe in the standard library only: it checks each POST's
`X-Service-Signature` (`t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`)
and prints the events that verify.

    WEBHOOK_SECRET=whsec_... python3 webhook_receiver.py 9000
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE_SECONDS = 300  # refuse signatures older (or newer) than 5 minutes: replays


def verify(secret: str, header: str, body: bytes, now: int) -> bool:
    """True if `header` signs `body` with `secret` and is fresh (several v1= allow key rotation)."""
    fields = [item.strip().partition("=") for item in header.split(",")]
    stamps = [value for name, _, value in fields if name == "t" and value.isascii() and value.isdigit()]
    signatures = [value for name, _, value in fields if name == "v1"]
    if not stamps or abs(now - int(stamps[0])) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(secret.encode(), stamps[0].encode() + b"." + body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, candidate) for candidate in signatures)


class Receiver(BaseHTTPRequestHandler):
    secret = os.environ.get("WEBHOOK_SECRET", "")
    seen: set[str] = set()  # event ids already processed: a retry repeats the same id

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        signature = self.headers.get("X-Service-Signature", "")
        if not verify(self.secret, signature, body, now=int(time.time())):
            print("REFUSED: bad or stale signature", flush=True)
            self.send_response(401)
            self.end_headers()
            return
        event = json.loads(body)  # {"id", "type", "created_at", "data"}
        if event["id"] not in self.seen:
            self.seen.add(event["id"])
            print(f"verified {event['type']}: {json.dumps(event['data'])}", flush=True)
        self.send_response(204)  # any 2xx within 15 s; anything else is retried
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet: print only the events
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 9000
    print(f"listening on http://127.0.0.1:{port}/hooks", flush=True)
    HTTPServer(("127.0.0.1", port), Receiver).serve_forever()
