"""With UJUMBE_FEATURE_GOOGLE_CONTACTS off (the default), the external contacts import does not
exist: every one of its routes is 404 `not_found`, whoever asks, and the API document does not
list them. On, the document lists every one of them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings
from http_helpers import error_of

ROUTES = [("GET", "/v1/contact-lists/google/status"), ("GET", "/v1/contact-lists/google/connect"),
          ("GET", "/v1/contact-lists/google/callback?state=x&code=y"), ("POST", "/v1/contact-lists/google/sync"),
          ("POST", "/v1/contact-lists/google/disconnect"), ("DELETE", "/v1/contact-lists/google/disconnect")]


async def test_every_route_is_not_found_when_the_feature_is_off(client: AsyncTestClient, make_account: Any) -> None:  # type: ignore[type-arg]
    account = await make_account()
    for method, path in ROUTES:
        for headers in ({}, account.jwt_headers, account.key_headers):
            answer = await client.request(method, path, headers=headers)
            assert (answer.status_code, error_of(answer)[0]) == (404, "not_found"), (method, path)
    document = (await client.get("/schema/openapi.json")).json()
    assert not [path for path in document["paths"] if "google" in path]


async def test_the_document_lists_every_route_when_the_feature_is_on(container: Container, settings: Settings) -> None:
    container.settings.override(replace(settings, feature_google_contacts=True, google_client_id="id",
                                        google_client_secret="secret"))
    async with AsyncTestClient(app=create_app(container)) as client:
        document = (await client.get("/schema/openapi.json")).json()
    listed = {(method.upper(), path) for path, item in document["paths"].items() if "google" in path for method in item}
    assert listed == {(method, path.partition("?")[0]) for method, path in ROUTES}
    callback = document["paths"]["/v1/contact-lists/google/callback"]["get"]
    assert "security" not in callback or callback["security"] == []
    assert document["paths"]["/v1/contact-lists/google/sync"]["post"]["security"] == [{"BearerJWT": []}]


def test_the_feature_without_an_oauth_client_does_not_start(container: Container, settings: Settings) -> None:
    container.settings.override(replace(settings, feature_google_contacts=True))
    with pytest.raises(ValueError, match="UJUMBE_GOOGLE_CLIENT_ID"):
        create_app(container)
