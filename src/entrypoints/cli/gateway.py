"""`ujumbe gateway status`: every SMPP bind of every running process, as each last reported it."""

from __future__ import annotations

from typing import Any

from adapters.postgres.gateway_binds import reported_binds
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit
from entrypoints.gateway_binds import REPORT_STALE_AFTER


@cli.group()
def gateway() -> None:
    """The SMS gateway: the simulator, or SMPP binds to the carriers."""


@command(gateway, "status")
async def gateway_status() -> None:
    """Every SMPP bind: state, window in use, TPS (from the processes holding them)."""
    async with services() as c:
        kind = "simulator" if c.settings().gateway == "simulator" else "smpp"
        binds = await reported_binds(c.pool(), c.clock().now() - REPORT_STALE_AFTER) if kind == "smpp" else []
    emit({"gateway": kind, "binds": binds}, lambda: _table(kind, binds))


def _table(kind: str, binds: list[dict[str, Any]]) -> str:
    if kind == "simulator":
        return "gateway: simulator (UJUMBE_GATEWAY=simulator): no SMPP binds"
    if not binds:
        return "gateway: smpp — no running `ujumbe serve` or `ujumbe worker` holds a bind"
    lines = [f"{'bind':<18}{'state':<12}{'window':>11}{'tps':>12}{'submitted':>11}  {'carriers':<16}process / last error"]
    for bind in binds:
        tps = f"{bind['tps']}/{bind['tps_limit']:g}" if bind["tps_limit"] else str(bind["tps"])
        carriers = ",".join(bind["carriers"]) or "(default)"
        note = bind["last_error"] or ""
        lines.append(f"{bind['name']:<18}{bind['state']:<12}{bind['in_flight']:>5}/{bind['window']:<5}{tps:>12}"
                     f"{bind['submitted']:>11}  {carriers:<16}{bind['process']} {note}".rstrip())
    return "\n".join(lines)
