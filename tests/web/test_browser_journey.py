"""A business's first day with ujumbe, in a real browser at a phone's size (390 × 844), against a real
`ujumbe serve` (its job worker, the email, gateway and mobile-money simulators), in Swahili and again
in English, with nothing but the dashboard: sign up, confirm the email from the email simulator,
confirm the business's phone with the code it is texted (the gateway simulator), which may then
pay, buy credits by USSD push from it (the simulated payer approves), import a CSV of 50 contacts
of which 2 rows are bad (the report names them), preview a campaign to the list and send it, watch
it reach delivered, download its report, then make an API key and see it work with curl. Every page
on the way passes axe-core and logs no console error.

    pytest -m browser tests/web/test_browser_journey.py
"""

from __future__ import annotations

import csv
import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from browser_support import Visit, code_sent_to, contacts_file, emailed_link

pytestmark = pytest.mark.browser

PASSWORD = "s3cret-pass"
SERVE_ENV = {"UJUMBE_SIMULATOR_PAYMENT_DELAY": "1"}  # the simulated payer approves a second after the prompt
TEXT = "Habari {first_name}, karibu dukani!"

WORDS = {
    "sw": {"sign_up": "Jisajili", "check": "Angalia barua pepe yako", "confirm": "Thibitisha barua pepe yangu",
           "confirmed": "Barua pepe imethibitishwa", "to_account": "Nenda kwenye akaunti yako", "log_in": "Ingia",
           "balance": "Salio", "text_me": "Nitumie msimbo kwa SMS", "confirm_number": "Thibitisha namba",
           "confirmed_phone": "imethibitishwa", "buy": "Nunua Starter",
           "pay": "Lipa TSh 3,500", "pin": "Weka PIN yako", "paid": "Imelipwa", "create": "Unda orodha",
           "import": "Ingiza faili", "import_it": "Ingiza faili hili", "report": "Ripoti ya uingizaji",
           "imported": "Wawasiliani 48 wameingizwa.", "left_out": "Safu 2 zimeachwa.",
           "new_campaign": "Kampeni mpya", "campaign_name": "Jina la kampeni", "list": "Orodha ya anwani",
           "message": "Ujumbe", "preview": "Angalia kabla ya kutuma", "previewed": "Hakiki kampeni",
           "send_now": "Tuma kampeni sasa", "completed": "Imekamilika", "delivered": "Imefika", "download": "Pakua ripoti (CSV)",
           "create_key": "Tengeneza ufunguo", "new_key": "Ufunguo wako mpya wa API"},
    "en": {"sign_up": "Sign up", "check": "Check your email", "confirm": "Confirm my email",
           "confirmed": "Email confirmed", "to_account": "Go to your account", "log_in": "Log in",
           "balance": "Balance", "text_me": "Text me a code", "confirm_number": "Confirm the number",
           "confirmed_phone": "confirmed", "buy": "Buy Starter",
           "pay": "Pay TSh 3,500", "pin": "Enter your mobile-money PIN", "paid": "Paid", "create": "Create the list",
           "import": "Import a file", "import_it": "Import the file", "report": "Import report",
           "imported": "48 contacts imported.", "left_out": "2 rows left out.",
           "new_campaign": "New campaign", "campaign_name": "Campaign name", "list": "Contact list",
           "message": "Message", "preview": "Preview the campaign", "previewed": "Check the campaign",
           "send_now": "Send the campaign now", "completed": "Completed", "delivered": "Delivered", "download": "Download the report (CSV)",
           "create_key": "Create a key", "new_key": "Your new API key"},
}
PHONES = {"sw": "+255754000301", "en": "+255754000302"}  # the business's own, which pays too


