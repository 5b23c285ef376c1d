"""The Litestar application: routes, envelope, error map, lifespan of the pool."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar
from litestar.datastructures import State
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.routes import HTTPRoute
from litestar.types import Message, Scope

from adapters.security import WEB_SESSION_KEY, derive_key
from entrypoints.container import Container
from entrypoints.gateway_binds import gateway_running
from entrypoints.worker import jobs_running
from entrypoints.http.controllers.campaigns import CampaignsController
from entrypoints.http.controllers.api_keys import ApiKeysController
from entrypoints.http.controllers.account_lifecycle import AccountLifecycleController
from entrypoints.http.controllers.auth import AuthController
from entrypoints.http.controllers.contacts import ContactListsController
from entrypoints.http.controllers.contact_files import ContactFilesController
from entrypoints.http.controllers.credits import CreditsController
from entrypoints.http.controllers.google_contacts import GoogleCallbackController, GoogleContactsController
from entrypoints.http.controllers.health import HealthController
from entrypoints.http.controllers.inbound import InboundController
from entrypoints.http.controllers.notifications import NotificationsController
from entrypoints.http.controllers.payments import PaymentsController, VouchersController
from entrypoints.http.controllers.payment_callbacks import PaymentCallbacksController
from entrypoints.http.controllers.webhooks import WebhooksController
from entrypoints.http.controllers.message_logs import MessageLogsController
from entrypoints.http.controllers.metrics import MetricsController
from entrypoints.http.controllers.quotes import QuoteController
from entrypoints.http.controllers.reference import ReferenceController
from entrypoints.http.controllers.senders import SenderIdsController
from entrypoints.http.controllers.simulator import SimulatorCheckoutController
from entrypoints.http.controllers.sms import SmsController
from entrypoints.http.auth import SECURITY_SCHEMES, document_security
from entrypoints.http.dependencies import check_dependencies, resolve_one_at_a_time
from entrypoints.http.envelope import current_request_id, set_request_id
from entrypoints.http.errors import EXCEPTION_HANDLERS
from entrypoints.http.openapi import document_api
from entrypoints.http.ratelimit import PublicRateLimitMiddleware, stamp_rate_limit_headers
from entrypoints.http.requests_observed import observe_requests
from entrypoints.http.validation import BODY_LIMIT, check_parameters
from entrypoints.logs import configure_logging
from entrypoints.settings import Settings
from entrypoints.web.dashboard import dashboard

ROUTE_HANDLERS: list[Any] = [
    HealthController,
    MetricsController,
    AuthController,
    AccountLifecycleController,
    ApiKeysController,
    QuoteController,
    MessageLogsController,
    ReferenceController,
    CreditsController,
    SmsController,
    SenderIdsController,
    WebhooksController,
    NotificationsController,
    InboundController,
    ContactListsController,
    ContactFilesController,
    CampaignsController,
    PaymentsController,
    VouchersController,
    PaymentCallbacksController,
]


def feature_route_handlers(settings: Settings) -> list[Any]:
    """Routes behind a feature flag: with it off they are not mounted (404 `not_found`) and not
    in the API document, so the document describes exactly what the server answers. The
    mobile-money simulator's checkout page is there only while the simulator is the provider."""
    simulated = [SimulatorCheckoutController] if settings.mobile_money == "simulator" else []
    if not settings.feature_google_contacts:
        return simulated
    if not (settings.google_client_id and settings.google_client_secret):
        raise ValueError("UJUMBE_FEATURE_GOOGLE_CONTACTS is on: set UJUMBE_GOOGLE_CLIENT_ID and "
                         "UJUMBE_GOOGLE_CLIENT_SECRET (the OAuth client Google issued)")
    return [*simulated, GoogleContactsController, GoogleCallbackController]


async def _stamp_request_id(message: Message, scope: Scope) -> None:
    """Every response, errors included, names its request (`X-Request-ID`)."""
    if message["type"] == "http.response.start":
        headers = list(message.get("headers", []))
        headers.append((b"x-request-id", current_request_id().encode()))
        message["headers"] = headers
    elif message["type"] == "http.response.body" and not message.get("more_body", False):
        set_request_id(None)


