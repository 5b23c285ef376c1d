"""An account's life after registering: sessions ended, passwords changed and reset, the email
address confirmed, on memory adapters with a recording job queue and mail server."""

from __future__ import annotations

from dataclasses import replace

import pytest

from accounts_support import PUBLIC_URL, World, world  # noqa: F401 (the fixture)
from application.accounts.emails import SEND_EMAIL_VERIFICATION, SEND_PASSWORD_RESET, link_email
from application.accounts.accounts import Registration
from domain.account_tokens import TokenPurpose
from domain.errors import InvalidCredentials, InvalidToken, Unauthorized, ValidationError

EMAIL, PASSWORD = "shop@example.com", "s3cret-pass"


async def registered(world: World) -> str:
    account = await world.register()(Registration(email=EMAIL, password=PASSWORD))
    return account.id


async def test_registering_queues_the_verification_email_and_its_link_verifies_the_address_once(world: World) -> None:
    account_id = await registered(world)
    assert world.jobs.deferred == [(SEND_EMAIL_VERIFICATION, {"account_id": account_id})]
    await world.run_email_jobs()
    [email] = world.mail.sent
    assert email.to == EMAIL and f"{PUBLIC_URL}/verify-email?token=" in email.text
    token = world.mail.link_token()
    assert token not in repr(world.store.tables)  # only its hash is kept

    account = await world.verify_email()(token)
    assert account.email_verified
    with pytest.raises(InvalidToken):
        await world.verify_email()(token)
    await world.request_email_verification()(account_id)
    await world.run_email_jobs()
    assert len(world.mail.sent) == 1  # a verified address is not asked again


async def test_a_verification_link_expires_after_two_days(world: World) -> None:
    await registered(world)
    await world.run_email_jobs()
    world.clock.advance(days=2)
    with pytest.raises(InvalidToken):
        await world.verify_email()(world.mail.link_token())


async def test_forgot_password_queues_the_same_job_for_any_email_and_the_worker_writes_only_to_an_account(
        world: World) -> None:
    await registered(world)
    await world.run_email_jobs()
    await world.request_password_reset()(" Shop@Example.com ")
    await world.request_password_reset()("nobody@example.com")
    assert world.jobs.deferred == [(SEND_PASSWORD_RESET, {"email": EMAIL}),
                                   (SEND_PASSWORD_RESET, {"email": "nobody@example.com"})]
    await world.run_email_jobs()
    assert [email.to for email in world.mail.sent] == [EMAIL, EMAIL]
    assert f"{PUBLIC_URL}/reset-password?token=" in world.mail.sent[-1].text
    with pytest.raises(ValidationError):
        await world.request_password_reset()("not an address")


async def test_a_reset_sets_the_password_ends_every_session_and_works_once(world: World) -> None:
    await registered(world)
    pair = await world.log_in()(EMAIL, PASSWORD)
    await world.request_password_reset()(EMAIL)
    await world.run_email_jobs()
    token = world.mail.link_token()

    await world.reset_password()(token, "a-new-pass")
    with pytest.raises(InvalidCredentials):
        await world.log_in()(EMAIL, PASSWORD)
    await world.log_in()(EMAIL, "a-new-pass")
    with pytest.raises(Unauthorized):
        await world.refresh()(pair.refresh_token)
    with pytest.raises(InvalidToken):
        await world.reset_password()(token, "another-pass")


async def test_a_reset_link_expires_after_30_minutes_and_a_verification_link_resets_nothing(world: World) -> None:
    await registered(world)
    await world.run_email_jobs()
    verification = world.mail.link_token()
    with pytest.raises(InvalidToken):
        await world.reset_password()(verification, "a-new-pass")
    await world.request_password_reset()(EMAIL)
    await world.run_email_jobs()
    world.clock.advance(minutes=30)
    with pytest.raises(InvalidToken):
        await world.reset_password()(world.mail.link_token(), "a-new-pass")
    with pytest.raises(ValidationError) as short:
        await world.reset_password()("whatever", "short")
    assert short.value.field == "new_password"


async def test_logout_ends_that_session_alone_and_answers_the_same_for_any_token(world: World) -> None:
    account_id = await registered(world)
    phone, laptop = await world.log_in()(EMAIL, PASSWORD), await world.log_in()(EMAIL, PASSWORD)
    await world.log_out()(phone.refresh_token)
    await world.log_out()(phone.refresh_token)
    await world.log_out()("never-issued")
    with pytest.raises(Unauthorized):
        await world.refresh()(phone.refresh_token)
    with pytest.raises(Unauthorized):
        await world.authenticate()(phone.access_token)
    await world.authenticate()(laptop.access_token)
    assert await world.live_sessions()(account_id) == 1
    await world.refresh()(laptop.refresh_token)


async def test_logout_everywhere_ends_every_session(world: World) -> None:
    account_id = await registered(world)
    pairs = [await world.log_in()(EMAIL, PASSWORD) for _ in range(3)]
    assert await world.live_sessions()(account_id) == 3
    assert await world.log_out_everywhere()(account_id) == 3
    assert await world.live_sessions()(account_id) == 0
    for pair in pairs:
        with pytest.raises(Unauthorized):
            await world.refresh()(pair.refresh_token)
    assert await world.log_out_everywhere().by_email(EMAIL) == 0


