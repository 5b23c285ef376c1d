"""A local HTTP server that plays ClickPesa (the aggregator the mobile-money HTTP adapter is shaped
on), by the same contract, for tests:

    with fake_clickpesa(callback_url=receiver.url) as clickpesa:
        adapter = ClickPesa(clickpesa.base_url, CLIENT_ID, API_KEY, CHECKSUM_KEY, clock=...)
        await adapter.push(request)          # the payment is PROCESSING
        clickpesa.settle()                   # every open payment ends by its payer's number

It is strict where ClickPesa is: a token only for the right `client-id` + `api-key`, good for
`token_seconds` (an hour; `expire_tokens()` ends every token now); every other call needs a live
`Authorization` token (401 `Unauthorized`); every request body carries a `checksum` that must
match (400 `Invalid checksum`); an order reference is alphanumeric and used once across pushes
and checkout links (409 `Order reference X already used`); a phone is `255` + nine digits.

The payer's number decides what happens, by its LAST TWO DIGITS:

| ends | the push / the payment | at `settle()` | callbacks |
|---|---|---|---|
| 01 | PROCESSING | FAILED "Insufficient balance" | one PAYMENT FAILED |
| 02 | PROCESSING | FAILED "Invalid PIN" | one PAYMENT FAILED |
| 03 | PROCESSING | FAILED "Cancelled by payer" | one PAYMENT FAILED |
| 04 | PROCESSING | stays PROCESSING; `expire_prompts()` fails it "Payment request expired" | one, on expiry |
| 05 | PROCESSING | SUCCESS | none: only polling finds it |
| 06 | PROCESSING | SUCCESS | PAYMENT RECEIVED twice |
| 07 | PROCESSING | SUCCESS | one PAYMENT RECEIVED whose amount was changed after signing |
| 08 | answers 500, the payment exists all the same | SUCCESS | one PAYMENT RECEIVED |
| 09 | PROCESSING | SETTLED | one PAYMENT RECEIVED |
| any other (00) | PROCESSING | SUCCESS | one PAYMENT RECEIVED |

Nothing settles on its own (tests never wait for time to pass): `settle()` settles every open
payment now, posting its callbacks to `callback_url` from the calling thread (real HTTP) before
it returns. A hosted checkout link makes no payment until `pay_checkout(reference, phone)` (the
payer on the page): that payment is PENDING until settled. Steering: `fail_next_status_queries`
and `fail_next_pushes` (answer 503, nothing made), `drop_next_push_answer` (the push is made, the
connection closes unanswered).
Every request is logged in `requests`; every callback in `callbacks_sent`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

CLIENT_ID = "IDfakeClickPesaClient"
API_KEY = "SKfakeClickPesaApiKey"
CHECKSUM_KEY = "CHKfakeClickPesaChecksumKey"
API = "/third-parties"

FAILURES = {"01": "Insufficient balance", "02": "Invalid PIN", "03": "Cancelled by payer"}
EXPIRES, SILENT, TWICE, TAMPERED, ERROR_500, SETTLES = "04", "05", "06", "07", "08", "09"
EXPIRED_MESSAGE = "Payment request expired"
_REFERENCE = re.compile(r"^[A-Za-z0-9]+$")
_PHONE = re.compile(r"^255\d{9}$")


def fake_checksum(key: str, payload: dict[str, Any]) -> str:
    """The checksum as ClickPesa documents it, written here again so the fake does not trust
    the adapter's own code: keys sorted recursively, compact JSON, HMAC-SHA256 hex."""
    def canonical(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: canonical(value[k]) for k in sorted(value)}
        if isinstance(value, list):
            return [canonical(v) for v in value]
        return value
    unsigned = {k: v for k, v in payload.items() if k not in ("checksum", "checksumMethod")}
    text = json.dumps(canonical(unsigned), separators=(",", ":"), ensure_ascii=False)
    return hmac.new(key.encode(), text.encode(), hashlib.sha256).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _channel(phone: str) -> str:
    prefix = phone[3:5]
    return {"74": "M-PESA", "75": "M-PESA", "76": "M-PESA", "68": "AIRTEL-MONEY", "69": "AIRTEL-MONEY",
            "78": "AIRTEL-MONEY", "65": "TIGO-PESA", "67": "TIGO-PESA", "71": "TIGO-PESA"}.get(prefix, "HALOPESA")


