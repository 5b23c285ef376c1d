"""How every command answers: human text, or `--json`; errors on stderr with exit code 1.

Human output of listings and records is a table: drawn by rich when stdout is a terminal (or
`TTY_COMPATIBLE=1` / `FORCE_COLOR` say so), plain aligned columns without colour otherwise, so a
pipe into grep or awk sees one stable line per row. `--json` never goes through a table.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import sys
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from enum import Enum
from typing import Any, ParamSpec, TypeVar

import click
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from domain.errors import DomainError
from entrypoints.cli.hints import hint_for, hint_for_exception

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


# ---- tables -------------------------------------------------------------------------------------

_STATUS_STYLES = {
    "green": {"accepted", "active", "bound", "completed", "confirmed", "delivered", "sent", "ok", "yes", "verified"},
    "yellow": {"binding", "doing", "draft", "pending", "queued", "running", "scheduled", "submitted", "todo"},
    "red": {"cancelled", "expired", "failed", "rejected", "retired", "unbound", "no", "not verified"},
}


@dataclass(frozen=True)
class Col:
    """A column: its header, right-aligned (numbers) or not, coloured by value (statuses) or not."""

    header: str
    right: bool = False
    status: bool = False


@dataclass(frozen=True)
class Table:
    """Rows under columns; `empty` is printed instead when there are no rows."""

    columns: Sequence[str | Col]
    rows: Sequence[Sequence[Any]]
    title: str | None = None
    empty: str = "nothing to show"


@dataclass(frozen=True)
class Fields:
    """One record as `name  value` lines."""

    pairs: Sequence[tuple[str, Any]]
    title: str | None = None


def cell(value: Any) -> str:
    """How a value reads in a table: '-' for nothing, dates to the second in UTC."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return (value.astimezone(UTC) if value.tzinfo else value).strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _col(column: str | Col) -> Col:
    return column if isinstance(column, Col) else Col(column)


def stdout_console() -> Console:
    """rich on stdout; it decides whether stdout is a terminal (TTY_COMPATIBLE=1 or FORCE_COLOR
    force it, NO_COLOR drops colour, COLUMNS sets the width)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def emit_table(data: Any, columns: Sequence[str | Col], rows: Sequence[Sequence[Any]], *,
               title: str | None = None, empty: str = "nothing to show") -> None:
    """`data` as JSON under --json; else the rows as a table (see the module's docstring)."""
    emit_view(data, Table(columns, rows, title, empty))


def emit_fields(data: Any, pairs: Sequence[tuple[str, Any]], *, title: str | None = None) -> None:
    """`data` as JSON under --json; else one record as aligned `name  value` lines."""
    emit_view(data, Fields(pairs, title))


def emit_view(data: Any, *sections: Table | Fields) -> None:
    """`data` as JSON under --json; else each section, a table or a record, one after the other."""
    if wants_json() or not (console := stdout_console()).is_terminal:
        emit(data, lambda: "\n\n".join(_plain(section) for section in sections))
    else:
        console.print(Group(*(_rich(section) for section in sections)))


def _styled(column: Col, text: str) -> Text:
    if column.status:
        for style, values in _STATUS_STYLES.items():
            if text.split(" ")[0].lower() in values:
                return Text(text, style=style)
    return Text(text)


def _rich(section: Table | Fields) -> RenderableType:
    if isinstance(section, Fields):
        table = RichTable.grid(padding=(0, 2))
        table.title, table.title_justify = _title(section.title), "left"
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(overflow="fold")
        for name, value in section.pairs:
            table.add_row(name, _styled(Col(name, status=name in ("status", "state")), cell(value)))
        return table
    if not section.rows:
        return Text(section.empty, style="dim")
    columns = [_col(c) for c in section.columns]
    table = RichTable(title=_title(section.title), box=None, header_style="bold cyan", pad_edge=False,
                      show_edge=False, title_justify="left")
    for column in columns:
        table.add_column(column.header, justify="right" if column.right else "left", overflow="fold")
    for row in section.rows:
        table.add_row(*(_styled(column, cell(value)) for column, value in zip(columns, row, strict=True)))
    return table


def _title(title: str | None) -> Text | None:
    return Text(title, style="italic") if title else None  # text, never read as rich markup


def _one_line(value: Any) -> str:
    """A cell on one line: a pipe gets one line per row even when a message has line breaks."""
    return cell(value).replace("\r", "").replace("\n", "\\n")


def _plain(section: Table | Fields) -> str:
    if isinstance(section, Fields):
        width = max((cell_len(name) for name, _ in section.pairs), default=0)
        lines = [f"{name}{' ' * (width - cell_len(name))}  {_one_line(value)}" for name, value in section.pairs]
    elif not section.rows:
        lines = [section.empty]
    else:
        columns = [_col(c) for c in section.columns]
        grid = [[c.header for c in columns], *([_one_line(v) for v in row] for row in section.rows)]
        widths = [max(cell_len(line[i]) for line in grid) for i in range(len(columns))]
        lines = ["  ".join(_pad(text, width, column.right) for text, width, column in zip(line, widths, columns,
                                                                                          strict=True)).rstrip()
                 for line in grid]
    return "\n".join(([section.title] if section.title else []) + lines)


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * (width - cell_len(text))
    return gap + text if right else text + gap


# ---- progress on stderr -------------------------------------------------------------------------

def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


@contextmanager
def busy(message: str) -> Iterator[None]:
    """A spinner on stderr while a listing is read, when stderr is a terminal (nothing otherwise)."""
    console = stderr_console()
    if not console.is_terminal:
        yield
        return
    with console.status(message):
        yield


def progress(message: str) -> None:
    """Progress of long work goes to stderr so --json stdout stays clean."""
    click.echo(message, err=True)


# ---- errors -------------------------------------------------------------------------------------

def fail(code: str, message: str, hint: str | None = None, *, human: str | None = None) -> None:
    """An error on stderr and exit code 1: `{"error": {code, message}}` under --json, else one line,
    `human` in place of the message if given, that ends with what to do next when there is a hint."""
    if wants_json():
        click.echo(json.dumps({"error": {"code": code, "message": message}}), err=True)
    else:
        shown = human or (message.strip().splitlines()[0] if hint else message)  # a driver's error spans lines
        click.echo(f"error: {shown} ({code})" + (f" — {hint}" if hint else ""), err=True)
    sys.exit(1)


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


def command(group: click.Group, name: str | None = None, **kwargs: Any) -> Callable[[Callable[P, R]], click.Command]:
    """A subcommand with `--json` whose domain errors become stderr + exit 1, with a hint.

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
                human, hint = hint_for(click.get_current_context(), exc)
                fail(exc.code, exc.message, hint, human=human)
            except (click.ClickException, click.exceptions.Exit, SystemExit, KeyboardInterrupt):
                raise
            except Exception as exc:  # an operator gets one line, not a traceback
                if os.environ.get("UJUMBE_DEBUG"):
                    raise
                fail("error", f"{type(exc).__name__}: {str(exc).strip()}", hint_for_exception(exc))
            return None

        return group.command(name, **kwargs)(json_option(run))

    return decorate


async def _awaited(coro: Coroutine[Any, Any, R]) -> R:
    return await coro
