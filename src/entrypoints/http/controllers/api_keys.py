"""/v1/api-keys: create (the full key is shown once), list (prefixes only), revoke."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from litestar import Controller, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from application.accounts.api_keys import CreateApiKey, ListApiKeys, RevokeApiKey
from domain.accounts import MAX_KEY_NAME_LENGTH
from domain.errors import NotFound
from domain.ids import lookup_id
from domain.texts import trimmed_pattern
from entrypoints.container import Container
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import RequestBody, documented


class CreateApiKeyRequest(RequestBody, kw_only=True):
    name: Annotated[str, documented(pattern=trimmed_pattern(MAX_KEY_NAME_LENGTH))] | None = None


class CreatedApiKeyBody(ResponseBody, kw_only=True):
    id: str
    key: str
    prefix: str
    name: str
    created_at: datetime


class ApiKeyBody(ResponseBody, kw_only=True):
    id: str
    prefix: str
    name: str
    created_at: datetime
    last_used_at: datetime | None


class ApiKeyList(ResponseBody, kw_only=True):
    api_keys: list[ApiKeyBody]


class ApiKeysController(Controller):
    path = "/v1/api-keys"
    tags = ["api-keys"]
    dependencies = {"principal": authenticated(JWT)}

    @post("/", operation_id="createApiKey", status_code=201,
          dependencies={"create_api_key": provide(Container.create_api_key)})
    async def create(self, principal: NamedDependency[Principal], create_api_key: NamedDependency[CreateApiKey],
                     data: JSONBody[CreateApiKeyRequest | None] = None) -> Envelope[CreatedApiKeyBody]:
        """Create an API key; the full key is in this response only."""
        created = await create_api_key(principal.account_id, data.name if data else None)
        return ok(body_of(created, CreatedApiKeyBody))

    @get("/", operation_id="listApiKeys",
         dependencies={"list_api_keys": provide(Container.list_api_keys)})
    async def list_keys(
        self,
        principal: NamedDependency[Principal],
        list_api_keys: NamedDependency[ListApiKeys],
    ) -> Envelope[ApiKeyList]:
        """The account's active keys (prefix, name, created_at, last_used_at; never the key)."""
        keys = await list_api_keys(principal.account_id)
        return ok(ApiKeyList(api_keys=[body_of(key, ApiKeyBody) for key in keys]))

    @delete("/{key_id:str}", operation_id="revokeApiKey", status_code=200, opt={"errors": (NotFound,)},
            dependencies={"revoke_api_key": provide(Container.revoke_api_key)})
    async def revoke(
        self,
        principal: NamedDependency[Principal],
        key_id: FromPath[str],
        revoke_api_key: NamedDependency[RevokeApiKey],
    ) -> Envelope[None]:
        """Revoke a key; it stops authenticating at once."""
        await revoke_api_key(principal.account_id, lookup_id(key_id))
        return ok(None)
