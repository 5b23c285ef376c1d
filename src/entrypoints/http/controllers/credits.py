"""GET /v1/credits/balance and /v1/credits/history (decision: ledger statement)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from litestar import Controller, get
from litestar.di import NamedDependency

from application.credits.balance import DEFAULT_HISTORY_PER_PAGE, MAX_HISTORY_PER_PAGE, CreditHistory, GetBalance
from domain.ledger import EntryType
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import page_parameters


PAGE, PER_PAGE = page_parameters(MAX_HISTORY_PER_PAGE)


class BalanceBody(ResponseBody, kw_only=True):
    account_id: str
    balance: int


class TransactionBody(ResponseBody, kw_only=True):
    id: str
    type: EntryType
    status: str
    amount: int
    balance_after: int
    description: str
    created_at: datetime


class CreditHistoryBody(ResponseBody, kw_only=True):
    transactions: list[TransactionBody]
    page: int
    per_page: int
    total: int


class CreditsController(Controller):
    path = "/v1/credits"
    tags = ["credits"]
    dependencies = {"principal": authenticated(API_KEY, JWT)}

    @get("/balance", operation_id="getCreditBalance",
         dependencies={"get_balance": provide(Container.get_balance)})
    async def balance(
        self,
        principal: NamedDependency[Principal],
        get_balance: NamedDependency[GetBalance],
    ) -> Envelope[BalanceBody]:
        """The account's credit balance (the newest ledger entry's balance_after)."""
        return ok(body_of(await get_balance(principal.account_id), BalanceBody))

    @get("/history", operation_id="getCreditHistory",
         dependencies={"credit_history": provide(Container.credit_history)})
    async def history(
        self,
        principal: NamedDependency[Principal],
        credit_history: NamedDependency[CreditHistory],
        page: Annotated[int, PAGE] = 1,
        per_page: Annotated[int, PER_PAGE] = DEFAULT_HISTORY_PER_PAGE,
    ) -> Envelope[CreditHistoryBody]:
        """The account's ledger entries, newest first."""
        return ok(body_of(await credit_history(principal.account_id, page, per_page), CreditHistoryBody))
