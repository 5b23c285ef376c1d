"""What a send tells the `Metrics` port: each submit's outcome once it is recorded, by carrier and
encoding with its parts; nothing for a send still waiting for the gateway's answer."""

from __future__ import annotations

from collections.abc import Iterable

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.credits.balance import Grant, GrantCredits
from application.ports import GatewayNoAnswer, NoMetrics, OutboundSms
from application.sending.sends import SendSms, SmsRequest
from domain.messages import Message
from domain.submits import SubmitResult
from tests_support import ids

ACCOUNT = ids(1)
REJECTED, SILENT = "+255754000999", "+255688000999"


class Gateway:
    async def submit(self, sms: OutboundSms) -> SubmitResult:
        if sms.to == SILENT:
            raise GatewayNoAnswer("no answer within the timeout")
        return SubmitResult.rejected("rejected_by_gateway") if sms.to == REJECTED else SubmitResult.accepted("ref")


class SettledSends(NoMetrics):
    def __init__(self) -> None:
        self.settled: list[tuple[str, str, str, int]] = []

    def messages_settled(self, messages: Iterable[Message]) -> None:
        self.settled += [(m.status.value, m.carrier, m.encoding, m.sms_parts) for m in messages]


async def test_each_recorded_outcome_is_counted_once_with_its_carrier_encoding_and_parts() -> None:
    store, clock, ids_ = MemoryStore(), FrozenClock(), SequentialIds()
    metrics = SettledSends()

    def uow() -> MemoryUnitOfWork:
        return MemoryUnitOfWork(store)

    await GrantCredits(uow, clock, ids_)(Grant(ACCOUNT, 10))
    send = SendSms(uow, clock, ids_, Gateway(), default_sender="UJUMBE", metrics=metrics)

    await send(SmsRequest(account_id=ACCOUNT, to="0712345678", message="ő" + "a" * 79))
    await send(SmsRequest(account_id=ACCOUNT, to=REJECTED, message="Habari"))
    await send(SmsRequest(account_id=ACCOUNT, to=SILENT, message="Habari"))  # pending: not settled yet
    again = await send(SmsRequest(account_id=ACCOUNT, to="0712345678", message="Habari", message_id=ids(900)))
    # the same id again: that send finished before, so nothing is recorded and nothing counted twice
    await send(SmsRequest(account_id=ACCOUNT, to="0712345678", message="Habari", message_id=again.message_id))

    assert metrics.settled == [("sent", "Yas", "UCS-2", 2), ("failed", "Vodacom", "GSM-7", 1),
                               ("sent", "Yas", "GSM-7", 1)]
