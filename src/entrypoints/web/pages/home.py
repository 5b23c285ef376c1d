"""The signed-in account's home (its balance, with a warning when it is low; its sending today and
this month and the delivery rate; its latest campaigns; its unread notifications; its email and
plan), asking again for the email that confirms the address, and the language switcher
(remembered for the signed-in account too)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, get, post
from litestar.datastructures import Cookie
from litestar.di import NamedDependency
from litestar.params import FromQuery
from litestar.response import Redirect, Template

from application.accounts.accounts import GetAccount
from application.accounts.email_verification import RequestEmailVerification
from application.accounts.profile import SetLanguage
from application.campaigns.reads import ListCampaigns
from application.notifications import GetBalanceAlert, ListNotifications
from application.sending.figures import GetSendingFigures
from entrypoints.web.errors import safe_next
from entrypoints.web.i18n import LANGUAGE_COOKIE, LANGUAGES, _
from entrypoints.web.pages import form_of, use_cases
from entrypoints.web.sessions import SECURE_COOKIES, Viewer
from entrypoints.web.templating import page

PLAN_NAMES = {"free": _("Free"), "pro": _("Pro"), "enterprise": _("Enterprise")}
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
RECENT_CAMPAIGNS = 5


class HomePages(Controller):
    path = "/"

    @get("/")
    async def home(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                   sent: FromQuery[str | None] = None) -> Template:
        """Only the signed-in account's own figures: each use case is asked for `viewer`'s."""
        container = use_cases(request)
        get_account: GetAccount = container.get_account()
        balance_alert: GetBalanceAlert = container.balance_alert()
        sending_figures: GetSendingFigures = container.sending_figures()
        list_campaigns: ListCampaigns = container.list_campaigns()
        list_notifications: ListNotifications = container.list_notifications()
        account = await get_account(viewer.account_id)
        balance = await balance_alert(viewer.account_id)
        return page(request, "home.html", viewer=viewer, account=account, balance=balance,
                    figures=await sending_figures(viewer.account_id),
                    campaigns=(await list_campaigns(viewer.account_id, 1, RECENT_CAMPAIGNS)).campaigns,
                    # the unread count comes with a page of them: the smallest page
                    unread=(await list_notifications(viewer.account_id, 1, 1)).unread,
                    plan=PLAN_NAMES.get(account.plan, account.plan), verification_sent=sent == "verification")

    @post("/verify-email/send")
    async def send_email_verification(self, request: Request[Any, Any, Any],
                                      viewer: NamedDependency[Viewer]) -> Response[Any]:
        """Another email with a link that confirms the address; htmx swaps in the notice alone."""
        request_verification: RequestEmailVerification = use_cases(request).request_email_verification()
        await request_verification(viewer.account_id)
        if request.headers.get("hx-request"):
            return page(request, "_verification_sent.html", viewer=viewer)
        return Redirect(path="/?sent=verification", status_code=303)

    @post("/language")
    async def choose_language(self, request: Request[Any, Any, Any],
                              visitor: NamedDependency[Viewer | None]) -> Redirect:
        """The language of every page from now on, in this browser; signed in, the account's too
        (its pages in any browser that has not chosen, and its emails)."""
        form = await form_of(request)
        redirect = Redirect(path=safe_next(form.get("next")), status_code=303)
        language = form.get("lang", "")
        if language in LANGUAGES:
            if visitor is not None:
                set_language: SetLanguage = use_cases(request).set_language()
                await set_language(visitor.account_id, language)
            redirect.set_cookie(Cookie(key=LANGUAGE_COOKIE, value=language, max_age=LANGUAGE_COOKIE_AGE, path="/",
                                       httponly=True, samesite="lax", secure=request.route_handler.opt[SECURE_COOKIES]))
        return redirect
