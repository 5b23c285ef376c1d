"""The log formatter: what it keeps out of every line, its two formats, and the request line and
tracebacks of the app in this process. (`tests/cli/test_e2e_logs.py` reads a real server's log.)"""

from __future__ import annotations

import io
import json
import logging
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from litestar import post
from litestar.params import FromPath, JSONBody
from litestar.testing import AsyncTestClient

from adapters.gateways.retrying import retrying
from application.ports import OutboundSms
from domain.submits import Answer, SubmitResult
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.logs import EVERY_MARK, REDACTED, Redact, configure_logging, mask_phone_numbers, resolve_format
from entrypoints.settings import Settings

national = st.from_regex(r"[67][0-9]{8}", fullmatch=True)
written_as = st.sampled_from(["+255", "%2B255", "255", "0"])  # %2B: a + in a URL
around = st.text(alphabet=" ,;:=()[]{}'\"/\n", max_size=3)
words = st.text(alphabet="abcXYZ +-", max_size=12)


@given(national=national, prefix=written_as, before=words, left=around, right=around, after=words)
def test_any_tanzanian_number_in_any_text_is_masked_to_its_prefix_four_digits_and_last_two(
        national: str, prefix: str, before: str, left: str, right: str, after: str) -> None:
    number = prefix + national
    text = f"{before}{left or ' '}{number}{right or ' '}{after}"

    masked = mask_phone_numbers(text)

    assert f"{prefix}{national[:4]}…{national[-2:]}" in masked
    assert national not in masked
    assert Redact(pii=True).text(text) == text  # UJUMBE_LOG_PII=1


def test_ids_that_merely_hold_digits_are_left_alone() -> None:
    text = "request 5f0712345678ab, order a255712345678, amount 2557123456789"
    assert mask_phone_numbers(text) == text


@given(st.uuids())
def test_a_uuid_is_never_masked_whatever_digits_it_holds(value: uuid.UUID) -> None:
    text = str(value)
    assert Redact().text(text) == text
    assert mask_phone_numbers(text) == text  # what the shortcut in `Redact.text` skips agrees


def redact(**fields: Any) -> dict[str, Any]:
    return Redact()(None, "info", {"event": "something happened", **fields})


def test_fields_named_as_secrets_or_bodies_are_dropped_at_any_depth() -> None:
    redacted = redact(password="pw", new_password="pw2", access_token="a", refresh_token="r", api_key="k",
                      secret="s", otp="123456", authorization="Bearer x", text="Habari", body=b"{}",
                      request={"headers": {"X-API-Key": "k", "accept": "json"}, "content": "hi"},
                      events=[{"webhook_secret": "s"}], status="sent", code="invalid_otp")

    assert redacted == {
        "event": "something happened", "password": REDACTED, "new_password": REDACTED, "access_token": REDACTED,
        "refresh_token": REDACTED, "api_key": REDACTED, "secret": REDACTED, "otp": REDACTED,
        "authorization": REDACTED, "text": REDACTED, "body": REDACTED,
        "request": {"headers": {"X-API-Key": REDACTED, "accept": "json"}, "content": REDACTED},
        "events": [{"webhook_secret": REDACTED}], "status": "sent", "code": "invalid_otp",
    }


def test_tokens_keys_webhook_secrets_and_url_passwords_are_cut_out_of_any_text() -> None:
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl"
    event = (f"Bearer {jwt} used key uj_live_3xAmPlEkEy0123456789 for whsec_c2VjcmV0LXNlY3JldA== "
             "on smpp://duka:pa55word@smsc.example:2775 and postgresql://ujumbe:hunter2@db/ujumbe")

    redacted = Redact()(None, "info", {"event": event, "detail": [event]})

    for secret in (jwt, "uj_live_3xAmPlEkEy0123456789", "whsec_c2VjcmV0", "pa55word", "hunter2"):
        assert secret not in redacted["event"] and secret not in redacted["detail"][0]
    assert "smpp://duka:[redacted]@smsc.example:2775" in redacted["event"]


LogTo = Callable[..., io.StringIO]


@pytest.fixture()
def log_to() -> Iterator[LogTo]:
    """`log_to(UJUMBE_LOG_FORMAT="json", ...)`: this process's log lines, configured from those
    variables, into a buffer; stderr again after the test."""
    def configure(**env: str) -> io.StringIO:
        stream = io.StringIO()
        configure_logging(Settings.from_env(env), stream=stream)
        return stream
    yield configure
    configure_logging(Settings())


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_library_records_go_through_the_same_formatter_and_redaction(log_to: LogTo) -> None:
    captured = log_to(UJUMBE_LOG_FORMAT="json")
    logging.getLogger("uvicorn.error").warning("client %s sent %s", "+255712345678", "uj_live_abc123")
    call_string = "receive_inbound_sms[7](from_number='+255712345678', text='PIN 4321')"
    logging.getLogger("procrastinate.worker").error(
        f"Job {call_string} ended with status: Error",
        extra={"job": {"id": 7, "task_name": "receive_inbound_sms", "queue": "messages",
                       "task_kwargs": {"text": "PIN 4321"}, "call_string": call_string}})

    uvicorn_line, job_line = lines(captured)
    assert (uvicorn_line["logger"], uvicorn_line["level"], uvicorn_line["event"]) == (
        "uvicorn.error", "warning", f"client +2557123…78 sent {REDACTED}")
    assert job_line["event"] == "Job receive_inbound_sms[7] ended with status: Error"
    assert job_line["job"] == {"id": 7, "task_name": "receive_inbound_sms", "queue": "messages",
                               "task_kwargs": REDACTED, "call_string": REDACTED}
    assert "PIN 4321" not in captured.getvalue()


