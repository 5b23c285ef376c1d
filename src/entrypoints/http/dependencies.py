"""Litestar reaches the container through plain `Provide` functions (STYLE: no @inject)."""

from __future__ import annotations

from typing import Any

from litestar.datastructures import State
from litestar.di import Provide


def from_container(provider: str) -> Provide:
    """A dependency that asks the app's container for `provider` on each request."""

    def dependency(state: State) -> Any:
        return getattr(state.container, provider)()

    dependency.__name__ = f"provide_{provider}"
    return Provide(dependency, sync_to_thread=False)
