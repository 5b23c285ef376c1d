"""Proving an account's email address: a link by email, opened within two days.

Registering sends the first one; the owner can ask again. A link proves the address it was
sent to, so it verifies nothing once the account's address is another.
"""

from __future__ import annotations

from dataclasses import replace

from application.accounts.emails import LinkTokens, queue_verification_email
from application.ports import EmailSender, JobQueue, UnitOfWorkFactory
from domain.account_tokens import TokenPurpose
from domain.accounts import Account
from domain.errors import InvalidToken


class RequestEmailVerification:
    def __init__(self, jobs: JobQueue) -> None:
        self._jobs = jobs

    async def __call__(self, account_id: str) -> None:
        await queue_verification_email(self._jobs, account_id)


class SendEmailVerification:
    """The worker's half: a verification link to the account's address, unless it is verified."""

    def __init__(self, uow: UnitOfWorkFactory, tokens: LinkTokens, mail: EmailSender) -> None:
        self._uow, self._tokens, self._mail = uow, tokens, mail

    async def __call__(self, account_id: str) -> bool:
        async with self._uow() as uow:
            account = await uow.accounts.get(account_id)
            if account is None or account.email_verified:
                return False
            message = await self._tokens.email(uow, account, TokenPurpose.VERIFY_EMAIL)
            await uow.commit()
        await self._mail.send(message)
        return True


class VerifyEmail:
    def __init__(self, uow: UnitOfWorkFactory, tokens: LinkTokens) -> None:
        self._uow, self._tokens = uow, tokens

    async def __call__(self, token: str) -> Account:
        async with self._uow() as uow:
            spent = await self._tokens.take(uow, TokenPurpose.VERIFY_EMAIL, token)
            account = await uow.accounts.get(spent.account_id) if spent else None
            if spent is None or account is None or account.email != spent.email:
                raise InvalidToken(field="token")
            account = replace(account, email_verified=True)
            await uow.accounts.update(account)
            await uow.commit()
        return account
