"""Each page of the dashboard, in Swahili and in English: what it says, the language it is in, and
the flows it carries (sign up and confirm the address; log in and out; a forgotten password)."""

from __future__ import annotations

import pytest

from entrypoints.container import Container
from web_support import (
    LANGUAGE_COOKIE,
    PASSWORD,
    Client,
    csrf_of,
    emailed_token,
    make_account,
    post_form,
    sign_in,
)

# (path, a signed-in page?, what it says in Swahili, in English)
PAGES = [
    ("/", True, "Salio", "Balance"),
    ("/login", False, "Umesahau nenosiri?", "Forgot your password?"),
    ("/signup", False, "Fungua akaunti yako", "Create your account"),
    ("/forgot-password", False, "Tuma kiungo", "Send the link"),
    ("/reset-password?token=abc", False, "Chagua nenosiri jipya", "Choose a new password"),
    ("/verify-email?token=abc", False, "Thibitisha barua pepe yangu", "Confirm my email"),
]


@pytest.mark.parametrize(("path", "signed_in", "swahili", "english"), PAGES, ids=[p[0] for p in PAGES])
async def test_every_page_renders_in_both_languages(client: Client, container: Container, path: str,
                                                    signed_in: bool, swahili: str, english: str) -> None:
    if signed_in:
        await make_account(container, "duka@example.com")
        await sign_in(client, "duka@example.com")
    for language, says, not_said in (("sw", swahili, english), ("en", english, swahili)):
        client.cookies.set(LANGUAGE_COOKIE, language)
        answer = await client.get(path, follow_redirects=False)
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("text/html")
        assert f'<html lang="{language}">' in answer.text
        assert says in answer.text and not_said not in answer.text


@pytest.mark.parametrize(("accept", "language"), [
    ("sw-TZ,sw;q=0.9,en;q=0.8", "sw"), ("en-US,en;q=0.9", "en"), ("fr-FR,fr;q=0.9", "sw"), ("", "sw"),
    ("fr;q=1, en;q=0.5, sw;q=0.4", "en"), ("en;q=0, sw", "sw"),
])
async def test_without_a_choice_the_language_comes_from_accept_language(client: Client, accept: str,
                                                                        language: str) -> None:
    answer = await client.get("/login", headers={"Accept-Language": accept})
    assert f'<html lang="{language}">' in answer.text


async def test_the_switcher_remembers_the_language_in_this_browser(client: Client) -> None:
    answer = await post_form(client, "/language", {"lang": "en", "next": "/signup"},
                             headers={"Accept-Language": "sw"})
    assert answer.status_code == 303 and answer.headers["location"] == "/signup"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{LANGUAGE_COOKIE}=en;") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    page = await client.get("/signup", headers={"Accept-Language": "sw"})
    assert '<html lang="en">' in page.text and "Create your account" in page.text
    elsewhere = await post_form(client, "/language", {"lang": "sw", "next": "//evil.example/"})
    assert elsewhere.headers["location"] == "/"
    link = await client.get("/reset-password?token=abc")  # an emailed link keeps its token
    assert 'name="next" value="/reset-password?token=abc"' in link.text


async def test_sign_up_then_confirm_the_address_from_the_email(client: Client, container: Container) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    signed_up = await post_form(client, "/signup", {"email": "Duka@Example.com", "password": PASSWORD,
                                                    "business_name": "Duka la Mama"}, token_from="/signup")
    assert signed_up.status_code == 201 and "Tumetuma kiungo kwa duka@example.com" in signed_up.text
    token = await emailed_token(container, "duka@example.com", "verify-email")

    form = await client.get(f"/verify-email?token={token}")
    assert form.status_code == 200 and token in form.text  # opening the link spends nothing
    confirmed = await client.post("/verify-email", data={"csrf_token": csrf_of(form), "token": token})
    assert confirmed.status_code == 200 and "Barua pepe imethibitishwa" in confirmed.text
    again = await client.post("/verify-email", data={"csrf_token": csrf_of(form), "token": token})
    assert again.status_code == 400 and "Kiungo hiki si sahihi" in again.text

    await sign_in(client, "duka@example.com")
    home = await client.get("/")
    assert "Duka la Mama" in home.text and "imethibitishwa" in home.text


