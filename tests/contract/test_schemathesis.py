"""The app holds to its own OpenAPI document, as schemathesis checks it over real HTTP.

schemathesis (its CLI, in a child process) reads `/schema/openapi.json` from a running
`ujumbe serve` and runs every phase (the document's examples, coverage of each parameter's
edges, fuzzing, and the stateful phase, which follows the document's links) with every check
it has (`--checks all`): no server error, documented status codes, content types, headers and
bodies, invalid input refused and valid input taken, missing required headers refused,
credentials enforced, a deleted resource gone and a created one there. It calls as the
customer of `running_app`, with the API key for ApiKey and the access token for BearerJWT.
Settings that fix the run (seed, examples per operation) are in schemathesis.toml beside this file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from running_app import RunningApp

HERE = Path(__file__).parent


def run_schemathesis(app: RunningApp, report_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "UJUMBE_CONTRACT_API_KEY": app.api_key,
        "UJUMBE_CONTRACT_ACCESS_TOKEN": app.access_token,
        "SCHEMATHESIS_HOOKS": str(HERE / "schemathesis_hooks.py"),
        "COLUMNS": "120",
    }
    return subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(HERE / "schemathesis.toml"),
         "run", app.document_url, "--checks", "all", "--no-color",
         "--report", "junit", "--report-dir", str(report_dir)],
        capture_output=True, text=True, env=env, cwd=report_dir, timeout=900,
    )


@pytest.mark.xfail(strict=True, reason="the document does not yet say what the app does: /tmp/api-findings.md")
def test_the_app_answers_as_its_openapi_document_says(running_app: RunningApp, tmp_path: Path) -> None:
    done = run_schemathesis(running_app, tmp_path)

    report = f"{done.stdout}\n{done.stderr}"
    assert done.returncode == 0, report
