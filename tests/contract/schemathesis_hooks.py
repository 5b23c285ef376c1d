"""schemathesis hooks for tests/contract/test_schemathesis.py.

Each request comes from its own client. The app budgets requests by client address (30 a minute
for register, login and refresh; 600 for other public routes and failed authentication). A
fuzzer sends thousands from 127.0.0.1, so after its first seconds every public answer would be a
429: the run would measure the rate limiter (tests/http/test_rate_limits.py does that) instead of
the routes, and the ignored-auth check would read a 429 to a request without credentials as auth
not enforced. `ujumbe serve` trusts `X-Forwarded-For` from 127.0.0.1, so each request names a
different address; the numbering is a counter, so one run is like the next. Except GET /metrics
and GET /health/detail: they answer loopback clients only (UJUMBE_METRICS_TOKEN unset), so their
requests keep the fuzzer's own address, 127.0.0.1, and are judged on what they answer, not
refused as from 10.x.

An account holds at most 20 webhooks. Outside the stateful phase nothing follows a registration,
so each webhook registered there is deleted at once: every registration the fuzzer tries is
judged on what it sends, not refused as the 21st. In the stateful phase, which runs long enough
to register more than 20, the oldest (earlier scenarios') are deleted past 15.

The fuzzer draws the same few short values again and again, where a real client makes each one
new: a valid Idempotency-Key gets a unique suffix (a reused key with another body is a 422 by
design, the caller's promise broken, and is tested in tests/http/test_idempotency_sends.py), and a
valid register email gets a unique local-part prefix (two registrations of one address are a 409,
and the stateful phase would spend its steps on them instead of following register -> login).
Both stay valid and keep what was generated, so the checks judge the request as generated. In
the stateful phase the number a link's body gives a new contact or extra number is made unique
the same way (a list holds a number once).

Some valid input names what only the server can make. Every other valid login names the
customer's own email and password. Valid input to a contact operation gets a
contact (and extra number) that exists, made for the case; valid input to verify-phone (and to
verify a payer phone) gets a code that was sent, to an account and number of the case's own, read
off the gateway simulator as the customer would read it off their phone; valid input to a package
or voucher order names a package on sale, at least the rate card's minimum, and the customer's
verified phone; valid input to reset-password and verify-email gets a token as the worker emails
it, and valid input to change-password the current password, each for an account of the case's own. Random ids, codes and tokens would all be 404 or 400 and
never reach the operation's own logic. No finding is filtered.

With the Google contacts feature on (its own run), the fake Google stands in for the user's
browser and Google: a state is minted by the server and a code by Google, so no generator can
make a live one. Each callback the fuzzer means to be valid gets the state and code of a consent
just given (its other parameters as generated), as Google's redirect would carry them, and the
consent cookie the connect answer set, as the browser that asked would send it; a
disconnect is followed by connecting again, so the sync operations meet a connection.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
import secrets
import uuid
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import psycopg
import schemathesis

from domain.email_addresses import EMAIL_PATTERN, MAX_EMAIL_LENGTH
from domain.idempotency import MAX_IDEMPOTENCY_KEY_LENGTH
from domain.phone_otps import OTP_MAX_PHONES_PER_WINDOW
from entrypoints.http.idempotency import KEY_PATTERN

_requests = itertools.count(1)


def _runs_bearer() -> str:
    return f"Bearer {os.environ['UJUMBE_CONTRACT_ACCESS_TOKEN']}"


def _carries_the_runs_credentials(case: Any) -> bool:
    """Whether the case is sent with the run's own credentials: schemathesis takes them away (or
    puts made-up ones) to check that an operation refuses a caller without them, and a hook that
    put a real account's token back would turn that check's 401 into a 200."""
    headers = case.headers or {}
    return (headers.get("Authorization") == _runs_bearer()
            or headers.get("X-API-Key") == os.environ["UJUMBE_CONTRACT_API_KEY"])


_IDEMPOTENCY_KEY = re.compile(KEY_PATTERN)
_EMAIL = re.compile(EMAIL_PATTERN)


_GOOGLE = "/v1/contact-lists/google"


def _consent(base_url: str) -> tuple[dict[str, str], dict[str, str]]:
    """The query Google's redirect brings back after the customer consents (to the fake Google),
    and the cookies of the browser that asked for the consent."""
    answer = httpx.get(f"{base_url}{_GOOGLE}/connect", headers={"Authorization": _runs_bearer()})
    assert answer.status_code == 200, answer.text
    location = httpx.get(answer.json()["data"]["authorization_url"]).headers["location"]
    return ({key: values[0] for key, values in parse_qs(urlsplit(location).query).items()},
            dict(answer.cookies.items()))


def _base_url(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
_CONTACT = "/v1/contact-lists/{list_id}/contacts/{contact_id}"
_CONTACT_OPERATIONS = {
    "GET /v1/contact-lists/{list_id}/contacts", f"GET {_CONTACT}", f"PUT {_CONTACT}", f"DELETE {_CONTACT}",
    f"POST {_CONTACT}/phones", f"DELETE {_CONTACT}/phones/{{phone_id}}",
}
# The links' bodies name one number each; a walk that follows them into a list holding it already
# would only ever meet 409 duplicate_contact.
_NUMBER_TAKING = {"POST /v1/contact-lists/{list_id}/contacts", f"POST {_CONTACT}/phones"}
_hook_list: list[str] = []  # the one list these cases' contacts go to, made on first use


def _use_a_real_contact(case: Any, n: int) -> None:
    """Valid input to a contact operation names a list, contact and number that exist: ids drawn
    at random would all be 404, and the operation's own logic never reached outside the stateful
    phase's walk. Each case gets a contact of its own (it may delete it), in a list kept for them,
    not the examples' list, which campaigns send to."""
    base = case.operation.schema.get_base_url().rstrip("/")
    headers = {"Authorization": _runs_bearer(), "X-Forwarded-For": case.headers["X-Forwarded-For"]}
    if not _hook_list:
        made = httpx.post(f"{base}/v1/contact-lists", json={"name": "schemathesis"}, headers=headers)
        assert made.status_code == 201, made.text
        _hook_list.append(made.json()["data"]["id"])
    lists = f"{base}/v1/contact-lists/{_hook_list[0]}/contacts"
    ids = {"list_id": _hook_list[0], "contact_id": _added(lists, headers)["id"]}
    if "phone_id" in (case.path_parameters or {}):
        ids["phone_id"] = _added(f"{lists}/{ids['contact_id']}/phones", headers)["id"]
    drawn = case.path_parameters or {}
    case.path_parameters = {**drawn, **{name: ids[name] for name in drawn if name in ids}}


