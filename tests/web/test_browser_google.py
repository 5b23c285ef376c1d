"""Google contacts in a real browser, at a phone's size, against a real `ujumbe serve` and a local
server that plays Google (tests/fake_google.py): a signed-in business goes from its lists to the
Google page, connects (the browser goes to "Google", which consents at once and sends it back
through the API's callback to the page), syncs its Google contacts into the default list, reads
the report, and disconnects. The page's policy must let its form lead to Google, and nowhere
else; every page on the way passes axe-core and logs no console error.

    pytest -m browser tests/web/test_browser_google.py
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import Visit, log_in, require_chromium
from fake_google import FakeGoogle, fake_google, google_env, person
from running_app import free_port, serving
from tests_support import ujumbe

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"


@pytest.fixture(scope="module")
def google() -> Iterator[FakeGoogle]:
    with fake_google() as fake:
        fake.people = [person("Asha", "Mwita", "0712 345 678", "0754 000 111"), person("Baraka", "", "0713 000 222"),
                       person("Nobody", "Phoneless")]
        yield fake


@pytest.fixture(scope="module")
def server(module_database: str, tmp_path_factory: pytest.TempPathFactory,
           google: FakeGoogle) -> Iterator[tuple[str, dict[str, str]]]:
    """`ujumbe serve` with the feature on, reached at its public URL: Google sends the browser
    back to UJUMBE_PUBLIC_URL's callback, so the URL must be the server's own."""
    require_chromium()
    folder, port = tmp_path_factory.mktemp("serve"), free_port()
    env = {"UJUMBE_DATABASE_URL": module_database, "UJUMBE_DATA_DIR": str(folder / "data"),
           "UJUMBE_PUBLIC_URL": f"http://127.0.0.1:{port}", **google_env(google)}
    with serving(env, folder, port=port) as base_url:
        yield base_url, env


def test_connect_google_sync_its_contacts_and_disconnect(server: tuple[str, dict[str, str]], browser: Any,
                                                        shots: Path, google: FakeGoogle) -> None:
    base_url, env = server
    email = "google@example.com"
    made = ujumbe("accounts", "create", "--email", email, "--password", PASSWORD, "--plan", "pro", env=env)
    assert made.returncode == 0, made.stderr
    visit = Visit(browser, base_url, shots, locale="en-GB")
    page = visit.page
    try:
        log_in(page, email, PASSWORD, button="Log in", then="/contacts")
        page.get_by_role("link", name="Bring in your Google contacts").click()
        page.get_by_role("heading", name="Google contacts").wait_for()
        visit.check("en-google-1-not-connected")

        page.get_by_role("button", name="Connect Google").click()  # to "Google" and back
        page.wait_for_url("**/contacts/google?done=connected")
        assert google.grants_issued == ["authorization_code"]
        assert "Connected" in page.locator("#google-status").inner_text()
        visit.check("en-google-2-connected")

        page.get_by_role("button", name="Sync the contacts").click()
        page.get_by_role("heading", name="Import report").wait_for()
        summary = page.locator(".report [role=status]").inner_text()
        assert "2 contacts imported." in summary and "1 row left out." in summary
        rows = [[cell.strip() for cell in row.split("\t")] for row in page.locator(".report tbody tr").all_inner_texts()]
        assert rows == [["3", "—", "This person has no phone number in Google Contacts."]]
        visit.check("en-google-3-synced")

        page.get_by_role("button", name="Disconnect Google").click()
        page.get_by_text("Google is disconnected").wait_for()
        assert google.live_grants() == 0
        visit.check("en-google-4-disconnected")
    finally:
        visit.close()
