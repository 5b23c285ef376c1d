"""The app holds to its own OpenAPI document, as schemathesis checks it over real HTTP.

schemathesis (its CLI, in a child process) reads `/schema/openapi.json` from a running
`ujumbe serve` and runs every phase (the document's examples, coverage of each parameter's
edges, fuzzing, and the stateful phase, which follows the document's links) with every check
it has (`--checks all`): no server error, documented status codes, content types, headers and
bodies, invalid input refused and valid input taken, missing required headers refused,
credentials enforced, a deleted resource gone and a created one there. It calls as the
customer of `running_app`, with the API key for ApiKey and the access token for BearerJWT; a
second, shorter run calls the operations that take either with the access token.
Settings that fix the run (seed, examples per operation) are in schemathesis.toml beside this
file; schemathesis_hooks.py gives each
request its own client address (the per-address rate limits would otherwise answer most of a
run), deletes each webhook the fuzzing phases register and the oldest past 15 in the stateful
phase (an account holds 20), makes valid Idempotency-Keys and register emails unique, as a real
client's are, gives valid input to the contact operations a contact (and extra number) that
exists, to verify-phone a code that was sent, and to a Google callback a live consent. No check is excluded from any operation and
no finding is filtered; an operation reached only through links (a webhook's deliveries, its
delete) is held to them by the assertion that every link was followed. The run is bounded:
about 2 minutes alone on 2 cores (argon2 at its lowest cost, tests/conftest.py), and a
subprocess that passes 10 minutes fails the test.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from fake_google import FakeGoogle, fake_google, google_env, person
from running_app import EMAIL, PASSWORD, RunningApp, running_app_with_customer

HERE = Path(__file__).parent

# The journeys the stateful phase must be able to take, as (operationId, linked operationId).
JOURNEYS = [
    ("register", "login"), ("login", "createApiKey"), ("createApiKey", "sendSms"), ("sendSms", "listMessageLogs"),
    ("registerWebhook", "listWebhookDeliveries"), ("listWebhookDeliveries", "deleteWebhook"),
    ("registerWebhook", "deleteWebhook"),
    ("createContactList", "addContact"), ("createContactList", "deleteContactList"),
    ("addContact", "addContactPhone"), ("addContactPhone", "deleteContactPhone"), ("addContact", "deleteContact"),
]


def operation_ids(document: dict[str, Any]) -> dict[str, str]:
    """operationId by schemathesis's label of an operation ("POST /v1/sms")."""
    return {f"{method.upper()} {path}": operation["operationId"]
            for path, operations in document["paths"].items() for method, operation in operations.items()
            if isinstance(operation, dict) and "operationId" in operation}


def links_in(document: dict[str, Any]) -> set[tuple[str, str]]:
    """Every (operationId, linked operationId) pair the document's response links declare."""
    return {
        (operation["operationId"], link["operationId"])
        for path in document["paths"].values() for operation in path.values() if isinstance(operation, dict)
        for response in operation.get("responses", {}).values() for link in response.get("links", {}).values()
    }


def takes_an_id(document: dict[str, Any]) -> set[str]:
    """The operations with a parameter in their path (`/v1/campaigns/{campaign_id}`)."""
    return {operation["operationId"] for path, operations in document["paths"].items() if "{" in path
            for operation in operations.values() if isinstance(operation, dict) and "operationId" in operation}