_verifier: dict[str, Any] = {}  # the account whose numbers the current cases verify, and how many


def _verify_with_a_real_code(case: Any, n: int, send_path: str) -> None:
    """Valid input to verify-phone (or to verify a payer phone) is a code that was sent: one drawn
    from the pattern is wrong but for one in a million (400 `invalid_otp`), and the operation's
    success never reached. Each case gets an account of its own that asks for a code to a number of
    its own (the throttles hold a number to one code a minute and an account to five numbers an
    hour: an account serves five cases), and sends the code the simulator delivered, as the
    customer would read it off their phone."""
    base = case.operation.schema.get_base_url().rstrip("/")
    client = {"X-Forwarded-For": f"10.251.{(n >> 8) & 255}.{n & 255}"}
    if not _verifier or _verifier["numbers"] >= OTP_MAX_PHONES_PER_WINDOW:
        account = {"email": f"verify-{n}-{uuid.uuid4().hex[:8]}@example.com", "password": "s3cret-pass"}
        assert httpx.post(f"{base}/v1/auth/register", json=account, headers=client).status_code == 201
        login = httpx.post(f"{base}/v1/auth/login", json=account, headers=client)
        _verifier.update(token=login.json()["data"]["access_token"], numbers=0)
    _verifier["numbers"] += 1
    headers = {**client, "Authorization": f"Bearer {_verifier['token']}"}
    phone = f"+25574{n % 10_000_000:07d}"
    sent = httpx.post(f"{base}{send_path}", json={"phone": phone}, headers=headers)
    assert sent.status_code == 200, sent.text
    with psycopg.connect(os.environ["UJUMBE_CONTRACT_DATABASE_URL"]) as conn:
        body = conn.execute("SELECT body FROM simulator_messages WHERE to_number = %s ORDER BY seq DESC LIMIT 1",
                            (phone,)).fetchone()[0]
    case.headers["Authorization"] = headers["Authorization"]
    case.headers.pop("X-API-Key", None)
    case.body = {**(case.body if isinstance(case.body, dict) else {}), "phone": phone,
                 "otp": re.search(r"\b[0-9]{6}\b", body).group()}


