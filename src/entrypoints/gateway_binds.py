"""The SMPP binds of a process that serves or works: bound at start-up, their state published
for operators every few seconds (`ujumbe gateway status` reads it from another process), unbound
cleanly at shutdown. With the simulator there is nothing to hold."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import AsyncIterator
from datetime import timedelta

from adapters.gateways.smpp.gateway import SmppGateway
from adapters.postgres.sending.gateway_binds import forget_process, publish_binds
from entrypoints.container import Container

log = logging.getLogger("ujumbe.smpp")

PUBLISH_EVERY = 2.0  # seconds
REPORT_STALE_AFTER = timedelta(seconds=15)  # a process silent this long holds no bind any more


def process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


@contextlib.asynccontextmanager
async def gateway_running(container: Container) -> AsyncIterator[SmppGateway | None]:
    smpp = container.smpp_gateway()
    if smpp is None:
        yield None
        return
    smpp.open()
    publisher = asyncio.create_task(_publish(container, smpp), name="smpp bind status")
    try:
        yield smpp
    finally:
        publisher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await publisher
        await smpp.close()
        with contextlib.suppress(Exception):  # the rows go stale anyway
            await forget_process(container.pool(), process_name())


async def _publish(container: Container, smpp: SmppGateway) -> None:
    pool, clock, process = container.pool(), container.clock(), process_name()
    while True:
        try:
            await publish_binds(pool, process, [bind.as_json() for bind in smpp.status()], clock.now())
        except Exception:
            log.warning("could not publish the SMPP binds' state", exc_info=True)
        await asyncio.sleep(PUBLISH_EVERY)


async def close_gateway(container: Container) -> None:
    """Unbind what a one-off command bound on its way (a code it sent), before it exits."""
    with contextlib.suppress(ValueError):  # a bad UJUMBE_GATEWAY: nothing was bound
        smpp = container.smpp_gateway()
        if smpp is not None:
            await smpp.close()
