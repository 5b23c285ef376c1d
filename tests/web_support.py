"""Helpers for the dashboard's tests: a page's CSRF token, signing in through the login form, the
newest emailed link, and what a page must not contain (inline script or style)."""

from __future__ import annotations

import html
import re
from typing import Any

import httpx
from litestar.testing import AsyncTestClient

from application.accounts.accounts import Registration
from entrypoints.container import Container
from jobs_support import drain

Client = AsyncTestClient[Any]
PASSWORD = "s3cret-pass"
SESSION_COOKIE = "ujumbe_session"
LANGUAGE_COOKIE = "ujumbe_lang"


def csrf_of(page: httpx.Response) -> str:
    """The CSRF token of a page's forms."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found, f"no CSRF token on the page:\n{page.text[:500]}"
    return html.unescape(found.group(1))


async def post_form(client: Client, path: str, data: dict[str, str], *, token_from: str = "/login",
                    **kwargs: Any) -> httpx.Response:
    """POST a form the way a browser does: with the CSRF token of the page it came from."""
    token = csrf_of(await client.get(token_from))
    return await client.post(path, data={"csrf_token": token, **data}, follow_redirects=False, **kwargs)


async def make_account(container: Container, email: str, *, business_name: str = "Duka",
                       plan: str = "free") -> str:
    account = await container.register_account()(
        Registration(email=email, password=PASSWORD, business_name=business_name, plan=plan))
    return account.id


async def sign_in(client: Client, email: str, password: str = PASSWORD) -> httpx.Response:
    answer = await post_form(client, "/login", {"email": email, "password": password})
    assert answer.status_code == 303, answer.text
    return answer


async def emailed_token(container: Container, to: str, page: str) -> str:
    """The token of the newest link to `page` in the simulator's emails to `to`, once the job
    queue has sent what was queued."""
    await drain(container)
    newest = (await container.email_simulator().sent(to=to, limit=1))[0]
    return newest.text.split(f"/{page}?token=", 1)[1].split()[0]


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
EVENT_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.I)
STYLE_ELEMENT = re.compile(r"<style[\s>]", re.I)


def inline_code(page: str) -> list[str]:
    """Whatever a Content-Security-Policy without 'unsafe-inline' would block on the page."""
    return [match.group(0) for pattern in (INLINE_SCRIPT, EVENT_HANDLER, STYLE_ATTRIBUTE, STYLE_ELEMENT)
            for match in pattern.finditer(page)]
