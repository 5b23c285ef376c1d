"""API keys: created (the full key shown once), listed by prefix, revoked, and checked per request."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import datetime

from application.ports import ApiKey, ApiKeyLookup, Clock, IdGenerator, Secrets, UnitOfWorkFactory
from domain.accounts import KEY_USE_RESOLUTION, Credentials, key_prefix, validate_key_name
from domain.errors import NotFound, Unauthorized


@dataclass(frozen=True, slots=True)
class CreatedApiKey:
    """The only time the full key exists outside the caller's hands."""

    id: str
    key: str
    prefix: str
    name: str
    created_at: datetime


class CreateApiKey:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, secrets: Secrets) -> None:
        self._uow, self._clock, self._ids, self._secrets = uow, clock, ids, secrets

    async def __call__(self, account_id: str, name: str | None = None) -> CreatedApiKey:
        name = validate_key_name(name)
        secret = self._secrets.api_key()
        key = ApiKey(
            id=self._ids.new_id(),
            account_id=account_id,
            name=name,
            prefix=key_prefix(secret),
            key_hash=self._secrets.digest(secret),
            created_at=self._clock.now(),
        )
        async with self._uow() as uow:
            if await uow.accounts.get(account_id) is None:
                raise NotFound("No such account.")
            await uow.api_keys.add(key)
            await uow.commit()
        return CreatedApiKey(id=key.id, key=secret, prefix=key.prefix, name=key.name,
                             created_at=key.created_at)


class ListApiKeys:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> list[ApiKey]:
        async with self._uow() as uow:
            return await uow.api_keys.list(account_id)


class RevokeApiKey:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, key_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.api_keys.revoke(account_id, key_id, self._clock.now()):
                raise NotFound("No such API key.")
            await uow.commit()


class AuthenticateApiKey:
    """Every API call's check: the lookup is a read of its own, outside a unit of work (one
    is opened only to note the key's use, at most once per KEY_USE_RESOLUTION)."""

    def __init__(self, uow: UnitOfWorkFactory, keys: ApiKeyLookup, clock: Clock, secrets: Secrets) -> None:
        self._uow, self._keys, self._clock, self._secrets = uow, keys, clock, secrets

    async def __call__(self, key: str) -> Credentials:
        key_hash = self._secrets.digest(key)
        found = await self._keys.by_hash(key_hash)
        # The lookup is by hash; the compare is constant-time all the same.
        if found is None or not hmac.compare_digest(found.key.key_hash, key_hash):
            raise Unauthorized("The API key is not valid.", field="X-API-Key")
        if found.key.revoked_at is not None:
            raise Unauthorized("The API key was revoked.", field="X-API-Key")
        now = self._clock.now()
        last = found.key.last_used_at
        if last is None or now - last >= KEY_USE_RESOLUTION:
            async with self._uow() as uow:
                await uow.api_keys.touch(found.key.account_id, found.key.id, now)
                await uow.commit()
        return Credentials(account_id=found.key.account_id, plan=found.plan, api_key_id=found.key.id)
