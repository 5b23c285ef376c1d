"""Litestar reaches the container through plain `Provide` functions, not dependency-injector's
`@inject` wiring, which fights Litestar's signature parsing.

    dependencies={"send_sms": provide(Container.send_sms)}

The provider is named by the container class's own attribute, so a misspelt one fails when the
module is imported. mypy does not see the use case's type through `provide` (Litestar resolves
dependencies by name): `check_dependencies` compares each provider's class with the type the
handler's parameter names, when the app is built. Each request asks the app's container (which
tests override) for a fresh instance.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar

from dependency_injector import providers
from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.handlers import HTTPRouteHandler
from litestar.routes import HTTPRoute

from entrypoints.container import Container

T = TypeVar("T")

_NAMES: dict[int, str] = {id(provider): name for name, provider in Container.providers.items()}


class ContainerDependency(Provide):
    """A `Provide` of one container provider; `provider` names it (for the start-up check)."""

    provider: str


def provide(provider: providers.Provider[T]) -> ContainerDependency:
    """A dependency that asks the app's container for `provider` (an attribute of `Container`)."""
    name = _NAMES.get(id(provider))
    if name is None:
        raise LookupError(f"{provider!r} is not a provider of the Container class")

    def dependency(state: State) -> Any:
        return getattr(state.container, name)()

    dependency.__name__ = f"provide_{name}"
    dependency_provider = ContainerDependency(dependency, sync_to_thread=False)
    dependency_provider.provider = name
    return dependency_provider


def http_handlers(app: Litestar) -> Iterator[HTTPRouteHandler]:
    """Every HTTP route handler of the app (each method of each path)."""
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            if isinstance(handler, HTTPRouteHandler):
                yield handler


def resolve_one_at_a_time(app: Litestar) -> None:
    """Have Litestar resolve each route's dependencies one after another.

    Litestar resolves the dependencies that need none of the others (a batch) at once, in an anyio
    task group: a task each, ~55 µs of CPU a request. Ours never wait but for one: the container
    look-ups are plain calls, and `principal` is a route's only dependency that waits (on the key's
    lookup). One after another they take as long as together, without the tasks. Each batch keeps
    the order Litestar would start its tasks in, and the batches still run in order."""
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for _, kwargs_model in route.route_handler_map.values():
            kwargs_model.dependency_batches = [{dependency} for batch in kwargs_model.dependency_batches
                                               for dependency in batch]


def check_dependencies(app: Litestar) -> None:
    """At start-up: every container dependency a handler takes is a provider of the type the
    handler's parameter names (`NamedDependency[SendSms]` is fed by a `SendSms` factory)."""
    for handler in http_handlers(app):
        parameters = handler.parsed_fn_signature.parameters
        for name, dependency in handler.resolve_dependencies().items():
            if not isinstance(dependency, ContainerDependency) or name not in parameters:
                continue
            made = getattr(Container.providers[dependency.provider], "cls", None)
            wanted = parameters[name].annotation
            if isinstance(made, type) and isinstance(wanted, type) and not issubclass(made, wanted):
                raise TypeError(f"{handler.handler_name}: {name} is a {wanted.__name__}, but "
                                f"Container.{dependency.provider} provides {made.__name__}")
