"""Accounts and their credentials in memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import AccountToken, ApiKey, ApiKeyOwner, PhoneOtp, RefreshToken
from domain.account_tokens import TokenPurpose
from domain.accounts import Account
from domain.errors import EmailTaken
from domain.phone_otps import RecentSends


class MemoryAccounts:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[str, Account]:
        rows: dict[str, Account] = self._store.table("accounts")
        return rows

    async def add(self, account: Account) -> None:
        if any(a.email.lower() == account.email.lower() for a in self._rows().values()):
            raise EmailTaken(field="email")
        self._rows()[account.id] = account
        self._store.table("account_ids", set).add(account.id)

    async def get(self, account_id: str) -> Account | None:
        return self._rows().get(account_id)

    async def by_email(self, email: str) -> Account | None:
        return next((a for a in self._rows().values() if a.email.lower() == email.lower()), None)

    async def list(self) -> list[Account]:
        return sorted(self._rows().values(), key=lambda a: (a.created_at, a.email))

    async def update(self, account: Account) -> None:
        stored = self._rows()[account.id]
        self._rows()[account.id] = replace(account, email=stored.email, password_hash=stored.password_hash,
                                           created_at=stored.created_at, language=stored.language)

    async def set_password(self, account_id: str, password_hash: str) -> None:
        self._rows()[account_id] = replace(self._rows()[account_id], password_hash=password_hash)

    async def set_business_name(self, account_id: str, business_name: str) -> bool:
        return self._set(account_id, business_name=business_name)

    async def set_language(self, account_id: str, language: str) -> bool:
        return self._set(account_id, language=language)

    def _set(self, account_id: str, **change: str) -> bool:
        stored = self._rows().get(account_id)
        if stored is None:
            return False
        self._rows()[account_id] = replace(stored, **change)  # type: ignore[arg-type]
        return True


class MemoryApiKeys:
    """The API keys' repository, and their lookup (`ApiKeyLookup`) on the same store."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], ApiKey]:
        rows: dict[tuple[str, str], ApiKey] = self._store.table("api_keys")
        return rows

    async def add(self, key: ApiKey) -> None:
        self._rows()[(key.account_id, key.id)] = key

    async def by_hash(self, key_hash: str) -> ApiKeyOwner | None:
        key = next((k for k in self._rows().values() if k.key_hash == key_hash), None)
        if key is None:
            return None
        account: Account = self._store.table("accounts")[key.account_id]
        return ApiKeyOwner(key=key, plan=account.plan)

    async def list(self, account_id: str) -> list[ApiKey]:
        keys = [k for k in self._rows().values() if k.account_id == account_id and k.revoked_at is None]
        keys.sort(key=lambda k: k.id)
        keys.sort(key=lambda k: k.created_at, reverse=True)
        return keys

    async def revoke(self, account_id: str, key_id: str, at: datetime) -> bool:
        key = self._rows().get((account_id, key_id))
        if key is None or key.revoked_at is not None:
            return False
        self._rows()[(account_id, key_id)] = replace(key, revoked_at=at)
        return True

    async def touch(self, account_id: str, key_id: str, at: datetime) -> None:
        key = self._rows()[(account_id, key_id)]
        self._rows()[(account_id, key_id)] = replace(key, last_used_at=at)


