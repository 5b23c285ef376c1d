"""How every command answers: human text, or `--json`; errors on stderr with exit code 1."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import sys
from collections.abc import Callable, Coroutine
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any, ParamSpec, TypeVar

import click

from domain.errors import DomainError

P = ParamSpec("P")
R = TypeVar("R")


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, Enum):
        return value.value
    if hasattr(value, "__dataclass_fields__"):
        return {name: getattr(value, name) for name in value.__dataclass_fields__}
    return str(value)


def wants_json() -> bool:
    ctx = click.get_current_context()
    while ctx is not None:
        if ctx.params.get("as_json") or (ctx.obj or {}).get("json"):
            return True
        ctx = ctx.parent  # type: ignore[assignment]
    return False


def emit(data: Any, text: str | Callable[[], str]) -> None:
    """Print `data` as JSON under --json, else the human text."""
    if wants_json():
        click.echo(json.dumps(data, default=_default, ensure_ascii=False))
    else:
        click.echo(text() if callable(text) else text)


def progress(message: str) -> None:
    """Progress of long work goes to stderr so --json stdout stays clean."""
    click.echo(message, err=True)


def fail(code: str, message: str) -> None:
    if wants_json():
        click.echo(json.dumps({"error": {"code": code, "message": message}}), err=True)
    else:
        click.echo(f"error: {message} ({code})", err=True)
    sys.exit(1)


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


def command(group: click.Group, name: str | None = None, **kwargs: Any) -> Callable[[Callable[P, R]], click.Command]:
    """A subcommand with `--json` whose domain errors become stderr + exit 1.

    Async functions are run to completion with asyncio.run.
    """

    def decorate(fn: Callable[P, R]) -> click.Command:
        @functools.wraps(fn)
        def run(*args: P.args, **kw: P.kwargs) -> Any:
            kw.pop("as_json", None)
            try:
                result = fn(*args, **kw)
                if asyncio.iscoroutine(result):
                    return asyncio.run(_awaited(result))
                return result
            except DomainError as exc:
                fail(exc.code, exc.message)
            except (click.ClickException, click.exceptions.Exit, SystemExit, KeyboardInterrupt):
                raise
            except Exception as exc:  # an operator gets one line, not a traceback
                if os.environ.get("UJUMBE_DEBUG"):
                    raise
                fail("error", f"{type(exc).__name__}: {str(exc).strip()}")
            return None

        return group.command(name, **kwargs)(json_option(run))

    return decorate


async def _awaited(coro: Coroutine[Any, Any, R]) -> R:
    return await coro
