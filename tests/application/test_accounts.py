"""Accounts, credentials and phone verification on memory adapters with recording fakes."""

from __future__ import annotations

import pytest

from accounts_support import World, world  # noqa: F401 (the fixture)
from application.accounts.accounts import Registration, SetPlan
from application.accounts.api_keys import ListApiKeys, RevokeApiKey
from application.accounts.phone_verification import PurgeExpiredPhoneOtps, VerifyPhoneByOperator
from application.accounts.profile import SetLanguage, UpdateProfile
from application.accounts.sessions import AuthenticateAccessToken
from domain.errors import (
    EmailTaken,
    InvalidCredentials,
    InvalidOtp,
    InvalidPhoneNumber,
    NotFound,
    OtpThrottled,
    Unauthorized,
    ValidationError,
)
from domain.phone_otps import OTP_MAX_SENDS_PER_ADDRESS, OTP_MAX_SENDS_PER_NUMBER

ADDRESS = "198.51.100.7"  # the client address every ask below comes from, unless it says otherwise


async def test_register_validates_and_keeps_only_the_hash(world: World) -> None:
    account = await world.register()(Registration(email=" Shop@Example.COM ", password="s3cret-pass"))
    assert account.email == "shop@example.com" and account.plan == "free"
    assert account.password_hash == "hashed:s3cret-pass"
    with pytest.raises(EmailTaken):
        await world.register()(Registration(email="shop@example.com", password="another-pass"))
    with pytest.raises(ValidationError) as bad_plan:
        await world.register()(Registration(email="x@example.com", password="s3cret-pass", plan="gold"))
    assert bad_plan.value.field == "plan"
    with pytest.raises(InvalidPhoneNumber) as bad_phone:
        await world.register()(Registration(email="y@example.com", password="s3cret-pass", phone="12"))
    assert bad_phone.value.field == "phone"


async def test_unknown_email_still_spends_a_verification(world: World) -> None:
    await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    with pytest.raises(InvalidCredentials):
        await world.log_in()("nobody@example.com", "s3cret-pass")
    with pytest.raises(InvalidCredentials):
        await world.log_in()("shop@example.com", "wrong-pass")
    assert world.hasher.verified == ["dummy", "real"]
    pair = await world.log_in()("SHOP@example.com", "s3cret-pass")
    assert pair.expires_in == 900 and pair.access_token in world.tokens.issued


async def test_refresh_rotation_and_family_revocation(world: World) -> None:
    await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    first = await world.log_in()("shop@example.com", "s3cret-pass")
    second = await world.refresh()(first.refresh_token)
    third = await world.refresh()(second.refresh_token)
    with pytest.raises(Unauthorized):
        await world.refresh()(first.refresh_token)  # reuse: the family is revoked...
    with pytest.raises(Unauthorized):
        await world.refresh()(third.refresh_token)  # ...including its newest member
    stored = world.store.table("refresh_tokens").values()
    assert all(t.revoked_at is not None for t in stored)
    assert all(t.token_hash not in (first.refresh_token, second.refresh_token) for t in stored)


async def test_refresh_token_expires_after_seven_days(world: World) -> None:
    await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    pair = await world.log_in()("shop@example.com", "s3cret-pass")
    world.clock.advance(days=7)
    with pytest.raises(Unauthorized):
        await world.refresh()(pair.refresh_token)


