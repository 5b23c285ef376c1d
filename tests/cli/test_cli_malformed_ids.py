"""An id that is no uuid on the command line: each command's answer, pinned (exit code, stderr in
words and as `--json`). It names nothing, so it answers as an unknown id does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests_support import ujumbe

BAD = "not-a-uuid"
NO_CAMPAIGN = ("error: no campaign not-a-uuid (not_found) — ujumbe campaigns list\n", "No such campaign.")
NO_ORDER = ("error: no payment order not-a-uuid (not_found) — ujumbe payments list\n", "No payment order not-a-uuid.")
# The import's progress bar (transient) leaves an empty line before the error.
NO_LIST = ("\nerror: duka@example.com has no contact list not-a-uuid (not_found) — the account's lists: "
           "GET /v1/contact-lists\n", "No such contact list.")

COMMANDS = [
    (("campaigns", "show", BAD), NO_CAMPAIGN),
    (("campaigns", "watch", BAD), NO_CAMPAIGN),
    (("campaigns", "cancel", BAD), NO_CAMPAIGN),
    (("payments", "show", BAD), NO_ORDER),
    (("payments", "confirm", BAD), NO_ORDER),
    (("payments", "fail", BAD), NO_ORDER),
    (("contacts", "import", "duka@example.com", BAD, "{file}"), NO_LIST),
]


@pytest.fixture()
def env(clean_database: str, tmp_path: Path) -> dict[str, str]:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path), "TTY_COMPATIBLE": "0"}
    assert ujumbe("accounts", "create", "--email", "duka@example.com", "--password", "secret-pass",
                  env=env).returncode == 0
    return env


def test_a_malformed_id_answers_as_it_always_has(env: dict[str, str], tmp_path: Path) -> None:
    file = tmp_path / "wateja.csv"
    file.write_text("phone\n0712345678\n")
    for args, (said, message) in COMMANDS:
        args = tuple(arg.format(file=file) for arg in args)
        human = ujumbe(*args, env=env)
        assert (human.returncode, human.stdout, human.stderr) == (1, "", said), args
        as_json = ujumbe(*args, "--json", env=env)
        assert (as_json.returncode, as_json.stdout) == (1, ""), args
        assert json.loads(as_json.stderr) == {"error": {"code": "not_found", "message": message}}, args
