"""A hostile workbook sent to a real `ujumbe serve` (its job worker in the same process): the
1.6 KB file that once made the process abort for 512 GiB, and a zip bomb, are refused with 413,
and the server goes on answering."""

from __future__ import annotations

from pathlib import Path

import httpx

from hostile_workbooks import contacts, far_corner, zip_bomb
from running_app import EXAMPLE_CONTACT_LIST_ID, running_app_with_customer


def test_a_hostile_workbook_is_refused_and_the_server_goes_on_serving(clean_database: str, tmp_path: Path) -> None:
    with running_app_with_customer(clean_database, tmp_path, worker=True) as app:
        url = f"{app.base_url}/v1/contact-lists/{EXAMPLE_CONTACT_LIST_ID}/import"
        headers = {"Authorization": f"Bearer {app.access_token}"}

        for content in (far_corner(), far_corner(dimension=None), zip_bomb()):
            refused = httpx.post(url, headers=headers, files={"file": ("wateja.xlsx", content)}, timeout=60)
            assert refused.status_code == 413, refused.text
            assert refused.json()["error"]["code"] == "payload_too_large"
            assert httpx.get(f"{app.base_url}/health", timeout=10).status_code == 200

        imported = httpx.post(url, headers=headers, files={"file": ("wateja.xlsx", contacts("0713000111"))},
                              timeout=60)
        assert imported.status_code == 200, imported.text
        assert imported.json()["data"] == {"imported": 1, "skipped": 0, "errors": []}
