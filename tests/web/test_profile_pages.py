"""The profile page: the business name, the phone confirmed by a texted code, the password
(every other session ends, this one goes on), logging out everywhere, and the language the
account reads ujumbe in (remembered for the account: its pages in a browser that has not
chosen, and its emails); in Swahili and English, with the API's refusals and statuses."""

from __future__ import annotations

import re

from application.accounts.sessions import TokenPair
from entrypoints.container import Container
from web_support import (
    LANGUAGE_COOKIE,
    PASSWORD,
    SESSION_COOKIE,
    Client,
    emailed_token,
    make_account,
    post_form,
    sign_in,
)

PHONE = "+255712345678"


async def signed_in(client: Client, container: Container, language: str = "en") -> str:
    account_id = await make_account(container, "duka@example.com", business_name="Duka")
    await sign_in(client, "duka@example.com")
    client.cookies.set(LANGUAGE_COOKIE, language)
    return account_id


async def test_the_profile_in_both_languages(client: Client, container: Container) -> None:
    await signed_in(client, container, "sw")
    swahili = await client.get("/profile")
    assert swahili.status_code == 200 and '<html lang="sw">' in swahili.text
    assert "Wasifu" in swahili.text and "Toka kila mahali" in swahili.text and 'value="Duka"' in swahili.text
    client.cookies.set(LANGUAGE_COOKIE, "en")
    english = await client.get("/profile")
    assert "Log out everywhere" in english.text and "No phone number yet." in english.text