@dataclass(frozen=True, slots=True)
class Run:
    exit_code: int
    output: str
    summary: dict[str, Any]  # schemathesis's JSON report
    events: list[dict[str, Any]]  # its NDJSON report: every event of the run

    def links_followed(self, document: dict[str, Any]) -> set[tuple[str, str]]:
        """The (operationId, linked operationId) pairs the stateful phase took at least once."""
        labels = operation_ids(document)
        followed = set()
        for case in _cases(self.events):
            transition = case.get("transition") or {}
            if case.get("is_transition_applied") and "id" in transition:
                # "POST /v1/api-keys -> [201] SendSms -> POST /v1/sms"
                source, _, target = (part.strip() for part in transition["id"].split(" -> "))
                followed.add((labels[source], labels[target]))
        return followed

    def links_tried(self, document: dict[str, Any]) -> set[tuple[str, str]]:
        """`links_followed`, and the links the stateful phase took whose source answered without
        the value to carry (schemathesis's "Failed to extract data from response": a fuzzed
        `page` far past the last one gives an empty list, so `#/data/lists/0/id` is not there)."""
        labels = operation_ids(document)
        failed = self.output.split("Failed to extract data from response", 1)[-1] \
            if "Failed to extract data from response" in self.output else ""
        tried = {(labels[source], labels[target]) for source, target in
                 re.findall(r"^\s*(\S+ \S+) -> \[\d+\] \w+ -> (\S+ \S+)\s*$", failed, re.MULTILINE)
                 if source in labels and target in labels}
        return self.links_followed(document) | tried


def _cases(events: Any) -> Iterator[dict[str, Any]]:
    """Every generated case recorded anywhere in the events."""
    if isinstance(events, dict):
        if "transition" in events and "is_transition_applied" in events:
            yield events
        for value in events.values():
            yield from _cases(value)
    elif isinstance(events, list):
        for value in events:
            yield from _cases(value)


def run_schemathesis(app: RunningApp, workdir: Path, *, document: Path | None = None, options: tuple[str, ...] = ()) -> Run:
    """schemathesis against the running app: its document as served, or `document` (a file)."""
    env = {
        **os.environ,
        "UJUMBE_CONTRACT_API_KEY": app.api_key,
        "UJUMBE_CONTRACT_ACCESS_TOKEN": app.access_token,
        "UJUMBE_CONTRACT_BASE_URL": app.base_url,
        "UJUMBE_CONTRACT_DATABASE_URL": app.env["UJUMBE_DATABASE_URL"],
        "UJUMBE_CONTRACT_EMAIL": EMAIL,
        "UJUMBE_CONTRACT_PASSWORD": PASSWORD,
        "SCHEMATHESIS_HOOKS": str(HERE / "schemathesis_hooks.py"),
        "COLUMNS": "120",
    }
    summary, events = workdir / "schemathesis.json", workdir / "schemathesis.ndjson"
    done = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(HERE / "schemathesis.toml"),
         "run", *([str(document), "--url", app.base_url] if document else [app.document_url]),
         "--checks", "all", "--no-color", "--report", "json,ndjson",
         "--report-json-path", str(summary), "--report-ndjson-path", str(events), *options],
        capture_output=True, text=True, env=env, cwd=workdir, timeout=600,
    )
    output = f"{done.stdout}\n{done.stderr}"
    assert summary.exists() and events.exists(), output
    return Run(exit_code=done.returncode, output=output, summary=json.loads(summary.read_text()),
               events=[json.loads(line) for line in events.read_text().splitlines() if line.strip()])


def test_the_app_answers_as_its_openapi_document_says(running_app: RunningApp, tmp_path: Path) -> None:
    document = httpx.get(running_app.document_url, timeout=10).json()
    assert set(JOURNEYS) <= links_in(document)

    run = run_schemathesis(running_app, tmp_path)
    print(run.output)  # schemathesis's own report (pytest -rP shows it for a passing run)

    assert run.exit_code == 0, run.output
    assert run.summary.get("filtered", 0) == 0, run.output  # nothing hidden by a hook
    # Every phase ran: none was skipped for want of examples, links or operations.
    assert {phase: result["status"] for phase, result in run.summary["phases"].items()} == {
        "examples": "success", "coverage": "success", "fuzzing": "success", "stateful": "success"}, run.output
    # Every link into an operation that takes an id in its path (only a link can feed it a real one)
    # taken; or, for one the random walk did not take, both its ends reached through other links.
    # A link into an operation without one (login -> me) is a journey the other phases already
    # called with real credentials and valid data.
    tried = run.links_tried(document)
    reached = {operation for link in tried for operation in link}
    untaken = {link for link in links_in(document) - tried if link[1] in takes_an_id(document)}
    assert {link for link in untaken if not set(link) <= reached} == set(), (untaken, run.output)


