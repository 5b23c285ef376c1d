"""Accounts, API keys, refresh tokens and phone codes: the same contract on memory and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from application.ports import AccountToken, ApiKey, PhoneOtp, RefreshToken
from domain.account_tokens import TokenPurpose
from domain.accounts import Account
from domain.errors import EmailTaken
from domain.ids import NO_ID
from domain.phone_otps import NO_SENDS, RecentSends
from tests_support import Backend, ids

NOW = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def account(n: int, email: str | None = None, **changes: object) -> Account:
    base = Account(id=ids(n), email=email or f"user{n}@example.com", password_hash="$argon2id$x",
                   business_name="", plan="free", phone=None, phone_verified=False, email_verified=False,
                   created_at=NOW + timedelta(seconds=n))
    return replace(base, **changes)  # type: ignore[arg-type]


async def add_accounts(backend: Backend, *accounts: Account) -> None:
    async with backend.uow() as uow:
        for a in accounts:
            await uow.accounts.add(a)
        await uow.commit()


async def test_accounts_by_id_and_case_insensitive_email(backend: Backend) -> None:
    await add_accounts(backend, account(2), account(1))
    async with backend.uow() as uow:
        assert await uow.accounts.get(ids(1)) == account(1)
        assert await uow.accounts.by_email("USER2@example.com") == account(2)
        assert await uow.accounts.by_email("nobody@example.com") is None
        assert await uow.accounts.get(ids(9)) is None
        assert [a.id for a in await uow.accounts.list()] == [ids(1), ids(2)]


async def test_duplicate_email_is_email_taken_and_the_transaction_goes_on(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    async with backend.uow() as uow:
        with pytest.raises(EmailTaken):
            await uow.accounts.add(account(2, email="USER1@example.com"))
        await uow.accounts.add(account(3))
        await uow.commit()
    async with backend.uow() as uow:
        assert [a.id for a in await uow.accounts.list()] == [ids(1), ids(3)]


async def test_update_changes_plan_and_phone(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    changed = account(1, plan="pro", phone="+255712345678", phone_verified=True, business_name="Duka")
    async with backend.uow() as uow:
        await uow.accounts.update(changed)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.accounts.get(ids(1)) == changed


async def test_the_business_name_and_the_language_are_set_alone(backend: Backend) -> None:
    await add_accounts(backend, account(1), account(2, language="sw"))
    async with backend.uow() as uow:
        assert (await uow.accounts.get(ids(1))).language is None  # type: ignore[union-attr]
        assert await uow.accounts.set_business_name(ids(1), "Duka la Mama")
        assert await uow.accounts.set_language(ids(1), "en")
        assert not await uow.accounts.set_language(ids(9), "en")  # no such account
        assert not await uow.accounts.set_business_name(NO_ID, "x")
        # An update of the other fields, read before, writes no language back.
        await uow.accounts.update(account(1, plan="pro", business_name="Duka la Mama"))
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.accounts.get(ids(1)) == account(1, plan="pro", business_name="Duka la Mama", language="en")
        assert await uow.accounts.get(ids(2)) == account(2, language="sw")


async def test_api_keys_by_hash_list_revoke_touch(backend: Backend) -> None:
    await add_accounts(backend, account(1, plan="pro"), account(2))
    old = ApiKey(id=ids(10), account_id=ids(1), name="old", prefix="uj_live_AAAA", key_hash="h1", created_at=NOW)
    new = replace(old, id=ids(11), name="new", key_hash="h2", created_at=NOW + timedelta(minutes=1))
    other = replace(old, id=ids(12), account_id=ids(2), key_hash="h3")
    async with backend.uow() as uow:
        for key in (old, new, other):
            await uow.api_keys.add(key)
        await uow.commit()
    found = await backend.api_key_lookup.by_hash("h2")
    assert found is not None and found.key == new and found.plan == "pro"
    assert await backend.api_key_lookup.by_hash("nope") is None
    async with backend.uow() as uow:
        assert [k.id for k in await uow.api_keys.list(ids(1))] == [ids(11), ids(10)]
        await uow.api_keys.touch(ids(1), ids(10), NOW + timedelta(hours=1))
        assert not await uow.api_keys.revoke(ids(2), ids(10), NOW)  # not the owner
        assert not await uow.api_keys.revoke(ids(1), NO_ID, NOW)
        assert await uow.api_keys.revoke(ids(1), ids(11), NOW)
        assert not await uow.api_keys.revoke(ids(1), ids(11), NOW)
        await uow.commit()
    async with backend.uow() as uow:
        listed = await uow.api_keys.list(ids(1))
        assert [(k.id, k.last_used_at) for k in listed] == [(ids(10), NOW + timedelta(hours=1))]
    revoked = await backend.api_key_lookup.by_hash("h2")
    assert revoked is not None and revoked.key.revoked_at == NOW


async def test_refresh_tokens_are_used_once_and_revoked_by_family(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    first = RefreshToken(id=ids(20), account_id=ids(1), family_id=ids(30), token_hash="r1", created_at=NOW,
                         expires_at=NOW + timedelta(days=7), session_ends_at=NOW + timedelta(days=30))
    second = replace(first, id=ids(21), token_hash="r2")
    elsewhere = replace(first, id=ids(22), family_id=ids(31), token_hash="r3")
    async with backend.uow() as uow:
        for token in (first, second, elsewhere):
            await uow.refresh_tokens.add(token)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.refresh_tokens.by_hash("r1") == first
        assert await uow.refresh_tokens.use(ids(1), ids(20), NOW)
        assert not await uow.refresh_tokens.use(ids(1), ids(20), NOW)
        await uow.refresh_tokens.revoke_family(ids(1), ids(30), NOW)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.refresh_tokens.by_hash("r1") == replace(first, used_at=NOW, revoked_at=NOW)
        assert await uow.refresh_tokens.by_hash("r2") == replace(second, revoked_at=NOW)
        assert await uow.refresh_tokens.by_hash("r3") == elsewhere


async def test_sessions_are_counted_while_a_token_works_and_revoked_all_but_one(backend: Backend) -> None:
    await add_accounts(backend, account(1), account(2))
    def token(n: int, family: int, owner: int = 1, **changes: object) -> RefreshToken:
        base = RefreshToken(id=ids(n), account_id=ids(owner), family_id=ids(family), token_hash=f"h{n}",
                            created_at=NOW, expires_at=NOW + timedelta(days=7), session_ends_at=NOW + timedelta(days=30))
        return replace(base, **changes)  # type: ignore[arg-type]
    tokens = [token(20, 30, used_at=NOW), token(21, 30), token(22, 31), token(23, 32, revoked_at=NOW),
              token(24, 33, expires_at=NOW), token(25, 34), token(26, 35, owner=2)]
    async with backend.uow() as uow:
        for t in tokens:
            await uow.refresh_tokens.add(t)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.refresh_tokens.live_sessions(ids(1), NOW) == 3  # families 30, 31, 34
        assert await uow.refresh_tokens.revoke_sessions(ids(1), NOW, keep_family=ids(34)) == 2
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.refresh_tokens.live_sessions(ids(1), NOW) == 1
        assert (await uow.refresh_tokens.by_hash("h22")) == replace(tokens[2], revoked_at=NOW)
        assert await uow.refresh_tokens.revoke_sessions(ids(1), NOW) == 1
        assert await uow.refresh_tokens.live_sessions(ids(1), NOW) == 0
        assert await uow.refresh_tokens.live_sessions(ids(2), NOW) == 1


async def test_an_email_token_is_taken_once_for_its_purpose_before_it_expires(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    reset = AccountToken(account_id=ids(1), id=ids(40), purpose=TokenPurpose.RESET_PASSWORD, token_hash="t1",
                         email="user1@example.com", created_at=NOW, expires_at=NOW + timedelta(minutes=30))
    verify = replace(reset, id=ids(41), purpose=TokenPurpose.VERIFY_EMAIL, token_hash="t2")
    async with backend.uow() as uow:
        await uow.account_tokens.add(reset)
        await uow.account_tokens.add(verify)
        await uow.commit()
    later = NOW + timedelta(minutes=5)
    async with backend.uow() as uow:
        assert await uow.account_tokens.take(TokenPurpose.VERIFY_EMAIL, "t1", later) is None
        assert await uow.account_tokens.take(TokenPurpose.RESET_PASSWORD, "t1", later) == replace(reset, used_at=later)
        assert await uow.account_tokens.take(TokenPurpose.RESET_PASSWORD, "t1", later) is None
        assert await uow.account_tokens.take(TokenPurpose.VERIFY_EMAIL, "t2", NOW + timedelta(minutes=30)) is None
        assert await uow.account_tokens.take(TokenPurpose.VERIFY_EMAIL, "nope", later) is None


async def test_spending_every_reset_token_of_an_account_leaves_its_other_tokens(backend: Backend) -> None:
    await add_accounts(backend, account(1), account(2))
    made = AccountToken(account_id=ids(1), id=ids(40), purpose=TokenPurpose.RESET_PASSWORD, token_hash="t1",
                        email="user1@example.com", created_at=NOW, expires_at=NOW + timedelta(minutes=30))
    tokens = [made, replace(made, id=ids(41), token_hash="t2"),
              replace(made, id=ids(42), token_hash="t3", purpose=TokenPurpose.VERIFY_EMAIL),
              replace(made, account_id=ids(2), id=ids(43), token_hash="t4", email="user2@example.com")]
    async with backend.uow() as uow:
        for token in tokens:
            await uow.account_tokens.add(token)
        await uow.account_tokens.spend_all(ids(1), TokenPurpose.RESET_PASSWORD, NOW)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.account_tokens.take(TokenPurpose.RESET_PASSWORD, "t1", NOW) is None
        assert await uow.account_tokens.take(TokenPurpose.RESET_PASSWORD, "t2", NOW) is None
        assert await uow.account_tokens.take(TokenPurpose.VERIFY_EMAIL, "t3", NOW) is not None
        assert await uow.account_tokens.take(TokenPurpose.RESET_PASSWORD, "t4", NOW) is not None


async def test_the_password_is_set_alone_and_an_update_never_writes_it_back(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    async with backend.uow() as uow:
        await uow.accounts.set_password(ids(1), "$argon2id$new")
        await uow.accounts.update(account(1, plan="pro"))  # as read before the password was set
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.accounts.get(ids(1)) == account(1, plan="pro", password_hash="$argon2id$new")


async def test_phone_codes_upsert_and_count(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    otp = PhoneOtp(account_id=ids(1), phone="+255712345678", code_hash="c1", attempts=0,
                   expires_at=NOW + timedelta(minutes=5), sent_at=NOW, window_started_at=NOW, sends_in_window=1)
    async with backend.uow() as uow:
        await uow.phone_otps.save(otp)
        await uow.phone_otps.save(replace(otp, attempts=2))
        await uow.phone_otps.save(replace(otp, phone="+255754000111", sent_at=NOW - timedelta(hours=2)))
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.phone_otps.get(ids(1), "+255712345678") == replace(otp, attempts=2)
        assert await uow.phone_otps.phones_sent_since(ids(1), NOW - timedelta(hours=1)) == 1


async def test_code_sends_are_counted_by_number_and_by_address_across_accounts(backend: Backend) -> None:
    await add_accounts(backend, account(1), account(2))
    hour = timedelta(hours=1)
    async with backend.uow() as uow:
        await uow.phone_otps.record_send(ids(1), "+255712345678", "192.0.2.1", NOW - 2 * hour)  # past the hour
        await uow.phone_otps.record_send(ids(1), "+255712345678", "192.0.2.1", NOW - hour)  # just leaving it
        await uow.phone_otps.record_send(ids(1), "+255712345678", "192.0.2.1", NOW - timedelta(minutes=40))
        await uow.phone_otps.record_send(ids(2), "+255712345678", "192.0.2.2", NOW - timedelta(minutes=20))
        await uow.phone_otps.record_send(ids(2), "+255754000111", "192.0.2.1", NOW - timedelta(minutes=10))
        await uow.commit()
    async with backend.uow() as uow:
        to_number, from_address = await uow.phone_otps.recent_sends("+255712345678", "192.0.2.1", NOW - hour)
        assert to_number == RecentSends(count=2, oldest=NOW - timedelta(minutes=40))
        assert from_address == RecentSends(count=2, oldest=NOW - timedelta(minutes=40))
        assert await uow.phone_otps.recent_sends("+255799999999", "198.51.100.1", NOW - hour) == (NO_SENDS, NO_SENDS)
        await uow.phone_otps.purge(expired_by=NOW, sent_before=NOW - hour)
        await uow.commit()
    async with backend.uow() as uow:
        to_number, _ = await uow.phone_otps.recent_sends("+255712345678", "192.0.2.1", NOW - 3 * hour)
        assert to_number.count == 3  # the send two hours old is gone


async def test_phone_codes_purge_only_rows_expired_and_out_of_the_window(backend: Backend) -> None:
    await add_accounts(backend, account(1))
    hour = timedelta(hours=1)
    stale = PhoneOtp(account_id=ids(1), phone="+255712000001", code_hash="c", attempts=0,
                     expires_at=NOW - hour, sent_at=NOW - 2 * hour, window_started_at=NOW - 2 * hour,
                     sends_in_window=1)
    in_window = replace(stale, phone="+255712000002", sent_at=NOW - hour / 2, window_started_at=NOW - hour / 2,
                        expires_at=NOW - hour / 3)
    live = replace(stale, phone="+255712000003", expires_at=NOW + hour)
    async with backend.uow() as uow:
        for otp in (stale, in_window, live):
            await uow.phone_otps.save(otp)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.phone_otps.purge(expired_by=NOW, sent_before=NOW - hour) == 1
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.phone_otps.get(ids(1), stale.phone) is None
        assert await uow.phone_otps.get(ids(1), in_window.phone) == in_window
        assert await uow.phone_otps.get(ids(1), live.phone) == live


async def test_nothing_sticks_without_commit(backend: Backend) -> None:
    async with backend.uow() as uow:
        await uow.accounts.add(account(1))
    async with backend.uow() as uow:
        assert await uow.accounts.get(ids(1)) is None
