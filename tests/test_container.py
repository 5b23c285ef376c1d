"""The composition root, written by area (`entrypoints.wiring`): every name is one provider, so an
override on the root container reaches the use cases of every area made with it; and the job
worker registers each area's tasks with the queues, locks, retries and schedules they have had."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import replace
from pathlib import Path

import pytest
from dependency_injector import containers, providers

from accounts_support import FakeGateway
from adapters.jobs import RETRY
from entrypoints import wiring
from entrypoints.container import Container
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.wiring.gateway import Gateway
from entrypoints.wiring.sending import Sending
from entrypoints.worker import build_job_app


@pytest.fixture()
def root(tmp_path: Path) -> Container:
    """A container that reaches no database: nothing here opens the pool."""
    c = Container()
    c.settings.override(providers.Object(Settings(
        database_url="postgresql://nobody@127.0.0.1:1/nowhere", data_dir=tmp_path,
        secret_key="test-secret-key-that-is-long-enough-for-hs256",
    )))
    return c


def test_overriding_the_gateway_on_the_root_reaches_sends_campaign_runs_and_phone_codes(root: Container) -> None:
    fake = FakeGateway()
    root.gateway.override(providers.Object(fake))
    made = {name: getattr(root, name)() for name in (
        "send_sms", "send_bulk", "reconcile_stuck_messages", "run_campaign", "send_phone_otp", "send_payer_otp")}
    assert {name: use_case._gateway for name, use_case in made.items()} == dict.fromkeys(made, fake)

    root.gateway.reset_override()
    assert root.send_sms()._gateway is root.run_campaign()._gateway is not fake


def test_an_override_stays_with_its_container(root: Container) -> None:
    root.gateway.override(providers.Object(FakeGateway()))
    other = Container()
    assert not other.gateway.overridden
    assert not Container.gateway.overridden and not Gateway.gateway.overridden
    assert other.send_sms.kwargs["gateway"] is other.gateway is not root.gateway


def test_each_use_case_holds_the_roots_own_provider_of_what_it_is_made_with(root: Container) -> None:
    assert root.run_campaign.kwargs["gateway"] is root.gateway
    assert root.run_campaign.kwargs["check_low_balance"] is root.check_low_balance
    assert root.send_sms.kwargs["clock"] is root.clock
    assert root.uow.kwargs["on_events_committed"] is root.wake_outbox_dispatch
    assert root.job_app.args[0]() is root  # built with the whole container, whose areas give their tasks


def test_every_area_provider_is_the_roots_under_the_same_name() -> None:
    areas = [value for module in _wiring_modules() for value in vars(module).values()
             if isinstance(value, type) and issubclass(value, containers.DeclarativeContainer)]
    assert {Core, Gateway, Sending} <= set(areas)
    for area in areas:
        for name, provider in area.providers.items():
            assert Container.providers[name] is provider, f"{area.__name__}.{name}"
    assert Container.send_sms is Sending.send_sms


# name: queue, lock, queueing lock, retried with RETRY (else never), periodic cron (periodic id)
TASKS: dict[str, tuple[str, str | None, str | None, bool, str | None]] = {
    "dispatch_outbox": ("outbox", "dispatch_outbox", "dispatch_outbox", True, "* * * * * (safety-net)"),
    "deliver_webhook": ("webhooks", None, None, True, None),
    "deliver_due_webhooks": ("webhooks", None, "deliver_due_webhooks", True, "* * * * *"),
    "apply_received_reports": ("messages", None, None, True, "* * * * *"),
    "receive_inbound_sms": ("messages", None, None, True, None),
    "rematch_delivery_reports": ("messages", None, "rematch_delivery_reports", True, "* * * * *"),
    "reconcile_stuck_messages": ("messages", "reconcile_stuck_messages", "reconcile_stuck_messages", True,
                                 "* * * * *"),
    "run_campaign": ("campaigns", None, None, True, None),
    "queue_due_campaigns": ("campaigns", None, "queue_due_campaigns", True, "* * * * *"),
    "apply_payment_result": ("payments", None, None, True, None),
    "poll_pending_payments": ("payments", "poll_pending_payments", "poll_pending_payments", True, "* * * * * */30"),
    "expire_stale_payment_orders": ("payments", "expire_stale_payment_orders", "expire_stale_payment_orders", True,
                                    "* * * * *"),
    "purge_unverified_callbacks": ("maintenance", None, "purge_unverified_callbacks", True, "*/15 * * * *"),
    "send_password_reset": ("email", None, None, True, None),
    "send_email_verification": ("email", None, None, True, None),
    "purge_expired_phone_otps": ("maintenance", None, "purge_expired_phone_otps", True, "*/15 * * * *"),
    "purge_expired_idempotency_keys": ("maintenance", None, "purge_expired_idempotency_keys", True, "*/15 * * * *"),
    "recover_stalled_jobs": ("maintenance", None, "recover_stalled_jobs", False, "* * * * * */10"),
}


def test_the_worker_registers_every_areas_tasks_as_they_have_always_been(root: Container) -> None:
    app = build_job_app(root)
    ours = {name: task for name, task in app.tasks.items() if task.queue != "builtin"}
    periodic = {name: f"{p.cron} ({p.periodic_id})" if p.periodic_id else p.cron
                for (name, _), p in app.periodic_registry.periodic_tasks.items()}
    registered = {name: (task.queue, task.lock, task.queueing_lock, task.retry_strategy is RETRY, periodic.get(name))
                  for name, task in ours.items()}
    assert registered == TASKS
    assert all(task.retry_strategy is None for task in ours.values() if task.retry_strategy is not RETRY)
    assert [name for name, task in ours.items() if task.pass_context] == ["recover_stalled_jobs"]
    assert not build_job_app(root, periodic=False).periodic_registry.periodic_tasks


def test_the_schedules_that_follow_settings_follow_them(root: Container) -> None:
    root.settings.override(providers.Object(replace(root.settings(), reconcile_after=60, jobs_stalled_after=60)))
    periodic = build_job_app(root).periodic_registry.periodic_tasks
    assert periodic[("reconcile_stuck_messages", "")].cron == "* * * * * */20"
    assert periodic[("recover_stalled_jobs", "")].cron == "* * * * * */20"


def _wiring_modules() -> list[object]:
    return [importlib.import_module(f"{wiring.__name__}.{info.name}") for info in pkgutil.iter_modules(wiring.__path__)]
