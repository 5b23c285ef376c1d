from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.webhooks import (
    EVENT_TYPES,
    GIVE_UP_AFTER,
    JITTER,
    MAX_URL_LENGTH,
    RETRY_DELAYS,
    STANDARD_SECRET_PREFIX,
    WebhookEventType,
    next_retry,
    retry_delay,
    sign,
    standard_webhooks_key,
    standard_webhooks_signature,
    validate_events,
    validate_url,
    verify,
    webhook_secret,
)

NOW = 1_750_000_000
secrets_ = st.text(min_size=1, max_size=40)
bodies = st.binary(max_size=300)
keys = st.binary(min_size=16, max_size=48)


def test_known_vector() -> None:
    body = b'{"id":"evt_1","type":"message.delivered"}'
    expected = hmac.new(b"whsec_abc", b"1700000000." + body, hashlib.sha256).hexdigest()
    assert sign("whsec_abc", 1700000000, body) == f"t=1700000000,v1={expected}"


def test_event_types() -> None:
    assert EVENT_TYPES == {
        "message.sent", "message.delivered", "message.failed", "payment.confirmed",
        "payment.failed", "campaign.completed", "campaign.failed",
    }  # fmt: skip
    assert WebhookEventType("message.delivered") is WebhookEventType.MESSAGE_DELIVERED


@settings(max_examples=100)
@given(secrets_, bodies, st.integers(0, 300))
def test_a_fresh_signature_verifies(secret: str, body: bytes, age: int) -> None:
    header = sign(secret, NOW - age, body)
    assert verify(secret, header, body, now=NOW)
    assert verify(secret, header, body, now=NOW - 2 * age)  # clock skew the other way


@settings(max_examples=100)
@given(secrets_, bodies, st.integers(301, 10**6))
def test_a_stale_signature_is_refused(secret: str, body: bytes, age: int) -> None:
    assert not verify(secret, sign(secret, NOW - age, body), body, now=NOW)
    assert verify(secret, sign(secret, NOW - age, body), body, now=NOW, tolerance=age)


@settings(max_examples=100)
@given(secrets_, secrets_, bodies, bodies)
def test_another_secret_or_body_is_refused(s1: str, s2: str, b1: bytes, b2: bytes) -> None:
    header = sign(s1, NOW, b1)
    assert verify(s2, header, b2, now=NOW) == (s1 == s2 and b1 == b2)


def test_a_moved_timestamp_is_refused() -> None:
    header = sign("s", NOW, b"{}").replace(f"t={NOW}", f"t={NOW + 1}")
    assert not verify("s", header, b"{}", now=NOW)


@pytest.mark.parametrize(
    "header",
    ["", "garbage", "t=abc,v1=00", f"v1={'0' * 64}", f"t={NOW}", f"t={NOW},v1=", "t=,v1=x"],
)
def test_malformed_headers_are_refused(header: str) -> None:
    assert not verify("s", header, b"{}", now=NOW)


def test_any_of_several_signatures_may_match() -> None:
    good = sign("new", NOW, b"{}")
    old = sign("old", NOW, b"{}").split(",")[1]
    assert verify("new", f"{good},{old}", b"{}", now=NOW)
    assert verify("old", f"{good},{old}", b"{}", now=NOW)


def test_standard_webhooks_known_vector() -> None:
    # The example in the Standard Webhooks specification.
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    body = b'{"test": 2432232314}'
    assert (
        standard_webhooks_signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)
        == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    )


@settings(max_examples=100)
@given(
    keys,
    st.text(min_size=1, max_size=30).filter(lambda s: "." not in s),
    st.integers(0, 2**32),
    st.text(max_size=200),
)
def test_standard_webhooks_matches_the_reference_library(
    key: bytes, msg_id: str, timestamp: int, payload: str
) -> None:
    standardwebhooks = pytest.importorskip("standardwebhooks")
    secret = "whsec_" + base64.b64encode(key).decode()
    assert standard_webhooks_key(secret) == key
    expected = standardwebhooks.Webhook(secret).sign(
        msg_id, datetime.fromtimestamp(timestamp, tz=UTC), payload
    )
    assert standard_webhooks_signature(secret, msg_id, timestamp, payload.encode()) == expected


def test_the_reference_library_verifies_our_headers() -> None:
    standardwebhooks = pytest.importorskip("standardwebhooks")
    import time

    secret = "whsec_" + base64.b64encode(b"k" * 24).decode()
    body = b'{"id":"evt_1","type":"message.sent","data":{}}'
    now = int(time.time())  # the library checks freshness against the real clock
    headers = {
        "webhook-id": "evt_1",
        "webhook-timestamp": str(now),
        "webhook-signature": standard_webhooks_signature(secret, "evt_1", now, body),
    }
    assert standardwebhooks.Webhook(secret).verify(body, headers)["id"] == "evt_1"


