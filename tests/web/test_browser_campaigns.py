"""The campaigns pages in a real browser at a phone's size (390 × 844), against a real `ujumbe serve`
(its job worker runs the campaign, its gateway simulator delivers): an account with a list of three
contacts and credits builds a campaign, reads the preview (the contacts' own names in the
samples), sends it, watches the progress (htmx polling) reach delivered, and downloads the report.
In Swahili, then the same pages in English. Every page passes axe-core and logs no console error.

    pytest -m browser tests/web/test_browser_campaigns.py
"""

from __future__ import annotations

import csv
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from browser_support import Visit, log_in
from tests_support import ujumbe

pytestmark = pytest.mark.browser

EMAIL, PASSWORD = "duka@example.com", "s3cret-pass"
PEOPLE = [("Asha", "Mushi", "0714000001"), ("Juma", "Kweka", "0714000002"), ("Neema", "Lyimo", "0714000003")]


def _account_with_a_list(base_url: str, env: dict[str, str]) -> str:
    """The account (by the operator's CLI, with 50 credits) and its list of PEOPLE (by the REST
    API, with the account's token); the list's id."""
    for command in (("accounts", "create", "--email", EMAIL, "--password", PASSWORD, "--business-name", "Duka"),
                    ("credits", "grant", EMAIL, "50")):
        done = ujumbe(*command, env=env)
        assert done.returncode == 0, done.stderr
    with httpx.Client(base_url=base_url, timeout=10) as api:
        token = api.post("/v1/auth/login", json={"email": EMAIL, "password": PASSWORD}).json()["data"]["access_token"]
        headers = {"Authorization": f"Bearer {token}"}
        made = api.post("/v1/contact-lists/", json={"name": "Wateja"}, headers=headers)
        list_id: str = made.json()["data"]["id"]
        for first, last, phone in PEOPLE:
            added = api.post(f"/v1/contact-lists/{list_id}/contacts", headers=headers,
                             json={"first_name": first, "last_name": last, "phone": phone})
            assert added.status_code in (200, 201), added.text
    return list_id


def test_build_preview_send_watch_it_delivered_and_download_the_report(server: tuple[str, dict[str, str]],
                                                                       browser: Any, shots: Path) -> None:
    base_url, env = server
    list_id = _account_with_a_list(base_url, env)
    started = time.monotonic()
    visit = Visit(browser, base_url, shots, locale="sw-TZ")
    page = visit.page
    try:
        log_in(page, EMAIL, PASSWORD, button="Ingia", then="/campaigns")
        page.get_by_role("heading", name="Kampeni", exact=True).wait_for()
        visit.check("sw-campaigns-1-empty")

        page.get_by_role("button", name="Kampeni mpya").click()  # a link that looks like a button
        page.get_by_role("heading", name="Kampeni mpya").wait_for()
        visit.check("sw-campaigns-2-new")
        page.get_by_label("Jina la kampeni").fill("Ofa ya Idd")
        page.get_by_label("Orodha ya anwani").select_option(list_id)
        page.get_by_label("Ujumbe").fill("Habari {first_name}, ofa ya leo: punguzo la 10!")
        page.get_by_role("button", name="Angalia kabla ya kutuma").click()

        page.get_by_role("heading", name="Hakiki kampeni").wait_for()
        assert page.locator("#recipients").inner_text().split()[0] == "3"
        assert page.locator("#credits").inner_text().split()[0] == "3"
        samples = page.locator("figure.sample blockquote").all_inner_texts()
        assert samples == [f"Habari {first}, ofa ya leo: punguzo la 10!" for first, _, _ in PEOPLE]
        visit.check("sw-campaigns-3-preview")
        page.get_by_role("button", name="Tuma kampeni sasa").click()

        page.get_by_role("heading", name="Ofa ya Idd").wait_for()
        campaign_url = page.url
        visit.check("sw-campaigns-4-sending")
        expect(page.locator("#count-delivered")).to_have_text("3", timeout=30_000)  # htmx keeps asking
        expect(page.locator("#status")).to_have_text("Imekamilika")
        assert page.locator("#progress[hx-get]").count() == 0  # nothing more can change: it stopped asking
        page.reload()
        assert page.locator("main table").get_by_text("Imefika").count() == 3
        visit.check("sw-campaigns-5-delivered")

        with page.expect_download() as download:
            page.get_by_role("button", name="Pakua ripoti (CSV)").click()
        with open(download.value.path(), newline="", encoding="utf-8") as report:
            rows = list(csv.DictReader(report))
        assert sorted((row["status"], row["message"]) for row in rows) == sorted(
            ("delivered", f"Habari {first}, ofa ya leo: punguzo la 10!") for first, _, _ in PEOPLE)

        page.get_by_role("button", name="English").click()  # the same pages in English
        page.get_by_role("heading", name="Progress").wait_for()
        visit.check("en-campaigns-5-delivered")
        page.goto("/campaigns")
        assert page.get_by_role("link", name="Ofa ya Idd").get_attribute("href") == campaign_url.removeprefix(base_url)
        visit.check("en-campaigns-1-list")
        page.goto("/campaigns/new")
        visit.check("en-campaigns-2-new")
        assert visit.errors == []
    finally:
        visit.close()
    print(f"\nthe browser's walk took {time.monotonic() - started:.1f} s")
