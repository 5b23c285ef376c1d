"""The CLI as an operator runs it: a real process, `--json` on stdout, errors on stderr + exit 1."""

from __future__ import annotations

import json
from pathlib import Path

from tests_support import ujumbe


def test_migrate_reports_json_and_is_idempotent(clean_database: str, tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path)}
    for flags in (["--json", "migrate"], ["migrate", "--json"]):
        result = ujumbe(*flags, env=env)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == {"applied": []}


def test_errors_go_to_stderr_with_exit_code_1(tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "UJUMBE_DATA_DIR": str(tmp_path)}
    result = ujumbe("migrate", "--json", env=env)
    assert result.returncode == 1
    assert result.stdout == ""
    assert json.loads(result.stderr.strip().splitlines()[-1])["error"]["code"]
