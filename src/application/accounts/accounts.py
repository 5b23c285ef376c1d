"""Accounts: registration, and what the operator and the dashboard read and change of one."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from application.accounts.emails import queue_verification_email
from application.ports import Clock, IdGenerator, JobQueue, PasswordHasher, UnitOfWorkFactory
from domain.accounts import Account, no_account_with, phone_of, validate_business_name, validate_password, validate_plan
from domain.email_addresses import normalize_email, validate_email
from domain.errors import NotFound

log = logging.getLogger("ujumbe.accounts")


@dataclass(frozen=True, slots=True)
class Registration:
    email: str
    password: str
    business_name: str | None = None
    plan: str = "free"
    phone: str | None = None


class RegisterAccount:
    """A new account, and the first email asking its owner to confirm the address."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, hasher: PasswordHasher,
                 jobs: JobQueue) -> None:
        self._uow, self._clock, self._ids, self._hasher, self._jobs = uow, clock, ids, hasher, jobs

    async def __call__(self, registration: Registration) -> Account:
        email = validate_email(registration.email)
        password = validate_password(registration.password)
        account = Account(
            id=self._ids.new_id(),
            email=email,
            password_hash=await self._hasher.hash(password),
            business_name=validate_business_name(registration.business_name),
            plan=validate_plan(registration.plan),
            phone=phone_of(registration.phone) if registration.phone else None,
            phone_verified=False,
            email_verified=False,
            created_at=self._clock.now(),
        )
        async with self._uow() as uow:
            await uow.accounts.add(account)
            await uow.commit()
        try:
            await queue_verification_email(self._jobs, account.id)
        except Exception:  # the account stands; its owner asks for the email again
            log.warning("account %s: its verification email could not be queued", account.id, exc_info=True)
        return account


class GetAccount:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> Account:
        async with self._uow() as uow:
            account = await uow.accounts.get(account_id)
        if account is None:
            raise NotFound("No such account.")
        return account


class FindAccount:
    """An account by email (operator tools)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, email: str) -> Account:
        async with self._uow() as uow:
            account = await uow.accounts.by_email(normalize_email(email))
        if account is None:
            raise no_account_with(email)
        return account


class ListAccounts:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self) -> list[Account]:
        async with self._uow() as uow:
            return await uow.accounts.list()


class SetPlan:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, email: str, plan: str) -> Account:
        plan = validate_plan(plan)
        async with self._uow() as uow:
            account = await uow.accounts.by_email(normalize_email(email))
            if account is None:
                raise no_account_with(email)
            account = replace(account, plan=plan)
            await uow.accounts.update(account)
            await uow.commit()
        return account
