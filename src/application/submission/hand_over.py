"""Handing SMS to the gateway: one policy for every submit (single send, bulk, reconciliation, phone
codes, campaign runs).

The SMS goes out under its message id, which is the gateway's idempotency key, so submitting it
again never sends it twice. The answer is one of four (`domain.submits.Answer`): accepted,
rejected, unavailable (nothing was handed over: retries of transient faults, done at the adapter
edge, are spent) or no answer (handed over, perhaps, but no answer came). A batch goes over in one
hand-over when the gateway takes batches; otherwise one submit per SMS, at most `concurrency`
in flight (the gateway's window).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from application.ports import BatchSmsGateway, GatewayNoAnswer, GatewayUnavailable, OutboundSms, SmsGateway
from domain.messages import Message
from domain.submits import NO_ANSWER, UNAVAILABLE, Answer, SubmitResult


def outbound(message: Message, *, resumed: bool = False) -> OutboundSms:
    """The SMS of a message. `resumed`: a message another run or process left pending (the
    reconciler's, a resumed campaign run's), which that one may have handed over and may still
    hold the answer of: marked `handed_over`, so a gateway that cannot recognise a repeat never
    puts it on air again (it stays pending until that answer is written, or until the reconciler
    gives up on it and refunds it), while one that can answers it with its first answer."""
    return OutboundSms(message_id=message.id, account_id=message.account_id, to=message.to,
                       sender=message.sender, text=message.body, handed_over=message.handed_over or resumed)


def unanswered(messages: Sequence[Message], results: Sequence[SubmitResult]) -> list[Message]:
    """The messages whose submit was handed over and got no answer (the gateway may have them),
    less those marked so already."""
    return [message for message, result in zip(messages, results, strict=True)
            if result.kind is Answer.NO_ANSWER and not message.handed_over]


async def submit(gateway: SmsGateway, sms: OutboundSms) -> SubmitResult:
    """What one submit came to."""
    try:
        return await gateway.submit(sms)
    except GatewayUnavailable:
        return UNAVAILABLE
    except GatewayNoAnswer:
        return NO_ANSWER


async def submit_all(gateway: SmsGateway, batch: Sequence[OutboundSms], concurrency: int) -> list[SubmitResult]:
    """One result per SMS, in order."""
    if not batch:
        return []
    if isinstance(gateway, BatchSmsGateway):
        try:
            return list(await gateway.submit_many(batch))
        except GatewayUnavailable:
            pass  # one by one below, under the same ids: nothing is sent twice
        except GatewayNoAnswer:
            return [NO_ANSWER] * len(batch)  # the gateway may have them all
    results: list[SubmitResult] = [NO_ANSWER] * len(batch)
    queue = iter(range(len(batch)))

    async def worker() -> None:
        for index in queue:  # a shared iterator: each SMS goes to exactly one worker
            results[index] = await submit(gateway, batch[index])

    await asyncio.gather(*(worker() for _ in range(min(concurrency, len(batch)))))
    return results
