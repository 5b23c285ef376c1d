"""Every dashboard page at the narrowest phone the dashboard is made for (360 px wide), in a real
browser against a real `ujumbe serve`: none is wider than the screen, each passes axe-core and
logs no console error, signed in and not; and a forgotten password reset from the emailed link,
then used to log in.

    pytest -m browser tests/web/test_browser_narrow.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_support import Visit, emailed_link
from tests_support import ujumbe

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"
NARROW = {"width": 360, "height": 740}
SIGNED_OUT = ["/login", "/signup", "/forgot-password"]
SIGNED_IN = ["/", "/send", "/messages", "/messages/replies", "/contacts", "/campaigns", "/campaigns/new",
             "/credits", "/credits/history", "/developers", "/notifications", "/sender-ids", "/profile"]


def log_in(page: Any, email: str, password: str) -> None:
    page.goto("/login")
    page.locator("#email").fill(email)
    page.locator("#password").fill(password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/")


def test_every_page_fits_a_360_pixel_screen(server: tuple[str, dict[str, str]], browser: Any, shots: Path) -> None:
    base_url, env = server
    email = "nyembamba@example.com"
    for command in (("accounts", "create", "--email", email, "--password", PASSWORD, "--business-name",
                     "Duka la Mama Ntilie wa Kariakoo"), ("credits", "grant", email, "20")):
        done = ujumbe(*command, env=env)
        assert done.returncode == 0, done.stderr
    visit = Visit(browser, base_url, shots, locale="sw-TZ", viewport=NARROW)
    page = visit.page
    try:
        for path in SIGNED_OUT:
            page.goto(path)
            visit.check(f"narrow{path.replace('/', '-')}")
        log_in(page, email, PASSWORD)
        page.goto("/send")  # something in the log, the history and the home page's figures
        page.locator("#to").fill("0712345678")
        page.locator("#message").fill("Habari za leo, karibu dukani kwetu Kariakoo!")
        page.locator("main form button[type=submit]").last.click()
        page.locator("#result-id").wait_for()
        for path in SIGNED_IN:
            page.goto(path)
            visit.check(f"narrow{path.replace('/', '-') if path != '/' else '-home'}")
        assert visit.errors == []
    finally:
        visit.close()


def test_a_forgotten_password_is_reset_from_the_emailed_link(server: tuple[str, dict[str, str]], browser: Any,
                                                              module_database: str, shots: Path) -> None:
    base_url, env = server
    email = "nimesahau@example.com"
    done = ujumbe("accounts", "create", "--email", email, "--password", PASSWORD, env=env)
    assert done.returncode == 0, done.stderr
    visit = Visit(browser, base_url, shots, locale="en-GB", viewport=NARROW)
    page = visit.page
    try:
        page.goto("/login")
        page.get_by_role("link", name="Forgot your password?").click()
        page.wait_for_url("**/forgot-password")
        page.locator("#email").fill(email)
        page.get_by_role("button", name="Send the link").click()
        page.get_by_role("heading", name="Check your email").wait_for()
        visit.check("narrow-reset-sent")
        page.goto(emailed_link(module_database, email))  # the worker emailed it, the email simulator holds it
        page.get_by_role("heading", name="Choose a new password").wait_for()
        visit.check("narrow-reset-password")
        page.locator("#new_password").fill("a-new-s3cret")
        page.get_by_role("button", name="Save the password").click()
        page.get_by_role("heading", name="Password changed").wait_for()
        visit.check("narrow-password-changed")
        log_in(page, email, "a-new-s3cret")
        assert page.locator("html").get_attribute("lang") == "en"
        assert visit.errors == []
    finally:
        visit.close()