@dataclass
class Payment:
    id: str
    reference: str
    phone: str
    amount: int
    currency: str
    status: str  # PROCESSING, PENDING, SUCCESS, SETTLED, FAILED
    message: str
    created_at: str
    updated_at: str

    @property
    def ending(self) -> str:
        return self.phone[-2:]

    def as_status(self) -> dict[str, Any]:
        """One entry of `GET /payments/{orderReference}`."""
        return {"id": self.id, "status": self.status, "paymentReference": f"PR{self.id}",
                "paymentPhoneNumber": self.phone, "orderReference": self.reference,
                "collectedAmount": self.amount, "collectedCurrency": self.currency, "message": self.message,
                "updatedAt": self.updated_at, "createdAt": self.created_at, "clientId": CLIENT_ID,
                "customer": {"customerName": "Test Payer", "customerPhoneNumber": self.phone}}

    def callback_data(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "paymentReference": f"PR{self.id}",
                "orderReference": self.reference, "collectedAmount": f"{self.amount}.00",
                "collectedCurrency": self.currency, "message": self.message, "channel": _channel(self.phone),
                "createdAt": self.created_at, "updatedAt": self.updated_at,
                "customer": {"customerName": "Test Payer", "customerPhoneNumber": self.phone}}


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    body: dict[str, Any] | None
    status: int | None  # None: the connection was closed unanswered


@dataclass(frozen=True)
class SentCallback:
    reference: str
    event: str
    body: bytes
    status: int | None  # the receiver's answer; None if it could not be reached


