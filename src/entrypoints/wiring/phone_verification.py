"""Phone verification: an account's own phone and the payer phones it pays from, proved by codes
that go out through the SMS gateway; with the job that purges codes past their throttle window."""

from __future__ import annotations

from dependency_injector import providers

from adapters.jobs import RETRY
from application.accounts.phone_verification import (
    PurgeExpiredPhoneOtps,
    SendPayerOtp,
    SendPhoneOtp,
    VerifyPayerPhone,
    VerifyPhone,
    VerifyPhoneByOperator,
)
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.wiring.gateway import Gateway
from entrypoints.worker import JobTasks

settings, clock, ids, uow, secrets = Core.settings, Core.clock, Core.ids, Core.uow, Core.secrets
gateway = Gateway.gateway


class PhoneVerification(Gateway):
    # phone verification: codes go out through the gateway, free of charge
    send_phone_otp = providers.Factory(
        SendPhoneOtp, uow=uow.provider, clock=clock, ids=ids, secrets=secrets, gateway=gateway,
        sender=settings.provided.default_sender,
    )
    verify_phone = providers.Factory(VerifyPhone, uow=uow.provider, clock=clock, secrets=secrets)
    verify_phone_by_operator = providers.Factory(VerifyPhoneByOperator, uow=uow.provider)
    purge_expired_phone_otps = providers.Factory(PurgeExpiredPhoneOtps, uow=uow.provider, clock=clock)
    # payer phones: the same codes and limits, for a phone the account pays from
    send_payer_otp = providers.Factory(
        SendPayerOtp, uow=uow.provider, clock=clock, ids=ids, secrets=secrets, gateway=gateway,
        sender=settings.provided.default_sender,
    )
    verify_payer_phone = providers.Factory(VerifyPayerPhone, uow=uow.provider, clock=clock, secrets=secrets)


def tasks(c: PhoneVerification, settings: Settings) -> JobTasks:
    """Housekeeping: the phone codes past their throttle window."""
    jobs = JobTasks()

    @jobs.task(name="purge_expired_phone_otps", queue="maintenance",
               queueing_lock="purge_expired_phone_otps", retry=RETRY, every="*/15 * * * *")
    async def purge_expired_phone_otps(timestamp: int | None = None) -> int:
        return int(await c.purge_expired_phone_otps()())

    return jobs
