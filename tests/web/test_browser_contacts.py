"""The contacts pages in a real browser, at a phone's size (390 × 844), against a real `ujumbe
serve`: in Swahili and again in English, a signed-in business makes a contact list, imports a CSV
file of 50 contacts of which two rows are bad (the file chosen in the file input, as a person
does), reads the report naming those two rows, searches the list as it types (htmx) and changes
the contact it found. A larger file sent over a slow link shows its progress: the bar fills as it
is sent, then says it is being read, until the report comes. Every page on the way passes axe-core
and logs no console error.

    pytest -m browser tests/web/test_browser_contacts.py
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from browser_support import Visit, contacts_file, log_in
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


def new_list(page: Any, name: str, words: dict[str, str]) -> None:
    page.locator("#name").fill(name)
    page.get_by_role("button", name=words["create"]).click()
    page.get_by_role("heading", name=name).wait_for()


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
        log_in(page, email, PASSWORD, button=words["log_in"], then="/contacts")
        assert page.locator("html").get_attribute("lang") == language
        visit.check(f"{language}-contacts-1-lists")

        new_list(page, "Wateja wa Dar", words)
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


SLOW_UPLOAD = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": 200_000}  # bytes/s


def many_contacts(count: int) -> bytes:
    return ("phone,first_name\n" + "".join(f"0713{n:06d},Mteja {n}\n" for n in range(count))).encode()


def test_a_file_on_a_slow_link_shows_it_going_then_being_read(server: tuple[str, dict[str, str]], browser: Any,
                                                              shots: Path) -> None:
    base_url, env = server
    email = "import-progress@example.com"
    made = ujumbe("accounts", "create", "--email", email, "--password", PASSWORD, "--plan", "pro", env=env)
    assert made.returncode == 0, made.stderr
    visit = Visit(browser, base_url, shots, locale="en-GB")
    page, words = visit.page, WORDS["en"]
    try:
        log_in(page, email, PASSWORD, button=words["log_in"], then="/contacts")
        new_list(page, "Wateja wengi", words)
        page.get_by_role("button", name=words["import"]).click()
        page.locator("#file").wait_for()
        page.wait_for_load_state("load")
        # every state the bar is put in, kept here (the answer takes the form's place)
        page.evaluate("""() => {
            window.barStates = [];
            const bar = document.getElementById("import-bar");
            new MutationObserver(() => window.barStates.push(bar.getAttribute("value")))
                .observe(bar, {attributes: true, attributeFilter: ["value"]});
        }""")
        network = page.context.new_cdp_session(page)
        network.send("Network.enable")
        network.send("Network.emulateNetworkConditions", SLOW_UPLOAD)
        page.locator("#file").set_input_files(files=[{"name": "wengi.csv", "mimeType": "text/csv",
                                                      "buffer": many_contacts(40_000)}])  # ~860 KB: ~4 s here
        page.get_by_role("button", name=words["import_it"]).click()
        page.wait_for_function("() => window.barStates.some(v => v !== null && 0 < +v && +v < 100)")
        assert page.locator("#import-progress").is_visible()
        assert page.get_by_role("button", name=words["import_it"]).is_disabled()  # one post at a time
        visit.shot("en-contacts-9-import-sending")
        page.get_by_role("heading", name=words["report"]).wait_for(timeout=60_000)
        assert "40,000 contacts imported." in page.locator(".report [role=status]").inner_text()
        states = page.evaluate("window.barStates")
        sending = [float(v) for v in states if v is not None]
        assert sending == sorted(sending) and any(0 < v < 100 for v in sending), states
        assert states[-1] is None, states  # all sent: the bar without a value, while the file was read
        network.send("Network.emulateNetworkConditions", {**SLOW_UPLOAD, "uploadThroughput": -1})
        visit.check("en-contacts-9-import-report")

        page.locator("#file").set_input_files(files=[{"name": "wateja.xlsx", "buffer": b"PK\x03\x04not really a zip",
                                                      "mimeType": "application/octet-stream"}])
        page.locator("main form button[type=submit]").click()  # refused (400): the page says why, in place
        page.get_by_text("Choose a CSV file or an Excel workbook (.xlsx) to import.").wait_for()
        assert page.locator("#file").get_attribute("aria-invalid") == "true"

        network.send("Network.emulateNetworkConditions", {**SLOW_UPLOAD, "offline": True})  # the link drops
        page.locator("#file").set_input_files(files=[{"name": "wateja.csv", "mimeType": "text/csv",
                                                      "buffer": contacts_file()}])
        page.locator("main form button[type=submit]").click()
        page.get_by_text("The file could not be sent: check the connection and import it again.").wait_for()
        assert page.locator("main form button[type=submit]").is_enabled()  # to be posted again
        # the browser's own word of the dropped link, and htmx's
        assert all("ERR_INTERNET_DISCONNECTED" in error or error.startswith(("htmx:afterRequest", "htmx:sendError"))
                   for error in visit.errors), visit.errors
        visit.errors.clear()
        assert visit.errors == []
    finally:
        visit.close()
