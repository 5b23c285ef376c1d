"""The browser's side of a Google consent, shared by the REST routes that start and finish it
(`entrypoints.http.controllers.google_contacts`) and the dashboard page that starts it too
(`entrypoints.web.pages.google_contacts`).

The consent is bound to the browser as well as to the account: starting it sets a cookie holding
a digest of the state (HttpOnly, SameSite=Lax so Google's redirect back carries it, scoped to the
callback, living as long as the state), and the callback refuses a state that comes without it.
Otherwise a consent URL sent to someone else would import their contacts into the sender's list.

A consent started from the dashboard sets a second cookie beside it, `RETURN_COOKIE`: the
callback then sends the browser back to the dashboard's page (`DASHBOARD_PAGE`, with `done` or
`refused` in its query) instead of answering JSON. It names no address, so it cannot send the
browser anywhere else.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from litestar.datastructures import Cookie

from domain.errors import NotFound
from domain.google_contacts import STATE_TTL

GOOGLE_CALLBACK_PATH = "/v1/contact-lists/google/callback"  # under UJUMBE_PUBLIC_URL: the redirect URI
CONSENT_COOKIE = "ujumbe_google_consent"
RETURN_COOKIE = "ujumbe_google_return"
DASHBOARD_PAGE = "/contacts/google"
# The way back outlives the state, so a person who comes back late is told on the dashboard that
# the consent expired, rather than shown the API's JSON.
RETURN_TTL = STATE_TTL * 6


def browser_proof(state: str) -> str:
    return hashlib.sha256(b"google-consent-browser:" + state.encode()).hexdigest()


def _cookie(key: str, value: str, max_age: int, secure: bool) -> Cookie:
    return Cookie(key=key, value=value, max_age=max_age, path=GOOGLE_CALLBACK_PATH, httponly=True,
                  samesite="lax", secure=secure)


def consent_cookies(state: str, *, secure: bool, from_dashboard: bool = False) -> list[Cookie]:
    """The cookies of a consent just started for `state`: the way back to the dashboard set, or
    cleared when the consent was asked for through the API (a dashboard's earlier one may be left)."""
    way_back = (_cookie(RETURN_COOKIE, "1", int(RETURN_TTL.total_seconds()), secure) if from_dashboard
                else _cookie(RETURN_COOKIE, "", 0, secure))
    return [_cookie(CONSENT_COOKIE, browser_proof(state), int(STATE_TTL.total_seconds()), secure), way_back]


def spent_cookies(*, secure: bool) -> list[Cookie]:
    """Both cookies cleared, once the callback has used them."""
    return [_cookie(CONSENT_COOKIE, "", 0, secure), _cookie(RETURN_COOKIE, "", 0, secure)]


def came_from_dashboard(cookies: Mapping[str, str]) -> bool:
    return cookies.get(RETURN_COOKIE) == "1"


def check_same_browser(cookies: Mapping[str, str], state: str) -> None:
    """The state must come back with the cookie its start set, in constant time."""
    presented = cookies.get(CONSENT_COOKIE, "")
    if not hmac.compare_digest(presented.encode(), browser_proof(state).encode()):
        raise NotFound("No Google consent is waiting under this state in this browser (unknown, expired, already "
                       "used, or asked for in another browser: open the consent URL where you asked for it).",
                       field="state")