def test_jobs_deferred_together_lose_their_arguments_too(log_to: LogTo) -> None:
    captured = log_to(UJUMBE_LOG_FORMAT="json", UJUMBE_LOG_LEVEL="INFO")
    call_string = "receive_inbound_sms[8](from_number='+255712345678', text='PIN 4321')"
    logging.getLogger("procrastinate.jobs").info("Deferred 1 job", extra={"jobs": [
        {"id": 8, "task_name": "receive_inbound_sms", "task_kwargs": {"text": "PIN 4321"}, "call_string": call_string}]})

    [line] = lines(captured)
    assert line["jobs"] == [{"id": 8, "task_name": "receive_inbound_sms", "task_kwargs": REDACTED,
                             "call_string": REDACTED}]
    assert "PIN 4321" not in captured.getvalue() and "+255712345678" not in captured.getvalue()


def test_a_database_error_quoting_a_row_or_key_keeps_its_values_out() -> None:
    error = ('new row for relation "messages" violates check constraint "messages_body"\n'
             "DETAIL:  Failing row contains (42, +255712345678, Your code is\n482913 - do not share).")
    duplicate = 'duplicate key value violates unique constraint\nDETAIL:  Key (account_id, body)=(7, Habari\nyako).'

    redacted = Redact()(None, "error", {"event": error, "detail": duplicate})

    assert "482913" not in redacted["event"] and "violates check constraint" in redacted["event"]
    assert "Habari" not in redacted["detail"] and "yako" not in redacted["detail"]
    assert "duplicate key value" in redacted["detail"]


def test_a_job_named_in_any_line_of_the_job_queue_loses_its_arguments(log_to: LogTo) -> None:
    captured = log_to(UJUMBE_LOG_FORMAT="json", UJUMBE_LOG_LEVEL="INFO")
    call_string = "receive_inbound_sms[7](from_number='+255712345678', text='PIN (4321)\nsiri')"
    logging.getLogger("procrastinate.worker").info(f"Waiting for job to finish: worker: {call_string} (started 1 s ago)")

    [line] = lines(captured)
    assert line["event"] == "Waiting for job to finish: worker: receive_inbound_sms[7]"


def test_numbers_written_with_spaces_or_dashes_and_numbers_abroad_are_masked_too() -> None:
    text = "to 0712 345 678, +255 712-345-678, 255712 345678 and +254712345678"
    assert mask_phone_numbers(text) == "to 07123…78, +2557123…78, 2557123…78 and +25471…78"


def test_secrets_in_a_url_query_are_cut_out() -> None:
    url = ("POST https://shop.example/hooks?token=abc123&id=5 then /callback?code=xyz&state=s1&sig=q"
           " and /s3?X-Amz-Signature=f00&client_secret=c1&apikey=k2&page=2")
    assert Redact().text(url) == (f"POST https://shop.example/hooks?token={REDACTED}&id=5 then "
                                  f"/callback?code={REDACTED}&state=s1&sig={REDACTED}"
                                  f" and /s3?X-Amz-Signature={REDACTED}&client_secret={REDACTED}"
                                  f"&apikey={REDACTED}&page=2")


secretish = st.sampled_from(["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln", "uj_live_3xAmPlE0123", "whsec_c2VjcmV0",
                             "smpp://duka:pa55@smsc:2775", "?Auth-Token=zz9", "&x.client_secret=q",
                             "Failing row contains (1, siri)", "KEY (body)=(siri)", "task[12](text='siri')",
                             "0712 345 678", "%2b255712345678", "+44 7911123456", "+447911123456",
                             # one mark inside another's: a number or a token in a query's name
                             "&0712345678=x", "?eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln=1",
                             "&uj_live_3xAmPlE0123=1", "?a://b:pw@c=1"])


@given(before=st.text(max_size=20), secret=secretish, after=st.text(max_size=20))
def test_the_quick_scan_never_lets_through_a_text_a_pattern_would_change(before: str, secret: str,
                                                                        after: str) -> None:
    """Redact runs a text only through the patterns whose mark its one quick scan finds: every
    pattern must need the mark it is filed under."""
    text = before + secret + after
    slow = Redact()  # the same patterns, every one of them run on every text
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr("entrypoints.logs._marks", lambda text: EVERY_MARK)  # every pattern runs
        expected = slow.text(text)
    assert Redact().text(text) == expected


