"""The code cites the project's own decisions (docs/decisions.md), never a document the repository
does not hold: no comment or docstring under src/ (nor in tests/ or bench/) points at "DESIGN §…",
DESIGN.md, STYLE or "the spec", and every `(decision: X)` names a heading of docs/decisions.md."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DECISIONS = ROOT / "docs" / "decisions.md"
SOURCE_SUFFIXES = {".py", ".sql", ".toml", ".json", ".yaml", ".yml", ".md", ".txt", ".html", ".csv"}

# References to documents outside the repository. `spec` is matched as a word, so `msgspec` and
# `litestar.openapi.spec` are not references; neither is a name such as `_STATUS_STYLES`.
EXTERNAL = re.compile(
    r"(?-i:\bDESIGN\b|\bSTYLE\b)|DESIGN\.md|STYLE\.md|\bthe spec\b|(?<![\w.])spec(?:'s|\s*:|\s+rules?\b)"
    r"|(?<!\w)\(spec\b|\bbrief messages_schema",
    re.IGNORECASE,
)
CITATION = re.compile(r"\(decision: ([^()\n]+?)\)")


def _files(*folders: str, exclude: tuple[Path, ...] = ()) -> Iterator[Path]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if any(part in ("node_modules", "__pycache__") for part in path.relative_to(ROOT).parts):
                continue
            if path.is_file() and not path.is_symlink() and path.suffix in SOURCE_SUFFIXES and path not in exclude:
                yield path


def _code_files() -> list[Path]:
    return list(_files("src", "tests", "bench", exclude=(Path(__file__).resolve(),)))


@cache
def decision_names() -> frozenset[str]:
    """The headings of docs/decisions.md, lowercased (an `{#anchor}` or trailing hashes dropped)."""
    names = set()
    for line in DECISIONS.read_text().splitlines():
        heading = re.match(r"#{1,6}\s+(.+?)\s*(?:\{[^}]*\})?\s*#*\s*$", line)
        if heading:
            names.add(" ".join(heading.group(1).split()).lower())
    return frozenset(names)


def test_the_decisions_page_exists_and_is_in_the_site_navigation() -> None:
    assert DECISIONS.is_file()
    assert re.search(r"^\s*- [^:\n]+: decisions\.md\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert {"sender fallback", "ledger statement", "idempotency keys", "webhooks"} <= decision_names()


def test_no_source_file_points_at_a_document_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _code_files()
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1)
        if EXTERNAL.search(line)
    ]
    assert found == [], "cite docs/decisions.md (decision: <heading>) or state the reason:\n" + "\n".join(found)


def test_every_decision_cited_in_the_code_is_a_heading_of_the_decisions_page() -> None:
    cited = 0
    unknown, malformed = [], []
    for path in _code_files():
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1):
            where = f"{path.relative_to(ROOT)}:{number}"
            citations = CITATION.findall(line)
            if line.count("(decision:") != len(citations):
                malformed.append(f"{where}: {line.strip()}")  # a citation is `(decision: name)` on one line
            for name in citations:
                cited += 1
                if " ".join(name.split()).lower() not in decision_names():
                    unknown.append(f"{where}: {name}")
    assert malformed == []
    assert unknown == [], f"no such heading in {DECISIONS.relative_to(ROOT)}:\n" + "\n".join(unknown)
    assert cited > 0


@pytest.mark.parametrize("line", [
    "(DESIGN §6)", "see DESIGN.md", "(STYLE: no @inject)", "as the spec says", "(spec rule 3)",
    "the spec's limit", "(spec: Limits)", "Spec: scheduled_at", "(contract: brief messages_schema.md)",
])
def test_the_check_finds_each_way_the_code_used_to_cite_outside_documents(line: str) -> None:
    assert EXTERNAL.search(line)


@pytest.mark.parametrize("line", [
    "from litestar.openapi.spec import Components", "msgspec refuses unknown fields", "_STATUS_STYLES = {",
    "stricter than RFC 5322, by design", "module = importlib.util.module_from_spec(spec)", "def test_several_binds_with_carriers_as_design_writes_them():",
    "spec = importlib.util.spec_from_file_location(name, path)", "(decision: sender fallback)",
])
def test_the_check_lets_names_that_merely_contain_the_words_through(line: str) -> None:
    assert not EXTERNAL.search(line)
