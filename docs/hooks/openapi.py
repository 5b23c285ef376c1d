"""mkdocs hook: writes docs/api/openapi.json from the app itself before each build, so the API
reference (docs/api/reference.md, rendered by neoteroi-mkdocs' OAD plugin) is the document the
server answers at /schema/openapi.json. Building the app needs no database and no network."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from entrypoints.http.app import create_app

TARGET = Path(__file__).resolve().parent.parent / "api" / "openapi.json"


def openapi_document() -> bytes:
    schema = create_app().openapi_schema.to_schema()
    return msgspec.json.format(msgspec.json.encode(schema), indent=2) + b"\n"


def on_pre_build(config: Any) -> None:
    document = openapi_document()
    # Written only when it changed: `mkdocs serve` watches docs/ and would rebuild forever.
    if not TARGET.exists() or TARGET.read_bytes() != document:
        TARGET.write_bytes(document)