def test_with_log_pii_numbers_are_logged_in_full(log_to: LogTo) -> None:
    stream = log_to(UJUMBE_LOG_FORMAT="json", UJUMBE_LOG_PII="1")
    logging.getLogger("ujumbe.test").info("sms to %s", "+255712345678", extra={"password": "pw"})
    [line] = lines(stream)
    assert (line["event"], line["password"]) == ("sms to +255712345678", REDACTED)


def test_console_format_is_one_readable_line_with_its_fields_and_the_same_redaction(log_to: LogTo) -> None:
    stream = log_to(UJUMBE_LOG_FORMAT="console")
    logging.getLogger("ujumbe.gateway").info("sms submitted", extra={"to": "+255712345678", "text": "Habari"})
    [line] = stream.getvalue().splitlines()
    assert "[info" in line and "sms submitted" in line and "[ujumbe.gateway]" in line
    assert f"text={REDACTED}" in line and "to=+2557123…78" in line
    assert "Habari" not in line and "\x1b[" not in line  # no colours off a terminal
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_format_is_console_on_a_terminal_json_elsewhere_unless_set() -> None:
    assert resolve_format(None, Terminal()) == "console"
    assert resolve_format(None, io.StringIO()) == "json"
    assert resolve_format("json", Terminal()) == "json"
    assert Settings.from_env({"UJUMBE_LOG_FORMAT": " JSON "}).log_format == "json"
    assert Settings.from_env({}).log_format is None and Settings.from_env({}).log_pii is False
    with pytest.raises(ValueError, match="UJUMBE_LOG_FORMAT"):
        Settings.from_env({"UJUMBE_LOG_FORMAT": "xml"})


async def test_a_failing_request_logs_its_traceback_without_its_body_and_its_line_says_500(
        container: Container, log_to: LogTo) -> None:
    @post("/boom/{order_id:str}", sync_to_thread=False)
    def boom(order_id: FromPath[str], data: JSONBody[dict[str, str]]) -> None:
        password = data["password"]  # a local holding the body's secret when it fails
        raise RuntimeError(f"could not handle order {order_id} ({len(password)})")

    app = create_app(container, extra_route_handlers=[boom])
    stream = log_to(UJUMBE_LOG_FORMAT="json")  # after create_app, which sets up stderr
    async with AsyncTestClient(app=app) as client:
        response = await client.post("/boom/o-1", json={"password": "hunter2-in-the-body", "phone": "0712345678"})

    assert response.status_code == 500
    error, request = lines(stream)
    assert error["level"] == "error" and "RuntimeError: could not handle order o-1" in error["exception"]
    assert error["request_id"] == request["request_id"] == response.headers["x-request-id"]
    assert (request["event"], request["route"], request["method"], request["status"]) == (
        "request", "/boom/{order_id}", "POST", 500)
    assert "hunter2-in-the-body" not in stream.getvalue() and "0712345678" not in stream.getvalue()


class _Carrier:
    """A batch gateway that refuses one number and takes the rest."""

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return (await self.submit_many([sms]))[0]

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        return [SubmitResult(Answer.REJECTED, reason="ESME_RINVDSTADR") if sms.to.endswith("99")
                else SubmitResult.accepted(f"ref-{sms.message_id}") for sms in batch]


async def test_a_batch_is_one_line_naming_every_message_and_each_one_not_accepted(log_to: LogTo) -> None:
    captured = log_to(UJUMBE_LOG_FORMAT="json")
    batch = [OutboundSms(message_id=f"m-{n}", account_id="a-1", to=f"+2557123456{n:02d}", sender="DUKA",
                         text="Siri ya leo") for n in (1, 2, 99)]

    await retrying(_Carrier()).submit_many(batch)

    [line] = lines(captured)
    assert line["event"] == "sms batch submitted" and line["count"] == 3
    assert line["answers"] == {"accepted": 2, "rejected": 1}
    assert line["message_ids"] == ["m-1", "m-2", "m-99"]
    assert line["not_accepted"] == [{"message_id": "m-99", "to": "+2557123…99", "answer": "rejected",
                                     "reason": "ESME_RINVDSTADR"}]
    assert "Siri ya leo" not in captured.getvalue()


class _SinglesCarrier:
    """A gateway that takes no batches (SMPP's shape), refusing one number."""

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return (await _Carrier().submit_many([sms]))[0]


async def test_a_batch_through_a_gateway_without_batches_is_one_line_too(log_to: LogTo) -> None:
    captured = log_to(UJUMBE_LOG_FORMAT="json")
    batch = [OutboundSms(message_id=f"m-{n}", account_id="a-1", to=f"+2557123456{n:02d}", sender="DUKA",
                         text="Siri ya leo") for n in (1, 2, 99)]

    await retrying(_SinglesCarrier()).submit_many(batch)

    [line] = lines(captured)  # not one "sms submitted" per SMS: a bulk over SMPP is 1000 of them
    assert line["event"] == "sms batch submitted" and line["message_ids"] == ["m-1", "m-2", "m-99"]
    assert line["answers"] == {"accepted": 2, "rejected": 1}
