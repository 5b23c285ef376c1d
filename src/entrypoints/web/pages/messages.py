"""The message log: every SMS the account sent, newest first, filtered by status, number or text and
days (East Africa Time), a page at a time; its statuses kept up to date while the page is open;
and all of it that the filters keep as a CSV file.

The log and the file are the API's message log (`ListMessageLogs`, `ExportMessageLogs`): the same
filters, the same search rule. The page's days are whole days in Dar es Salaam, given to the use
case as the moments they begin and end.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Annotated, Any
from urllib.parse import urlencode

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import FromQuery, QueryParameter
from litestar.response import Stream, Template

from application.sending.message_logs import ExportMessageLogs, ListMessageLogs, MessageLogQuery
from domain.campaigns import EAST_AFRICA_TIME
from domain.errors import DomainError
from domain.paging import DEFAULT_PER_PAGE
from entrypoints.web.pages import may_still_change, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

CSV_MEDIA_TYPE = "text/csv"  # Litestar adds the charset, utf-8


@dataclass(frozen=True, slots=True)
class LogFilters:
    """The page's filters as the query string gives them: shown again as they were typed."""

    status: str = ""
    search: str = ""
    date_from: str = ""  # a day, East Africa Time (a date input's YYYY-MM-DD)
    date_to: str = ""  # the last day shown, East Africa Time

    def query(self, account_id: str, page: int = 1) -> MessageLogQuery:
        return MessageLogQuery(account_id=account_id, page=page, per_page=DEFAULT_PER_PAGE, status=self.status,
                               search=self.search, date_from=_day_start(self.date_from),
                               date_before=_day_start(self.date_to, days_after=1))

    def fields(self) -> dict[str, str]:
        """The filters given (none empty), as the page's address holds them."""
        given = {"status": self.status, "search": self.search, "date_from": self.date_from, "date_to": self.date_to}
        return {name: value for name, value in given.items() if value}

    def link(self, page: int | None = None) -> str:
        """These filters (and a page) as a query string."""
        return urlencode({**self.fields(), **({"page": page} if page else {})})


def _day_start(day: str, *, days_after: int = 0) -> str:
    """When a day typed as YYYY-MM-DD begins in East Africa Time (or the day after it); anything
    else is handed on as typed, for the use case to read or refuse."""
    try:
        start = date.fromisoformat(day.strip())
    except ValueError:
        return day
    return datetime.combine(start + timedelta(days=days_after), time(), EAST_AFRICA_TIME).isoformat()


class MessagePages(Controller):
    path = "/messages"

    @get("/")
    async def messages(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                       page_number: Annotated[int, QueryParameter(name="page")] = 1, status: FromQuery[str] = "",
                       search: FromQuery[str] = "", date_from: FromQuery[str] = "",
                       date_to: FromQuery[str] = "") -> Template:
        """The page, or (htmx: a filter changed, another page, the table asking again) its table."""
        filters = LogFilters(status=status, search=search, date_from=date_from, date_to=date_to)
        template = "_messages.html" if request.headers.get("hx-request") else "messages.html"
        list_message_logs: ListMessageLogs = use_cases(request).list_message_logs()
        try:
            found = await list_message_logs(filters.query(viewer.account_id, page_number))
        except DomainError as exc:
            code, message = refusal(exc)
            # htmx swaps only a 2xx answer: the table gives way to the reason there
            return page(request, template, status_code=200 if template.startswith("_") else code, viewer=viewer,
                        filters=filters, log=None, live=False, error=message, error_field=exc.field)
        return page(request, template, viewer=viewer, filters=filters, log=found,
                    live=may_still_change(request, found.messages), error=None, error_field=None)

    @get("/export.csv")
    async def export(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                     status: FromQuery[str] = "", search: FromQuery[str] = "", date_from: FromQuery[str] = "",
                     date_to: FromQuery[str] = "") -> Stream:
        """Every message the filters keep, as CSV, read from the log as it downloads."""
        filters = LogFilters(status=status, search=search, date_from=date_from, date_to=date_to)
        export_message_logs: ExportMessageLogs = use_cases(request).export_message_logs()
        chunks = await export_message_logs(filters.query(viewer.account_id))
        return Stream(chunks, media_type=CSV_MEDIA_TYPE,
                      headers={"Content-Disposition": 'attachment; filename="ujumbe-messages.csv"'})
