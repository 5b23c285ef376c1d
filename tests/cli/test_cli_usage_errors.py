"""A bad command line is an error like the others: stderr, exit code 1, nothing on stdout."""

from __future__ import annotations

import json
from pathlib import Path

from tests_support import ujumbe


def test_bad_option_value_exits_1_with_a_json_error(tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "UJUMBE_DATA_DIR": str(tmp_path)}
    for args in (["accounts", "create", "--email", "a@example.com", "--password", "s3cret-pass", "--plan", "gold",
                  "--json"],
                 ["--json", "accounts", "set-plan", "a@example.com", "gold"]):
        result = ujumbe(*args, env=env)
        assert result.returncode == 1, result.stderr
        assert result.stdout == ""
        assert json.loads(result.stderr)["error"]["code"] == "validation_error"


def test_unknown_command_and_missing_argument_exit_1(tmp_path: Path) -> None:
    env = {"UJUMBE_DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "UJUMBE_DATA_DIR": str(tmp_path)}
    result = ujumbe("--json", "no-such-command", env=env)
    assert (result.returncode, result.stdout) == (1, "")
    assert json.loads(result.stderr)["error"]["code"] == "usage_error"
    result = ujumbe("accounts", "show", env=env)
    assert (result.returncode, result.stdout) == (1, "")
    assert "Missing argument" in result.stderr
    assert ujumbe("--help", env=env).returncode == 0
