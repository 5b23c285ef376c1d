"""The dashboard's routes and templates, as the app mounts them (`entrypoints.http.app`).

    web = dashboard(public_url=settings.public_url, session_key=lambda: derive_key(...))
    Litestar(route_handlers=[..., *web.route_handlers], template_config=web.template_config)

Two routers, neither in the API document: the pages (`/`, `/login`, …) behind the session cookie,
the CSRF guard and the error pages; and `/static` (ujumbe's own CSS and the vendored htmx and Pico,
`static/VENDORED.md`), cached for a year (their URLs carry their digest), without a session.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from litestar import Router
from litestar.datastructures import CacheControlHeader
from litestar.di import Provide
from litestar.middleware import DefineMiddleware
from litestar.static_files import create_static_files_router
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.template import TemplateConfig

from entrypoints.web.errors import DASHBOARD, EXCEPTION_PAGES, UNROUTED_PAGES
from entrypoints.web.i18n import translations
from entrypoints.web.pages import GOOGLE_CONTACTS
from entrypoints.web.pages.accounts import AccountPages
from entrypoints.web.pages.campaign_builder import CampaignBuilderPages
from entrypoints.web.pages.campaigns import CampaignPages
from entrypoints.web.pages.contact_files import ContactFilePages
from entrypoints.web.pages.contact_lists import ContactListPages
from entrypoints.web.pages.contacts import ContactPages
from entrypoints.web.pages.credit_history import CreditHistoryPages
from entrypoints.web.pages.credits import CreditPages
from entrypoints.web.pages.developers import DeveloperPages
from entrypoints.web.pages.google_contacts import GoogleContactPages
from entrypoints.web.pages.home import HomePages
from entrypoints.web.pages.notifications import NotificationPages
from entrypoints.web.pages.phone import PhonePages
from entrypoints.web.pages.profile import ProfilePages
from entrypoints.web.pages.replies import ReplyPages
from entrypoints.web.pages.sender_ids import SenderIdPages
from entrypoints.web.pages.messages import MessagePages
from entrypoints.web.pages.sending import SendPages
from entrypoints.web.protection import content_security_policy, require_csrf_token
from entrypoints.web.sessions import SECURE_COOKIES, Refreshes, SessionCookies, signed_in, signed_in_or_not
from entrypoints.web.templating import STATIC, STATIC_PATH, template_config

YEAR = 365 * 24 * 3600


@dataclass(frozen=True, slots=True)
class Dashboard:
    route_handlers: list[Any]
    template_config: TemplateConfig[JinjaTemplateEngine]
    exception_handlers: dict[int | type[Exception], Any]  # the app's, for paths no route serves


def dashboard(*, public_url: str, session_key: Callable[[], bytes], google_contacts: bool = False) -> Dashboard:
    """The dashboard for a service reached at `public_url`; `session_key` gives the cookie's key
    (32 bytes) when the first request comes. `google_contacts`: the Google contacts page is
    there, as the API's routes are, only while that feature is on."""
    secure = public_url.lower().startswith("https://")
    translations()  # the catalogs are read now: one that cannot be read stops the start, not a page
    viewer = signed_in(Refreshes())
    pages = Router(
        path="/",
        route_handlers=[HomePages, AccountPages, SendPages, MessagePages, ContactListPages, ContactPages,
                        ContactFilePages, CampaignPages, CampaignBuilderPages, DeveloperPages, NotificationPages,
                        SenderIdPages, ProfilePages, CreditPages, CreditHistoryPages, PhonePages, ReplyPages,
                        *([GoogleContactPages] if google_contacts else [])],
        include_in_schema=False,
        opt={DASHBOARD: True, SECURE_COOKIES: secure, GOOGLE_CONTACTS: google_contacts},
        middleware=[content_security_policy, DefineMiddleware(SessionCookies, key=session_key, secure=secure)],
        guards=[require_csrf_token],
        dependencies={"viewer": Provide(viewer), "visitor": Provide(signed_in_or_not(viewer))},
        exception_handlers=EXCEPTION_PAGES,
    )
    static = create_static_files_router(
        path=STATIC_PATH, directories=[STATIC], name="dashboard-static", include_in_schema=False,
        opt={DASHBOARD: True}, middleware=[content_security_policy],
        cache_control=CacheControlHeader(max_age=YEAR, public=True, immutable=True),
    )
    return Dashboard(route_handlers=[pages, static], template_config=template_config(),
                     exception_handlers=UNROUTED_PAGES)
