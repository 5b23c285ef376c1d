"""The ledger audit a test ends with: `ujumbe audit --json` run as an operator runs it."""

from __future__ import annotations

import json
import tempfile

from tests_support import ujumbe


def assert_audit_clean(env: dict[str, str]) -> None:
    """Fails naming every account and rule `ujumbe audit` finds broken in the database of `env`
    (UJUMBE_DATABASE_URL, and UJUMBE_DATA_DIR when the test has one)."""
    with tempfile.TemporaryDirectory(prefix="ujumbe-audit-") as data_dir:
        audited = ujumbe("audit", "--json", env={"UJUMBE_DATA_DIR": data_dir, **env})
    try:
        report = json.loads(audited.stdout)
    except ValueError:
        raise AssertionError(f"ujumbe audit failed (exit {audited.returncode}): {audited.stderr}") from None
    broken = [f"{v['email']} {v['rule']}: {v['detail']}" for v in report["violations"]]
    assert report["clean"] and audited.returncode == 0, "ledger audit:\n" + "\n".join(broken or [audited.stderr])
