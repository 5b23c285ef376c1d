"""Accounts doing what customers do, through the real use cases on PostgreSQL: grants, single and
bulk sends (the simulator rejects +255799000001 at submit, reports +255799000002 undeliverable),
package orders paid, declined, repeated and late, campaigns run and cancelled. The audit's tests
and the ledger's stateful test drive it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

import psycopg

from application.accounts.accounts import Registration
from application.campaigns.creation import CampaignRequest
from application.credits.balance import Grant
from application.payments.orders import PackageOrderRequest
from application.ports import ProviderResult, ProviderState
from application.sending.sends import BulkRequest, SmsRequest
from domain.payments import PaymentOrder
from campaigns_support import seed_list
from entrypoints.container import Container
from jobs_support import drain

REJECTED = "+255799000001"  # refused at submit: failed and refunded
UNDELIVERABLE = "+255799000002"  # accepted, then reported undeliverable: failed, kept
PAYER = "+255712000111"
DECLINING_PAYER = "+255799000003"  # the mobile-money simulator's payer who declines


class World:
    def __init__(self, container: Container, database_url: str) -> None:
        self.c, self.database_url = container, database_url

    async def account(self, email: str) -> str:
        account = await self.c.register_account()(Registration(email=email, password="secret-pass-123"))
        with psycopg.connect(self.database_url, autocommit=True) as conn:
            for phone in (PAYER, DECLINING_PAYER):
                conn.execute("INSERT INTO payer_phones (account_id, phone, verified_at) VALUES (%s, %s, %s)",
                             (account.id, phone, datetime.now(UTC)))
        return account.id

    async def grant(self, account_id: str, credits: int) -> None:
        await self.c.grant_credits()(Grant(account_id=account_id, credits=credits))

    async def send(self, account_id: str, to: str, message: str = "Habari") -> None:
        await self.c.send_sms()(SmsRequest(account_id=account_id, to=to, message=message))

    async def bulk(self, account_id: str, to: Sequence[str], message: str = "Habari za leo") -> None:
        await self.c.send_bulk()(BulkRequest(account_id=account_id, to=list(to), message=message))

    async def order(self, account_id: str, phone: str = PAYER) -> PaymentOrder:
        return await self.c.order_package()(PackageOrderRequest(account_id=account_id, package_id=1,
                                                                provider="mobilemoney", phone=phone))

    async def provider_says(self, order: PaymentOrder, state: ProviderState) -> None:
        """The provider's callback about `order` (as often, and as late, as the caller likes)."""
        result = ProviderResult(order.reference, state, amount=order.amount, currency="TZS",
                                provider_ref=f"SIM-{order.reference[:8]}")
        await self.c.apply_payment_result()("mobilemoney", result)

    async def operator_confirms(self, order: PaymentOrder) -> None:
        await self.c.confirm_payment_order()(order.id, "asha")

    async def operator_fails(self, order: PaymentOrder) -> None:
        await self.c.fail_payment_order()(order.id, "asha")

    async def campaign(self, account_id: str, to: Sequence[str]) -> str:
        list_id = seed_list(self.database_url, account_id, [(n, "Juma", "") for n in to],
                            name=f"Wateja {uuid.uuid4().hex[:6]}")
        campaign = await self.c.create_campaign()(CampaignRequest(
            account_id=account_id, name="Ofa", message="Ofa ya leo {first_name}", contact_list_id=list_id))
        return campaign.id

    async def cancel(self, account_id: str, campaign_id: str) -> None:
        await self.c.cancel_campaign()(account_id, campaign_id)

    async def drain(self) -> None:
        """Every job due: campaign runs, delivery reports, payment results, webhooks."""
        await drain(self.c)


async def everyday_activity(world: World, prefix: str = "") -> dict[str, str]:
    """Two accounts after a day of real use (emails `<prefix>asha@duka.tz`, `<prefix>baraka@duka.tz`):
    their ids by name, and the prefix."""
    asha, baraka = await world.account(f"{prefix}asha@duka.tz"), await world.account(f"{prefix}baraka@duka.tz")
    await world.grant(asha, 60)
    await world.send(asha, "+255712345678")
    await world.send(asha, REJECTED)
    await world.send(asha, UNDELIVERABLE)
    await world.bulk(asha, ["+255712345601", REJECTED, "+255712345602", UNDELIVERABLE])
    paid = await world.order(asha)
    await world.provider_says(paid, ProviderState.PAID)
    await world.provider_says(paid, ProviderState.PAID)  # a duplicated callback
    await world.order(asha, DECLINING_PAYER)
    await world.order(baraka)  # paid when the jobs run
    late = await world.order(baraka)
    await world.operator_fails(late)
    await world.provider_says(late, ProviderState.PAID)  # the money came after all
    await world.campaign(asha, ["+255713000001", REJECTED, "+255713000003"])
    await world.drain()
    return {"asha": asha, "baraka": baraka, "prefix": prefix}
