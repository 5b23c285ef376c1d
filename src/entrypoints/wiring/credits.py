"""Credits: grants, balances and their history, and the ledger's audit (decision: ledger statement)."""

from __future__ import annotations

from dependency_injector import providers

from adapters.postgres.audit import PostgresLedgerAudit
from application.credits.audit import AuditLedger
from application.credits.balance import CreditHistory, GetBalance, GrantCredits
from entrypoints.wiring.core import Core

clock, ids, uow, pool = Core.clock, Core.ids, Core.uow, Core.pool


class Credits(Core):
    grant_credits = providers.Factory(GrantCredits, uow=uow.provider, clock=clock, ids=ids)
    get_balance = providers.Factory(GetBalance, uow=uow.provider)
    credit_history = providers.Factory(CreditHistory, uow=uow.provider)
    audit_ledger = providers.Factory(AuditLedger, audit=providers.Factory(PostgresLedgerAudit, pool), clock=clock)

