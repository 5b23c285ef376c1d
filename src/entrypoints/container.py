"""The composition root: the only place that knows every concrete adapter.

Services and use cases take plain constructor arguments; the HTTP app, the CLI and the job
worker ask this container for them. Tests override providers (clock, settings, ...).

Each area's providers are written in `entrypoints.wiring.<area>`, a small container beside the
job tasks the area gives the worker, made with what `wiring.core` (and `wiring.gateway`, the SMS
gateway) provide; `Container` inherits every one of them. A provider is one object under one
name, whichever area declares it: `Container.send_sms` is `Sending.send_sms`, and every use case
made with the gateway holds `Gateway.gateway` itself, so `container.gateway.override(...)`
reaches them all, as `container.clock` or `container.settings` do.
"""

from __future__ import annotations

from collections.abc import Sequence

from dependency_injector import providers

from entrypoints.wiring import accounts, campaigns, core, deliveries, payments, phone_verification, sending, webhooks
from entrypoints.wiring.accounts import Accounts
from entrypoints.wiring.campaigns import Campaigns
from entrypoints.wiring.contacts import Contacts
from entrypoints.wiring.core import Core
from entrypoints.wiring.credits import Credits
from entrypoints.wiring.deliveries import Deliveries
from entrypoints.wiring.notifications import Notifications
from entrypoints.wiring.payments import Payments
from entrypoints.wiring.phone_verification import PhoneVerification
from entrypoints.wiring.reference import Reference
from entrypoints.wiring.sending import Sending
from entrypoints.wiring.webhooks import Webhooks
from entrypoints.worker import AreaTasks


class Container(Accounts, PhoneVerification, Credits, Sending, Deliveries, Campaigns, Contacts, Payments, Webhooks,
                Notifications, Reference):
    # Core's own Self: the job app it provides is built with this whole container.
    __self__ = Core.__self__
    # The job worker's tasks, area by area (`entrypoints.worker.build_job_app` registers them).
    job_tasks: providers.Object[Sequence[AreaTasks]] = providers.Object((
        webhooks.tasks, deliveries.tasks, sending.tasks, campaigns.tasks, payments.tasks, accounts.tasks,
        phone_verification.tasks, core.tasks,
    ))