@dataclass
class FakeClickPesa:
    base_url: str
    callback_url: str | None = None
    token_seconds: float = 3600.0
    fail_next_status_queries: int = 0
    fail_next_pushes: int = 0
    drop_next_push_answer: bool = False
    requests: list[Call] = field(default_factory=list)
    callbacks_sent: list[SentCallback] = field(default_factory=list)
    tokens_issued: int = 0
    payments: dict[str, Payment] = field(default_factory=dict)
    _checkouts: dict[str, tuple[int, str]] = field(default_factory=dict)  # reference -> (amount, currency)
    _tokens: dict[str, float] = field(default_factory=dict)  # token -> monotonic expiry
    _lock: threading.RLock = field(default_factory=threading.RLock)
    _ids: Iterator[int] = field(default_factory=lambda: iter(range(1, 10**9)))

    # -- what the tests look at and steer --------------------------------------------------

    def pushes(self, reference: str) -> int:
        """How many push requests named `reference` (answered or not)."""
        with self._lock:
            return sum(1 for c in self.requests if c.path == f"{API}/payments/initiate-ussd-push-request"
                       and (c.body or {}).get("orderReference") == reference)

    def calls(self, method: str, path_start: str) -> list[Call]:
        with self._lock:
            return [c for c in self.requests if c.method == method and c.path.startswith(API + path_start)]

    def expire_tokens(self) -> None:
        """The hour has passed: every token issued so far is refused from now on."""
        with self._lock:
            self._tokens = dict.fromkeys(self._tokens, 0.0)

    def settle(self, reference: str | None = None) -> None:
        """The payers answer now: every open payment (or the one) ends by its number's table
        row, and its callbacks are posted before this returns."""
        with self._lock:
            due = [p for p in self.payments.values() if p.status in ("PROCESSING", "PENDING")
                   and (reference is None or p.reference == reference) and p.ending != EXPIRES]
            for payment in due:
                if payment.ending in FAILURES:
                    self._move(payment, "FAILED", FAILURES[payment.ending])
                else:
                    self._move(payment, "SETTLED" if payment.ending == SETTLES else "SUCCESS", "Payment received")
        for payment in due:
            if payment.ending in FAILURES:
                self._call_back(payment, "PAYMENT FAILED")
            elif payment.ending == SILENT:
                continue
            else:
                for _ in range(2 if payment.ending == TWICE else 1):
                    self._call_back(payment, "PAYMENT RECEIVED", tampered=payment.ending == TAMPERED)

    def expire_prompts(self) -> None:
        """Prompts nobody answered (payer numbers ending 04) time out: FAILED, called back."""
        with self._lock:
            due = [p for p in self.payments.values() if p.status in ("PROCESSING", "PENDING")
                   and p.ending == EXPIRES]
            for payment in due:
                self._move(payment, "FAILED", EXPIRED_MESSAGE)
        for payment in due:
            self._call_back(payment, "PAYMENT FAILED")

    def pay_checkout(self, reference: str, phone: str) -> None:
        """The payer opens the checkout link and pays from `phone` (`255…`): a PENDING payment."""
        with self._lock:
            amount, currency = self._checkouts[reference]
            self.payments[reference] = self._payment(reference, phone, amount, currency, "PENDING")

    # -- the endpoints -----------------------------------------------------------------------

    def token(self, headers: dict[str, str]) -> tuple[int, Any]:
        if headers.get("client-id") != CLIENT_ID or headers.get("api-key") != API_KEY:
            return 401, {"message": "Unauthorized"}
        token = "Bearer " + secrets.token_urlsafe(24)
        with self._lock:
            self._tokens[token] = time.monotonic() + self.token_seconds
            self.tokens_issued += 1
        return 200, {"success": True, "token": token}

    def authorized(self, headers: dict[str, str]) -> bool:
        with self._lock:
            return self._tokens.get(headers.get("authorization", ""), 0.0) > time.monotonic()

    def push(self, body: dict[str, Any]) -> tuple[int, Any]:
        refused = self._refusal(body, ("amount", "currency", "orderReference", "phoneNumber"))
        if refused:
            return refused
        reference, phone = body["orderReference"], body["phoneNumber"]
        if not _PHONE.match(str(phone)):
            return 400, {"message": "Invalid phone number"}
        with self._lock:
            if self.fail_next_pushes > 0:  # down before it made anything
                self.fail_next_pushes -= 1
                return 503, {"message": "Service Unavailable"}
            if reference in self.payments or reference in self._checkouts:
                return 409, {"message": f"Order reference {reference} already used: Create a different reference"}
            payment = self._payment(reference, phone, int(body["amount"]), body["currency"], "PROCESSING")
            self.payments[reference] = payment
        if payment.ending == ERROR_500:
            return 500, {"message": "Internal Server Error"}
        return 200, {"id": payment.id, "status": "PROCESSING", "channel": _channel(phone), "orderReference": reference,
                     "collectedAmount": str(payment.amount), "collectedCurrency": payment.currency,
                     "createdAt": payment.created_at, "clientId": CLIENT_ID}

    def status(self, reference: str) -> tuple[int, Any]:
        with self._lock:
            if self.fail_next_status_queries > 0:
                self.fail_next_status_queries -= 1
                return 503, {"message": "Service Unavailable"}
            payment = self.payments.get(reference)
            if payment is None:
                return 404, {"message": f"Invalid or missing payment: {reference}"}
            return 200, [payment.as_status()]

    def checkout(self, body: dict[str, Any]) -> tuple[int, Any]:
        refused = self._refusal(body, ("orderReference", "orderCurrency"))
        if refused:
            return refused
        items = body.get("orderItems")
        if "totalPrice" in body:
            amount = int(body["totalPrice"])
        elif isinstance(items, list) and items:
            amount = sum(int(item["price"]) * int(item["quantity"]) for item in items)
        else:
            return 400, {"message": "Total Price is required"}
        reference = body["orderReference"]
        with self._lock:
            if reference in self.payments or reference in self._checkouts:
                return 409, {"message": f"Order reference {reference} already used: Create a different reference"}
            self._checkouts[reference] = (amount, body["orderCurrency"])
        return 200, {"checkoutLink": f"{self.base_url}/checkout/{reference}", "clientId": CLIENT_ID}

    # -- inside ---------------------------------------------------------------------------

    def _refusal(self, body: dict[str, Any], required: tuple[str, ...]) -> tuple[int, Any] | None:
        received = body.get("checksum")
        if not isinstance(received, str) or not hmac.compare_digest(received, fake_checksum(CHECKSUM_KEY, body)):
            return 400, {"message": "Invalid checksum"}
        missing = [name for name in required if not body.get(name)]
        if missing:
            return 400, {"message": f"{missing[0]} is required"}
        if not _REFERENCE.match(str(body["orderReference"])):
            return 400, {"message": "Invalid Order Reference, should only contain alphanumeric characters"
                                    " and cannot be blank"}
        return None

    def _payment(self, reference: str, phone: str, amount: int, currency: str, status: str) -> Payment:
        now = _now()
        return Payment(id=f"{next(self._ids):04d}{reference[:6].upper()}CP", reference=reference, phone=phone,
                       amount=amount, currency=currency, status=status, message="Waiting for the payer",
                       created_at=now, updated_at=now)

    def _move(self, payment: Payment, status: str, message: str) -> None:
        payment.status, payment.message, payment.updated_at = status, message, _now()

    def _call_back(self, payment: Payment, event: str, tampered: bool = False) -> None:
        body: dict[str, Any] = {"event": event, "data": payment.callback_data()}
        body["checksum"] = fake_checksum(CHECKSUM_KEY, body)
        if tampered:  # changed on the way, after it was signed
            body["data"]["collectedAmount"] = f"{payment.amount * 10}.00"
        raw = json.dumps(body).encode()
        status: int | None = None
        if self.callback_url is not None:
            request = urllib.request.Request(self.callback_url, data=raw, method="POST",
                                             headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback test URL)
                    status = answer.status
            except urllib.error.HTTPError as refused:
                status = refused.code
            except OSError:
                status = None
        with self._lock:
            self.callbacks_sent.append(SentCallback(payment.reference, event, raw, status))


