"""Buying credits in a real browser at a phone's size (390 × 844), against a real `ujumbe serve` (its
job worker, the gateway and mobile-money simulators), in Swahili and again in English: the buyer
tries the calculator, verifies the phone that pays with the code the gateway simulator received,
buys the Starter package by USSD push, and watches the order's page turn to paid (the simulated
payer approves a second later) with the balance risen; back on the buy page, paying again finds
the same order, nobody prompted twice; the credit history shows the purchase. axe-core checks every page on the way.

    pytest -m browser tests/web/test_browser_credits.py
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from playwright.sync_api import expect

from browser_support import Visit, code_sent_to, log_in
from tests_support import ujumbe

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"
SERVE_ENV = {"UJUMBE_SIMULATOR_PAYMENT_DELAY": "1"}  # the simulated payer approves a second after the prompt

# What each language's run clicks and reads.
WORDS = {
    "sw": {"log_in": "Ingia", "balance": "Salio", "quote": "krediti 142", "verify": "Thibitisha namba ya simu",
           "send": "Tuma msimbo", "sent": "Tumetuma msimbo kwa", "check": "Thibitisha namba",
           "buy": "Nunua Starter", "pay": "Lipa TSh 3,500", "pin": "Weka PIN yako", "paid": "Imelipwa"},
    "en": {"log_in": "Log in", "balance": "Balance", "quote": "142 credits", "verify": "Verify a phone number",
           "send": "Send the code", "sent": "We sent a code to", "check": "Verify the number",
           "buy": "Buy Starter", "pay": "Pay TSh 3,500", "pin": "Enter your mobile-money PIN", "paid": "Paid"},
}
PHONES = {"sw": "+255754000201", "en": "+255754000202"}




def orders_of(database_url: str, email: str) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT count(*) FROM payment_orders o JOIN accounts a ON a.id = o.account_id"
                           " WHERE a.email = %s", (email,)).fetchone()
    return int(row[0]) if row else 0


@pytest.mark.parametrize("language", ["sw", "en"])
def test_verify_the_phone_buy_a_package_and_watch_it_paid(server: tuple[str, dict[str, str]], browser: Any,
                                                          module_database: str, shots: Path, language: str) -> None:
    base_url, env = server
    words, email, phone = WORDS[language], f"credits-{language}@example.com", PHONES[language]
    created = ujumbe("accounts", "create", "--email", email, "--password", PASSWORD, env=env)
    assert created.returncode == 0, created.stderr
    started = time.monotonic()
    visit = Visit(browser, base_url, shots, locale="sw-TZ" if language == "sw" else "en-GB")
    page = visit.page
    try:
        log_in(page, email, PASSWORD, button=words["log_in"], then="/credits")
        assert page.locator("html").get_attribute("lang") == language

        page.locator("#amount").fill("5000")  # the calculator answers as the amount is typed
        page.locator("#quote-credits").get_by_text(words["quote"]).wait_for()
        visit.check(f"{language}-credits-1-catalogue")

        page.locator("#payer-phones").get_by_role("button", name=words["verify"]).click()
        page.wait_for_url("**/verify-phone")
        visit.check(f"{language}-credits-2-verify-phone")
        page.locator("#phone").fill(phone.replace("+255", "0"))
        page.locator("main").get_by_role("button", name=words["send"]).click()
        page.get_by_text(f"{words['sent']} {phone}").wait_for()
        visit.check(f"{language}-credits-3-code")
        page.locator("#otp").fill(code_sent_to(module_database, phone))
        page.get_by_role("button", name=words["check"], exact=True).click()
        page.wait_for_url("**/credits")
        assert page.locator("#payer-phones").get_by_text(phone).is_visible()

        page.get_by_role("button", name=words["buy"]).click()
        page.wait_for_url("**/credits/buy?package=1")
        visit.check(f"{language}-credits-4-buy")
        page.get_by_role("button", name=words["pay"]).click()
        page.wait_for_url(re.compile(r".*/credits/orders/[0-9a-f-]{36}$"))
        order_url = page.url
        page.get_by_text(words["pin"]).wait_for()
        visit.check(f"{language}-credits-5-order-waiting")

        page.locator("#order-state").get_by_text(words["paid"], exact=True).wait_for(timeout=20_000)  # htmx asks
        assert page.locator("#order-balance").inner_text() == "100"
        visit.check(f"{language}-credits-6-order-paid")

        page.go_back()  # the buy page, fetched again (no-store), its form as it was posted
        page.get_by_role("button", name=words["pay"]).click()
        page.wait_for_url(order_url)  # the same order, paid, not a second one
        assert page.locator("#order-balance").inner_text() == "100"
        assert orders_of(module_database, email) == 1

        page.goto("/credits/history")  # the purchase, with the balance it left
        expect(page.locator("tbody tr")).to_have_count(1)
        expect(page.locator("tbody td:nth-child(3)")).to_have_text("+100")
        visit.check(f"{language}-credits-7-history")
        assert visit.errors == []
    finally:
        visit.close()
    print(f"\n{language}: the browser's walk took {time.monotonic() - started:.1f} s")
