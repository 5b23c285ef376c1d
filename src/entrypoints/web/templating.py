"""Pages from Jinja2 templates (Litestar's `TemplateConfig`), each in its reader's language.

The environment escapes everything, refuses an undefined name, and has Jinja2's i18n extension
(`{% trans %}`, `_()`): its gettext reads the page's own translations from the template's context,
so two requests in two languages render side by side. `page()` gives every template what the
layout needs: the language, the CSRF token, the signed-in account (if any), the links to static
files.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from litestar import Request
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.response import Template
from litestar.template import TemplateConfig

from entrypoints.web import i18n
from entrypoints.web.ledger_texts import ledger_text
from entrypoints.web.notification_texts import notification_text
from entrypoints.web.sessions import Viewer, csrf_token_of
from entrypoints.web.statuses import (
    CAMPAIGN_FAILURE_REASONS,
    CAMPAIGN_STATUSES,
    FAILURE_REASONS,
    MESSAGE_STATUS_HINTS,
    MESSAGE_STATUSES,
)

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
STATIC_PATH = "/static"

# The signed-in menu, in order: (path, label). A page joins it here, not in base.html.
NAVIGATION: list[tuple[str, str]] = [
    ("/", i18n._("Home")),
    ("/send", i18n._("Send")),
    ("/messages", i18n._("Messages")),
    ("/contacts", i18n._("Contacts")),
    ("/campaigns", i18n._("Campaigns")),
    ("/credits", i18n._("Buy credits")),
    ("/developers", i18n._("Developers")),
    ("/notifications", i18n._("Notifications")),
    ("/sender-ids", i18n._("Sender IDs")),
    ("/profile", i18n._("Profile")),
]


@cache
def static_url(name: str) -> str:
    """A static file's URL with its content's digest, so it can be cached for a year."""
    digest = hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]
    return f"{STATIC_PATH}/{name}?v={digest}"


@pass_context
def _gettext(context: Context, message: str) -> str:
    return str(context["translations"].gettext(message))


@pass_context
def _ngettext(context: Context, singular: str, plural: str, count: int) -> str:
    return str(context["translations"].ngettext(singular, plural, count))


def _localised(format_value: Callable[[Any, str], str]) -> Callable[..., str]:
    """A filter that formats for the page's language (`{{ balance | number }}`)."""

    @pass_context
    def apply(context: Context, value: Any) -> str:
        return format_value(value, context["lang"])

    return apply


def visible(character: str) -> str:
    """A character as a reader can see it: one that shows nothing (a no-break or zero-width space)
    by its code point."""
    return character if character.isprintable() and not character.isspace() else f"U+{ord(character):04X}"


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        auto_reload=False,  # templates change with a release, not while it runs
        autoescape=select_autoescape(default=True),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["ext.i18n.trimmed"] = True  # `{% trans %}` blocks are one line of text, whatever their layout
    env.install_gettext_callables(_gettext, _ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(number=_localised(i18n.number), shillings=_localised(i18n.shillings),
                       moment=_localised(i18n.moment), day=_localised(i18n.day), percent=_localised(i18n.percent),
                       notification_text=_localised(notification_text), ledger_text=_localised(ledger_text),
                       visible=visible)
    env.globals.update(static_url=static_url, languages=i18n.LANGUAGES, navigation=NAVIGATION,
                       message_statuses=MESSAGE_STATUSES, campaign_statuses=CAMPAIGN_STATUSES,
                       failure_reasons=FAILURE_REASONS, message_status_hints=MESSAGE_STATUS_HINTS,
                       campaign_failure_reasons=CAMPAIGN_FAILURE_REASONS)
    return env


def template_config() -> TemplateConfig[JinjaTemplateEngine]:
    return TemplateConfig(instance=JinjaTemplateEngine.from_environment(environment()))


def language_of(request: Request[Any, Any, Any], viewer: Viewer | None = None) -> str:
    """The page's language: this browser's choice, else the signed-in account's (`viewer`), else
    what the browser asks for."""
    return i18n.negotiate(request.cookies.get(i18n.LANGUAGE_COOKIE), request.headers.get("accept-language"),
                          chosen=viewer.language if viewer is not None else None)


def translate(request: Request[Any, Any, Any], message: str, viewer: Viewer | None = None) -> str:
    """`message` (a msgid) in the request's language, for text made outside a template."""
    return str(i18n.translations()[language_of(request, viewer)].gettext(message))


def page(request: Request[Any, Any, Any], name: str, *, status_code: int = 200,
         headers: dict[str, str] | None = None, **context: Any) -> Template:
    """The template `name` for this request, with what every page needs."""
    lang = language_of(request, context.get("viewer"))
    return Template(name, status_code=status_code, headers=headers, context={
        "lang": lang,
        "translations": i18n.translations()[lang],
        # none where no session is kept (a path nothing serves): its page has no form
        "csrf_token": csrf_token_of(request) if "session" in request.scope else "",
        "viewer": None,  # the signed-in account's pages pass theirs
        "path": request.url.path,
        # where the language switcher comes back to: this page, its query too (an emailed link's token)
        "here": f"{request.url.path}?{request.url.query}" if request.url.query else request.url.path,
        **context,
    })