async def test_the_business_name_is_changed_and_a_long_one_refused(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    saved = await post_form(client, "/profile", {"business_name": "  Duka la Mama  "}, token_from="/profile")
    assert saved.status_code == 303 and saved.headers["location"] == "/profile?saved=business_name"
    assert "The business name is saved." in (await client.get(saved.headers["location"])).text
    assert (await container.get_account()(account_id)).business_name == "Duka la Mama"
    client.cookies.set(LANGUAGE_COOKIE, "sw")
    refused = await post_form(client, "/profile", {"business_name": "x" * 201}, token_from="/profile")
    assert refused.status_code == 400 and "Jina la biashara ni refu mno." in refused.text
    assert 'aria-invalid="true"' in refused.text
    assert (await container.get_account()(account_id)).business_name == "Duka la Mama"


async def test_the_phone_is_confirmed_by_the_texted_code(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    wrong = await post_form(client, "/profile/phone", {"phone": "12345"}, token_from="/profile")
    assert wrong.status_code == 403 and "This is not a Tanzanian mobile number." in wrong.text  # the API's status
    sent = await post_form(client, "/profile/phone", {"phone": "0712 345 678"}, token_from="/profile")
    assert sent.status_code == 200 and f"The 6-digit code we texted to {PHONE}" in sent.text
    received = await container.simulator().received(to=PHONE)
    found = re.search(r"\b(\d{6})\b", received[0].text)
    assert found
    code = found.group(1)
    bad = await post_form(client, "/profile/phone/verify", {"phone": PHONE, "otp": "000000" if code != "000000"
                                                             else "111111"}, token_from="/profile")
    assert bad.status_code == 400 and "The code is wrong or has expired." in bad.text and 'id="otp"' in bad.text
    confirmed = await post_form(client, "/profile/phone/verify", {"phone": PHONE, "otp": code}, token_from="/profile")
    assert confirmed.status_code == 303 and confirmed.headers["location"] == "/profile?saved=phone"
    page = await client.get(confirmed.headers["location"])
    assert "Your phone number is confirmed." in page.text and f"{PHONE} <span class=\"ok\">(confirmed)" in page.text
    account = await container.get_account()(account_id)
    assert account.phone == PHONE and account.phone_verified


async def api_status(client: Client, pair: TokenPair) -> int:
    """What the API answers the session of `pair` (another device's)."""
    return (await client.get("/v1/auth/me", headers={"Authorization": f"Bearer {pair.access_token}"})).status_code


async def test_a_new_password_ends_every_other_session_and_keeps_this_one(client: Client,
                                                                        container: Container) -> None:
    await signed_in(client, container)
    other = await container.log_in()("duka@example.com", PASSWORD)  # another device
    wrong = await post_form(client, "/profile/password",
                            {"current_password": "not-it", "new_password": "n3w-pass-word"}, token_from="/profile")
    assert wrong.status_code == 401 and "Your current password is not right." in wrong.text
    short = await post_form(client, "/profile/password", {"current_password": PASSWORD, "new_password": "short"},
                            token_from="/profile")
    assert short.status_code == 400 and "A password has 8 to 1024 characters." in short.text
    changed = await post_form(client, "/profile/password", {"current_password": PASSWORD,
                                                             "new_password": "n3w-pass-word"}, token_from="/profile")
    assert changed.status_code == 303 and changed.headers["location"] == "/profile?saved=password"
    still = await client.get(changed.headers["location"], follow_redirects=False)
    assert still.status_code == 200 and "every other session has ended" in still.text
    assert await api_status(client, other) == 401
    await sign_in(client, "duka@example.com", "n3w-pass-word")


async def test_log_out_everywhere_ends_this_session_too(client: Client, container: Container) -> None:
    await signed_in(client, container)
    copy = client.cookies.get(SESSION_COOKIE, "")
    other = await container.log_in()("duka@example.com", PASSWORD)
    ended = await post_form(client, "/profile/logout-everywhere", {}, token_from="/profile")
    assert ended.status_code == 303 and ended.headers["location"] == "/login"
    assert (await client.get("/profile", follow_redirects=False)).headers["location"] == "/login?next=/profile"
    client.cookies.set(SESSION_COOKIE, copy)  # an old copy of the cookie opens nothing
    assert (await client.get("/profile", follow_redirects=False)).status_code == 303
    assert await api_status(client, other) == 401


async def test_the_language_chosen_signed_in_follows_the_account(client: Client, container: Container) -> None:
    account_id = await signed_in(client, container)
    client.cookies.delete(LANGUAGE_COOKIE)
    chosen = await post_form(client, "/language", {"lang": "en", "next": "/profile"}, token_from="/profile",
                             headers={"Accept-Language": "sw"})
    assert chosen.status_code == 303 and (await container.get_account()(account_id)).language == "en"
    # Another browser, asking for Swahili, without the cookie: the account's language once signed in.
    client.cookies.clear()
    assert '<html lang="sw">' in (await client.get("/login", headers={"Accept-Language": "sw"})).text
    await sign_in(client, "duka@example.com")
    page = await client.get("/profile", headers={"Accept-Language": "sw"})
    assert '<html lang="en">' in page.text
    assert re.search(r'value="en"[^>]*aria-describedby="language-title" aria-pressed="true"', page.text)
    client.cookies.set(LANGUAGE_COOKIE, "sw")  # this browser's own choice comes first
    assert '<html lang="sw">' in (await client.get("/profile")).text

    await container.request_password_reset()("duka@example.com")  # and the emails are in English alone
    await emailed_token(container, "duka@example.com", "reset-password")
    (email,) = await container.email_simulator().sent(to="duka@example.com", limit=1)
    assert email.subject == "Reset your ujumbe password" and "Badilisha" not in email.text


async def test_signed_out_the_switcher_remembers_only_the_browser(client: Client, container: Container) -> None:
    account_id = await make_account(container, "duka@example.com")
    chosen = await post_form(client, "/language", {"lang": "en", "next": "/login"})
    assert chosen.status_code == 303 and chosen.headers["set-cookie"].startswith(f"{LANGUAGE_COOKIE}=en;")
    assert (await container.get_account()(account_id)).language is None


async def test_every_profile_form_needs_the_csrf_token(client: Client, container: Container) -> None:
    await signed_in(client, container)
    for path in ("/profile", "/profile/phone", "/profile/phone/verify", "/profile/password",
                 "/profile/logout-everywhere"):
        refused = await client.post(path, data={"business_name": "Changed", "phone": PHONE})
        assert refused.status_code == 403, path
    assert (await client.get("/profile", follow_redirects=False)).status_code == 200
