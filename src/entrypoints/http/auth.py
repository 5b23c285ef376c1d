"""Who is calling: API keys (`X-API-Key`) and access tokens (`Authorization: Bearer`), as the
Litestar dependency `principal`.

    dependencies={"principal": authenticated(API_KEY, JWT)}

No credentials, or credentials that do not check out: 401 `unauthorized`. Valid credentials of a
scheme the route does not take (an API key on a JWT-only route): 403 `forbidden`. Once the caller
is known, the request is charged to the account's plan budget (see `ratelimit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from litestar import Litestar, Request
from litestar.di import Provide
from litestar.openapi.spec import Reference, SecurityScheme

from adapters.security import API_KEY_SCHEME
from domain.accounts import PLAN_RATE_LIMITS, Credentials
from domain.errors import DomainError, Forbidden, Unauthorized
from entrypoints.http.ratelimit import charge, charge_public
from entrypoints.http.requests_observed import note_caller

Scheme = Literal["api_key", "jwt"]
API_KEY: Scheme = "api_key"  # server-to-server calls (decision: authentication)
JWT: Scheme = "jwt"  # the dashboard, as a signed-in user
_NAMES: dict[Scheme, str] = {"api_key": "an API key (X-API-Key)", "jwt": "an access token (Authorization: Bearer)"}


@dataclass(frozen=True, slots=True)
class Principal:
    account_id: str
    scheme: Scheme
    plan: str
    api_key_id: str | None = None
    session_id: str | None = None  # an access token's session


def _presented(request: Request[Any, Any, Any]) -> dict[Scheme, str]:
    """The credentials in the request's headers, by scheme (values unchecked)."""
    found: dict[Scheme, str] = {}
    key = request.headers.get("x-api-key")
    if key is not None:
        found["api_key"] = key.strip()
    authorization = request.headers.get("authorization")
    if authorization is not None:
        kind, _, token = authorization.strip().partition(" ")
        if kind.lower() != "bearer" or not token.strip():
            raise Unauthorized("The Authorization header must be `Bearer <access token>`.",
                               field="Authorization")
        found["jwt"] = token.strip()
    return found


async def _check(request: Request[Any, Any, Any], scheme: Scheme, secret: str) -> Credentials:
    container = request.app.state.container
    if scheme == "api_key":
        if not secret:
            raise Unauthorized("The X-API-Key header is empty.", field="X-API-Key")
        credentials: Credentials = await container.authenticate_api_key()(secret)
    else:
        credentials = await container.authenticate_access_token()(secret)
    return credentials


class Authenticated(Provide):
    """The `principal` dependency; `schemes` says which it takes (for docs and tests)."""

    schemes: tuple[Scheme, ...]

    @property
    def errors(self) -> tuple[type[DomainError], ...]:
        """What it answers besides the principal: 401, and 403 when a scheme is not taken."""
        return (Unauthorized,) if set(self.schemes) == set(_NAMES) else (Unauthorized, Forbidden)


def authenticated(*schemes: Scheme) -> Authenticated:
    """The `principal` dependency of a route that takes the given schemes (`API_KEY`, `JWT`)."""
    if not schemes or any(s not in _NAMES for s in schemes):
        raise ValueError(f"schemes are some of {sorted(_NAMES)}, got {schemes!r}")
    accepted = tuple(dict.fromkeys(schemes))

    async def provide_principal(request: Request[Any, Any, Any]) -> Principal:
        try:
            presented = _presented(request)
            # Prefer a credential the route takes; else check what was sent, to tell 401 from 403.
            scheme = next((s for s in accepted if s in presented), None) or next(iter(presented), None)
            if scheme is None:
                wanted = " or ".join(_NAMES[s] for s in accepted)
                raise Unauthorized(f"Credentials are required: {wanted}.")
            credentials = await _check(request, scheme, presented[scheme])
        except DomainError:
            await charge_public(request.scope)  # failed attempts spend the client IP's budget
            raise
        note_caller(request.scope, credentials.account_id)
        await charge(request.scope, f"account:{credentials.account_id}",
                     PLAN_RATE_LIMITS.get(credentials.plan, PLAN_RATE_LIMITS["free"]))
        if scheme not in accepted:
            wanted = " or ".join(_NAMES[s] for s in accepted)
            raise Forbidden(f"This route takes {wanted}.")
        return Principal(account_id=credentials.account_id, scheme=scheme, plan=credentials.plan,
                         api_key_id=credentials.api_key_id, session_id=credentials.session_id)

    provide = Authenticated(provide_principal)
    provide.schemes = accepted
    return provide


# The OpenAPI side: each scheme's security scheme, and each route's `security` from its `principal`.
OPENAPI_SCHEME_NAMES: dict[Scheme, str] = {"api_key": "ApiKey", "jwt": "BearerJWT"}
SECURITY_SCHEMES: dict[str, SecurityScheme | Reference] = {
    "ApiKey": SecurityScheme(type="apiKey", name="X-API-Key", security_scheme_in="header",
                             description=f"An API key (`{API_KEY_SCHEME}...`), for server-to-server calls."),
    "BearerJWT": SecurityScheme(type="http", scheme="bearer", bearer_format="JWT",
                                description="An access token from POST /v1/auth/login or /v1/auth/refresh."),
}


def document_security(app: Litestar) -> None:
    """Give every route whose `principal` is `authenticated(...)` the matching OpenAPI `security`
    (any one of its schemes will do); public routes keep none. Call before the schema is built."""
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            provider = handler.resolve_dependencies().get("principal")
            if isinstance(provider, Authenticated):
                handler.security = [{OPENAPI_SCHEME_NAMES[s]: []} for s in provider.schemes]