async def test_api_key_lifecycle(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass", plan="pro"))
    created = await world.create_key()(account.id, "  backend ")
    assert created.name == "backend" and created.key.startswith(created.prefix)
    credentials = await world.authenticate_key()(created.key)
    assert (credentials.account_id, credentials.plan, credentials.api_key_id) == (account.id, "pro", created.id)
    listed = await ListApiKeys(world.uow)(account.id)
    assert [k.id for k in listed] == [created.id] and listed[0].last_used_at == world.clock.now()
    await RevokeApiKey(world.uow, world.clock)(account.id, created.id)
    with pytest.raises(Unauthorized):
        await world.authenticate_key()(created.key)
    with pytest.raises(NotFound):
        await RevokeApiKey(world.uow, world.clock)(account.id, created.id)
    with pytest.raises(NotFound):
        await world.create_key()("no-such-account")


async def test_plan_changes_show_in_the_next_authentication(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    token = (await world.log_in()("shop@example.com", "s3cret-pass")).access_token
    await SetPlan(world.uow)("shop@example.com", "enterprise")
    assert (await AuthenticateAccessToken(world.uow, world.clock, world.tokens)(token)).plan == "enterprise"
    assert (await AuthenticateAccessToken(world.uow, world.clock, world.tokens)(token)).account_id == account.id
    with pytest.raises(ValidationError):
        await SetPlan(world.uow)("shop@example.com", "platinum")


async def test_phone_otp_flow(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    sent = await world.send_otp()(account.id, "0712345678", ADDRESS)
    assert (sent.phone, sent.status, sent.expires_in) == ("+255712345678", "sent", 300)
    sms = world.gateway.submitted[-1]
    assert (sms.account_id, sms.to, sms.sender) == (None, "+255712345678", "UJUMBE")
    code = world.gateway.last_code()
    assert len(code) == 6
    assert all(code not in o.code_hash for o in world.store.table("phone_otps").values())
    verified = await world.verify_phone()(account.id, "+255 712 345 678", code)
    assert verified.phone == "+255712345678" and verified.phone_verified
    with pytest.raises(InvalidOtp):
        await world.verify_phone()(account.id, "0712345678", code)


async def test_a_payer_code_approves_the_phone_for_payments_and_leaves_the_account_phone(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    sent = await world.send_payer_otp()(account.id, "0754 000 111", ADDRESS)
    assert (sent.phone, sent.status) == ("+255754000111", "sent")
    assert "payments" in world.gateway.submitted[-1].text and world.gateway.submitted[-1].account_id is None
    verified = await world.verify_payer()(account.id, "+255754000111", world.gateway.last_code())
    assert (verified.phone, verified.verified, verified.verified_at) == ("+255754000111", True, world.clock.now())
    async with world.uow() as uow:
        assert await uow.payer_phones.is_verified(account.id, "+255754000111")
        stored = await uow.accounts.get(account.id)
    assert stored is not None and (stored.phone, stored.phone_verified) == (None, False)


async def test_a_code_is_good_for_its_own_purpose_only(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    await world.send_payer_otp()(account.id, "0754000111", ADDRESS)
    with pytest.raises(InvalidOtp):  # a payer code does not make the number the account's phone
        await world.verify_phone()(account.id, "0754000111", world.gateway.last_code())
    world.clock.advance(61)
    await world.send_otp()(account.id, "0754000111", ADDRESS)
    with pytest.raises(InvalidOtp):  # nor an account code a payer phone
        await world.verify_payer()(account.id, "0754000111", world.gateway.last_code())


async def test_payer_codes_share_the_limits_of_account_codes(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    await world.send_otp()(account.id, "0754000111", ADDRESS)
    with pytest.raises(OtpThrottled):  # one code a minute per number, whichever the purpose
        await world.send_payer_otp()(account.id, "0754000111", ADDRESS)
    for n in range(4):
        await world.send_payer_otp()(account.id, f"07540002{n:02d}", ADDRESS)
    with pytest.raises(OtpThrottled):  # five numbers an hour per account, both kinds counted
        await world.send_payer_otp()(account.id, "0754000299", ADDRESS)
    with pytest.raises(ValidationError):
        await world.verify_payer()(account.id, "0754000111", "12345")


async def test_phone_otp_limits(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    await world.send_otp()(account.id, "0712345678", ADDRESS)
    code = world.gateway.last_code()
    with pytest.raises(OtpThrottled):
        await world.send_otp()(account.id, "0712345678", ADDRESS)
    for _ in range(5):
        with pytest.raises(InvalidOtp):
            await world.verify_phone()(account.id, "0712345678", "999999" if code != "999999" else "000000")
    with pytest.raises(InvalidOtp):
        await world.verify_phone()(account.id, "0712345678", code)
    world.clock.advance(60)
    await world.send_otp()(account.id, "0712345678", ADDRESS)
    world.clock.advance(300)
    with pytest.raises(InvalidOtp):
        await world.verify_phone()(account.id, "0712345678", world.gateway.last_code())


async def test_purging_codes_keeps_what_the_resend_throttle_still_needs(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    purge = PurgeExpiredPhoneOtps(world.uow, world.clock)
    for _ in range(5):  # the hourly limit for one number
        await world.send_otp()(account.id, "0712345678", ADDRESS)
        world.clock.advance(60)
    world.clock.advance(10 * 60)  # the last code has expired; the hour has not passed
    assert await purge() == 0
    with pytest.raises(OtpThrottled):  # so the limit still holds
        await world.send_otp()(account.id, "0712345678", ADDRESS)
    world.clock.advance(60 * 60)
    assert await purge() == 1
    assert world.store.table("phone_otps") == {}
    assert (await world.send_otp()(account.id, "0712345678", ADDRESS)).status == "sent"
    assert await purge() == 0  # a fresh code is kept


async def test_gateway_trouble_reports_failed(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    world.gateway.fail = True
    assert (await world.send_otp()(account.id, "0712345678", ADDRESS)).status == "failed"
    world.gateway.fail, world.gateway.accept = False, False
    assert (await world.send_otp()(account.id, "0754000111", ADDRESS)).status == "failed"


async def test_a_code_the_gateway_took_without_answering_is_pending_and_still_verifies(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    world.gateway.silent = True
    sent = await world.send_otp()(account.id, "0712345678", ADDRESS)
    assert sent.status == "pending"  # it may yet arrive: the code was stored
    assert (await world.verify_phone()(account.id, "0712345678", world.gateway.last_code())).phone_verified


async def test_operator_verifies_a_phone(world: World) -> None:
    await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    account = await VerifyPhoneByOperator(world.uow)("shop@example.com", "0754000111")
    assert (account.phone, account.phone_verified) == ("+255754000111", True)
    with pytest.raises(NotFound):
        await VerifyPhoneByOperator(world.uow)("nobody@example.com", "0754000111")


async def test_a_number_gets_five_codes_an_hour_whichever_accounts_ask(world: World) -> None:
    accounts = [await world.register()(Registration(email=f"shop{n}@example.com", password="s3cret-pass"))
                for n in range(OTP_MAX_SENDS_PER_NUMBER + 1)]
    for account in accounts[:-1]:
        assert (await world.send_otp()(account.id, "0754000111", ADDRESS)).status == "sent"
    with pytest.raises(OtpThrottled, match="this number") as refused:
        await world.send_payer_otp()(accounts[-1].id, "0754000111", "203.0.113.9")  # another address too
    assert refused.value.retry_after == 3600  # when the first of the five leaves the hour
    assert (await world.send_otp()(accounts[-1].id, "0754000222", ADDRESS)).status == "sent"
    world.clock.advance(3600)
    assert (await world.send_otp()(accounts[-1].id, "0754000111", ADDRESS)).status == "sent"


async def test_one_address_asks_for_ten_codes_an_hour_across_accounts_and_numbers(world: World) -> None:
    accounts = [await world.register()(Registration(email=f"shop{n}@example.com", password="s3cret-pass"))
                for n in range(3)]
    for n in range(OTP_MAX_SENDS_PER_ADDRESS):  # five numbers an hour per account: spread over three
        await world.send_otp()(accounts[n % 3].id, f"07540003{n:02d}", ADDRESS)
    with pytest.raises(OtpThrottled, match="this address"):
        await world.send_payer_otp()(accounts[2].id, "0754000399", ADDRESS)
    assert (await world.send_otp()(accounts[2].id, "0754000399", "203.0.113.9")).status == "sent"


async def test_purging_codes_drops_the_sends_counted_past_the_hour(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    await world.send_otp()(account.id, "0712345678", ADDRESS)
    world.clock.advance(30 * 60)
    await world.send_otp()(account.id, "0754000111", ADDRESS)
    world.clock.advance(31 * 60)
    await PurgeExpiredPhoneOtps(world.uow, world.clock)()
    assert [send[1] for send in world.store.table("phone_otp_sends")] == ["+255754000111"]


async def test_the_profile_keeps_a_trimmed_business_name_and_a_known_language(world: World) -> None:
    account = await world.register()(Registration(email="shop@example.com", password="s3cret-pass"))
    assert await UpdateProfile(world.uow)(account.id, "  Duka la Mama ") == "Duka la Mama"
    await SetLanguage(world.uow)(account.id, "en")
    with pytest.raises(ValidationError) as too_long:
        await UpdateProfile(world.uow)(account.id, "x" * 201)
    with pytest.raises(ValidationError) as unknown:
        await SetLanguage(world.uow)(account.id, "fr")
    assert (too_long.value.field, unknown.value.field) == ("business_name", "language")
    with pytest.raises(NotFound):
        await SetLanguage(world.uow)("no-such-account", "sw")
    async with world.uow() as uow:
        kept = await uow.accounts.get(account.id)
    assert kept is not None and (kept.business_name, kept.language) == ("Duka la Mama", "en")
    pair = await world.log_in()("shop@example.com", "s3cret-pass")
    assert (await world.authenticate()(pair.access_token)).language == "en"  # a signed-in page's language
