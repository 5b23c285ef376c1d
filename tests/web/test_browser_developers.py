"""The developers', notifications', sender IDs' and profile pages in a real browser, at a phone's
size, against a real `ujumbe serve` (its job worker delivering webhooks): a person makes an API
key, copies it, and a program calls the API with it, until the key is revoked; registers a webhook
and sees its secret once; sends it a test event and watches its delivery arrive; reads a
notification; sees their sender ID and the replies; and picks Swahili on the profile, which their account
remembers when they log in again from a browser that asks for English. Every page passes axe-core
and logs no console error.

    pytest -m browser tests/web/test_browser_developers.py
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_support import Visit
from tests_support import ujumbe
from webhook_receiver import WebhookReceiver

pytestmark = pytest.mark.browser

EMAIL, PASSWORD = "dev@example.com", "s3cret-pass"


def log_in(visit: Visit) -> None:
    page = visit.page
    page.goto("/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.locator("main").get_by_role("button").click()
    page.wait_for_url("**/")


def test_keys_webhooks_notifications_sender_ids_and_the_remembered_language(
        server: tuple[str, dict[str, str]], browser: Any, shots: Path) -> None:
    base_url, env = server
    for args in (("accounts", "create", "--email", EMAIL, "--password", PASSWORD, "--business-name", "Duka"),
                 ("senders", "add", EMAIL, "DUKA"), ("announce", "Karibu ujumbe", "--title", "Welcome")):
        done = ujumbe(*args, env=env)
        assert done.returncode == 0, done.stderr
    started = time.monotonic()
    visit = Visit(browser, base_url, shots, locale="en-US")
    visit.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = visit.page
    try:
        log_in(visit)
        page.goto("/developers")
        assert page.locator("html").get_attribute("lang") == "en"
        visit.check("dev-1-developers")

        page.locator("#key-name").fill("Duka POS")
        page.get_by_role("button", name="Create a key").click()
        page.get_by_role("heading", name="Your new API key").wait_for()
        key = page.locator("#new-key").input_value()
        page.get_by_role("button", name="Copy").click()
        page.get_by_text("Copied").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == key
        visit.check("dev-2-new-key")
        api = httpx.get(f"{base_url}/v1/sender-ids", headers={"X-API-Key": key}, timeout=10)
        assert api.status_code == 200 and api.json()["data"]["sender_ids"][0]["sender_id"] == "DUKA"

        page.goto("/developers")
        assert page.locator("#new-key").count() == 0  # shown once
        page.get_by_text("Revoke…").click()
        page.get_by_role("button", name="Revoke the key").click()
        page.get_by_text("The key was revoked").wait_for()
        assert httpx.get(f"{base_url}/v1/sender-ids", headers={"X-API-Key": key}, timeout=10).status_code == 401

        with WebhookReceiver() as receiver:
            page.locator("#url").fill(receiver.url)
            page.get_by_label("message.delivered").check()
            page.get_by_role("button", name="Register the webhook").click()
            page.get_by_role("heading", name="Your webhook's signing secret").wait_for()
            assert page.locator("#new-secret").input_value().startswith("whsec_")
            visit.check("dev-3-webhook-secret")
            page.goto("/developers")
            assert page.locator("#new-secret").count() == 0  # shown once
            page.get_by_role("link", name="Deliveries and a test event").click()
            page.get_by_role("button", name="Send a test event").click()
            page.get_by_text("HTTP 200").wait_for(timeout=20_000)  # the worker delivered; htmx asked again
            assert [got.json["type"] for got in receiver.snapshot()] == ["webhook.test"]
            visit.check("dev-4-webhook-deliveries")

        page.goto("/notifications")
        page.get_by_role("heading", name="New Welcome").wait_for()
        visit.check("dev-5-notifications")
        page.get_by_role("button", name="Mark as read").click()
        page.get_by_text("0 unread").wait_for()

        page.goto("/sender-ids")
        assert page.locator(".sender").inner_text() == "DUKA"
        visit.check("dev-6-sender-ids")

        page.goto("/messages/replies")
        page.get_by_role("heading", name="Replies").wait_for()
        visit.check("dev-7-replies")

        page.goto("/profile")
        visit.check("dev-7-profile")
        page.locator("main").get_by_role("button", name="Kiswahili").click()
        page.get_by_role("heading", name="Wasifu").wait_for()
        assert page.locator("html").get_attribute("lang") == "sw"
        assert visit.errors == []
    finally:
        visit.close()

    # Another browser, asking for English: once logged in, the account's Swahili.
    again = Visit(browser, base_url, shots, locale="en-US")
    try:
        again.page.goto("/login")
        assert again.page.locator("html").get_attribute("lang") == "en"
        log_in(again)
        again.page.goto("/profile")
        assert again.page.locator("html").get_attribute("lang") == "sw"
        again.check("dev-8-profile-sw")
    finally:
        again.close()
    print(f"\nthe browser's walk took {time.monotonic() - started:.1f} s")
