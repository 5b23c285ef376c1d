"""The SMS gateway every send goes through (the simulator, or SMPP binds), and what it hands
back: delivery reports and inbound SMS queued for the worker, and the outcomes the database would
not take yet. Sending, campaigns and the phone codes of accounts are made with it."""

from __future__ import annotations

from collections.abc import Callable

from dependency_injector import providers

from adapters.gateways.retrying import RetryingGateway, retrying
from adapters.gateways.simulator import SimulatorGateway
from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.postgres.sending.deliveries import PostgresReceivedReports
from application.ports import Clock, GatewayListener, Metrics
from application.sending.delivery_reports import QueueGatewayReports
from application.submission.unwritten import UnwrittenOutcomes
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core

settings, clock, ids, metrics = Core.settings, Core.clock, Core.ids, Core.metrics
pool, job_queue = Core.pool, Core.job_queue


def _smpp_gateway(settings: Settings, listener: GatewayListener, clock: Clock, metrics: Metrics) -> SmppGateway | None:
    """The SMPP binds UJUMBE_GATEWAY names (None for the simulator); a bad setting stops start-up."""
    if settings.gateway == "simulator":
        return None
    if not settings.gateway.startswith("smpp://"):
        raise ValueError(f"UJUMBE_GATEWAY={settings.gateway!r}: use 'simulator' or smpp://system_id:password@host:port")
    return SmppGateway(parse_binds(settings.gateway), default_sender=settings.default_sender, clock=clock,
                       listener=listener, metrics=metrics)


def _submit_window(smpp: SmppGateway | None) -> int:
    """Submits a bulk or campaign keeps in flight: every bind's window, or the simulator's 50."""
    return smpp.window if smpp is not None else 50


def _gateway(smpp: SmppGateway | None, simulator: Callable[[], SimulatorGateway]) -> RetryingGateway:
    """The SMS gateway UJUMBE_GATEWAY names, behind transient-fault retries."""
    return retrying(smpp if smpp is not None else simulator(), concurrency=_submit_window(smpp))


class Gateway(Core):
    # messaging: the gateway port (the simulator records what it receives in PostgreSQL)
    received_reports = providers.Singleton(PostgresReceivedReports, pool)
    gateway_listener = providers.Singleton(QueueGatewayReports, job_queue, received_reports, clock)
    simulator = providers.Singleton(
        SimulatorGateway, pool=pool, clock=clock, ids=ids, listener=gateway_listener,
        report_delay=settings.provided.simulator_dlr_delay, metrics=metrics,
    )
    smpp_gateway = providers.Singleton(_smpp_gateway, settings, gateway_listener, clock, metrics)
    gateway = providers.Singleton(_gateway, smpp_gateway, simulator.provider)
    # outcomes the gateway gave that the database would not take yet: this process writes them later
    unwritten_outcomes = providers.Singleton(UnwrittenOutcomes)
    submit_window = providers.Singleton(_submit_window, smpp_gateway)