def test_operations_that_take_either_scheme_answer_as_documented_to_an_access_token(
    running_app: RunningApp, tmp_path: Path
) -> None:
    """schemathesis satisfies an operation's first security alternative it has credentials for,
    so above every operation that takes either scheme is called with the API key. Here the same
    document, with each such operation's alternatives listed access token first (the same OR),
    has those operations called with the access token; no stateful phase, fewer examples."""
    document = httpx.get(running_app.document_url, timeout=10).json()
    either = []
    for operations in document["paths"].values():
        for operation in (o for o in operations.values() if isinstance(o, dict)):
            schemes = [name for requirement in operation.get("security", []) for name in requirement]
            if set(schemes) == {"ApiKey", "BearerJWT"}:
                operation["security"] = [{"BearerJWT": []}, {"ApiKey": []}]
                either.append(operation["operationId"])
    assert len(either) >= 10, either
    token_first = tmp_path / "openapi-token-first.json"
    token_first.write_text(json.dumps(document))

    run = run_schemathesis(running_app, tmp_path, document=token_first, options=(
        "--phases", "examples,coverage,fuzzing", "--max-examples", "25",
        *(option for operation_id in either for option in ("--include-operation-id", operation_id))))
    print(run.output)

    assert run.exit_code == 0, run.output
    assert run.summary["operations"]["tested"] == len(either), run.output
    assert {phase: result["status"] for phase, result in run.summary["phases"].items()
            if phase != "stateful"} == {"examples": "success", "coverage": "success", "fuzzing": "success"}, run.output


# The external contacts import. The runs above serve the default settings, where the feature is off
# and its routes are neither served nor documented. Here `ujumbe serve` runs with it on, against the
# local fake Google (tests/fake_google.py), and schemathesis runs the unit phases with every check
# on the operations of `/v1/contact-lists/google`, the customer connected to "Google" first through
# the real consent flow, so a sync has contacts to import.

@pytest.fixture()
def google() -> Iterator[FakeGoogle]:
    with fake_google() as fake:
        fake.people = [person("Asha", "Mwita", "0712 345 678"), person("Baraka", "", "+44 20 7946 0958"),
                       person("Chausiku", "Kimaro")]
        yield fake


@pytest.fixture()
def google_app(clean_database: str, tmp_path: Path, google: FakeGoogle) -> Iterator[RunningApp]:
    with running_app_with_customer(clean_database, tmp_path, google_env(google)) as app:
        yield app


def test_the_google_contacts_routes_answer_as_the_document_says(google_app: RunningApp, google: FakeGoogle,
                                                                 tmp_path: Path) -> None:
    headers = {"Authorization": f"Bearer {google_app.access_token}"}
    with httpx.Client() as browser:  # the consent completes in the browser that asked for it (its cookie)
        consent_url = browser.get(f"{google_app.base_url}/v1/contact-lists/google/connect", headers=headers).json()
        back = urlsplit(browser.get(consent_url["data"]["authorization_url"]).headers["location"])
        connected = browser.get(f"{google_app.base_url}{back.path}?{back.query}")
    assert connected.status_code == 200 and connected.json()["data"]["status"] == "connected", connected.text
    document = httpx.get(google_app.document_url, timeout=10).json()
    operations = sorted(operation["operationId"] for path, item in document["paths"].items() if "/google/" in path
                        for operation in item.values() if isinstance(operation, dict))
    assert len(operations) == 6, operations

    run = run_schemathesis(google_app, tmp_path, options=(
        "--phases", "examples,coverage,fuzzing", "--max-examples", "30",
        *(option for operation_id in operations for option in ("--include-operation-id", operation_id))))
    print(run.output)

    assert run.exit_code == 0, run.output
    assert run.summary["operations"]["tested"] == len(operations), run.output
    assert run.summary.get("filtered", 0) == 0, run.output
