"""A configured UJUMBE_SECRET_KEY too short to derive the service's keys from stops every
process that would use it, before it touches the database, naming the variable."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests_support import ujumbe


@pytest.mark.parametrize("command", [["migrate"], ["worker"], ["serve", "--port", "0"], ["accounts", "list"]])
def test_a_secret_key_under_32_bytes_is_refused_at_start_up(command: list[str], tmp_path: Path) -> None:
    refused = ujumbe(*command, env={"UJUMBE_SECRET_KEY": "0123456789abcdef0123456789abcde",  # 31 bytes
                                    "UJUMBE_DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none",
                                    "UJUMBE_DATA_DIR": str(tmp_path)})
    assert refused.returncode == 1
    assert "UJUMBE_SECRET_KEY is 31 bytes; it needs at least 32" in refused.stderr
