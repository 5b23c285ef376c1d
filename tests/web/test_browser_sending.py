"""Sending in a real browser, at a phone's size (390 × 844), against a real `ujumbe serve` (its
gateway simulator and job worker): in Swahili and again in English, a signed-in person types a
message and sees its length, encoding, parts and credits change as they type (htmx and the API's
quote), takes the plainer characters offered, sends it to one number, sees the result, and
watches it in the message log until the delivery report makes it final; the home page then counts
it. Every page passes axe-core and logs no console error. A sent form reloaded, or come back to
with the back button and sent again unchanged, sends nothing more; changed, it is a new send.

    pytest -m browser tests/web/test_browser_sending.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_support import Visit, log_in
from tests_support import ujumbe

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"
DELIVERY = 20_000  # ms: the simulator reports after 2 s, and the log asks every 3 s

WORDS = {
    "sw": {"log_in": "Ingia", "send": "Tuma ujumbe", "plain": "Tumia herufi za kawaida", "sent": "Ujumbe umetumwa",
           "follow": "Ufuatilie kwenye kumbukumbu ya jumbe", "delivered": "Imefika", "sending": "SMS zako"},
    "en": {"log_in": "Log in", "send": "Send message", "plain": "Use plain characters", "sent": "Message sent",
           "follow": "Follow it in the message log", "delivered": "Delivered", "sending": "Your SMS"},
}


def figures(page: Any) -> dict[str, str]:
    return {name: page.locator(f"#quote-{name}").inner_text()
            for name in ("characters", "encoding", "parts", "credits")}


@pytest.mark.parametrize("language", ["sw", "en"])
def test_type_see_the_price_send_and_watch_it_delivered(server: tuple[str, dict[str, str]], browser: Any,
                                                        shots: Path, language: str) -> None:
    base_url, env = server
    words, email = WORDS[language], f"tuma-{language}@example.com"
    for command in (("accounts", "create", "--email", email, "--password", PASSWORD, "--business-name", "Duka"),
                    ("credits", "grant", email, "50")):
        done = ujumbe(*command, env=env)
        assert done.returncode == 0, done.stderr
    visit = Visit(browser, base_url, shots, locale="sw-TZ" if language == "sw" else "en-GB")
    page = visit.page
    try:
        log_in(page, email, PASSWORD, button=words["log_in"], then="/send")
        assert page.locator("html").get_attribute("lang") == language
        visit.check(f"{language}-send-1-form")

        page.locator("#to").fill("0712 345 678")
        message = page.locator("#message")
        message.press_sequentially("Habari")
        page.locator("#quote-characters").filter(has_text="6").wait_for()
        assert figures(page) == {"characters": "6", "encoding": "GSM-7", "parts": "1", "credits": "1"}
        # a curly quote makes it UCS-2, and the quote offers plain characters instead
        message.press_sequentially(" \u201cwateja\u201d, ofa ya leo ni kubwa sana kwa kila mmoja wenu leo hii" * 2)
        page.locator("#quote-encoding").filter(has_text="UCS-2").wait_for()
        assert figures(page)["parts"] == "2"
        visit.check(f"{language}-send-2-quoted")
        page.get_by_role("button", name=words["plain"]).click()
        page.locator("#quote-encoding").filter(has_text="GSM-7").wait_for()
        assert "\u201c" not in message.input_value() and figures(page)["parts"] == "1"

        page.locator("main").get_by_role("button", name=words["send"]).click()
        page.get_by_role("heading", name=words["sent"]).wait_for()
        message_id = page.locator("#result-id").inner_text()
        visit.check(f"{language}-send-3-sent")

        page.get_by_role("link", name=words["follow"]).click()
        row = page.locator(f"#message-{message_id}")
        row.wait_for()
        visit.check(f"{language}-send-4-messages")
        row.locator(".status", has_text=words["delivered"]).wait_for(timeout=DELIVERY)  # the table asked again
        visit.shot(f"{language}-send-5-delivered")

        page.goto("/")
        page.get_by_role("heading", name=words["sending"]).wait_for()
        assert page.locator("#sent-today").inner_text() == "1"
        assert page.locator("#delivery-rate").inner_text() == "100%"
        visit.check(f"{language}-send-6-home")
        assert visit.errors == []
    finally:
        visit.close()


def test_a_form_reloaded_or_come_back_to_sends_once_and_a_changed_one_again(
        server: tuple[str, dict[str, str]], browser: Any, shots: Path) -> None:
    base_url, env = server
    email = "mara-mbili@example.com"
    for command in (("accounts", "create", "--email", email, "--password", PASSWORD, "--business-name", "Duka"),
                    ("credits", "grant", email, "50")):
        done = ujumbe(*command, env=env)
        assert done.returncode == 0, done.stderr
    visit = Visit(browser, base_url, shots, locale="en-GB")
    page, words = visit.page, WORDS["en"]

    def send() -> str:
        page.locator("main").get_by_role("button", name=words["send"]).click()
        page.get_by_role("heading", name=words["sent"]).wait_for()
        return page.locator("#result-id").inner_text()

    try:
        log_in(page, email, PASSWORD, button=words["log_in"], then="/send")
        page.locator("#to").fill("0712345678")
        page.locator("#message").fill("Habari")
        first = send()
        page.reload()  # the browser posts the form again
        page.get_by_role("heading", name=words["sent"]).wait_for()
        assert page.locator("#result-id").inner_text() == first
        page.go_back()  # the form is fetched again, the message put back, the numbers typed again
        page.locator("#to").fill("0712345678")
        assert page.locator("#message").input_value() == "Habari"
        assert send() == first
        page.go_back()
        page.locator("#to").fill("0712345678")
        page.locator("#message").fill("Habari za jioni")
        assert send() != first
        page.goto("/")
        assert page.locator("#sent-today").inner_text() == "2"
        assert visit.errors == []
    finally:
        visit.close()


def test_a_compose_template_takes_the_messages_place_and_what_is_left_in_braces_is_named(
        server: tuple[str, dict[str, str]], browser: Any, shots: Path) -> None:
    base_url, env = server
    email = "kiolezo@example.com"
    done = ujumbe("accounts", "create", "--email", email, "--password", PASSWORD, "--business-name", "Duka", env=env)
    assert done.returncode == 0, done.stderr
    visit = Visit(browser, base_url, shots, locale="en-GB")
    page = visit.page
    try:
        log_in(page, email, PASSWORD, button="Log in", then="/send")
        page.locator("#to").fill("0712 345 678")
        page.get_by_text("Start from a template").click()
        visit.check("en-send-templates")
        page.get_by_role("button", name="Payment received").click()
        page.locator("#to-fill").wait_for()
        assert page.locator("#message").input_value().startswith("Dear {first_name} {last_name}, we have received")
        assert "Thank you for choosing Duka." in page.locator("#message").input_value()
        assert page.locator("#to").input_value() == "0712 345 678"  # the rest of the form as it was
        assert page.locator("#to-fill code").all_inner_texts() == ["{first_name}", "{last_name}", "{amount}"]
        page.get_by_label("A contact list").check()  # a list's campaign fills in each contact's names
        page.locator("#to-fill code").filter(has_text="{first_name}").wait_for(state="detached")
        assert page.locator("#to-fill code").all_inner_texts() == ["{amount}"]
        visit.check("en-send-template-chosen")
    finally:
        visit.close()