_VERIFYING = {"POST /v1/auth/verify-phone": "/v1/auth/send-phone-otp",
              "POST /v1/vouchers/otp/verify": "/v1/vouchers/otp/send"}
_ORDERING = {"POST /v1/payments", "POST /v1/vouchers"}
PAYER_PHONE = "+255712345678"  # the customer's verified phone (running_app.PAYER_PHONE; this file runs apart)
_on_sale: dict[str, int] = {}  # a package on sale and the rate card's minimum, read once


def _order_what_is_on_sale(case: Any) -> None:
    """Valid input to an order names what the customer can buy, as a real client's does: a
    package on sale, at least the rate card's minimum, and the customer's verified phone where a
    phone is named or the provider needs one (either mobile-money provider). Drawn at random they would be a
    package that does not exist (404), a number nobody verified (409) or too few shillings (400)
    every time, and the order never placed."""
    if not _on_sale:
        with psycopg.connect(os.environ["UJUMBE_CONTRACT_DATABASE_URL"]) as conn:
            _on_sale["package_id"] = conn.execute("SELECT min(id) FROM packages WHERE active").fetchone()[0]
            _on_sale["min_amount_tzs"] = conn.execute("SELECT min_amount_tzs FROM voucher_settings").fetchone()[0]
    body = case.body
    if "package_id" in body:
        body["package_id"] = _on_sale["package_id"]
    amount = body.get("amount")  # an integer, or a float of integral value (9.0), as JSON allows
    if isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount < _on_sale["min_amount_tzs"]:
        body["amount"] = _on_sale["min_amount_tzs"]
    if body.get("phone") is not None or body.get("provider") in ("mobilemoney", "mobilemoney-session"):
        body["phone"] = PAYER_PHONE


_numbers = itertools.count(1)


def _log_in_as_the_customer(case: Any, n: int) -> None:
    """Every other valid login outside the stateful walk (where a login follows a registration)
    names the customer's email and password: drawn at random they are an account nobody
    registered, 401 `invalid_credentials` every time, and the login's success reached only by the
    document's example. The others keep what was generated, so the refusal is judged too."""
    if n % 2 == 0:
        case.body = {**case.body, "email": os.environ["UJUMBE_CONTRACT_EMAIL"],
                     "password": os.environ["UJUMBE_CONTRACT_PASSWORD"]}


_SESSION_ENDING = {"POST /v1/auth/change-password", "POST /v1/auth/logout-all"}


