"""/v1/api-keys: create (the full key is shown once), list (prefixes only), revoke."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from application.api_keys import CreateApiKey, ListApiKeys, RevokeApiKey
from application.ports import ApiKey
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok
from entrypoints.http.validation import RequestBody


class CreateApiKeyRequest(RequestBody, kw_only=True):
    name: str | None = None


class CreatedApiKeyBody(msgspec.Struct, kw_only=True):
    id: str
    key: str
    prefix: str
    name: str
    created_at: datetime


class ApiKeyBody(msgspec.Struct, kw_only=True):
    id: str
    prefix: str
    name: str
    created_at: datetime
    last_used_at: datetime | None

    @classmethod
    def of(cls, key: ApiKey) -> ApiKeyBody:
        return cls(id=key.id, prefix=key.prefix, name=key.name, created_at=key.created_at.astimezone(UTC),
                   last_used_at=key.last_used_at.astimezone(UTC) if key.last_used_at else None)


class ApiKeyList(msgspec.Struct, kw_only=True):
    api_keys: list[ApiKeyBody]


class ApiKeysController(Controller):
    path = "/v1/api-keys"
    tags = ["api-keys"]
    dependencies = {"principal": authenticated("J")}

    @post("/", operation_id="createApiKey", status_code=201,
          dependencies={"create_api_key": from_container("create_api_key")})
    async def create(self, principal: NamedDependency[Principal], create_api_key: NamedDependency[CreateApiKey],
                     data: JSONBody[CreateApiKeyRequest | None] = None) -> Envelope[CreatedApiKeyBody]:
        """Create an API key; the full key is in this response only."""
        created = await create_api_key(principal.account_id, data.name if data else None)
        return ok(CreatedApiKeyBody(id=created.id, key=created.key, prefix=created.prefix, name=created.name,
                                    created_at=created.created_at.astimezone(UTC)))

    @get("/", operation_id="listApiKeys",
         dependencies={"list_api_keys": from_container("list_api_keys")})
    async def list_keys(
        self,
        principal: NamedDependency[Principal],
        list_api_keys: NamedDependency[ListApiKeys],
    ) -> Envelope[ApiKeyList]:
        """The account's active keys (prefix, name, created_at, last_used_at; never the key)."""
        keys = await list_api_keys(principal.account_id)
        return ok(ApiKeyList(api_keys=[ApiKeyBody.of(k) for k in keys]))

    @delete("/{key_id:str}", operation_id="revokeApiKey", status_code=200,
            dependencies={"revoke_api_key": from_container("revoke_api_key")})
    async def revoke(
        self,
        principal: NamedDependency[Principal],
        key_id: FromPath[str],
        revoke_api_key: NamedDependency[RevokeApiKey],
    ) -> Envelope[None]:
        """Revoke a key; it stops authenticating at once."""
        await revoke_api_key(principal.account_id, key_id)
        return ok(None)
