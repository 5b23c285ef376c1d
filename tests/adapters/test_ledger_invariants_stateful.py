"""The ledger's invariants hold whatever customers, carriers and payment providers do, in any order.

A Hypothesis state machine drives the real use cases on PostgreSQL (the container as the service
wires it, the gateway and mobile-money simulators, the job queue drained by hand): grants, single
and bulk sends, gateway refusals and undeliverable numbers, package orders paid, declined, answered
twice or after they failed, operators confirming and failing them, campaigns run and cancelled.
After every step the audit (`ujumbe audit`'s use case) must find the books clean. Each example
starts from an emptied database.
"""

from __future__ import annotations

import asyncio

from dependency_injector import providers
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from application.ports import ProviderState
from conftest import emptied
from domain.errors import DomainError
from domain.payments import PaymentOrder
from entrypoints.container import Container
from entrypoints.settings import Settings
from entrypoints.worker import jobs_running
from jobs_support import without_periodic_jobs
from ledger_world import DECLINING_PAYER, PAYER, REJECTED, UNDELIVERABLE, World

NUMBERS = ["+255712345678", "+255713000001", REJECTED, UNDELIVERABLE]
TEXTS = ["Habari", "Karibu dukani " * 12, "Ofa ya leo 🎉"]  # one part, two parts, UCS-2
accounts = st.sampled_from([0, 1])
# Well under a minute on a busy machine, and the same examples on every run (a fixed seed).
BOUNDED = hypothesis_settings(max_examples=6, stateful_step_count=25, deadline=None, derandomize=True,
                              suppress_health_check=[HealthCheck.too_slow])


class BooksUnderLoad(RuleBasedStateMachine):
    orders = Bundle("orders")
    campaigns = Bundle("campaigns")

    def __init__(self, service_settings: Settings) -> None:
        super().__init__()
        emptied(service_settings.database_url or "")
        self.runner = asyncio.Runner()
        self.container = without_periodic_jobs(Container())
        self.container.settings.override(providers.Object(service_settings))
        self.world = World(self.container, service_settings.database_url or "")
        self.jobs = jobs_running(self.container, in_process_worker=False)
        self.accounts = self.runner.run(self._open())

    async def _open(self) -> list[str]:
        await self.container.pool().open(wait=True)
        await self.jobs.__aenter__()
        return [await self.world.account(f"{name}@duka.tz") for name in ("asha", "baraka")]

    async def _close(self) -> None:
        await self.jobs.__aexit__(None, None, None)
        await self.container.pool().close()

    def teardown(self) -> None:
        self.runner.run(self._close())
        self.runner.close()

    def _do(self, step: object) -> None:
        """A step a customer may be refused (too few credits, an order settled already): the refusal
        is part of the game; the books must stay clean either way."""
        try:
            self.runner.run(step)  # type: ignore[arg-type]
        except DomainError:
            pass

    @initialize(credits=st.integers(0, 60))
    def opening_balances(self, credits: int) -> None:
        for account in self.accounts:
            self._do(self.world.grant(account, credits))

    @rule(account=accounts, credits=st.integers(1, 40))
    def grant(self, account: int, credits: int) -> None:
        self._do(self.world.grant(self.accounts[account], credits))

    @rule(account=accounts, to=st.sampled_from(NUMBERS), text=st.sampled_from(TEXTS))
    def send(self, account: int, to: str, text: str) -> None:
        self._do(self.world.send(self.accounts[account], to, text))

    @rule(account=accounts, to=st.lists(st.sampled_from(NUMBERS), min_size=1, max_size=4),
          text=st.sampled_from(TEXTS))
    def bulk(self, account: int, to: list[str], text: str) -> None:
        self._do(self.world.bulk(self.accounts[account], to, text))

    @rule(target=orders, account=accounts, payer=st.sampled_from([PAYER, DECLINING_PAYER]))
    def order(self, account: int, payer: str) -> PaymentOrder:
        return self.runner.run(self.world.order(self.accounts[account], payer))

    @rule(order=orders, state=st.sampled_from([ProviderState.PAID, ProviderState.FAILED]))
    def provider_answers(self, order: PaymentOrder, state: ProviderState) -> None:
        """A callback, perhaps a repeat, perhaps after the order was settled the other way."""
        self._do(self.world.provider_says(order, state))

    @rule(order=orders, confirm=st.booleans())
    def operator_settles(self, order: PaymentOrder, confirm: bool) -> None:
        self._do(self.world.operator_confirms(order) if confirm else self.world.operator_fails(order))

    @rule(target=campaigns, account=accounts,
          to=st.lists(st.sampled_from(NUMBERS), min_size=1, max_size=4, unique=True))
    def campaign(self, account: int, to: list[str]) -> tuple[str, str] | None:
        async def create() -> tuple[str, str] | None:
            try:
                return self.accounts[account], await self.world.campaign(self.accounts[account], to)
            except DomainError:
                return None
        return self.runner.run(create())

    @rule(campaign=campaigns)
    def cancel(self, campaign: tuple[str, str] | None) -> None:
        if campaign is not None:
            self._do(self.world.cancel(*campaign))

    @rule()
    def jobs_run(self) -> None:
        """Campaign runs, delivery reports, the simulated payers' answers: whatever is due."""
        self.runner.run(self.world.drain())

    @invariant()
    def books_are_clean(self) -> None:
        report = self.runner.run(self.container.audit_ledger()())
        assert report.clean, "\n".join(f"{v.email} {v.rule}: {v.detail}" for v in report.violations)


def test_the_books_stay_clean_through_any_interleaving_of_sends_payments_and_campaigns(
        settings: Settings) -> None:
    run_state_machine_as_test(lambda: BooksUnderLoad(settings), settings=BOUNDED)
