"""The SMS gateway: a carrier connection that takes submits and hands back what it hears."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from application.ports.deliveries import DeliveryReport
from application.ports.inbound import InboundSms
from domain.submits import SubmitResult


@dataclass(frozen=True, slots=True)
class OutboundSms:
    message_id: str  # the submit's idempotency key: a retry under the same id never sends twice
    account_id: str | None  # None for platform messages (OTPs)
    to: str  # E.164
    sender: str
    text: str
    # An earlier submit of this id was handed over and its answer never came: a gateway that cannot
    # recognise a repeat (SMPP) must not put it on air again; it raises GatewayNoAnswer unless it
    # has the answer by now.
    handed_over: bool = False


class GatewayUnavailable(Exception):
    """The submit never reached the gateway (no connection, not bound, refused for load):
    nothing was handed over, so retrying is safe and giving up may fail and refund it."""


class GatewayNoAnswer(Exception):
    """The submit may have reached the gateway, but its answer never came (a timeout after the
    request was written): the SMS may be on its way, so it must not be failed and refunded yet.
    The message stays `pending` until a later submit under the same id gets the answer."""


class SmsGateway(Protocol):
    """A carrier connection. Contract: a submit repeated under the same `message_id` never sends
    the SMS twice. A gateway that can recognise a repeat answers it with the first submit's answer;
    one that cannot (a carrier protocol with no idempotency key on the wire) never sends again a
    submit marked `handed_over`, and answers it only if it has the first answer by now."""

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        """Accepted or rejected; GatewayUnavailable or GatewayNoAnswer when it is neither."""
        ...


@runtime_checkable
class BatchSmsGateway(SmsGateway, Protocol):
    """A gateway that takes a whole batch at once (a bulk's recipients, the reconciler's claim)."""

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult]:
        """One result per submit, in order (`NO_ANSWER` for one whose answer never came);
        GatewayUnavailable when the batch as a whole could not be handed over, and
        GatewayNoAnswer when no answer came for any of it (each message id keeps its
        idempotency, so submitting again is safe)."""
        ...


@runtime_checkable
class ReconnectingSmsGateway(SmsGateway, Protocol):
    """A gateway whose carrier connections may drop and come back by themselves: a caller that can
    wait (a campaign) waits for one rather than failing what it could not hand over."""

    async def wait_available(self, timeout: float) -> bool:
        """Whether a submit can be handed over within `timeout` seconds (a connection is up)."""
        ...


class GatewayListener(Protocol):
    """Where a gateway hands what the carrier tells it, as soon as it hears it."""

    async def delivery_reports(self, reports: Sequence[DeliveryReport]) -> None: ...

    async def inbound_sms(self, sms: InboundSms) -> None: ...
