"""GET /v1/credits/balance and /v1/credits/history (spec "Balance", "Credit transaction")."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromQuery

from application.credits import DEFAULT_HISTORY_PER_PAGE, CreditHistory, GetBalance
from domain.ledger import LedgerEntry
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok


class BalanceBody(msgspec.Struct, kw_only=True):
    account_id: str
    balance: int


class TransactionBody(msgspec.Struct, kw_only=True):
    id: str
    type: str
    status: str
    amount: int
    balance_after: int
    description: str
    created_at: datetime

    @classmethod
    def of(cls, entry: LedgerEntry) -> TransactionBody:
        return cls(
            id=entry.id, type=entry.type.value, status=entry.status, amount=entry.amount,
            balance_after=entry.balance_after, description=entry.description,
            created_at=entry.created_at.astimezone(UTC),
        )


class HistoryBody(msgspec.Struct, kw_only=True):
    transactions: list[TransactionBody]
    page: int
    per_page: int
    total: int


class CreditsController(Controller):
    path = "/v1/credits"
    tags = ["credits"]
    dependencies = {"principal": authenticated("K", "J")}

    @get("/balance", operation_id="getCreditBalance",
         dependencies={"get_balance": from_container("get_balance")})
    async def balance(
        self,
        principal: NamedDependency[Principal],
        get_balance: NamedDependency[GetBalance],
    ) -> Envelope[BalanceBody]:
        """The account's credit balance (the newest ledger entry's balance_after)."""
        found = await get_balance(principal.account_id)
        return ok(BalanceBody(account_id=found.account_id, balance=found.balance))

    @get("/history", operation_id="getCreditHistory",
         dependencies={"credit_history": from_container("credit_history")})
    async def history(
        self,
        principal: NamedDependency[Principal],
        credit_history: NamedDependency[CreditHistory],
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_HISTORY_PER_PAGE,
    ) -> Envelope[HistoryBody]:
        """The account's ledger entries, newest first."""
        found = await credit_history(principal.account_id, page, per_page)
        return ok(HistoryBody(
            transactions=[TransactionBody.of(entry) for entry in found.transactions],
            page=found.page, per_page=found.per_page, total=found.total,
        ))
