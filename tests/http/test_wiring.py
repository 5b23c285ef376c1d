"""The app's wiring is checked when it is built, not when a route is first called."""

from __future__ import annotations

import pytest
from litestar import post
from litestar.datastructures import State
from litestar.di import NamedDependency
from dependency_injector import providers

from application.sending.sends import SendSms
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.http.auth import Authenticated
from entrypoints.http.dependencies import ContainerDependency, http_handlers, provide


def test_every_route_dependency_resolves_to_what_its_handler_takes(container: Container) -> None:
    app = create_app(container)
    state = State({"container": container})
    resolved = 0
    for handler in http_handlers(app):
        if handler.opt.get("dashboard"):  # the dashboard asks the container itself (tests/web)
            continue
        parameters = handler.parsed_fn_signature.parameters
        for name, dependency in handler.resolve_dependencies().items():
            if name not in parameters:
                continue
            assert isinstance(dependency, (ContainerDependency, Authenticated)), (handler, name)
            if isinstance(dependency, ContainerDependency):
                value = dependency.dependency(state)
                assert isinstance(value, parameters[name].annotation), (handler.handler_name, name)
                resolved += 1
    assert resolved >= 25  # every use case a route calls, and the idempotency gate


def test_a_use_case_fed_by_the_wrong_provider_fails_when_the_app_is_built(container: Container) -> None:
    @post("/wired-wrong", dependencies={"send_sms": provide(Container.send_bulk)})
    async def wired_wrong(send_sms: NamedDependency[SendSms]) -> None:
        """A handler whose use case comes from the wrong provider."""

    with pytest.raises(TypeError, match="send_sms is a SendSms, but Container.send_bulk provides SendBulk"):
        create_app(container, extra_route_handlers=[wired_wrong])


def test_a_provider_outside_the_container_is_refused_where_it_is_named() -> None:
    with pytest.raises(LookupError):
        provide(providers.Factory(SendSms))