def _end_sessions_of_its_own(case: Any, n: int, *, with_password: bool) -> None:
    """Change-password and logout-all end the caller's other sessions, and with them the access
    token every other case uses, the customer's: a case of either that carries that token gets an
    account of its own, logged in, instead, and valid input to change-password that account's
    current password (one drawn at random is wrong, 401 `invalid_credentials`, and the change never
    reached; invalid input keeps what makes it invalid). A case whose credentials were generated to
    be wrong keeps them, to be refused."""
    base = case.operation.schema.get_base_url().rstrip("/")
    client = {"X-Forwarded-For": f"10.253.{(n >> 8) & 255}.{n & 255}"}
    account = {"email": f"change-{n}-{uuid.uuid4().hex[:8]}@example.com", "password": "s3cret-pass"}
    assert httpx.post(f"{base}/v1/auth/register", json=account, headers=client).status_code == 201
    login = httpx.post(f"{base}/v1/auth/login", json=account, headers=client)
    case.headers["Authorization"] = f"Bearer {login.json()['data']['access_token']}"
    if with_password and isinstance(case.body, dict) and "current_password" in case.body:
        case.body["current_password"] = account["password"]


_LINK_TOKENS = {"POST /v1/auth/reset-password": "reset_password", "POST /v1/auth/verify-email": "verify_email"}


def _use_an_emailed_token(case: Any, n: int) -> None:
    """Valid input to reset-password and verify-email is a token that was emailed: one drawn at
    random is unknown (400 `invalid_token`) but for one in 2^256, and the operation's success never
    reached. Each case gets an account of its own and a token for it, stored as the worker stores
    the one it emails (its SHA-256; the contract run has no worker to send emails)."""
    base = case.operation.schema.get_base_url().rstrip("/")
    account = {"email": f"token-{n}-{uuid.uuid4().hex[:8]}@example.com", "password": "s3cret-pass"}
    made = httpx.post(f"{base}/v1/auth/register", json=account, headers={"X-Forwarded-For": f"10.252.{(n >> 8) & 255}.{n & 255}"})
    assert made.status_code == 201, made.text
    token = secrets.token_urlsafe(32)
    with psycopg.connect(os.environ["UJUMBE_CONTRACT_DATABASE_URL"], autocommit=True) as conn:
        conn.execute("INSERT INTO account_tokens (account_id, id, purpose, token_hash, email, created_at, expires_at)"
                     " VALUES (%s, gen_random_uuid(), %s, %s, %s, now(), now() + interval '30 minutes')",
                     (made.json()["data"]["id"], _LINK_TOKENS[case.operation.label],
                      hashlib.sha256(token.encode()).hexdigest(), made.json()["data"]["email"]))
    case.body = {**(case.body if isinstance(case.body, dict) else {}), "token": token}


def _added(url: str, headers: dict[str, str]) -> Any:
    """A contact or extra number under a number no one holds yet (a generated PUT may have taken
    one of ours: then the next)."""
    for _ in range(5):
        added = httpx.post(url, json={"phone": f"+25571{next(_numbers):07d}"}, headers=headers)
        if added.status_code != 409:
            break
    assert added.status_code == 200, added.text
    return added.json()["data"]


