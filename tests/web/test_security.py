"""What the dashboard holds every page to: a CSRF token on every state-changing request; a session
cookie that scripts cannot read and other sites do not send, which opens nothing once its session
has ended (logged out, the password changed through the API); a Content-Security-Policy and no
inline script or style; the API's per-account rate limits; and a REST API that stays cookie-free."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from typing import Any

from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings
from entrypoints.web.protection import CONTENT_SECURITY_POLICY
from entrypoints.web.templating import static_url
from web_support import (
    PASSWORD,
    SESSION_COOKIE,
    Client,
    csrf_of,
    inline_code,
    make_account,
    post_form,
    sign_in,
)

STATE_CHANGING = ["/signup", "/login", "/logout", "/forgot-password", "/reset-password", "/verify-email",
                  "/verify-email/send", "/language"]
PUBLIC_PAGES = ["/login", "/signup", "/forgot-password", "/reset-password?token=t", "/verify-email?token=t"]


async def test_a_state_changing_request_without_the_sessions_token_is_refused(client: Client,
                                                                              container: Container) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    token = csrf_of(await client.get("/"))
    for path in STATE_CHANGING:
        for data, headers in (({}, {}), ({"csrf_token": "forged"}, {}), ({}, {"X-CSRF-Token": "forged"}),
                              ({"csrf_token": ""}, {})):
            answer = await client.post(path, data={"email": "duka@example.com", "password": PASSWORD, **data},
                                       headers={"Accept-Language": "en", **headers}, follow_redirects=False)
            assert answer.status_code == 403, (path, data, headers)
            assert "This form has expired. Reload the page and try again." in answer.text
    # still signed in: nothing above was done
    assert (await client.get("/", follow_redirects=False)).status_code == 200
    by_header = await client.post("/language", data={"lang": "en"}, headers={"X-CSRF-Token": token},
                                  follow_redirects=False)
    assert by_header.status_code == 303


async def test_another_browsers_token_is_refused(client: Client, container: Container) -> None:
    theirs = csrf_of(await client.get("/login"))
    client.cookies.clear()
    answer = await client.post("/login", data={"csrf_token": theirs, "email": "a@example.com", "password": "x"})
    assert answer.status_code == 403


async def test_the_session_cookie_is_httponly_and_samesite_lax(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    cookie = (await sign_in(client, "duka@example.com")).headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "samesite", "path", "max-age"} <= attributes and "secure" not in attributes
    assert "SameSite=lax" in cookie
    assert "duka@example.com" not in cookie and "ey" not in cookie.split(";")[0][:20]  # encrypted


async def test_the_cookies_are_secure_when_the_service_is_reached_over_https(container: Container,
                                                                            settings: Settings) -> None:
    container.settings.override(providers.Object(replace(settings, public_url="https://app.ujumbe.example")))
    async with AsyncTestClient(app=create_app(container), base_url="https://testserver.local") as https:
        page = await https.get("/login")
        assert "Secure" in page.headers["set-cookie"]
        chosen = await https.post("/language", data={"csrf_token": csrf_of(page), "lang": "en"},
                                  follow_redirects=False)
        assert "Secure" in chosen.headers["set-cookie"]


async def test_every_page_has_the_policy_and_no_inline_script_or_style(client: Client, container: Container) -> None:
    answers = [await client.get(path) for path in PUBLIC_PAGES]
    answers.append(await post_form(client, "/login", {"email": "nobody@example.com", "password": "wrong"}))
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    answers += [await client.get("/"), await client.post("/login", data={})]  # a page, and a refusal (403)
    for answer in answers:
        assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, answer.url
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["cache-control"] == "no-store"
        assert inline_code(answer.text) == [], answer.url
        assert re.search(r"<script [^>]*src=\"/static/vendor/htmx\.min\.js\?v=[0-9a-f]{12}\"", answer.text)


def test_the_inline_code_check_finds_what_the_policy_would_block() -> None:
    page = ('<script>alert(1)</script><script src="/a.js"></script><a onclick="x()">'
            '<p style="color:red"><style>p{}</style>')
    assert len(inline_code(page)) == 4


async def test_static_files_are_cached_for_a_year_and_carry_no_session(client: Client) -> None:
    for name in ("vendor/htmx.min.js", "vendor/pico.jade.min.css", "app.css"):
        answer = await client.get(static_url(name))
        assert answer.status_code == 200, name
        assert "max-age=31536000" in answer.headers["cache-control"] and "immutable" in answer.headers["cache-control"]
        assert "set-cookie" not in answer.headers
        assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


async def test_logging_out_ends_the_session_not_just_the_cookie(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    copy = dict(client.cookies)
    out = await post_form(client, "/logout", {}, token_from="/")
    assert out.status_code == 303 and out.headers["location"] == "/login"
    assert (await client.get("/", follow_redirects=False)).headers["location"] == "/login"
    client.cookies.clear()
    client.cookies.update(copy)  # the cookie as it was before logging out
    assert (await client.get("/", follow_redirects=False)).headers["location"] == "/login"


async def test_a_password_changed_through_the_api_ends_the_web_session(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    api = await client.post("/v1/auth/login", json={"email": "duka@example.com", "password": PASSWORD})
    token = api.json()["data"]["access_token"]
    changed = await client.post("/v1/auth/change-password", headers={"Authorization": f"Bearer {token}"},
                                json={"current_password": PASSWORD, "new_password": "another-pass"})
    assert changed.status_code == 200
    assert (await client.get("/", follow_redirects=False)).headers["location"] == "/login"


async def test_logging_out_everywhere_through_the_api_ends_the_web_session(client: Client,
                                                                          container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    await container.log_out_everywhere()(account_id)
    assert (await client.get("/", follow_redirects=False)).headers["location"] == "/login"


async def test_an_expired_access_token_is_renewed_once_for_requests_that_race(
        client: Client, container: Container, clock: FrozenClock) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    clock.advance(901)  # past the access token's 900 s
    same_cookie = {"Cookie": "; ".join(f"{name}={value}" for name, value in client.cookies.items())}
    pages = await asyncio.gather(*(client.get("/", headers=same_cookie, follow_redirects=False) for _ in range(3)))
    assert [page.status_code for page in pages] == [200, 200, 200]
    clock.advance(60)
    client.cookies.clear()
    client.cookies.update(pages[0].cookies)
    assert (await client.get("/", follow_redirects=False)).status_code == 200  # the session goes on


async def test_the_session_ends_when_its_refresh_token_lapses(client: Client, container: Container,
                                                              clock: FrozenClock) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    clock.advance(days=7, seconds=1)  # unused for the refresh token's 7 days
    assert (await client.get("/", follow_redirects=False)).headers["location"] == "/login"


async def test_pages_spend_the_accounts_budget_and_sign_in_the_ips(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    login = await sign_in(client, "duka@example.com")
    assert login.headers["x-ratelimit-limit"] == "30"  # register, login and refresh's per-IP budget
    home = await client.get("/")
    assert home.headers["x-ratelimit-limit"] == "60"  # the free plan's, as the API charges it


async def test_the_rest_api_stays_cookie_free(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    for answer in (await client.get("/health"), await client.get("/v1/auth/me"),
                   await client.post("/v1/auth/login", json={"email": "duka@example.com", "password": PASSWORD})):
        assert "set-cookie" not in answer.headers and "content-security-policy" not in answer.headers
    assert (await client.get("/v1/auth/me")).status_code == 401  # the session cookie is no credential there


async def test_a_failure_is_a_translated_page_with_the_apis_status(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")

    class Broken:
        async def __call__(self, account_id: str) -> Any:
            raise RuntimeError("the ledger is on fire")

    container.balance_alert.override(providers.Object(Broken()))  # the home page's balance
    answer = await client.get("/", headers={"Accept-Language": "sw"})
    assert answer.status_code == 500 and answer.headers["content-type"].startswith("text/html")
    assert "Kuna hitilafu upande wetu." in answer.text and "on fire" not in answer.text
    assert answer.headers["x-request-id"] in answer.text
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
