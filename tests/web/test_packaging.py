"""A wheel of ujumbe carries what the dashboard reads from its package at run time: every template,
both catalogs and every static file (`make serve` runs from an editable install, a deployment from
the wheel)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "entrypoints" / "web"


def test_the_wheel_holds_the_templates_catalogs_and_static_files(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("ujumbe-*.whl")
    inside = set(zipfile.ZipFile(wheel).namelist())
    needed = {str(path.relative_to(ROOT / "src")) for folder in ("templates", "locales", "static")
              for path in (WEB / folder).rglob("*") if path.is_file()}
    assert {"entrypoints/web/templates/base.html", "entrypoints/web/locales/sw/LC_MESSAGES/messages.po",
            "entrypoints/web/static/vendor/htmx.min.js"} <= needed
    assert needed <= inside, sorted(needed - inside)
