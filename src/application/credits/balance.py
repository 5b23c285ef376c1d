"""Credits: the ledger repository port and the balance, history and grant use cases.

The ledger rules live in `domain.ledger`; the repository applies them atomically in storage
(decision: ledger statement), so a posting is one call: it either appends an entry or raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock, IdGenerator, UnitOfWorkFactory
from domain.ledger import GRANTED, EntryType, LedgerEntry, Posting
from domain.paging import validate_paging

DEFAULT_HISTORY_PER_PAGE = 50  # (decision: page sizes)
MAX_HISTORY_PER_PAGE = 100


@dataclass(frozen=True, slots=True)
class Balance:
    account_id: str
    balance: int


@dataclass(frozen=True, slots=True)
class CreditHistoryPage:
    transactions: list[LedgerEntry]
    page: int
    per_page: int
    total: int


@dataclass(frozen=True, slots=True)
class Grant:
    account_id: str
    credits: int
    description: str | None = None
    reference: str | None = None  # give one to make a retried grant a no-op


class GrantCredits:
    """Credits given by the operator (ledger `grant`)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, grant: Grant) -> LedgerEntry:
        entry_id = self._ids.new_id()
        posting = Posting(
            type=EntryType.GRANT,
            credits=grant.credits,
            description=(grant.description or "").strip() or GRANTED,
            reference=grant.reference or f"grant:{entry_id}",
        )
        async with self._uow() as uow:
            entry = await uow.ledger.post(grant.account_id, posting, entry_id, self._clock.now())
            await uow.commit()
        return entry


class GetBalance:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> Balance:
        async with self._uow() as uow:
            return Balance(account_id=account_id, balance=await uow.ledger.balance(account_id))


class CreditHistory:
    """The account's ledger entries, newest first, a page at a time."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(
        self, account_id: str, page: int = 1, per_page: int = DEFAULT_HISTORY_PER_PAGE
    ) -> CreditHistoryPage:
        validate_paging(page, per_page, max_per_page=MAX_HISTORY_PER_PAGE)
        async with self._uow() as uow:
            found = await uow.ledger.history(account_id, page, per_page)
        return CreditHistoryPage(
            transactions=found.entries, page=page, per_page=per_page, total=found.total
        )
