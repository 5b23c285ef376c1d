"""Sender IDs: the names an account's SMS may go out under, registered by the operator."""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock, SenderId, UnitOfWorkFactory
from domain.errors import NotFound
from domain.sender_ids import validate_sender_id


@dataclass(frozen=True, slots=True)
class SenderIds:
    sender_ids: list[SenderId]
    default_sender: str  # used when `from` is omitted or not one of `sender_ids`


class ListSenderIds:
    def __init__(self, uow: UnitOfWorkFactory, default_sender: str) -> None:
        self._uow, self._default_sender = uow, default_sender

    async def __call__(self, account_id: str) -> SenderIds:
        async with self._uow() as uow:
            return SenderIds(await uow.senders.list(account_id), self._default_sender)


class AddSenderId:
    """The operator registers a sender ID for an account, never the API (decision: sender fallback)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, sender_id: str) -> SenderId:
        sender = SenderId(validate_sender_id(sender_id, field="sender_id"), self._clock.now())
        async with self._uow() as uow:
            await uow.senders.add(account_id, sender)
            await uow.commit()
        return sender


class RemoveSenderId:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, sender_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.senders.remove(account_id, sender_id):
                raise NotFound(f"The account has no sender ID {sender_id}.", field="sender_id")
            await uow.commit()
