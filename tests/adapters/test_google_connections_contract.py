"""An account's Google connection and its one-time consent states: memory = PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from application.ports import GoogleConnection
from domain.google_contacts import ConnectionStatus
from domain.ids import NO_ID
from tests_support import Backend, ids

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture()
async def store(backend: Backend) -> Backend:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    return backend


def connection(account: str = ACCOUNT) -> GoogleConnection:
    return GoogleConnection(account_id=account, status=ConnectionStatus.CONNECTED, access_token="v1.sealed-access",
                            refresh_token="v1.sealed-refresh", expires_at=T0 + timedelta(hours=1),
                            scope="https://www.googleapis.com/auth/contacts.readonly", reason=None,
                            connected_at=T0, last_synced_at=None, updated_at=T0)


async def test_a_connection_is_kept_per_account_and_replaced_whole(store: Backend) -> None:
    async with store.uow() as uow:
        await uow.google_connections.save(connection())
        await uow.commit()
    revoked = replace(connection(), status=ConnectionStatus.DISCONNECTED, access_token=None, refresh_token=None,
                      expires_at=None, reason="revoked", last_synced_at=T0 + timedelta(minutes=5),
                      updated_at=T0 + timedelta(minutes=9))
    async with store.uow() as uow:
        assert await uow.google_connections.get(ACCOUNT) == connection()
        assert await uow.google_connections.get(OTHER) is None
        await uow.google_connections.save(revoked)
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.google_connections.get(ACCOUNT) == revoked
        assert await uow.google_connections.update(connection()) is True
        assert await uow.google_connections.get(ACCOUNT) == connection()
        assert await uow.google_connections.delete(ACCOUNT) is True
        assert await uow.google_connections.delete(ACCOUNT) is False
        assert await uow.google_connections.get(ACCOUNT) is None
        # Once gone, an update stores nothing: a sync's refresh does not bring a disconnection back.
        assert await uow.google_connections.update(connection()) is False
        assert await uow.google_connections.get(ACCOUNT) is None


async def test_nothing_is_kept_without_a_commit(store: Backend) -> None:
    async with store.uow() as uow:
        await uow.google_connections.save(connection())
        await uow.google_connections.add_state(ACCOUNT, "digest", T0, T0 + timedelta(minutes=10))
    async with store.uow() as uow:
        assert await uow.google_connections.get(ACCOUNT) is None
        assert await uow.google_connections.take_state(ACCOUNT, "digest", T0) is False


async def test_a_state_is_taken_once_by_its_own_account_before_it_expires(store: Backend) -> None:
    async with store.uow() as uow:
        for digest in ("a", "b", "c"):
            await uow.google_connections.add_state(ACCOUNT, digest, T0, T0 + timedelta(minutes=10))
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.google_connections.take_state(OTHER, "a", T0) is False
        assert await uow.google_connections.take_state(NO_ID, "a", T0) is False
        assert await uow.google_connections.take_state(ACCOUNT, "a", T0 + timedelta(minutes=9)) is True
        assert await uow.google_connections.take_state(ACCOUNT, "a", T0) is False  # used
        assert await uow.google_connections.take_state(ACCOUNT, "b", T0 + timedelta(minutes=10)) is False  # expired
        assert await uow.google_connections.take_state(ACCOUNT, "b", T0) is False  # and gone
        await uow.commit()
    async with store.uow() as uow:
        # A new consent clears the account's expired states; "c" expired with them.
        await uow.google_connections.add_state(ACCOUNT, "d", T0 + timedelta(hours=1), T0 + timedelta(hours=1, minutes=10))
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.google_connections.take_state(ACCOUNT, "c", T0) is False
        assert await uow.google_connections.take_state(ACCOUNT, "d", T0 + timedelta(hours=1)) is True
