"""The server's log, end to end: `ujumbe serve` in its own process with UJUMBE_LOG_FORMAT=json,
its stderr captured, while a customer does what puts secrets on the wire.

A user registers, logs in, refreshes the session, verifies a phone with the code the gateway
simulator received, creates an API key and a webhook, and sends an SMS that is delivered and
reported to the webhook. Then every line of the log is one JSON object; each request has its
line (request_id as answered in X-Request-ID, route template, method, status, duration_ms, and
account_id once authenticated), job runs and the submit (message_id) have theirs; and no line
holds the password, a token, the API key, the code, the webhook secret or the SMS text, nor a
phone number in full: only masked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx

from running_app import serving
from tests_support import ujumbe
from webhook_receiver import WebhookReceiver

PASSWORD = "s3cret-pass-Zq9"
VERIFIED_PHONE = "+255712345678"
RECIPIENT = "+255754000111"
BODY = "Habari za leo, mzigo wako uko tayari"


def _masked(e164: str) -> str:
    return f"{e164[:8]}…{e164[-2:]}"


def _code_from(text: str) -> str:
    return next(word for word in re.split(r"\W+", text) if word.isdigit() and len(word) == 6)


def test_every_line_is_json_each_request_and_job_has_one_and_no_secret_or_full_number_is_logged(
        clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1", "UJUMBE_SIMULATOR_DLR_DELAY": "0.2",
           "UJUMBE_LOG_FORMAT": "json"}
    calls: list[tuple[httpx.Response, str, str | None]] = []  # response, route template, whose

    with serving(env, tmp_path) as base, httpx.Client(base_url=base, timeout=10) as api, \
            WebhookReceiver() as receiver:
        def call(method: str, path: str, route: str, *, whose: str | None = None, **kw: Any) -> httpx.Response:
            response = api.request(method, path, **kw)
            assert response.status_code < 400, response.text
            calls.append((response, route, whose))
            return response

        call("POST", "/v1/auth/register", "/v1/auth/register",
             json={"email": "duka@example.com", "password": PASSWORD})
        login = call("POST", "/v1/auth/login", "/v1/auth/login",
                     json={"email": "duka@example.com", "password": PASSWORD}).json()["data"]
        refreshed = call("POST", "/v1/auth/refresh", "/v1/auth/refresh",
                         json={"refresh_token": login["refresh_token"]}).json()["data"]
        jwt = {"Authorization": f"Bearer {refreshed['access_token']}"}
        account_id = api.get("/v1/auth/me", headers=jwt).json()["data"]["id"]

        call("POST", "/v1/auth/send-phone-otp", "/v1/auth/send-phone-otp", whose=account_id,
             json={"phone": "0712 345 678"}, headers=jwt)
        sms = json.loads(ujumbe("simulator", "messages", "--to", VERIFIED_PHONE, "--json", env=env).stdout)
        otp_text = sms[0]["text"]
        code = _code_from(otp_text)
        call("POST", "/v1/auth/verify-phone", "/v1/auth/verify-phone", whose=account_id,
             json={"phone": VERIFIED_PHONE, "otp": code}, headers=jwt)

        api_key = call("POST", "/v1/api-keys", "/v1/api-keys", whose=account_id,
                       json={"name": "backend"}, headers=jwt).json()["data"]["key"]
        webhook = call("POST", "/v1/webhooks", "/v1/webhooks", whose=account_id,
                       json={"url": receiver.url}, headers=jwt).json()["data"]
        assert ujumbe("credits", "grant", "duka@example.com", "10", env=env).returncode == 0
        sent = call("POST", "/v1/sms", "/v1/sms", whose=account_id,
                    json={"to": "0754 000 111", "message": BODY}, headers={"X-API-Key": api_key}).json()["data"]
        receiver.wait_for(lambda got: "message.delivered" in {r.json["type"] for r in got}, timeout=30)
        call("GET", f"/v1/webhooks/{webhook['id']}/deliveries", "/v1/webhooks/{webhook_id}/deliveries",
             whose=account_id, headers=jwt)

    raw = (tmp_path / "serve.log").read_text().splitlines()
    lines = [json.loads(line) for line in raw if line.strip()]
    assert all(isinstance(line, dict) for line in lines)

    requests = {line["request_id"]: line for line in lines if line["event"] == "request"}
    for response, route, whose in calls:
        line = requests[response.headers["x-request-id"]]
        assert (line["route"], line["method"], line["status"]) == (route, response.request.method,
                                                                   response.status_code)
        assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
        assert line["account_id"] == whose

    jobs = [line for line in lines if line["event"] == "job run"]
    delivered = [j for j in jobs if j["task"] == "deliver_webhook" and j["status"] == "succeeded"]
    assert delivered and all(isinstance(j["job_id"], int) and j["queue"] == "webhooks" and j["duration_ms"] >= 0
                             for j in delivered)
    [submitted] = [line for line in lines if line["event"] == "sms submitted"
                   and line.get("message_id") == sent["message_id"]]
    assert (submitted["to"], submitted["answer"], submitted["account_id"]) == (
        _masked(RECIPIENT), "accepted", account_id)

    # Searched in each line as written and as read (JSON may escape what it holds), leaving out
    # the timestamp, whose microseconds could be any six digits.
    texts = [(text, json.dumps({k: v for k, v in line.items() if k != "timestamp"}, ensure_ascii=False))
             for text, line in zip([r for r in raw if r.strip()], lines, strict=True)]
    secrets = {"password": PASSWORD, "access token": login["access_token"],
               "refreshed access token": refreshed["access_token"], "refresh token": login["refresh_token"],
               "new refresh token": refreshed["refresh_token"], "API key": api_key,
               "webhook secret": webhook["secret"], "SMS text": BODY, "code's SMS": otp_text}
    for name, secret in secrets.items():
        assert not [t for t in texts if secret in t[1]], f"the {name} is in the log"
    assert not [t for t in texts if re.search(rf"(?<![0-9A-Za-z]){code}(?![0-9A-Za-z])", t[1])], "the code is logged"
    for number in (VERIFIED_PHONE, RECIPIENT):
        assert not [t for t in texts if number[1:] in t[0] or number[4:] in t[0]], f"{number} is in the log"
        assert any(_masked(number) in t[1] for t in texts), f"{number} is not in the log, even masked"
