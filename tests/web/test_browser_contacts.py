"""The contacts pages in a real browser, at a phone's size (390 × 844), against a real `ujumbe
serve`: in Swahili and again in English, a signed-in business makes a contact list, imports a CSV
file of 50 contacts of which two rows are bad (the file chosen in the file input, as a person
does), reads the report naming those two rows, searches the list as it types (htmx) and changes
the contact it found. Every page on the way passes axe-core and logs no console error.

    pytest -m browser tests/web/test_browser_contacts.py
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from browser_support import Visit, contacts_file
from tests_support import ujumbe

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"
DESKTOP = {"width": 1280, "height": 800}

# What each language's run clicks and reads.
WORDS = {
    "sw": {"log_in": "Ingia", "balance": "Salio", "create": "Unda orodha", "import": "Ingiza faili",
           "import_it": "Ingiza faili hili", "report": "Ripoti ya uingizaji", "imported": "Wawasiliani 48 wameingizwa.",
           "left_out": "Safu 2 zimeachwa.", "invalid": "Hii si namba ya simu ya mkononi ya Tanzania.",
           "duplicate": "Namba hii tayari iko kwenye orodha, au kwenye safu ya awali.", "see": "Tazama orodha",
           "save": "Hifadhi mwasiliani", "saved": "Mwasiliani amehifadhiwa.", "found": "Mwasiliani 1 amepatikana"},
    "en": {"log_in": "Log in", "balance": "Balance", "create": "Create the list", "import": "Import a file",
           "import_it": "Import the file", "report": "Import report", "imported": "48 contacts imported.",
           "left_out": "2 rows left out.", "invalid": "This is not a Tanzanian mobile number.",
           "duplicate": "This number is already in the list, or in an earlier row.", "see": "See the list",
           "save": "Save the contact", "saved": "The contact is saved.", "found": "1 contact found"},
}




@pytest.mark.parametrize("language", ["sw", "en"])
def test_make_a_list_import_a_file_search_and_change_a_contact(server: tuple[str, dict[str, str]], browser: Any,
                                                               shots: Path, language: str) -> None:
    base_url, env = server
    words, email = WORDS[language], f"contacts-{language}@example.com"
    made = ujumbe("accounts", "create", "--email", email, "--password", PASSWORD, "--plan", "pro", env=env)
    assert made.returncode == 0, made.stderr
    started = time.monotonic()
    visit = Visit(browser, base_url, shots, locale="sw-TZ" if language == "sw" else "en-GB")
    page = visit.page
    try:
        page.goto("/login?next=/contacts")
        page.locator("#email").fill(email)
        page.locator("#password").fill(PASSWORD)
        page.locator("main").get_by_role("button", name=words["log_in"]).click()
        page.wait_for_url("**/contacts")
        assert page.locator("html").get_attribute("lang") == language
        visit.check(f"{language}-contacts-1-lists")

        page.locator("#name").fill("Wateja wa Dar")
        page.get_by_role("button", name=words["create"]).click()
        page.get_by_role("heading", name="Wateja wa Dar").wait_for()
        visit.check(f"{language}-contacts-2-new-list")

        page.get_by_role("button", name=words["import"]).click()  # a link that looks like a button
        page.locator("#file").wait_for()
        visit.check(f"{language}-contacts-3-import")
        page.locator("#file").set_input_files(files=[{"name": "wateja.csv", "mimeType": "text/csv",
                                                      "buffer": contacts_file()}])
        page.get_by_role("button", name=words["import_it"]).click()
        page.get_by_role("heading", name=words["report"]).wait_for()
        summary = page.locator(".report [role=status]").inner_text()
        assert words["imported"] in summary and words["left_out"] in summary
        rows = [[cell.strip() for cell in row.split("\t")]
                for row in page.locator(".report tbody tr").all_inner_texts()]
        assert rows == [["10", "12345", words["invalid"]], ["30", "+255712000004", words["duplicate"]]]
        visit.check(f"{language}-contacts-4-report")

        with page.expect_navigation():  # and its load: htmx listens to the search box from then on
            page.get_by_role("link", name=words["see"]).click()
        page.locator("#search").fill("0712 000 017")  # htmx asks for the table as the search is typed
        page.get_by_text(words["found"]).wait_for()
        assert page.locator("#contacts tbody tr").count() == 1
        assert "search=0712" in page.url  # the address keeps the search
        visit.check(f"{language}-contacts-5-search")

        page.locator("#contacts").get_by_role("link", name="Mteja Namba 17").click()
        page.locator("#first_name").wait_for()
        visit.check(f"{language}-contacts-6-contact")
        page.locator("#first_name").fill("Halima")
        page.get_by_role("button", name=words["save"]).click()
        page.get_by_text(words["saved"]).wait_for()
        assert page.locator("#contacts").get_by_role("link", name="Halima Namba 17").is_visible()
        visit.check(f"{language}-contacts-7-saved")
        if language == "en":  # and on a desktop
            page.set_viewport_size(DESKTOP)
            visit.check("en-contacts-8-desktop")
        assert visit.errors == []
    finally:
        visit.close()
    print(f"\n{language}: the browser's walk took {time.monotonic() - started:.1f} s")
