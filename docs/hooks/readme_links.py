"""mkdocs hook: area pages include README.md's sections (pymdownx.snippets), whose links to the
site's own pages are written from the repository root (`docs/operator/logs.md`). A preprocessor
that runs after the snippets are in makes them relative to the page being built."""

from __future__ import annotations

import posixpath
import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

_README_LINK = re.compile(r"\]\(docs/([^)\s]+)\)")
_page_dir = ""  # the folder (under docs/) of the page being converted


class _RelativeReadmeLinks(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        def relative(match: re.Match[str]) -> str:
            return "](" + posixpath.relpath(match.group(1), _page_dir or ".") + ")"
        return [_README_LINK.sub(relative, line) for line in lines]


class _Links(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(_RelativeReadmeLinks(md), "readme_links", 31)  # snippets is 32


def on_config(config: Any) -> Any:
    config.markdown_extensions.append(_Links())
    return config


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    global _page_dir
    _page_dir = posixpath.dirname(page.file.src_uri)
    return markdown
