"""The third-party files are what src/entrypoints/web/static/VENDORED.md says they are: each row's
sha256 is the file's, and every vendored file has a row."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIST = ROOT / "src" / "entrypoints" / "web" / "static" / "VENDORED.md"
VENDOR_FOLDERS = [ROOT / "src" / "entrypoints" / "web" / "static" / "vendor", ROOT / "tests" / "web" / "vendor"]
ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \| (\d+\.\d+\.\d+) \|.*\| `([0-9a-f]{64})` \|$", re.M)


def rows() -> dict[str, tuple[str, str, str]]:
    return {path: (package, version, sha256) for path, package, version, sha256 in ROW.findall(LIST.read_text())}


def test_every_vendored_file_has_the_sha256_its_row_names() -> None:
    listed = rows()
    assert {"htmx.org", "@picocss/pico", "axe-core"} == {package for package, _, _ in listed.values()}
    for path, (package, version, sha256) in listed.items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == sha256, f"{path} ({package} {version})"


def test_every_file_in_a_vendor_folder_is_listed() -> None:
    found = {str(path.relative_to(ROOT)) for folder in VENDOR_FOLDERS for path in folder.rglob("*") if path.is_file()}
    assert found == set(rows())


def test_htmx_is_2_0_and_pico_2() -> None:
    versions = {package: version for package, version, _ in rows().values()}
    assert versions["htmx.org"].startswith("2.0.") and versions["@picocss/pico"].startswith("2.")