async def test_sign_up_refusals_are_translated_and_keep_what_was_typed(client: Client, container: Container) -> None:
    await make_account(container, "taken@example.com")
    client.cookies.set(LANGUAGE_COOKIE, "en")
    short = await post_form(client, "/signup", {"email": "new@example.com", "password": "short",
                                                "business_name": "Duka"}, token_from="/signup")
    assert short.status_code == 400 and "A password has 8 to 1024 characters." in short.text
    assert 'value="new@example.com"' in short.text and 'value="Duka"' in short.text and "short" not in short.text
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    taken = await post_form(client, "/signup", {"email": "taken@example.com", "password": PASSWORD},
                            token_from="/signup")
    assert taken.status_code == 409 and "Tayari kuna akaunti yenye barua pepe hii" in taken.text


async def test_log_in_goes_where_it_was_asked_on_this_site_only(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    page = await client.get("/", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"] == "/login"
    wrong = await post_form(client, "/login", {"email": "duka@example.com", "password": "not-it"})
    assert wrong.status_code == 401 and "Barua pepe au nenosiri si sahihi." in wrong.text
    answer = await post_form(client, "/login", {"email": "duka@example.com", "password": PASSWORD,
                                                "next": "//evil.example/"})
    assert answer.status_code == 303 and answer.headers["location"] == "/"
    assert (await client.get("/", follow_redirects=False)).status_code == 200


async def test_an_htmx_request_without_a_session_is_sent_to_the_login_page(client: Client) -> None:
    answer = await client.get("/", headers={"HX-Request": "true"}, follow_redirects=False)
    assert answer.status_code == 204 and answer.headers["hx-redirect"] == "/login"


async def test_forgot_and_reset_the_password(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    await sign_in(client, "duka@example.com")
    signed_in_cookies = dict(client.cookies)
    client.cookies.set(LANGUAGE_COOKIE, "en")
    for email in ("duka@example.com", "nobody@example.com"):  # the same answer for both
        asked = await post_form(client, "/forgot-password", {"email": email}, token_from="/forgot-password")
        assert asked.status_code == 200 and f"If {email} has an ujumbe account" in asked.text
    bad = await post_form(client, "/forgot-password", {"email": "not-an-email"}, token_from="/forgot-password")
    assert bad.status_code == 400 and "This is not a valid email address." in bad.text

    token = await emailed_token(container, "duka@example.com", "reset-password")
    form = await client.get(f"/reset-password?token={token}")
    done = await client.post("/reset-password", data={"csrf_token": csrf_of(form), "token": token,
                                                      "new_password": "a-new-password"})
    assert done.status_code == 200 and "Password changed" in done.text
    client.cookies.clear()
    client.cookies.update(signed_in_cookies)  # the session before the reset opens nothing now
    assert (await client.get("/", follow_redirects=False)).headers["location"] == "/login"
    await sign_in(client, "duka@example.com", "a-new-password")


async def test_asking_again_for_the_verification_email_with_htmx(client: Client, container: Container) -> None:
    await make_account(container, "duka@example.com")
    await emailed_token(container, "duka@example.com", "verify-email")  # the sign-up's email went out
    await sign_in(client, "duka@example.com")
    home = await client.get("/", headers={"Accept-Language": "en"})
    assert 'hx-post="/verify-email/send"' in home.text
    answer = await client.post("/verify-email/send", headers={"HX-Request": "true", "X-CSRF-Token": csrf_of(home),
                                                              "Accept-Language": "en"})
    assert answer.status_code == 200 and answer.text.strip().startswith('<p id="verification"')
    await drain_and_count(container, "duka@example.com", 2)  # the sign-up's email and this one


async def drain_and_count(container: Container, to: str, count: int) -> None:
    await emailed_token(container, to, "verify-email")
    assert len(await container.email_simulator().sent(to=to)) == count


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/no-such-page", 404), ("GET", "/contacts/not-a-page/at-all", 404), ("PUT", "/login", 405),
])
async def test_a_path_or_method_nothing_serves_is_a_page_in_the_readers_language(
        client: Client, method: str, path: str, status: int) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    answer = await client.request(method, path)
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith("text/html")
    assert '<html lang="sw">' in answer.text and "Rudi mwanzo" in answer.text


@pytest.mark.parametrize(("method", "path", "status", "code"), [
    ("GET", "/v1/no-such-route", 404, "not_found"), ("DELETE", "/v1/sms/quote", 405, "method_not_allowed"),
    ("GET", "/health/nothing", 404, "not_found"),
])
async def test_under_the_apis_paths_the_same_is_the_apis_json(client: Client, method: str, path: str, status: int,
                                                             code: str) -> None:
    answer = await client.request(method, path)
    assert answer.status_code == status
    assert answer.json()["error"]["code"] == code
