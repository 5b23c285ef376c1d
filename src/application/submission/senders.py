"""Which sender a send uses (`domain.sender_ids.sender_used`), with the account's registration
looked up: one rule for single sends, bulk sends and campaigns."""

from __future__ import annotations

from application.ports import UnitOfWork
from domain.sender_ids import SenderUsed, asks_for_another, sender_used


async def sender_for(uow: UnitOfWork, account_id: str, asked: str | None, default: str) -> SenderUsed:
    """The sender used and, when the one asked for is not the account's, what was asked; the
    registration is read only when another sender than the default is asked for."""
    registered = asks_for_another(asked, default) and await uow.senders.is_registered(account_id, asked)
    return sender_used(asked, default, registered=registered)
