"""A forgotten password: a reset link by email, then a new password that ends every session.

Asking answers the same whether or not the address has an account (nobody learns who our
customers are): the request only queues the email's job, and the worker finds the account.
"""

from __future__ import annotations

from dataclasses import replace

from application.accounts.emails import SEND_PASSWORD_RESET, LinkTokens
from application.ports import Clock, EmailSender, JobQueue, PasswordHasher, UnitOfWorkFactory
from domain.account_tokens import TokenPurpose
from domain.accounts import validate_password
from domain.email_addresses import validate_email
from domain.errors import InvalidToken


class RequestPasswordReset:
    def __init__(self, jobs: JobQueue) -> None:
        self._jobs = jobs

    async def __call__(self, email: str) -> None:
        address = validate_email(email)
        # One email waits per address: asking again while it waits queues nothing more.
        await self._jobs.defer(SEND_PASSWORD_RESET, {"email": address}, queueing_lock=f"{SEND_PASSWORD_RESET}:{address}")


class SendPasswordReset:
    """The worker's half: a reset link to the account of `email`, if there is one."""

    def __init__(self, uow: UnitOfWorkFactory, tokens: LinkTokens, mail: EmailSender) -> None:
        self._uow, self._tokens, self._mail = uow, tokens, mail

    async def __call__(self, email: str) -> bool:
        async with self._uow() as uow:
            account = await uow.accounts.by_email(email)
            if account is None:
                return False
            message = await self._tokens.email(uow, account, TokenPurpose.RESET_PASSWORD)
            await uow.commit()
        await self._mail.send(message)
        return True


class ResetPassword:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, hasher: PasswordHasher, tokens: LinkTokens) -> None:
        self._uow, self._clock, self._hasher, self._tokens = uow, clock, hasher, tokens

    async def __call__(self, token: str, new_password: str) -> None:
        password_hash = await self._hasher.hash(validate_password(new_password, field="new_password"))
        async with self._uow() as uow:
            spent = await self._tokens.take(uow, TokenPurpose.RESET_PASSWORD, token)
            account = await uow.accounts.get(spent.account_id) if spent else None
            if spent is None or account is None:
                raise InvalidToken(field="token")
            await uow.accounts.set_password(account.id, password_hash)
            if not account.email_verified and spent.email == account.email:  # the link reached it: proven
                await uow.accounts.update(replace(account, email_verified=True))
            now = self._clock.now()
            await uow.account_tokens.spend_all(account.id, TokenPurpose.RESET_PASSWORD, now)
            await uow.refresh_tokens.revoke_sessions(account.id, now)
            await uow.commit()

