"""How a dashboard route fails: a page in the reader's language, never the API's JSON.

The status, the `Retry-After` and the logging are the API's own (`entrypoints.http.errors`): the
API's handler answers first, and the page says its code in this layer's words. A page that needs
an account sends a browser that is not signed in to the login page (htmx: `HX-Redirect`).
"""

from __future__ import annotations

from functools import cache
from typing import Any
from urllib.parse import quote

from litestar import Litestar, Request, Response
from litestar.exceptions import MethodNotAllowedException, NotFoundException
from litestar.response import Redirect

from entrypoints.http.envelope import ErrorEnvelope, current_request_id
from entrypoints.http.errors import EXCEPTION_HANDLERS
from entrypoints.web.messages import CSRF_REFUSED, message_of
from entrypoints.web.protection import CsrfRefused
from entrypoints.web.sessions import SignInRequired
from entrypoints.web.templating import page

LOGIN_PATH = "/login"
DASHBOARD = "dashboard"  # every dashboard route's `opt` has it: tells them from the API's routes


def safe_next(target: str | None) -> str:
    """Where to go after signing in: a path of this site only (never `//elsewhere`)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    return target


def to_login(request: Request[Any, Any, Any], _: Exception) -> Response[Any]:
    target = request.url.path if request.method == "GET" else "/"
    location = LOGIN_PATH if target == "/" else f"{LOGIN_PATH}?next={quote(safe_next(target))}"
    if request.headers.get("hx-request"):
        return Response(content=b"", status_code=204, headers={"HX-Redirect": location})
    return Redirect(path=location, status_code=303)


def csrf_refused(request: Request[Any, Any, Any], _: Exception) -> Response[Any]:
    return page(request, "error.html", status_code=403, message=CSRF_REFUSED, request_id=current_request_id())


def _api_handler(exc: Exception) -> Any:
    for cls in type(exc).__mro__:
        if cls in EXCEPTION_HANDLERS:
            return EXCEPTION_HANDLERS[cls]
    return EXCEPTION_HANDLERS[Exception]


def error_page(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """The API's answer to `exc` (its status, headers and log line) as a page."""
    answer: Response[Any] = _api_handler(exc)(request, exc)
    error = answer.content.error if isinstance(answer.content, ErrorEnvelope) else None
    field = error.field if error is not None and isinstance(error.field, str) else None
    message = message_of(error.code if error is not None else "internal_error", field)
    retry_after = answer.headers.get("Retry-After")
    return page(request, "error.html", status_code=answer.status_code or 500,
                headers={"Retry-After": retry_after} if retry_after else None,
                message=message, request_id=current_request_id())


@cache
def _api_roots(app: Litestar) -> frozenset[str]:
    """The first segments of the paths the API serves (`v1`, `health`, `schema`, ...)."""
    return frozenset(route.path.split("/")[1] for route in app.routes
                     if not all(handler.opt.get(DASHBOARD) for handler in getattr(route, "route_handlers", [])))


def unrouted(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """A path nothing serves, or a method it does not take: under the API's paths the API's JSON
    answer; anywhere else the page a browser shows (the status the same)."""
    if request.url.path.split("/")[1] in _api_roots(request.app):
        answer: Response[Any] = _api_handler(exc)(request, exc)
        return answer
    return error_page(request, exc)


# The app's own handlers for what fails before any route is chosen.
UNROUTED_PAGES: dict[int | type[Exception], Any] = {NotFoundException: unrouted, MethodNotAllowedException: unrouted}


# Every exception the app maps, mapped here again (Litestar picks the handler of the nearest class
# in the exception's MRO, whichever layer registered it), and the dashboard's own two.
EXCEPTION_PAGES: dict[int | type[Exception], Any] = {
    **{cls: error_page for cls in EXCEPTION_HANDLERS},
    SignInRequired: to_login,
    CsrfRefused: csrf_refused,
}