def _handler(fake: FakeClickPesa) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _answer(self, method: str, path: str, body: dict[str, Any] | None, status: int, answer: Any) -> None:
            with fake._lock:
                fake.requests.append(Call(method, path, body, status))
            payload = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def _headers(self) -> dict[str, str]:
            return {k.lower(): v for k, v in self.headers.items()}

        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            path = urlsplit(self.path).path
            prefix = f"{API}/payments/"
            if not path.startswith(prefix):
                self._answer("GET", path, None, 404, {"message": "Not Found"})
            elif not fake.authorized(self._headers()):
                self._answer("GET", path, None, 401, {"message": "Unauthorized"})
            else:
                self._answer("GET", path, None, *fake.status(unquote(path[len(prefix):])))

        def do_POST(self) -> None:  # noqa: N802
            path = urlsplit(self.path).path
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = None
            if path == f"{API}/generate-token":
                self._answer("POST", path, None, *fake.token(self._headers()))
                return
            if not fake.authorized(self._headers()):
                self._answer("POST", path, body, 401, {"message": "Unauthorized"})
                return
            if not isinstance(body, dict):
                self._answer("POST", path, None, 400, {"message": "Invalid JSON body"})
                return
            if path == f"{API}/payments/initiate-ussd-push-request":
                answer = fake.push(body)
                with fake._lock:
                    drop, fake.drop_next_push_answer = fake.drop_next_push_answer, False
                if drop and answer[0] == 200:  # made, but the answer never leaves
                    with fake._lock:
                        fake.requests.append(Call("POST", path, body, None))
                    self.close_connection = True
                    return
                self._answer("POST", path, body, *answer)
            elif path == f"{API}/checkout-link/generate-checkout-url":
                self._answer("POST", path, body, *fake.checkout(body))
            else:
                self._answer("POST", path, body, 404, {"message": "Not Found"})

    return Handler


@contextmanager
def fake_clickpesa(callback_url: str | None = None, token_seconds: float = 3600.0) -> Iterator[FakeClickPesa]:
    """The fake on a free loopback port, served from a thread for the block."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    server.daemon_threads = True
    fake = FakeClickPesa(base_url=f"http://127.0.0.1:{server.server_address[1]}", callback_url=callback_url,
                         token_seconds=token_seconds)
    server.RequestHandlerClass = _handler(fake)
    thread = threading.Thread(target=server.serve_forever, name="fake-clickpesa", daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