async def test_change_password_needs_the_current_one_ends_the_other_sessions_and_keeps_the_caller_s(
        world: World) -> None:
    account_id = await registered(world)
    caller, other = await world.log_in()(EMAIL, PASSWORD), await world.log_in()(EMAIL, PASSWORD)
    session = world.tokens.claims_of(caller.access_token).session_id
    with pytest.raises(InvalidCredentials) as wrong:
        await world.change_password()(account_id, session, "not-it-at-all", "a-new-pass")
    assert wrong.value.field == "current_password"

    pair = await world.change_password()(account_id, session, PASSWORD, "a-new-pass")
    assert world.tokens.claims_of(pair.access_token).session_id == session  # the caller's session goes on
    with pytest.raises(Unauthorized):
        await world.refresh()(other.refresh_token)
    with pytest.raises(Unauthorized):
        await world.authenticate()(other.access_token)  # an ended session's access token stops at once
    await world.authenticate()(pair.access_token)
    await world.refresh()(pair.refresh_token)
    assert await world.live_sessions()(account_id) == 1
    await world.log_in()(EMAIL, "a-new-pass")


async def test_the_caller_s_refresh_token_is_used_up_by_the_change_and_reusing_it_ends_the_session(
        world: World) -> None:
    account_id = await registered(world)
    caller = await world.log_in()(EMAIL, PASSWORD)
    pair = await world.change_password()(account_id, world.tokens.claims_of(caller.access_token).session_id,
                                         PASSWORD, "a-new-pass")
    with pytest.raises(Unauthorized):
        await world.refresh()(caller.refresh_token)  # whoever else held it
    with pytest.raises(Unauthorized):
        await world.refresh()(pair.refresh_token)  # reuse ended the session, as on any rotation
    assert await world.live_sessions()(account_id) == 0


async def test_a_new_password_leaves_no_other_reset_link_working(world: World) -> None:
    account_id = await registered(world)
    for _ in range(2):
        await world.request_password_reset()(EMAIL)
    await world.run_email_jobs()
    first, second = (email.text.split("?token=", 1)[1].split()[0] for email in world.mail.sent[-2:])
    await world.reset_password()(second, "a-new-pass")
    with pytest.raises(InvalidToken):
        await world.reset_password()(first, "the-thief-pass")
    await world.request_password_reset()(EMAIL)
    await world.run_email_jobs()
    pending = world.mail.link_token()
    pair = await world.log_in()(EMAIL, "a-new-pass")
    await world.change_password()(account_id, world.tokens.claims_of(pair.access_token).session_id,
                                  "a-new-pass", "third-pass")
    with pytest.raises(InvalidToken):
        await world.reset_password()(pending, "the-thief-pass")


async def test_a_password_reset_is_not_written_back_by_an_update_read_before_it(world: World) -> None:
    account_id = await registered(world)
    async with world.uow() as uow:
        read_before = await uow.accounts.get(account_id)
    await world.request_password_reset()(EMAIL)
    await world.run_email_jobs()
    await world.reset_password()(world.mail.link_token(), "a-new-pass")
    assert read_before is not None
    async with world.uow() as uow:
        await uow.accounts.update(replace(read_before, plan="pro"))
        await uow.commit()
    await world.log_in()(EMAIL, "a-new-pass")


async def test_change_password_from_a_session_that_ended_opens_a_new_one(world: World) -> None:
    account_id = await registered(world)
    pair = await world.log_in()(EMAIL, PASSWORD)
    await world.log_out()(pair.refresh_token)
    changed = await world.change_password()(account_id, world.tokens.claims_of(pair.access_token).session_id,
                                            PASSWORD, "a-new-pass")
    assert world.tokens.claims_of(changed.access_token).session_id != world.tokens.claims_of(
        pair.access_token).session_id
    await world.refresh()(changed.refresh_token)


async def test_a_session_ends_30_days_after_its_login_however_often_it_is_refreshed(world: World) -> None:
    await registered(world)
    pair = await world.log_in()(EMAIL, PASSWORD)
    for _ in range(4):
        world.clock.advance(days=6)
        pair = await world.refresh()(pair.refresh_token)
    world.clock.advance(days=6)  # day 30
    with pytest.raises(Unauthorized):
        await world.refresh()(pair.refresh_token)


def test_an_email_without_a_language_says_it_in_swahili_then_english_and_a_language_keeps_one() -> None:
    link = f"{PUBLIC_URL}/reset-password?token=abc"
    both = link_email(TokenPurpose.RESET_PASSWORD, EMAIL, link)
    assert both.subject == "Badilisha nenosiri lako la ujumbe / Reset your ujumbe password"
    assert both.text.index("nenosiri jipya") < both.text.index("new password") and both.text.count(link) == 2
    assert f'href="{link}"' in both.html
    english = link_email(TokenPurpose.RESET_PASSWORD, EMAIL, link, "en")
    assert english.subject == "Reset your ujumbe password" and "nenosiri" not in english.text
