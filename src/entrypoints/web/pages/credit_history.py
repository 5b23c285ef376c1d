"""The account's credit history: every change to its balance (bought, given, spent, refunded),
newest first, a page at a time, each with the balance it left; the ledger as the API's
`GET /v1/credits/history` reads it (`CreditHistory`)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import QueryParameter
from litestar.response import Template

from application.credits.balance import DEFAULT_HISTORY_PER_PAGE, CreditHistory, GetBalance
from entrypoints.web.pages import use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.statuses import ENTRY_TYPES
from entrypoints.web.templating import page

PER_PAGE = DEFAULT_HISTORY_PER_PAGE  # the API's: 50


class CreditHistoryPages(Controller):
    path = "/credits/history"

    @get("/")
    async def history(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                      page_number: Annotated[int, QueryParameter(name="page")] = 1) -> Template:
        container = use_cases(request)
        credit_history: CreditHistory = container.credit_history()
        get_balance: GetBalance = container.get_balance()
        found = await credit_history(viewer.account_id, page_number, PER_PAGE)
        return page(request, "credit_history.html", viewer=viewer, found=found,
                    balance=(await get_balance(viewer.account_id)).balance, entry_types=ENTRY_TYPES)
