"""Chromium for the dashboard's browser tests: Debian's `chromium` (or `UJUMBE_CHROMIUM`) driven by
Playwright for Python; axe-core (tests/web/vendor/axe.min.js) run on a page; screenshots.

Where there is no Chromium the tests skip, saying so loudly: `.ci/run` installs it (`apt-get install
chromium`). axe-core is injected as a script of the page's own origin that the browser is handed by
Playwright (the app never serves it), so the page's Content-Security-Policy stays in force while it
runs, and a console error (a script or style the policy refused) fails the test.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests_support import wait_until

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "tests" / "web" / "vendor" / "axe.min.js"
AXE_URL = "/__tests__/axe.min.js"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS_ENV = "UJUMBE_SCREENSHOTS"  # a folder (relative to the repository) to copy the screenshots into
BLOCKING = {"serious", "critical"}


def chromium_path() -> str:
    return os.environ.get("UJUMBE_CHROMIUM") or "/usr/bin/chromium"


def require_chromium() -> str:
    """Chromium's path, or a loud skip saying why there is none (call it before starting anything)."""
    path = chromium_path()
    if not Path(path).is_file():
        pytest.skip(f"NO CHROMIUM at {path}: the dashboard's browser tests did not run. Install Debian's "
                    "chromium (apt-get install -y chromium; .ci/run does) or set UJUMBE_CHROMIUM.")
    return path


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium, or a loud skip saying why there is none."""
    path = require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


class Visit:
    """One browser tab at a phone's size: every page it shows is checked by axe-core and has no
    console error; `shot(name)` saves a screenshot."""

    def __init__(self, browser: Any, base_url: str, shots: Path, locale: str,
                 viewport: dict[str, int] = PHONE) -> None:
        self.base_url, self.shots = base_url, shots
        self.context = browser.new_context(viewport=viewport, locale=locale, base_url=base_url)
        self.context.route(f"**{AXE_URL}", lambda route: route.fulfill(path=str(AXE),
                                                                        content_type="text/javascript"))
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def close(self) -> None:
        self.context.close()

    def check(self, name: str) -> None:
        """The page as it is now: no console error, htmx loaded, no serious or critical axe
        violation; then its screenshot."""
        page = self.page
        page.wait_for_load_state("load")
        assert page.evaluate("typeof window.htmx") == "object", f"{name}: htmx did not load"
        page.add_script_tag(url=AXE_URL)
        violations = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' '))}))")
        blocking = [v for v in violations if v["impact"] in BLOCKING]
        assert blocking == [], f"{name}: axe-core found {blocking}"
        assert self.errors == [], f"{name}: console errors {self.errors}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
            f"{name}: the page is wider than the screen"
        self.shot(name)

    def shot(self, name: str) -> None:
        self.shots.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(self.shots / f"{name}.png"), full_page=True)


def log_in(page: Any, email: str, password: str, *, button: str, then: str) -> None:
    """Sign in through the login form (its button named `button`, in the page's language), which
    leads on to the path `then`."""
    page.goto(f"/login?next={then}")
    page.locator("#email").fill(email)
    page.locator("#password").fill(password)
    page.locator("main").get_by_role("button", name=button).click()
    page.wait_for_url(f"**{then}")


def publish_screenshots(shots: Path) -> None:
    """Copy the screenshots the docs show where UJUMBE_SCREENSHOTS says (`make screenshots`:
    docs/img/dashboard); the others stay in the test's folder."""
    target = os.environ.get(SCREENSHOTS_ENV)
    if not target:
        return
    folder = Path(target) if Path(target).is_absolute() else ROOT / target
    folder.mkdir(parents=True, exist_ok=True)
    shown = "\n".join(page.read_text() for page in (ROOT / "docs").rglob("*.md"))
    for shot in sorted(shots.glob("*.png")):
        if f"/{shot.name})" in shown:
            shutil.copyfile(shot, folder / shot.name)


def emailed_link(database_url: str, to: str) -> str:
    """The path and query of the link in the newest email to `to` (the worker sends it)."""
    def newest() -> str | None:
        with psycopg.connect(database_url) as conn:
            row = conn.execute("SELECT body_text FROM simulator_emails WHERE to_address = %s ORDER BY id DESC LIMIT 1",
                               (to,)).fetchone()
        return row[0] if row else None

    text = wait_until(newest)
    return "/" + text.split("https://app.ujumbe.example/", 1)[1].split()[0]


def code_sent_to(database_url: str, phone: str) -> str:
    """The code in the newest SMS the gateway simulator received for `phone`."""
    def newest() -> str | None:
        with psycopg.connect(database_url) as conn:
            row = conn.execute("SELECT body FROM simulator_messages WHERE to_number = %s ORDER BY seq DESC LIMIT 1",
                               (phone,)).fetchone()
        return row[0] if row else None

    found = re.search(r"\b(\d{6})\b", wait_until(newest))
    assert found
    return found.group(1)


def contacts_file() -> bytes:
    """50 contacts (rows 2 to 51): row 10's number is not a number, row 30's is row 5's again."""
    lines = ["phone,first_name,last_name"]
    for n in range(1, 51):
        phone = {9: "12345", 29: "0712 000 004"}.get(n, f"07120000{n:02d}")
        lines.append(f"{phone},Mteja,Namba {n:02d}")
    return ("\n".join(lines) + "\n").encode()
