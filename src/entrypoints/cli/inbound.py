"""`ujumbe simulator inbound FROM TEXT`: a contact's reply, as the simulated carrier delivers it."""

from __future__ import annotations

import click

from application.ports import InboundSms
from entrypoints.cli.base import services
from entrypoints.cli.output import command, emit
from entrypoints.cli.simulator import simulator


@command(simulator, "inbound")
@click.argument("from_number", metavar="FROM")
@click.argument("text")
@click.option("--to", "to", default=None, help="The sender ID or number the SMS was sent to.")
async def inbound(from_number: str, text: str, to: str | None) -> None:
    """Inject an inbound SMS from FROM (STOP opts the number out, START back in).

    \b
    Examples:
      ujumbe simulator inbound 0712345678 STOP
      ujumbe simulator inbound +255712345678 "Asante" --to DUKA
    """
    async with services() as c:
        message = await c.receive_inbound_sms()(InboundSms(from_number=from_number, text=text, to=to))
    action = message.action.value if message.action else None
    emit(
        {"id": message.id, "account_id": message.account_id, "from": message.from_number, "to": message.to,
         "message": message.text, "action": action, "received_at": message.received_at},
        lambda: (f"received from {message.from_number}"
                 + (f" for account {message.account_id}" if message.account_id else " (no account sent to it)")
                 + (f": {action}" if action else "")),
    )