def _security_headers(settings: Settings) -> Callable[[Message, Scope], Awaitable[None]]:
    """Headers every answer carries, errors and 404s included:
    - `X-Content-Type-Options: nosniff`: a browser takes a JSON or CSV answer for what it says it
      is, never for a script or a page;
    - `Referrer-Policy: no-referrer`: nothing served here needs another site to know where its
      visitor came from, and the OAuth callback's own URL carries Google's code and state;
    - `Cache-Control: no-store` unless the route chose its own (the public reference data does):
      tokens, keys, webhook secrets, consent URLs and every account's data stay out of shared
      and browser caches, including on routes added later;
    - `Strict-Transport-Security` when browsers reach the service over https (UJUMBE_PUBLIC_URL)."""
    fixed = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
    if settings.public_url.lower().startswith("https://"):
        fixed.append((b"strict-transport-security", b"max-age=31536000"))

    async def stamp(message: Message, scope: Scope) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            if not any(name.lower() == b"cache-control" for name, _ in headers):
                headers.append((b"cache-control", b"no-store"))
            message["headers"] = [*headers, *fixed]

    return stamp


def _allow_every_method(app: Litestar) -> Callable[[Message, Scope], Awaitable[None]]:
    """The `Allow` of an OPTIONS answer lists every method of the path. Litestar makes a path's
    OPTIONS handler with its first handler's route and keeps it when it merges the path's other
    handlers in, so `/v1/webhooks` answered `Allow: GET, OPTIONS` although it takes POST too."""
    # Keyed as the scope names the path: `path_format` ({list_id}), not `path` ({list_id:str}).
    allowed = {route.path_format: ", ".join(sorted(route.methods)).encode()
               for route in app.routes if isinstance(route, HTTPRoute)}

    async def stamp_allow(message: Message, scope: Scope) -> None:
        if message["type"] == "http.response.start" and scope.get("method") == "OPTIONS":
            methods = allowed.get(scope.get("path_template", ""))
            if methods is not None:
                message["headers"] = [*((k, v) for k, v in message.get("headers", []) if k.lower() != b"allow"),
                                      (b"allow", methods)]

    return stamp_allow


def create_app(container: Container | None = None, *, extra_route_handlers: list[Any] | None = None) -> Litestar:
    """Build the API around a container (a fresh one from the environment by default)."""
    container = container or Container()
    # Here as well as in `ujumbe serve`: uvicorn builds the app anew in each of its processes.
    configure_logging(container.settings())

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = container.pool()
        await pool.open(wait=True)
        try:
            async with jobs_running(container, in_process_worker=container.settings().in_process_worker), \
                    gateway_running(container):
                yield
        finally:
            await pool.close()

    # The business dashboard (`entrypoints.web`): pages at / and their static files, outside the API
    # document; its session cookie's key is derived from the service secret for that purpose alone.
    web = dashboard(public_url=container.settings().public_url,
                    session_key=lambda: derive_key(container.secret_key(), WEB_SESSION_KEY),
                    google_contacts=container.settings().feature_google_contacts)
    app = Litestar(
        route_handlers=[*ROUTE_HANDLERS, *feature_route_handlers(container.settings()), *web.route_handlers,
                        *(extra_route_handlers or [])],
        template_config=web.template_config,
        exception_handlers={**EXCEPTION_HANDLERS, **web.exception_handlers},  # type: ignore[dict-item]
        before_send=[_stamp_request_id, stamp_rate_limit_headers, _security_headers(container.settings())],
        before_request=check_parameters,
        middleware=[PublicRateLimitMiddleware()],
        request_max_body_size=BODY_LIMIT,
        lifespan=[lifespan],
        state=State({"container": container}),
        openapi_config=OpenAPIConfig(
            title="ujumbe SMS API",
            version="1.0.0",
            path="/schema",
            render_plugins=[SwaggerRenderPlugin(path="/swagger")],
            components=Components(security_schemes=SECURITY_SCHEMES),
        ),
        logging_config=None,  # every logger goes through `entrypoints.logs`
        debug=False,
    )
    app.before_send.append(_allow_every_method(app))
    app.asgi_handler = observe_requests(app.asgi_handler, container.metrics())
    check_dependencies(app)
    resolve_one_at_a_time(app)
    document_security(app)
    document_api(app)
    return app
