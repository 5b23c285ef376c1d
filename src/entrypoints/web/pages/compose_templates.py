"""Compose templates (`GET /v1/templates`, `ListTemplates`) on the send page and the campaign
builder: a text to start from. Each is a button of the form itself (`name="template"`, posted to
the page's own address), so choosing one keeps what was filled in and needs no script; the form
comes back with the template's text as the message, the business's name in it. What else a
template leaves in braces for the sender ({date}, {amount}) no send fills in: the pages name each
one still there (`to_fill`), so a customer is not sent "{date}"."""

from __future__ import annotations

from typing import Any

from litestar import Request

from application.accounts.accounts import GetAccount
from application.ports import Template
from application.reference import ListTemplates
from domain.reference import placeholders
from entrypoints.web.pages import use_cases
from entrypoints.web.sessions import Viewer

BUSINESS_NAME = "{business_name}"
FILLED_PER_CONTACT = ("first_name", "last_name")  # a campaign fills these in for each contact


async def offered(request: Request[Any, Any, Any]) -> list[Template]:
    """The templates on offer, by category then name."""
    list_templates: ListTemplates = use_cases(request).list_templates()
    return await list_templates()


async def template_text(request: Request[Any, Any, Any], viewer: Viewer, templates: list[Template],
                        template_id: str) -> str | None:
    """The text of the template `template_id` with the business's name in it (an account without
    one keeps the placeholder, which the page then names); None for no such template."""
    chosen = next((t for t in templates if t.id == template_id), None)
    if chosen is None or BUSINESS_NAME not in chosen.body:
        return chosen.body if chosen else None
    get_account: GetAccount = use_cases(request).get_account()
    name = (await get_account(viewer.account_id)).business_name
    return chosen.body.replace(BUSINESS_NAME, name) if name else chosen.body


def to_fill(message: str, *, per_contact: bool) -> tuple[str, ...]:
    """The placeholders of `message` that its send leaves as they are: every one but a contact's
    names when it goes to a list (`per_contact`), every one otherwise."""
    return tuple(f"{{{name}}}" for name in placeholders(message) if not (per_contact and name in FILLED_PER_CONTACT))
