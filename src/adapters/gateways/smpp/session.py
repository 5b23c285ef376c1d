"""One SMPP bind: its link (`link`: bound, kept alive, read) and the window of submits in flight
on it (`window`: window slots, TPS spacing, throttling), from `start()` to `close()`, which lets
what is in flight be answered, then unbinds.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from adapters.gateways.smpp.answers import AnswerHandler, SubmitSmResp
from adapters.gateways.smpp.config import BindSettings
from adapters.gateways.smpp.inbound import DeliverHandler
from adapters.gateways.smpp.link import BindState, SmppLink
from adapters.gateways.smpp.window import SubmitWindow


@dataclass(frozen=True, slots=True)
class BindStatus:
    name: str
    address: str
    system_id: str
    state: BindState
    carriers: tuple[str, ...]
    window: int
    in_flight: int
    tps_limit: float
    tps: int  # submits in the last whole second
    submitted: int
    bound_since: datetime | None
    last_error: str | None

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "state": self.state.value, "carriers": list(self.carriers),
                "bound_since": self.bound_since.isoformat() if self.bound_since else None}


class SmppSession:
    """One bind to one SMSC, kept up by its own task from `start()` to `close()`."""

    def __init__(self, settings: BindSettings, on_deliver: DeliverHandler) -> None:
        self.settings = settings
        self.link = SmppLink(settings, on_deliver)
        self.window = SubmitWindow(settings, self.link)

    def start(self) -> None:
        self.link.start()

    async def wait_bound(self, timeout: float) -> bool:
        return await self.link.wait_bound(timeout)

    @property
    def bound(self) -> bool:
        return self.link.bound

    @property
    def in_flight(self) -> int:
        return self.window.in_flight

    @property
    def down_for(self) -> float:
        """Seconds since the bind was last bound (or started); 0 while bound."""
        return self.link.down_for

    async def submit(self, body: bytes, on_answer: AnswerHandler | None = None) -> SubmitSmResp:
        """See `SubmitWindow.submit`."""
        return await self.window.submit(body, on_answer)

    async def close(self, timeout: float = 2.0) -> None:
        """Stop taking submits, give those in flight up to `timeout` for their answers, unbind
        (up to `timeout` for the peer's unbind_resp), and stop reconnecting."""
        if self.link.stop_taking():
            await self.window.drained(timeout)
            await self.link.unbind(timeout)
        await self.link.stop()

    def status(self) -> BindStatus:
        settings, link, window = self.settings, self.link, self.window
        return BindStatus(
            name=settings.name, address=f"{settings.host}:{settings.port}", system_id=settings.system_id,
            state=link.state, carriers=settings.carriers, window=settings.window, in_flight=window.in_flight,
            tps_limit=settings.tps, tps=window.tps(), submitted=window.submitted, bound_since=link.bound_since,
            last_error=link.last_error,
        )
