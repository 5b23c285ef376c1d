"""A client generated from the app's OpenAPI document works as a customer would use it.

openapi-python-client reads `/schema/openapi.json` from a running `ujumbe serve` and must
generate without one warning (a warning means an operation or a response it could not type,
which the generated client then leaves out). The generated package, imported from tmp_path,
sends an SMS with the customer's API key, reads it back from the message log, and gets a
refusal back as the typed error envelope.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from running_app import RunningApp

PACKAGE = "ujumbe_sms_api_client"

# The generator formats its output with ruff by default; how the generated code is laid out is
# not what this test is about, and ruff need not be on PATH where the tests run.
GENERATOR_CONFIG = f"package_name_override: {PACKAGE}\npost_hooks: []\n"


def generate_client(document_url: str, into: Path) -> subprocess.CompletedProcess[str]:
    config = into / "generator.yaml"
    config.write_text(GENERATOR_CONFIG)
    return subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--url", document_url,
         "--config", str(config), "--meta", "none", "--output-path", str(into / PACKAGE)],
        capture_output=True, text=True, timeout=300,
    )


@pytest.fixture()
def generated(running_app: RunningApp, tmp_path: Path) -> Iterator[subprocess.CompletedProcess[str]]:
    """The generator's run; its package importable while the test runs."""
    done = generate_client(running_app.document_url, tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        yield done
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def client_module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_a_client_generated_from_the_document_sends_an_sms_and_reads_the_log(
    running_app: RunningApp, generated: subprocess.CompletedProcess[str]
) -> None:
    output = f"{generated.stdout}\n{generated.stderr}"
    assert generated.returncode == 0, output
    assert "warning" not in output.lower(), output

    client = client_module("client").AuthenticatedClient(
        base_url=running_app.base_url, token=running_app.api_key, auth_header_name="X-API-Key", prefix="")
    send_sms = client_module("api.sms.send_sms")
    list_message_logs = client_module("api.sms.list_message_logs")
    models = client_module("models")
    with client as api:
        sent = send_sms.sync_detailed(client=api, body=models.SendRequest(to="0712345678", message="Habari ya leo"))
        assert sent.status_code == 200, sent.content
        assert isinstance(sent.parsed, models.SendResultEnvelope)
        assert sent.parsed.data.status == "sent"

        logs = list_message_logs.sync_detailed(client=api)
        assert logs.status_code == 200, logs.content
        assert isinstance(logs.parsed, models.MessageLogPageEnvelope)
        [logged] = logs.parsed.data.messages
        assert (logged.message_id, logged.to, logged.message) == (
            sent.parsed.data.message_id, "+255712345678", "Habari ya leo")

        # An error comes back typed too, as the one error envelope with its code.
        refused = send_sms.sync_detailed(client=api, body=models.SendRequest(to="0712345678", message=""))
        assert refused.status_code == 400, refused.content
        assert isinstance(refused.parsed, models.ErrorEnvelope)
        assert (refused.parsed.success, refused.parsed.error.code, refused.parsed.error.field) == (
            False, "validation_error", "message")