# Retry schedule ------------------------------------------------------------------------------

jitters = st.floats(min_value=0.0, max_value=1.0, exclude_max=True)


@given(st.integers(min_value=1, max_value=50))
def test_retry_delays_never_shrink_before_jitter(attempts: int) -> None:
    assert retry_delay(attempts, 0.5) <= retry_delay(attempts + 1, 0.5)
    assert retry_delay(attempts, 0.5) > timedelta(0)


@given(st.integers(min_value=1, max_value=50), jitters)
def test_jitter_stays_within_its_bounds(attempts: int, jitter: float) -> None:
    base = retry_delay(attempts, 0.5)
    delay = retry_delay(attempts, jitter)
    assert base * (1 - JITTER) <= delay <= base * (1 + JITTER)


@given(st.lists(jitters, min_size=60, max_size=60))
def test_retries_cover_at_least_a_day_and_then_stop(draws: list[float]) -> None:
    # Attempt after attempt fails, whatever the jitter: the last one comes a day or more after the
    # event, and the schedule does give up (no retry after GIVE_UP_AFTER).
    elapsed, attempts = timedelta(0), 0
    while True:
        attempts += 1
        wait = next_retry(attempts, elapsed, lambda: draws[attempts - 1])
        if wait is None:
            break
        elapsed += wait
    assert elapsed >= GIVE_UP_AFTER >= timedelta(hours=24)
    assert elapsed < GIVE_UP_AFTER + RETRY_DELAYS[-1] * (1 + JITTER)
    assert attempts <= 10


def test_the_schedule_at_its_nominal_figures() -> None:
    assert [retry_delay(n, 0.5).total_seconds() for n in range(1, 8)] == [
        5, 300, 1800, 7200, 18000, 36000, 36000]
    assert next_retry(3, timedelta(hours=23, minutes=59), lambda: 0.5) == timedelta(minutes=30)
    assert next_retry(3, timedelta(hours=24), lambda: 0.5) is None


hosts = st.from_regex(r"[a-z0-9]{1,20}(\.[a-z]{2,6}){1,2}", fullmatch=True)
paths = st.from_regex(r"(/[A-Za-z0-9._~-]{0,20}){0,4}", fullmatch=True)


@given(st.sampled_from(["http", "https"]), hosts, paths, st.sampled_from(["", " ", "\n"]))
def test_an_absolute_http_url_is_taken_trimmed(scheme: str, host: str, path: str, pad: str) -> None:
    url = f"{scheme}://{host}{path}"
    assert validate_url(pad + url + pad) == url


@given(st.text(max_size=60) | st.builds(lambda h: f"ftp://{h}/", hosts) | st.builds(lambda h: f"//{h}/", hosts)
       | st.builds(lambda h, p: f"https://{h}/{p}", hosts, st.sampled_from(["a b", "a\tb"]))
       | st.builds(lambda h: f"https://{h}/" + "a" * MAX_URL_LENGTH, hosts))
def test_anything_else_is_refused_on_the_url_field(url: str) -> None:
    try:
        taken = validate_url(url)
    except ValidationError as refused:
        assert refused.field == "url"
        return
    # Only an absolute http(s) URL with a host, no inner whitespace and within the length passes.
    assert taken.startswith(("http://", "https://")) and len(taken) <= MAX_URL_LENGTH
    assert not any(c.isspace() for c in taken)


@given(st.none() | st.lists(st.sampled_from(sorted(EVENT_TYPES)), max_size=10))
def test_an_endpoint_takes_the_named_event_types_once_each_or_all_when_none_are_named(
        events: list[str] | None) -> None:
    if events == []:
        with pytest.raises(ValidationError) as refused:
            validate_events(events)
        assert refused.value.field == "events"
        return
    taken = validate_events(events)
    assert list(taken) == sorted(EVENT_TYPES if events is None else set(events))


@given(st.lists(st.sampled_from(sorted(EVENT_TYPES)), max_size=5), st.text(min_size=1, max_size=20))
def test_an_unknown_event_type_is_refused_and_named(events: list[str], unknown: str) -> None:
    if unknown in EVENT_TYPES:
        return
    with pytest.raises(ValidationError, match="unknown: ") as refused:
        validate_events([*events, unknown])
    assert refused.value.field == "events"


@given(st.binary(min_size=32, max_size=32))
def test_a_secret_is_in_standard_webhooks_form_and_keys_the_signature_with_its_bytes(key: bytes) -> None:
    secret = webhook_secret(key)
    assert secret.startswith(STANDARD_SECRET_PREFIX)
    assert standard_webhooks_key(secret) == key
