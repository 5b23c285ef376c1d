"""The README and the documentation pages say only what exists. The README is one screen (at most
10 KiB) and the pages in docs/ own their text (none includes the README). Every relative link in
README.md and in docs/**/*.md names a file of the repository, and a `#anchor` into a Markdown page
names one of its headings; every page of the site is linked from the README. Every `ujumbe ...`
command the README's quick start, the getting-started tour and the pages show is a command with
the options it is given (its `--help` answers), every route they call is in the app's OpenAPI
document with that method, and the webhook receiver they run verifies what the service signs and
refuses the rest. (`make test` also builds the whole site with `mkdocs build --strict`.)"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import click
import msgspec
import pytest
from click.testing import CliRunner
from dependency_injector import providers

from domain.webhooks import sign, standard_webhooks_signature
from entrypoints.cli.main import cli
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
TOUR = DOCS / "getting-started.md"
RECEIVER = DOCS / "examples" / "webhook_receiver.py"
PAGES = sorted(DOCS.rglob("*.md"))
README_LIMIT = 10 * 1024  # bytes: the README is one screen; the pages in docs/ hold the rest


def _shell_lines(markdown: str) -> list[str]:
    """The command lines of the text's shell blocks (continuation lines joined, comments dropped)."""
    lines: list[str] = []
    for block in re.findall(r"^ *```(?:sh|bash)\n(.*?)^ *```", markdown, flags=re.M | re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        lines += [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]
    return lines


def _inline_commands(markdown: str) -> list[str]:
    """The text's inline code, outside code blocks, that starts with `ujumbe` or `curl`."""
    prose = re.sub(r"^ *```.*?^ *```", "", markdown, flags=re.M | re.S)
    spans = [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
    # (`ujumbe listening on ...` is what `ujumbe serve` prints, not a command)
    return [s for s in spans if re.match(r"(ujumbe|curl) ", s) and not s.startswith("ujumbe listening")]


def _commands(markdown: str) -> list[str]:
    """The commands of the text's shell blocks and of its inline code."""
    return _shell_lines(markdown) + _inline_commands(markdown)


def _quick_start() -> str:
    """README's "Your first SMS in five minutes" section."""
    text = README.read_text()
    start = text.index("## Your first SMS in five minutes")
    return text[start:text.index("\n## ", start + 1)]


TOURS = {"getting-started": lambda: _commands(TOUR.read_text()), "readme-quick-start": lambda: _commands(_quick_start())}


# --- the README and the pages ------------------------------------------------------------------

def test_the_readme_fits_on_one_screen() -> None:
    size = len(README.read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes; at most {README_LIMIT}: move the text to a page in docs/"


def test_the_pages_own_their_text_and_include_nothing_from_the_readme() -> None:
    """Each area's text is written in its page in docs/; the README links to the pages and is
    never included by them (pymdownx.snippets includes only example code)."""
    assert "--8<--" not in README.read_text()
    including = [str(page.relative_to(ROOT)) for page in PAGES if re.search(r"--8<--.*README", page.read_text())]
    assert including == []


def _nav_pages() -> list[str]:
    """The pages of mkdocs.yml's nav, relative to docs/."""
    config = (ROOT / "mkdocs.yml").read_text()
    nav = config[config.index("\nnav:"):]
    return re.findall(r":\s*([\w./-]+\.md)\s*$", nav, flags=re.M)


def test_the_readme_links_every_page_of_the_site() -> None:
    pages = _nav_pages()
    assert len(pages) >= 20 and "operator/configuration.md" in pages
    linked = {link.split("#")[0] for link in _links(README.read_text())}
    missing = [page for page in pages if page != "index.md" and f"docs/{page}" not in linked]
    assert missing == [], "add them to the README's table of pages"


# --- links -------------------------------------------------------------------------------------

def _without_code(markdown: str) -> str:
    """The text without fenced code blocks and inline code: a `](` there is no link."""
    text = re.sub(r"^ *(```|~~~).*?^ *\1[^\n]*$", "", markdown, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def _links(markdown: str) -> list[str]:
    """The targets of the text's Markdown links and images (titles dropped)."""
    return re.findall(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", _without_code(markdown))


def _slug(heading: str) -> str:
    """The id mkdocs gives a heading (Python-Markdown's toc slugify of its text): inline markup
    dropped, ASCII only, punctuation dropped, lower case, spaces and hyphens to one hyphen."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"(?<!\w)_+(\S[^_]*?)_+(?!\w)", r"\1", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _anchors(markdown: str) -> set[str]:
    """The ids of a page's headings (`{#id}` when given; a repeated slug gets `_1`, `_2`, ...)
    and of its HTML anchors."""
    text = re.sub(r"^ *(```|~~~).*?^ *\1[^\n]*$", "", markdown, flags=re.M | re.S)
    ids: set[str] = set(re.findall(r"<a\s[^>]*(?:id|name)=\"([^\"]+)\"", text))
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M):
        given = re.search(r"\{[^}]*#([\w-]+)[^}]*\}\s*$", heading)
        slug = given.group(1) if given else _slug(re.sub(r"\s*\{[^}]*\}\s*$", "", heading))
        unique, n = slug, 0
        while unique in ids:
            n += 1
            unique = f"{slug}_{n}"
        ids.add(unique)
    return ids


@cache
def _generated() -> set[Path]:
    """Files the docs build writes (git-ignored), which a link may name before the first build."""
    spec = importlib.util.spec_from_file_location("docs_openapi_hook", DOCS / "hooks" / "openapi.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return {Path(hook.TARGET).resolve()}


def _broken_links(source: Path) -> list[str]:
    """The relative links of a Markdown file that name no file, or a heading its target lacks."""
    broken = []
    for link in _links(source.read_text()):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|//", link):  # http:, mailto:, ...: not ours to check
            continue
        path, _, anchor = urllib.parse.unquote(link).partition("#")
        path = path.split("?")[0]
        target = (source.parent / path).resolve() if path else source
        shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
        if not target.exists() and target not in _generated():
            broken.append(f"{link}: no file {shown}")
        elif anchor and target.suffix == ".md" and anchor not in _anchors(target.read_text()):
            broken.append(f"{link}: no heading #{anchor} in {shown}")
    return broken


@pytest.mark.parametrize("source", [README, *PAGES], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_names_a_file_and_a_heading_that_exist(source: Path) -> None:
    assert _broken_links(source) == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text(
        "# Other\n\n## A real aggregator (ClickPesa's API)\n\n## Notes\n\n## Notes\n\n## Limits {#caps}\n")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n## `ujumbe audit`\n\n```sh\necho '[not a link](nothing.md)'\n```\n\n"
        "[a](other.md#a-real-aggregator-clickpesas-api) [b](other.md#notes_1) [c](other.md#caps) [d](#ujumbe-audit)"
        " [e](https://example.com/gone.md) `[f](nothing.md)` [g](missing.md) [h](other.md#nowhere) [i](#notes)\n")
    assert [entry.split(": ")[0] for entry in _broken_links(page)] == ["missing.md", "other.md#nowhere", "#notes"]


def test_every_relative_link_in_the_readme_names_a_file_that_exists() -> None:
    links = re.findall(r"\]\(([^)\s]+)\)", README.read_text())
    relative = [link for link in links if not re.match(r"[a-z]+:|#", link)]
    assert "docs/getting-started.md" in relative  # the quick start points at the full tour
    missing = [link for link in relative if not (ROOT / link.split("#")[0]).exists()]
    assert missing == []


# --- CLI commands ------------------------------------------------------------------------------

def _ujumbe_invocations(lines: list[str]) -> list[list[str]]:
    """The argv of every `ujumbe ...` in the lines (also after `|`, `;`, `&&` or `$(`)."""
    found = []
    for line in lines:
        for part in re.split(r"\||;|&&|\$\(", line):
            try:
                words = shlex.split(part, comments=True)
            except ValueError:  # an unbalanced quote across a split: the whole line then
                words = part.split()
            if words and words[0] in ("ujumbe", ".venv/bin/ujumbe"):
                found.append(words[1:])
    return found


def _resolve(argv: list[str]) -> tuple[list[str], click.Command, list[str]]:
    """The command path (group names then the command), the command, and the rest of argv."""
    command: click.Command = cli
    path: list[str] = []
    rest = list(argv)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        sub = command.get_command(click.Context(command), rest[0])
        assert sub is not None, f"no command `ujumbe {' '.join(path + [rest[0]])}`"
        command, path = sub, path + [rest.pop(0)]
    return path, command, rest


def _check_invocation(argv: list[str], runner: CliRunner, *, prose: bool = False) -> None:
    """`ujumbe ARGV` is a command that takes the options given and answers `--help`. In prose
    (inline code) a group may be named alone (`ujumbe packages`), and the words after the last
    command name may be placeholders (`ujumbe COMMAND --help`, `ujumbe accounts …`)."""
    if prose:
        names = list(itertools.takewhile(lambda word: re.fullmatch(r"[a-z][a-z0-9-]*", word) is not None, argv))
        path, command, _ = _resolve(names)
        if isinstance(command, click.Group):
            return
        rest = argv[len(path):]
    else:
        path, command, rest = _resolve(argv)
        assert not isinstance(command, click.Group), f"`ujumbe {' '.join(argv)}` names a group, not a command"
    options = {opt for param in command.params for opt in param.opts + param.secondary_opts}
    options |= {"--json", "--help", "-h"}
    for word in rest:
        if word.startswith("--"):
            assert word.split("=")[0] in options, f"`ujumbe {' '.join(path)}` has no option {word}"
    result = runner.invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


@pytest.mark.parametrize("tour", TOURS)
def test_every_ujumbe_command_the_tour_shows_exists_with_its_options(tour: str) -> None:
    invocations = _ujumbe_invocations(TOURS[tour]())
    assert invocations
    runner = CliRunner()
    for argv in invocations:
        _check_invocation(argv, runner)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_every_ujumbe_command_a_page_shows_exists_with_its_options(page: Path) -> None:
    text = page.read_text()
    runner = CliRunner()
    for argv in _ujumbe_invocations(_shell_lines(text)):
        _check_invocation(argv, runner)
    for argv in _ujumbe_invocations(_inline_commands(text)):
        _check_invocation(argv, runner, prose=True)


# --- HTTP routes -------------------------------------------------------------------------------

@cache
def _operations() -> dict[str, set[str]]:
    """Each path of the app's OpenAPI document (no trailing slash) with its methods: the document
    as served by default, and with the Google contacts import on (its routes, which the pages
    describe as behind `UJUMBE_FEATURE_GOOGLE_CONTACTS`, are in the document only then)."""
    google = Container()
    google.settings.override(providers.Object(replace(
        Settings.from_env({}), feature_google_contacts=True, google_client_id="id", google_client_secret="secret")))
    operations: dict[str, set[str]] = {}
    for app in (create_app(), create_app(google)):
        schema: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(app.openapi_schema.to_schema()))
        for path, ops in schema["paths"].items():
            operations.setdefault(path.rstrip("/") or "/", set()).update(method.upper() for method in ops)
    return operations


def _route_of(url_path: str) -> str | None:
    """The document's path template that `url_path` (with `$VARS`, ids or templates) matches; of
    several, the one with the most literal segments, as the router picks it
    (`/v1/campaigns/preview` before `/v1/campaigns/{campaign_id}`)."""
    segments = url_path.rstrip("/").split("/")
    matches = []
    for template in _operations():
        parts = template.split("/")
        if len(parts) == len(segments) and all(
            p == s or (p.startswith("{") and p.endswith("}")) for p, s in zip(parts, segments, strict=True)
        ):
            matches.append(template)
    return max(matches, key=lambda t: sum(not p.startswith("{") for p in t.split("/")), default=None)


def _curl_calls(lines: list[str]) -> Iterator[tuple[str, str]]:
    for line in lines:
        for part in re.split(r"\||;|&&", line):
            if not re.search(r"\bcurl\b", part):
                continue
            url = re.search(r"localhost:8000(/[^\s'\"?]*)", part)
            if url is None:
                continue
            explicit = re.search(r"-X\s+([A-Z]+)", part)
            method = explicit.group(1) if explicit else ("POST" if re.search(r"\s(-d|-F)\s", part) else "GET")
            yield method, url.group(1)


def _check_call(method: str, path: str) -> None:
    template = _route_of(path)
    assert template is not None, f"{method} {path} is not in the API document"
    assert method in _operations()[template] or (method == "HEAD" and "GET" in _operations()[template]), \
        f"{method} {path}: the document has only {sorted(_operations()[template])}"


@pytest.mark.parametrize("tour", TOURS)
def test_every_route_the_tour_calls_is_in_the_api_document(tour: str) -> None:
    calls = list(_curl_calls(TOURS[tour]()))
    assert ("POST", "/v1/sms/") in calls
    for method, path in calls:
        _check_call(method, path)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_every_route_a_page_calls_is_in_the_api_document(page: Path) -> None:
    for method, path in _curl_calls(_commands(page.read_text())):
        _check_call(method, path)


# --- the webhook receiver ----------------------------------------------------------------------

def _load_receiver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_webhook_receiver", RECEIVER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
BODY = json.dumps({"id": "evt-1", "type": "message.delivered", "created_at": "2026-01-05T09:00:00Z",
                   "data": {"message_id": "m-1", "status": "delivered"}}).encode()


def test_the_receiver_verifies_what_the_service_signs_and_refuses_the_rest() -> None:
    receiver = _load_receiver()
    now = int(time.time())
    assert receiver.verify(SECRET, sign(SECRET, now, BODY), BODY, now=now)
    assert receiver.verify(SECRET, f"t={now},v1=00,{sign(SECRET, now, BODY).split(',')[1]}", BODY, now=now)
    assert not receiver.verify(SECRET, sign(SECRET, now, BODY), BODY + b" ", now=now)  # altered
    assert not receiver.verify("whsec_other", sign(SECRET, now, BODY), BODY, now=now)  # another secret
    assert not receiver.verify(SECRET, sign(SECRET, now - 301, BODY), BODY, now=now)  # too old: a replay
    assert not receiver.verify(SECRET, "t=x,v1=00", BODY, now=now)
    assert not receiver.verify(SECRET, "", BODY, now=now)


def test_the_receiver_answers_signed_posts_2xx_and_forged_ones_401_over_http() -> None:
    from http.server import HTTPServer

    receiver = _load_receiver()
    handler = type("Handler", (receiver.Receiver,), {"secret": SECRET, "seen": set()})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/hooks"

    def post(signature: str) -> int:
        request = urllib.request.Request(url, data=BODY, method="POST",
                                         headers={"X-Service-Signature": signature,
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return error.code

    try:
        assert post(sign(SECRET, int(time.time()), BODY)) == 204
        assert post(sign(SECRET, int(time.time()), BODY)) == 204  # a retry: answered, processed once
        assert handler.seen == {"evt-1"}
        assert post(f"t={int(time.time())},v1=0000") == 401
    finally:
        server.shutdown()
        server.server_close()


def test_the_standard_webhooks_alternative_the_tour_shows_verifies_the_services_headers() -> None:
    from standardwebhooks import Webhook

    now = int(time.time())
    headers = {"webhook-id": "evt-1", "webhook-timestamp": str(now),
               "webhook-signature": standard_webhooks_signature(SECRET, "evt-1", now, BODY)}
    assert "Webhook(secret).verify(raw_body, dict(headers))" in TOUR.read_text()
    assert Webhook(SECRET).verify(BODY, dict(headers))["id"] == "evt-1"


# --- the README's quick start, run as written --------------------------------------------------

def _quick_start_script(api_port: int, receiver_port: int, workdir: Path) -> str:
    """README's quick-start block as one bash script: terminal 1 (`make serve`) left out, as the
    test serves; terminal 3's receiver started in the background; ports made free ones."""
    block = re.search(r"```sh\n(.*?)```", _quick_start(), flags=re.S)
    assert block is not None
    text = block.group(1).replace("localhost:8000", f"127.0.0.1:{api_port}")
    text = text.replace("127.0.0.1:9000/", f"127.0.0.1:{receiver_port}/").replace(
        "webhook_receiver.py 9000", f"webhook_receiver.py {receiver_port}")
    serve, rest = text.split("# terminal 2:", 1)
    assert "make serve" in serve
    setup, rest = rest.split("# terminal 3:", 1)
    receiver, send = rest.split("# terminal 2:", 1)
    receiver = receiver.split("\n", 1)[1].strip()
    return "\n".join([
        "set -euo pipefail", "# terminal 2:" + setup,
        f"{receiver} > {workdir}/receiver.log 2>&1 &", f"echo $! > {workdir}/receiver.pid",  # python's pid
        f"until grep -q listening {workdir}/receiver.log; do sleep 0.1; done",  # terminal 3 is up
        "# terminal 2:" + send,
    ])


def test_the_readme_quick_start_runs_as_written_to_a_delivered_sms_and_a_verified_webhook(
    clean_database: str, tmp_path: Path,
) -> None:
    from running_app import free_port, serving

    workdir = tmp_path / "clone"  # the project folder the tour runs in: its .venv and docs/
    (workdir / ".venv" / "bin").mkdir(parents=True)
    (workdir / ".venv" / "bin" / "activate").write_text(  # the operator CLI of this interpreter
        f'ujumbe() {{ "{sys.executable}" -m entrypoints.cli.main "$@"; }}\n')
    (workdir / "docs").symlink_to(ROOT / "docs")
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path / "data"),
           "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1"}
    with serving(env, tmp_path) as base_url:
        script = _quick_start_script(int(base_url.rsplit(":", 1)[1]), free_port(), workdir)
        try:
            done = subprocess.run(["bash", "-c", script], cwd=workdir, capture_output=True, text=True,
                                  timeout=60, env={**os.environ, **env})
            assert done.returncode == 0, done.stderr
            assert done.stdout.rstrip().endswith("}")
            log = json.loads(done.stdout[done.stdout.rindex('{"success"'):])["data"]["messages"]
            assert [m["status"] for m in log] == ["delivered"]  # the tour waits for the report, then reads
            deadline = time.monotonic() + 30  # the delivered event follows its report within moments
            while "verified message.delivered" not in (workdir / "receiver.log").read_text():
                assert time.monotonic() < deadline, (workdir / "receiver.log").read_text()
                time.sleep(0.1)
            printed = (workdir / "receiver.log").read_text()
            assert "verified message.sent" in printed and "REFUSED" not in printed
            assert log[0]["message_id"] in printed
        finally:
            if (workdir / "receiver.pid").exists():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int((workdir / "receiver.pid").read_text()), signal.SIGTERM)
