"""Accounts: registration, sessions and API keys, and the account emails (a reset link, an address
to confirm), with the jobs that send them. (Phone verification: `phone_verification`.)"""

from __future__ import annotations

from collections.abc import Callable

from dependency_injector import providers

from adapters.email import EmailSimulator, SmtpEmailSender, SmtpServer
from adapters.jobs import RETRY
from adapters.postgres.accounts.accounts import PostgresApiKeyLookup
from adapters.security import Argon2PasswordHasher, JwtAccessTokens
from application.accounts.accounts import FindAccount, GetAccount, ListAccounts, RegisterAccount, SetPlan
from application.accounts.api_keys import AuthenticateApiKey, CreateApiKey, ListApiKeys, RevokeApiKey
from application.accounts.email_verification import RequestEmailVerification, SendEmailVerification, VerifyEmail
from application.accounts.emails import SEND_EMAIL_VERIFICATION, SEND_PASSWORD_RESET, LinkTokens
from application.accounts.password_reset import RequestPasswordReset, ResetPassword, SendPasswordReset
from application.accounts.profile import SetLanguage, UpdateProfile
from application.accounts.sessions import (
    AuthenticateAccessToken,
    ChangePassword,
    LiveSessions,
    LogIn,
    LogOut,
    LogOutEverywhere,
    RefreshSession,
)
from application.ports import EmailSender
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.worker import JobTasks

settings, clock, ids, uow, pool = Core.settings, Core.clock, Core.ids, Core.uow, Core.pool
job_queue, secret_key, secrets = Core.job_queue, Core.secret_key, Core.secrets


def _email_sender(settings: Settings, simulator: Callable[[], EmailSimulator]) -> EmailSender:
    if settings.smtp_url is None or settings.email_from is None:
        return simulator()
    return SmtpEmailSender(SmtpServer.parse(settings.smtp_url), settings.email_from)


class Accounts(Core):
    # accounts and credentials
    password_hasher = providers.Singleton(Argon2PasswordHasher, settings.provided.password_hash_cost)
    access_tokens = providers.Singleton(JwtAccessTokens, secret_key=secret_key, clock=clock)
    register_account = providers.Factory(
        RegisterAccount, uow=uow.provider, clock=clock, ids=ids, hasher=password_hasher, jobs=job_queue
    )
    log_in = providers.Factory(
        LogIn, uow=uow.provider, clock=clock, ids=ids, hasher=password_hasher,
        tokens=access_tokens, secrets=secrets,
    )
    refresh_session = providers.Factory(
        RefreshSession, uow=uow.provider, clock=clock, ids=ids, tokens=access_tokens, secrets=secrets
    )
    api_key_lookup = providers.Singleton(PostgresApiKeyLookup, pool=pool)
    authenticate_api_key = providers.Factory(
        AuthenticateApiKey, uow=uow.provider, keys=api_key_lookup, clock=clock, secrets=secrets
    )
    authenticate_access_token = providers.Factory(
        AuthenticateAccessToken, uow=uow.provider, clock=clock, tokens=access_tokens
    )
    get_account = providers.Factory(GetAccount, uow=uow.provider)
    find_account = providers.Factory(FindAccount, uow=uow.provider)
    list_accounts = providers.Factory(ListAccounts, uow=uow.provider)
    set_plan = providers.Factory(SetPlan, uow=uow.provider)
    update_profile = providers.Factory(UpdateProfile, uow=uow.provider)
    set_language = providers.Factory(SetLanguage, uow=uow.provider)
    create_api_key = providers.Factory(CreateApiKey, uow=uow.provider, clock=clock, ids=ids, secrets=secrets)
    list_api_keys = providers.Factory(ListApiKeys, uow=uow.provider)
    revoke_api_key = providers.Factory(RevokeApiKey, uow=uow.provider, clock=clock)
    log_out = providers.Factory(LogOut, uow=uow.provider, clock=clock, secrets=secrets)
    log_out_everywhere = providers.Factory(LogOutEverywhere, uow=uow.provider, clock=clock)
    live_sessions = providers.Factory(LiveSessions, uow=uow.provider, clock=clock)
    change_password = providers.Factory(
        ChangePassword, uow=uow.provider, clock=clock, ids=ids, hasher=password_hasher, tokens=access_tokens,
        secrets=secrets,
    )

    # account emails: the simulator records them unless UJUMBE_SMTP_URL names a mail server
    email_simulator = providers.Singleton(EmailSimulator, pool)
    email_sender = providers.Singleton(_email_sender, settings, email_simulator.provider)
    link_tokens = providers.Factory(
        LinkTokens, clock=clock, ids=ids, secrets=secrets, public_url=settings.provided.public_url
    )
    request_password_reset = providers.Factory(RequestPasswordReset, jobs=job_queue)
    send_password_reset = providers.Factory(SendPasswordReset, uow=uow.provider, tokens=link_tokens, mail=email_sender)
    reset_password = providers.Factory(
        ResetPassword, uow=uow.provider, clock=clock, hasher=password_hasher, tokens=link_tokens
    )
    request_email_verification = providers.Factory(RequestEmailVerification, jobs=job_queue)
    send_email_verification = providers.Factory(
        SendEmailVerification, uow=uow.provider, tokens=link_tokens, mail=email_sender
    )
    verify_email = providers.Factory(VerifyEmail, uow=uow.provider, tokens=link_tokens)


def tasks(c: Accounts, settings: Settings) -> JobTasks:
    """Account emails (a reset link, an address to confirm): the worker makes the token and sends,
    so a slow mail server never holds a request; a failed send is retried as any job is."""
    jobs = JobTasks()

    @jobs.task(name=SEND_PASSWORD_RESET, queue="email", retry=RETRY)
    async def send_password_reset(email: str) -> str:
        return "sent" if await c.send_password_reset()(email) else "no such account"

    @jobs.task(name=SEND_EMAIL_VERIFICATION, queue="email", retry=RETRY)
    async def send_email_verification(account_id: str) -> str:
        return "sent" if await c.send_email_verification()(account_id) else "verified already, or no account"

    return jobs