class MemoryRefreshTokens:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], RefreshToken]:
        rows: dict[tuple[str, str], RefreshToken] = self._store.table("refresh_tokens")
        return rows

    async def add(self, token: RefreshToken) -> None:
        self._rows()[(token.account_id, token.id)] = token

    async def by_hash(self, token_hash: str) -> RefreshToken | None:
        return next((t for t in self._rows().values() if t.token_hash == token_hash), None)

    async def use(self, account_id: str, token_id: str, at: datetime) -> bool:
        token = self._rows()[(account_id, token_id)]
        if token.used_at is not None:
            return False
        self._rows()[(account_id, token_id)] = replace(token, used_at=at)
        return True

    async def revoke_family(self, account_id: str, family_id: str, at: datetime) -> None:
        rows = self._rows()
        for key, token in list(rows.items()):
            if token.account_id == account_id and token.family_id == family_id and token.revoked_at is None:
                rows[key] = replace(token, revoked_at=at)

    async def revoke_sessions(self, account_id: str, at: datetime, *, keep_family: str | None = None) -> int:
        live = self._live(account_id, at) - {keep_family}
        for family in live:
            await self.revoke_family(account_id, family, at)
        return len(live)

    async def live_token(self, account_id: str, family_id: str, at: datetime) -> RefreshToken | None:
        live = [t for t in self._rows().values() if t.account_id == account_id and t.family_id == family_id
                and t.used_at is None and t.revoked_at is None and t.expires_at > at]
        return max(live, key=lambda t: (t.created_at, t.id), default=None)

    async def live_sessions(self, account_id: str, at: datetime) -> int:
        return len(self._live(account_id, at))

    def _live(self, account_id: str, at: datetime) -> set[str]:
        return {t.family_id for t in self._rows().values()
                if t.account_id == account_id and t.used_at is None and t.revoked_at is None and t.expires_at > at}


class MemoryAccountTokens:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], AccountToken]:
        rows: dict[tuple[str, str], AccountToken] = self._store.table("account_tokens")
        return rows

    async def add(self, token: AccountToken) -> None:
        self._rows()[(token.account_id, token.id)] = token

    async def take(self, purpose: TokenPurpose, token_hash: str, at: datetime) -> AccountToken | None:
        for key, token in self._rows().items():
            if (token.purpose == purpose and token.token_hash == token_hash and token.used_at is None
                    and token.expires_at > at):
                self._rows()[key] = spent = replace(token, used_at=at)
                return spent
        return None

    async def spend_all(self, account_id: str, purpose: TokenPurpose, at: datetime) -> None:
        for key, token in self._rows().items():
            if token.account_id == account_id and token.purpose == purpose and token.used_at is None:
                self._rows()[key] = replace(token, used_at=at)


class MemoryPhoneOtps:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], PhoneOtp]:
        rows: dict[tuple[str, str], PhoneOtp] = self._store.table("phone_otps")
        return rows

    async def get(self, account_id: str, phone: str) -> PhoneOtp | None:
        return self._rows().get((account_id, phone))

    async def save(self, otp: PhoneOtp) -> None:
        self._rows()[(otp.account_id, otp.phone)] = otp

    async def phones_sent_since(self, account_id: str, since: datetime) -> int:
        return sum(1 for o in self._rows().values() if o.account_id == account_id and o.sent_at >= since)

    def _sends(self) -> list[tuple[str, str, str, datetime]]:  # (account, phone, client address, sent at)
        sends: list[tuple[str, str, str, datetime]] = self._store.table("phone_otp_sends", list)
        return sends

    async def recent_sends(self, phone: str, client_address: str, since: datetime) -> tuple[RecentSends, RecentSends]:
        def recent(matching: list[datetime]) -> RecentSends:
            return RecentSends(count=len(matching), oldest=min(matching, default=None))

        sends = [send for send in self._sends() if send[3] > since]
        return (recent([at for _, to, _, at in sends if to == phone]),
                recent([at for _, _, address, at in sends if address == client_address]))

    async def record_send(self, account_id: str, phone: str, client_address: str, at: datetime) -> None:
        self._sends().append((account_id, phone, client_address, at))

    async def purge(self, expired_by: datetime, sent_before: datetime) -> int:
        rows = self._rows()
        stale = [key for key, o in rows.items()
                 if o.expires_at <= expired_by and o.sent_at < sent_before and o.window_started_at < sent_before]
        for key in stale:
            del rows[key]
        self._sends()[:] = [send for send in self._sends() if send[3] >= sent_before]
        return len(stale)
