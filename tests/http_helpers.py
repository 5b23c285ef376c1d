"""Small assertions shared by the HTTP tests."""

from __future__ import annotations

from typing import Any


def error_of(response: Any) -> tuple[str, str | None]:
    """(code, field) of an error envelope."""
    body = response.json()
    assert body["success"] is False and body["data"] is None, body
    return body["error"]["code"], body["error"].get("field")