@schemathesis.deserializer("text/csv", "text/plain")
def csv_text(context: Any, response: Any) -> str:
    """A CSV report, and the Prometheus metrics, are text: validated against their (string)
    schema like any other body."""
    return str(response.content.decode("utf-8"))


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    n = next(_requests)
    if case.headers is None:
        case.headers = {}
    if case.operation.label not in ("GET /metrics", "GET /health/detail"):
        case.headers["X-Forwarded-For"] = f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"
    key = case.headers.get("Idempotency-Key")
    if isinstance(key, str) and len(key) <= MAX_IDEMPOTENCY_KEY_LENGTH and _IDEMPOTENCY_KEY.fullmatch(key):
        unique = f"~{n}"
        case.headers["Idempotency-Key"] = key[:MAX_IDEMPOTENCY_KEY_LENGTH - len(unique)] + unique
    if case.operation.label == "POST /v1/auth/register" and isinstance(case.body, dict):
        email = case.body.get("email")
        if isinstance(email, str) and _EMAIL.fullmatch(email):
            local = email.lstrip()
            unique = f"{email[:len(email) - len(local)]}u{n}-{local}"  # after any leading whitespace
            if _EMAIL.fullmatch(unique) and len(unique) <= MAX_EMAIL_LENGTH:
                case.body["email"] = unique
    if (case.operation.label in _CONTACT_OPERATIONS and case.meta is not None
            and case.meta.phase.name != "stateful" and case.meta.generation.mode.is_positive):
        _use_a_real_contact(case, n)
    if (case.operation.label in _NUMBER_TAKING and case.meta is not None and case.meta.phase.name == "stateful"
            and isinstance(case.body, dict) and isinstance(case.body.get("phone"), str)):
        case.body["phone"] = f"+25571{next(_numbers):07d}"  # a link's number, unique as a real client's is
    if (case.operation.label in _VERIFYING and case.meta is not None and _carries_the_runs_credentials(case)
            and case.meta.phase.name != "stateful" and case.meta.generation.mode.is_positive):
        _verify_with_a_real_code(case, n, _VERIFYING[case.operation.label])
    if (case.operation.label == "POST /v1/auth/login" and case.meta is not None and case.meta.phase.name != "stateful"
            and case.meta.generation.mode.is_positive and isinstance(case.body, dict)):
        _log_in_as_the_customer(case, n)
    if (case.operation.label in _LINK_TOKENS and case.meta is not None and case.meta.generation.mode.is_positive
            and isinstance(case.body, dict)):
        _use_an_emailed_token(case, n)
    if (case.operation.label in _SESSION_ENDING and case.meta is not None
            and case.headers.get("Authorization") == _runs_bearer()):
        _end_sessions_of_its_own(case, n, with_password=case.meta.generation.mode.is_positive)
    if (case.operation.label in _ORDERING and case.meta is not None and case.meta.generation.mode.is_positive
            and isinstance(case.body, dict)):
        _order_what_is_on_sale(case)
    if (case.operation.label == f"GET {_GOOGLE}/callback" and isinstance(case.query, dict) and "state" in case.query
            and case.meta is not None and case.meta.generation.mode.is_positive):
        consent, cookies = _consent(os.environ["UJUMBE_CONTRACT_BASE_URL"])
        case.query["state"] = consent["state"]
        if "code" in case.query:
            case.query["code"] = consent["code"]
        case.cookies = {**(case.cookies or {}), **cookies}


# In the stateful phase a registration is followed by its links, so it stays; the oldest ones,
# left by earlier scenarios (a scenario takes at most 16 steps), are deleted past this many.
_STATEFUL_WEBHOOKS_KEPT = 15


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if case.operation.label == "POST /v1/webhooks" and response.status_code == 201 and case.meta is not None:
        _make_room_for_webhooks(case, response)
    if case.operation.label in (f"POST {_GOOGLE}/disconnect", f"DELETE {_GOOGLE}/disconnect") \
            and response.status_code == 200:
        base_url = _base_url(response.request.url)
        consent, cookies = _consent(base_url)
        back = httpx.get(f"{base_url}{_GOOGLE}/callback", params=consent, cookies=cookies)
        assert back.status_code == 200, back.text


def _make_room_for_webhooks(case: Any, response: Any) -> None:
    webhooks = response.request.url.rstrip("/")
    auth = {"Authorization": response.request.headers["Authorization"]}
    if case.meta.phase.name != "stateful":
        deleted = httpx.delete(f"{webhooks}/{response.json()['data']['id']}", headers=auth)
        assert deleted.status_code == 200, deleted.text
        return
    registered = httpx.get(webhooks, headers=auth).json()["data"]["webhooks"]  # oldest first
    for oldest in registered[:max(0, len(registered) - _STATEFUL_WEBHOOKS_KEPT)]:
        deleted = httpx.delete(f"{webhooks}/{oldest['id']}", headers=auth)
        assert deleted.status_code in (200, 404), deleted.text
