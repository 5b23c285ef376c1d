"""Buying credits end to end over real HTTP between processes, as the README walks a new user
through it: `ujumbe serve` in its own process (API, in-process job worker, the gateway and
mobile-money simulators), a webhook receiver in this one, the operator CLI as a third.

A user registers, verifies their phone with the code the simulator received, buys a package and
a voucher; the simulator approves both prompts; the credits land once each (two `purchase`
entries), a `payment` notification and a signed `payment.confirmed` webhook come for each.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from standardwebhooks import Webhook

from running_app import serving
from tests_support import ujumbe, wait_until
from webhook_receiver import WebhookReceiver

PHONE = "+255712345678"


@pytest.fixture()
def server(clean_database: str, tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path),
           "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1", "UJUMBE_SIMULATOR_DLR_DELAY": "0.2",
           "UJUMBE_SIMULATOR_PAYMENT_DELAY": "0.5"}
    with serving(env, tmp_path) as base:
        yield base, env


def cli_json(*args: str, env: dict[str, str]) -> Any:
    done = ujumbe(*args, "--json", env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_new_user_verifies_a_phone_and_buys_a_package_and_a_voucher(server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    with httpx.Client(base_url=base, timeout=10) as api, WebhookReceiver() as receiver:
        assert api.post("/v1/auth/register", json={"email": "duka@example.com", "password": "s3cret-pass"}
                        ).status_code == 201
        token = api.post("/v1/auth/login", json={"email": "duka@example.com", "password": "s3cret-pass"}
                         ).json()["data"]["access_token"]
        jwt = {"Authorization": f"Bearer {token}"}
        secret = api.post("/v1/webhooks", json={"url": receiver.url}, headers=jwt).json()["data"]["secret"]

        # the phone, verified with the code the gateway simulator received
        assert api.post("/v1/auth/send-phone-otp", json={"phone": "0712 345 678"}, headers=jwt).status_code == 200
        text = cli_json("simulator", "messages", "--to", PHONE, env=env)[0]["text"]
        code = next(word for word in text.replace(".", " ").split() if word.isdigit() and len(word) == 6)
        verified = api.post("/v1/auth/verify-phone", json={"phone": PHONE, "otp": code}, headers=jwt)
        assert verified.status_code == 200 and verified.json()["data"]["phone_verified"] is True, verified.text

        starter = api.get("/v1/packages").json()["data"][0]
        package = api.post("/v1/payments/", json={"package_id": starter["id"], "provider": "mobilemoney",
                                                  "phone": "0712345678"}, headers=jwt)
        assert package.status_code == 201, package.text
        assert package.json()["data"]["status"] == "pending"
        assert (package.json()["data"]["amount"], package.json()["data"]["credit_amount"]) == (
            starter["price_tzs"], starter["credits"])
        voucher = api.post("/v1/vouchers/", json={"amount": 5_000, "provider": "mobilemoney", "phone": PHONE},
                           headers=jwt)
        assert voucher.status_code == 201, voucher.text
        orders = {package.json()["data"]["id"], voucher.json()["data"]["id"]}
        bought = starter["credits"] + voucher.json()["data"]["credit_amount"]

        # the simulator approves both prompts; the worker confirms them
        prompts = cli_json("simulator", "payments", "--phone", PHONE, env=env)
        assert len(prompts) == 2
        wait_until(lambda: all(api.get(f"/v1/payments/{order}", headers=jwt).json()["data"]["status"] == "confirmed"
                               for order in orders))
        assert api.get("/v1/credits/balance", headers=jwt).json()["data"]["balance"] == bought
        history = api.get("/v1/credits/history", headers=jwt).json()["data"]
        purchases = [e for e in history["transactions"] if e["type"] == "purchase"]
        assert sorted(e["amount"] for e in purchases) == sorted(
            [starter["credits"], voucher.json()["data"]["credit_amount"]])
        notifications = api.get("/v1/notifications", headers=jwt).json()["data"]["notifications"]
        assert len([n for n in notifications if n["type"] == "payment"]) == 2

        got = receiver.wait_for(lambda got: len([r for r in got if r.json["type"] == "payment.confirmed"]) == 2,
                                timeout=30)
        confirmed = [r for r in got if r.json["type"] == "payment.confirmed"]
        assert {r.json["data"]["order_id"] for r in confirmed} == orders
        for received in confirmed:
            Webhook(secret).verify(received.body, received.headers)

        # the operator sees the same orders, confirmed
        listed = cli_json("payments", "list", "--status", "confirmed", env=env)
        assert {o["id"] for o in listed} == orders
