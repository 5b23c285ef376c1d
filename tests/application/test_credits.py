"""Credits use cases on memory adapters: grants, balance, history paging."""

from __future__ import annotations

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.credits.balance import CreditHistory, GetBalance, Grant, GrantCredits
from domain.errors import ValidationError
from domain.ledger import EntryType
from tests_support import ids

ACCOUNT = ids(1)


@pytest.fixture()
def store() -> MemoryStore:
    return MemoryStore()


def uow_of(store: MemoryStore):
    return lambda: MemoryUnitOfWork(store)


async def test_grants_add_up_to_the_balance(store: MemoryStore) -> None:
    grant = GrantCredits(uow_of(store), FrozenClock(), SequentialIds())
    entry = await grant(Grant(ACCOUNT, 100, description="Welcome"))
    await grant(Grant(ACCOUNT, 20))
    assert (entry.type, entry.amount, entry.balance_after, entry.description) == (
        EntryType.GRANT, 100, 100, "Welcome")
    balance = await GetBalance(uow_of(store))(ACCOUNT)
    assert (balance.account_id, balance.balance) == (ACCOUNT, 120)


async def test_a_grant_with_a_reference_applies_once(store: MemoryStore) -> None:
    grant = GrantCredits(uow_of(store), FrozenClock(), SequentialIds())
    first = await grant(Grant(ACCOUNT, 10, reference="promo:2026"))
    again = await grant(Grant(ACCOUNT, 10, reference="promo:2026"))
    assert again == first
    assert (await GetBalance(uow_of(store))(ACCOUNT)).balance == 10


@pytest.mark.parametrize("credits", [0, -5, 1_000_000_001, 2_147_483_647, 99999999999999999999])
async def test_a_grant_moves_1_to_a_billion_credits(store: MemoryStore, credits: int) -> None:
    with pytest.raises(ValidationError) as refused:
        await GrantCredits(uow_of(store), FrozenClock(), SequentialIds())(Grant(ACCOUNT, credits))
    assert refused.value.field == "amount"


async def test_history_pages_newest_first(store: MemoryStore) -> None:
    grant = GrantCredits(uow_of(store), FrozenClock(), SequentialIds())
    for n in range(1, 4):
        await grant(Grant(ACCOUNT, n))
    page = await CreditHistory(uow_of(store))(ACCOUNT, page=1, per_page=2)
    assert [t.amount for t in page.transactions] == [3, 2]
    assert (page.page, page.per_page, page.total) == (1, 2, 3)
    default = await CreditHistory(uow_of(store))(ACCOUNT)
    assert (default.page, default.per_page, len(default.transactions)) == (1, 50, 3)


@pytest.mark.parametrize(("page", "per_page", "field"), [(0, 50, "page"), (1, 0, "per_page"), (1, 101, "per_page")])
async def test_history_refuses_bad_paging(store: MemoryStore, page: int, per_page: int, field: str) -> None:
    with pytest.raises(ValidationError) as raised:
        await CreditHistory(uow_of(store))(ACCOUNT, page=page, per_page=per_page)
    assert raised.value.field == field
