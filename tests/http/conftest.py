"""Accounts for HTTP tests, made through the real use cases (register, log in, create a key).

    account = await make_account()                 # free plan
    account = await make_account(plan="pro", email="shop@example.com")
    await client.get("/v1/auth/me", headers=account.key_headers)   # or account.jwt_headers

The use cases are the ones the routes call, so the account is exactly what a user who registered
over HTTP would have, without spending the per-IP budget of the public auth routes.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest
from litestar.testing import AsyncTestClient

from application.accounts.accounts import Registration
from entrypoints.container import Container

PASSWORD = "correct horse battery"


@dataclass(frozen=True)
class TestAccount:
    __test__ = False  # not a test class, despite the name

    id: str
    email: str
    password: str
    plan: str
    api_key: str
    api_key_id: str
    access_token: str
    refresh_token: str

    @property
    def key_headers(self) -> dict[str, str]:
        return {"X-API-Key": self.api_key}

    @property
    def jwt_headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.access_token}"}


MakeAccount = Callable[..., Awaitable[TestAccount]]


@pytest.fixture()
def make_account(container: Container, client: AsyncTestClient) -> MakeAccount:  # type: ignore[type-arg]
    """An async factory: `await make_account(plan="free", email=None)`."""
    numbers = itertools.count(1)

    async def make(plan: str = "free", email: str | None = None, *, business_name: str = "",
                   password: str = PASSWORD) -> TestAccount:
        email = email or f"user{next(numbers)}@example.com"
        account = await container.register_account()(
            Registration(email=email, password=password, business_name=business_name, plan=plan)
        )
        pair = await container.log_in()(email, password)
        key = await container.create_api_key()(account.id, "test key")
        return TestAccount(
            id=account.id, email=account.email, password=password, plan=plan, api_key=key.key,
            api_key_id=key.id, access_token=pair.access_token, refresh_token=pair.refresh_token,
        )

    return make