@pytest.mark.parametrize("language", ["sw", "en"])
def test_a_business_signs_up_buys_credits_imports_contacts_runs_a_campaign_and_uses_the_api(
        server: tuple[str, dict[str, str]], browser: Any, module_database: str, shots: Path, language: str) -> None:
    base_url, _ = server
    words, email, phone = WORDS[language], f"journey-{language}@example.com", PHONES[language]
    started = time.monotonic()
    visit = Visit(browser, base_url, shots, locale="sw-TZ" if language == "sw" else "en-GB")
    page = visit.page
    try:
        # sign up, and confirm the address from the emailed link
        page.goto("/signup")
        assert page.locator("html").get_attribute("lang") == language
        page.locator("#business_name").fill("Duka la Neema")
        page.locator("#email").fill(email)
        page.locator("#password").fill(PASSWORD)
        page.locator("main").get_by_role("button", name=words["sign_up"]).click()
        page.get_by_role("heading", name=words["check"]).wait_for()
        page.goto(emailed_link(module_database, email))
        page.get_by_role("button", name=words["confirm"]).click()
        page.get_by_role("heading", name=words["confirmed"]).wait_for()
        page.get_by_role("button", name=words["to_account"]).click()
        page.locator("#email").fill(email)
        page.locator("#password").fill(PASSWORD)
        page.locator("main").get_by_role("button", name=words["log_in"]).click()
        page.get_by_role("heading", name=words["balance"], exact=True).wait_for()
        visit.check(f"{language}-journey-1-home")

        # the business's phone, confirmed with the code it is texted
        page.goto("/profile")
        page.locator("#phone").fill(phone.replace("+255", "0"))
        page.get_by_role("button", name=words["text_me"]).click()
        page.locator("#otp").fill(code_sent_to(module_database, phone))
        page.get_by_role("button", name=words["confirm_number"], exact=True).click()
        page.wait_for_url("**/profile?saved=phone")
        assert page.locator("#current-phone").inner_text() == f"{phone} ({words['confirmed_phone']})"
        visit.check(f"{language}-journey-1-phone")

        # the confirmed phone may pay: buy the Starter package by USSD push
        page.goto("/credits")
        assert page.locator("#payer-phones li").all_inner_texts() == [phone]
        page.get_by_role("button", name=words["buy"]).click()
        page.get_by_role("button", name=words["pay"]).click()
        page.get_by_text(words["pin"]).wait_for()
        page.locator("#order-state").get_by_text(words["paid"], exact=True).wait_for(timeout=20_000)
        assert page.locator("#order-balance").inner_text() == "100"
        visit.check(f"{language}-journey-2-paid")

        # a list, and 50 contacts from a CSV file whose rows 10 and 30 are bad
        page.goto("/contacts")
        page.locator("#name").fill("Wateja wa Dar")
        page.get_by_role("button", name=words["create"]).click()
        page.get_by_role("heading", name="Wateja wa Dar").wait_for()
        list_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
        page.get_by_role("button", name=words["import"]).click()
        page.locator("#file").set_input_files(files=[{"name": "wateja.csv", "mimeType": "text/csv",
                                                      "buffer": contacts_file()}])
        page.get_by_role("button", name=words["import_it"]).click()
        page.get_by_role("heading", name=words["report"]).wait_for()
        summary = page.locator(".report [role=status]").inner_text()
        assert words["imported"] in summary and words["left_out"] in summary
        assert [row.split("\t")[0].strip() for row in page.locator(".report tbody tr").all_inner_texts()] == ["10", "30"]
        visit.check(f"{language}-journey-3-imported")

        # a campaign to the list: previewed, sent, delivered, its report downloaded
        page.goto("/campaigns/new")
        page.get_by_label(words["campaign_name"]).fill("Karibu")
        page.get_by_label(words["list"]).select_option(list_id)
        page.get_by_label(words["message"], exact=True).fill(TEXT)
        page.get_by_role("button", name=words["preview"]).click()
        page.get_by_role("heading", name=words["previewed"]).wait_for()
        assert page.locator("#recipients").inner_text().split()[0] == "48"
        assert page.locator("#credits").inner_text().split()[0] == "48"
        visit.check(f"{language}-journey-4-preview")
        page.get_by_role("button", name=words["send_now"]).click()
        page.get_by_role("heading", name="Karibu").wait_for()
        expect(page.locator("#count-delivered")).to_have_text("48", timeout=60_000)  # htmx keeps asking
        expect(page.locator("#status")).to_have_text(words["completed"])
        statuses = page.locator("#campaign-messages tbody td:nth-child(2)")  # each message's, kept up too
        expect(statuses).to_have_count(25)
        for status in statuses.all():
            expect(status).to_contain_text(words["delivered"])
        visit.check(f"{language}-journey-5-delivered")
        with page.expect_download() as download:
            page.get_by_role("button", name=words["download"]).click()
        with open(download.value.path(), newline="", encoding="utf-8") as report:
            rows = list(csv.DictReader(report))
        assert len(rows) == 48 and {row["status"] for row in rows} == {"delivered"}
        assert "Habari Mteja, karibu dukani!" in {row["message"] for row in rows}

        # an API key, and the API answering it from curl
        page.goto("/developers")
        page.get_by_role("button", name=words["create_key"]).click()
        page.get_by_role("heading", name=words["new_key"]).wait_for()
        key = page.locator("#new-key").input_value()
        visit.check(f"{language}-journey-6-api-key")
        curl = subprocess.run(["curl", "-sS", "--fail-with-body", "-H", f"X-API-Key: {key}",
                               f"{base_url}/v1/credits/balance"], capture_output=True, text=True, timeout=30)
        assert curl.returncode == 0, curl.stdout + curl.stderr
        assert json.loads(curl.stdout)["data"]["balance"] == 100 - 48
        assert visit.errors == []
    finally:
        visit.close()
    print(f"\n{language}: the journey took {time.monotonic() - started:.1f} s")

