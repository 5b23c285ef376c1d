"""One `ujumbe serve` (API, job worker, gateway simulator) for each module of the client tests,
with the customer of running_app, and a webhook receiver on loopback registered for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clients_support import Client, Service
from running_app import running_app_with_customer
from webhook_receiver import WebhookReceiver


@pytest.fixture(scope="module")
def service(module_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    with running_app_with_customer(module_database, tmp_path_factory.mktemp("client"), worker=True) as app, \
            WebhookReceiver() as receiver, Client(app.base_url, access_token=app.access_token) as logged_in:
        created = logged_in.register_webhook(url=receiver.url)
        yield Service(app=app, database_url=module_database, receiver=receiver, webhook_secret=created.secret)
