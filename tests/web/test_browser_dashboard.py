"""The dashboard in a real browser, at a phone's size (390 × 844), against a real `ujumbe serve` (its
job worker and email simulator): in Swahili and again in English, a person signs up, opens the
verification email, confirms the address, logs in, sees the balance on the home page and logs
out, after which the home page asks them to log in again. Every page on the way passes axe-core
(no serious or critical violation) and logs no console error (the Content-Security-Policy refused
nothing). Screenshots go to the test's folder, and to UJUMBE_SCREENSHOTS when set
(`make screenshots`: docs/img/dashboard).

    pytest -m browser tests/web
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from browser_support import Visit, emailed_link
from tests_support import ujumbe

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"
DESKTOP = {"width": 1280, "height": 800}


# What each language's run clicks and reads.
WORDS = {
    "sw": {"sign_up": "Jisajili", "check": "Angalia barua pepe yako", "confirm": "Thibitisha barua pepe yangu",
           "confirmed": "Barua pepe imethibitishwa", "to_account": "Nenda kwenye akaunti yako", "log_in": "Ingia",
           "balance": "Salio", "log_out": "Toka", "credits": "krediti"},
    "en": {"sign_up": "Sign up", "check": "Check your email", "confirm": "Confirm my email",
           "confirmed": "Email confirmed", "to_account": "Go to your account", "log_in": "Log in",
           "balance": "Balance", "log_out": "Log out", "credits": "credits"},
}


@pytest.mark.parametrize("language", ["sw", "en"])
def test_sign_up_verify_log_in_see_the_balance_and_log_out(server: tuple[str, dict[str, str]], browser: Any,
                                                          module_database: str, shots: Path, language: str) -> None:
    # (the server first: it stops last, once the browser has closed its connections)
    base_url, env = server
    words, email = WORDS[language], f"duka-{language}@example.com"
    started = time.monotonic()
    # The Swahili run's browser asks for Swahili; the English one asks for Swahili too, and switches.
    visit = Visit(browser, base_url, shots, locale="sw-TZ")
    page = visit.page
    try:
        page.goto("/signup")
        if language == "en":
            page.get_by_role("button", name="English").click()
            page.wait_for_url("**/signup")
        assert page.locator("html").get_attribute("lang") == language
        visit.check(f"{language}-1-signup")

        page.locator("#business_name").fill("Duka la Mama Asha")
        page.locator("#email").fill(email)
        page.locator("#password").fill(PASSWORD)
        page.locator("main").get_by_role("button", name=words["sign_up"]).click()
        page.get_by_role("heading", name=words["check"]).wait_for()
        visit.check(f"{language}-2-signed-up")

        page.goto(emailed_link(module_database, email))
        visit.check(f"{language}-3-verify-email")
        page.get_by_role("button", name=words["confirm"]).click()
        page.get_by_role("heading", name=words["confirmed"]).wait_for()
        visit.check(f"{language}-4-email-confirmed")

        done = ujumbe("credits", "grant", email, "2500", env=env)
        assert done.returncode == 0, done.stderr
        page.get_by_role("button", name=words["to_account"]).click()  # a link that looks like a button
        page.wait_for_url("**/login")  # not signed in yet
        visit.check(f"{language}-5-login")
        page.locator("#email").fill(email)
        page.locator("#password").fill(PASSWORD)
        page.locator("main").get_by_role("button", name=words["log_in"]).click()
        page.get_by_role("heading", name=words["balance"]).wait_for()
        assert page.locator("#balance").inner_text().split() == ["2,500", words["credits"]]
        assert page.get_by_text("Duka la Mama Asha").is_visible()
        visit.check(f"{language}-6-home")
        if language == "en":  # and on a desktop
            page.set_viewport_size(DESKTOP)
            visit.check("en-7-home-desktop")

        page.get_by_role("button", name=words["log_out"]).click()
        page.wait_for_url("**/login")
        page.goto("/")
        page.wait_for_url("**/login")  # the session ended: home asks to log in again
        assert visit.errors == []
    finally:
        visit.close()
    print(f"\n{language}: the browser's walk took {time.monotonic() - started:.1f} s")
