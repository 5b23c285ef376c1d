"""Every authenticated route of the app, whoever wrote it: no or bad credentials -> 401
`unauthorized`; valid credentials of a scheme the route does not take -> 403 `forbidden`;
a scheme it takes gets past authentication. Public routes need no credentials. The dashboard's
pages (`entrypoints.web`, `opt["dashboard"]`) take the browser's session cookie, not the API's
credentials: tests/web holds them to it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from entrypoints.http.auth import Authenticated
from http_helpers import error_of

PLACEHOLDER_ID = "00000000-0000-0000-0000-00000000abcd"
# Public routes (decision: authentication) and the app's own documentation, the mobile-money
# simulator's checkout page (a payer's browser opens it, as it would the aggregator's), and the
# operator's metrics (no account's credentials: loopback or the metrics token, test_metrics.py).
PUBLIC_PREFIXES = ("/health", "/metrics", "/schema", "/v1/packages", "/v1/templates", "/v1/rates", "/v1/vouchers/rate",
                   "/v1/auth/register", "/v1/auth/login", "/v1/auth/refresh", "/v1/auth/logout",
                   "/v1/auth/forgot-password", "/v1/auth/reset-password", "/v1/auth/verify-email", "/v1/payments/callback",
                   "/simulator/checkout")
# Where the scheme is fixed (decision: authentication): the matrix must find them with exactly these.
SPEC_SCHEMES = {
    ("GET", "/v1/auth/me"): {"api_key", "jwt"},
    ("POST", "/v1/auth/send-phone-otp"): {"jwt"},
    ("POST", "/v1/auth/verify-phone"): {"jwt"},
    ("POST", "/v1/api-keys"): {"jwt"},
    ("GET", "/v1/api-keys"): {"jwt"},
    ("DELETE", "/v1/api-keys/{}"): {"jwt"},
    ("POST", "/v1/payments"): {"api_key", "jwt"},
    ("GET", "/v1/payments"): {"api_key", "jwt"},
    ("GET", "/v1/payments/{}"): {"api_key", "jwt"},
    ("POST", "/v1/vouchers"): {"api_key", "jwt"},
    ("POST", "/v1/vouchers/otp/send"): {"api_key", "jwt"},
    ("POST", "/v1/vouchers/otp/verify"): {"api_key", "jwt"},
}


def routes(app: Litestar) -> list[tuple[str, str, tuple[str, ...] | None]]:
    """(method, path with placeholders filled, schemes or None when public) for every route."""
    found = []
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            if handler.opt.get("dashboard"):
                continue
            provide = handler.resolve_dependencies().get("principal")
            schemes = provide.schemes if isinstance(provide, Authenticated) else None
            path = re.sub(r"\{[^}]+\}", PLACEHOLDER_ID, route.path)
            for method in sorted(handler.http_methods - {"HEAD", "OPTIONS"}):
                found.append((method, path, schemes))
    return found


async def call(client: AsyncTestClient, method: str, path: str, headers: dict[str, str]) -> Any:  # type: ignore[type-arg]
    body = {"json": {}} if method in ("POST", "PUT", "PATCH") else {}
    return await client.request(method, path, headers=headers, **body)


@pytest.fixture()
def app(client: AsyncTestClient) -> Litestar:  # type: ignore[type-arg]
    assert isinstance(client.app, Litestar)
    return client.app


async def test_the_spec_routes_take_the_spec_schemes(app: Litestar) -> None:
    table = {(m, p.replace(PLACEHOLDER_ID, "{}")): s for m, p, s in routes(app)}
    for route, schemes in SPEC_SCHEMES.items():
        assert route in table, route
        assert set(table[route] or ()) == schemes, route


async def test_only_public_routes_go_without_credentials(app: Litestar) -> None:
    unauthenticated = [p for _, p, s in routes(app) if s is None]
    assert unauthenticated
    for path in unauthenticated:
        assert path.startswith(PUBLIC_PREFIXES), f"{path} takes no credentials"


async def test_scheme_matrix_over_every_authenticated_route(client: AsyncTestClient, app: Litestar,  # type: ignore[type-arg]
                                                            make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account(plan="enterprise")
    headers = {"api_key": account.key_headers, "jwt": account.jwt_headers}
    bad = [{}, {"X-API-Key": "uj_live_unknown"}, {"Authorization": "Bearer not.a.jwt"}, {"Authorization": "Basic x"}]
    checked = 0
    # Logging out everywhere ends the session the account's access token speaks for: last.
    for method, path, schemes in sorted(routes(app), key=lambda route: route[1].startswith("/v1/auth/logout-all")):
        if schemes is None:
            continue
        checked += 1
        for credentials in bad:
            response = await call(client, method, path, credentials)
            assert response.status_code == 401, (method, path, credentials)
            assert error_of(response)[0] == "unauthorized"
        for scheme, scheme_headers in headers.items():
            response = await call(client, method, path, scheme_headers)
            if scheme in schemes:
                assert response.status_code != 401, (method, path, scheme, response.text)
                if response.status_code == 403:
                    assert error_of(response)[0] != "forbidden", (method, path, scheme)
            else:
                assert response.status_code == 403, (method, path, scheme)
                assert error_of(response)[0] == "forbidden"
    assert checked >= len(SPEC_SCHEMES)
