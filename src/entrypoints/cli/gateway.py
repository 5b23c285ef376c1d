"""`ujumbe gateway status`: every SMPP bind of every running process, as each last reported it."""

from __future__ import annotations

from typing import Any

from adapters.postgres.sending.gateway_binds import reported_binds
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import Col, command, emit, emit_table
from entrypoints.gateway_binds import REPORT_STALE_AFTER


@cli.group()
def gateway() -> None:
    """The SMS gateway: the simulator, or SMPP binds to the carriers.

    \b
    Examples:
      ujumbe gateway status
    """


@command(gateway, "status")
async def gateway_status() -> None:
    """Every SMPP bind: state, window in use, TPS (from the processes holding them).

    \b
    Examples:
      ujumbe gateway status
      ujumbe gateway status --json | jq '.binds[] | {name, state}'
    """
    async with services() as c:
        kind = "simulator" if c.settings().gateway == "simulator" else "smpp"
        binds = await reported_binds(c.pool(), c.clock().now() - REPORT_STALE_AFTER) if kind == "smpp" else []
    data = {"gateway": kind, "binds": binds}
    if kind == "simulator":
        emit(data, "gateway: simulator (UJUMBE_GATEWAY=simulator): no SMPP binds")
        return
    emit_table(data, ("bind", Col("state", status=True), Col("window", right=True), Col("tps", right=True),
                      Col("submitted", right=True), "carriers", "process", "last error"),
               [_row(bind) for bind in binds],
               empty="gateway: smpp — no running `ujumbe serve` or `ujumbe worker` holds a bind")


def _row(bind: dict[str, Any]) -> tuple[object, ...]:
    tps = f"{bind['tps']}/{bind['tps_limit']:g}" if bind["tps_limit"] else str(bind["tps"])
    return (bind["name"], bind["state"], f"{bind['in_flight']}/{bind['window']}", tps, bind["submitted"],
            ",".join(bind["carriers"]) or "(default)", bind["process"], bind["last_error"])
