"""ujumbe SMPP benchmark (`make bench` runs it after the others): messages per second to an SMSC on loopback.

The SMSC is the node-smpp peer the SMPP tests use (tests/smsc/node_smsc.js, started by the tests'
`SmscPeer`, its own process), with delivery receipts on: every submit_sm asks for one and the peer
sends it right after its submit_sm_resp. Everything below is measured in one run, against that peer:

1. ceiling   a bare client in this process at window 64: bind_transceiver over asyncio streams with
             the `smpp.pdu` codec, 64 submit_sm kept in flight, each submit_sm_resp sending the next,
             each deliver_sm answered. No routing, no idempotency memory, no receipts handed on. Every
             other rate is given as a ratio of this one (measured at the start and at the end);
2. adapter   `SmppGateway` in this process, no HTTP and no database (its listener only counts the
             receipts), fed by `application.submission.submit_all` as a bulk is: windows 1, 8 and 64
             on one bind, then two binds of 64 to the same peer (distinct `name=`);
3. HTTP      `ujumbe serve --no-worker` with `UJUMBE_GATEWAY=smpp://…` on a fresh embedded PostgreSQL:
             single sends (`POST /v1/sms/`, N clients at once) with what reached the peer counted from
             its record over the same phase; bulks of 1000 (`POST /v1/sms/bulk`, one at a time) through
             one bind at window 64 and, after a restart with another setting, through two binds; and a
             campaign to `--campaign` contacts run by a `ujumbe worker` bound through the one-bind setting.

Each phase also gives its CPU per message: this process (the client, or the adapter), the server's
processes, PostgreSQL's and the peer's (from /proc, so Linux only). Bounded: every phase stops at its
count or after `--limit` seconds, and the peer, the server and the temporary directory are removed.
See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from smpp.pdu import operations
from smpp.pdu.pdu_encoding import PDUEncoder
from smpp.pdu.pdu_types import (
    AddrNpi,
    AddrTon,
    CommandId,
    CommandStatus,
    RegisteredDelivery,
    RegisteredDeliveryReceipt,
)

sys.path += [str(Path(__file__).parent), str(Path(__file__).parent.parent / "tests")]  # the bench's and tests' helpers

from campaign import cpu_seconds, run_campaign, seed_contacts, start_worker
from run import (
    Account,
    CpuMeter,
    LeanClient,
    free_port,
    serve,
    start_server,
    stop,
    wait_until_healthy,
)
from smsc_peers import PeerConfig, SmscPeer, missing_runtime

from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.system import SystemClock
from application.ports import DeliveryReport, InboundSms, OutboundSms
from application.submission import submit_all
from domain.submits import Answer

WINDOW = 64
TARGET_SINGLE_PER_SECOND = 1000
TARGET_BULK_PER_SECOND = 3000
TEXT = "Habari, oda {} iko tayari."  # one GSM-7 part, as the other benches send


def number(i: int) -> str:
    return f"+2557{12000000 + i % 8000000:08d}"


@dataclass
class Phase:
    name: str
    messages: int  # accepted by the peer (submit_sm_resp ESME_ROK) in the phase
    seconds: float
    ceiling_per_s: float = 0.0  # filled in by the report
    arrived: int | None = None  # HTTP phases: submits the peer recorded during the phase
    late: int | None = None  # ... and after the clients were answered (should be none)
    client_cpu_us: float = 0.0  # CPU per message, µs: this process, the server, PostgreSQL, the peer
    server_cpu_us: float = 0.0
    db_cpu_us: float = 0.0
    peer_cpu_us: float = 0.0
    notes: dict[str, object] = field(default_factory=dict)

    @property
    def per_second(self) -> float:
        return self.messages / self.seconds if self.seconds else 0.0

    @property
    def arrived_per_second(self) -> float | None:
        return self.arrived / self.seconds if self.arrived is not None and self.seconds else None


class Meter:
    """CPU seconds so far of this process, the server's processes, PostgreSQL's and the peer's."""

    def __init__(self, peer: SmscPeer | None, server: CpuMeter | None = None) -> None:
        self.peer, self.server = peer, server

    def sample(self) -> tuple[float, float, float, float]:
        server, db = self.server.sample() if self.server is not None else (0.0, 0.0)
        pid = self.peer.pid if self.peer is not None else None
        return time.process_time(), server, db, cpu_seconds(pid) if pid is not None else 0.0


PROFILE: dict[str, str] = {}  # `--profile DIR`: {"dir": DIR, "py_spy": path}; the server's pid while it runs


def _py_spy(out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([PROFILE["py_spy"], "record", "-p", PROFILE["server"], "-r", "200", "-f", "raw",
                             "--nonblocking", "-o", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def metered(meter: Meter, limit_s: float, run: Awaitable[Phase]) -> Phase:
    """The phase, bounded by `limit_s` (plus a margin for its last answers), with its CPU per message;
    with `--profile`, a py-spy record of the server over the phase (raw collapsed stacks)."""
    profiler = None
    if PROFILE.get("server"):
        out = Path(PROFILE["dir"]) / f"{len(list(Path(PROFILE['dir']).glob('*.txt'))):02d}.txt"
        profiler = _py_spy(out)
        await asyncio.sleep(0.5)  # attached
    before = meter.sample()
    try:
        phase = await asyncio.wait_for(run, limit_s + 30)
    finally:
        after = meter.sample()
        if profiler is not None:
            profiler.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            try:
                profiler.wait(timeout=20)
            except subprocess.TimeoutExpired:
                profiler.kill()
    if profiler is not None:
        out.rename(out.with_name(f"{out.stem} {phase.name}.txt"))
    if phase.messages:
        phase.client_cpu_us, phase.server_cpu_us, phase.db_cpu_us, phase.peer_cpu_us = (
            (b - a) * 1e6 / phase.messages for a, b in zip(before, after, strict=True))
    print(f"  {phase.name}: {phase.messages} in {phase.seconds:.2f} s, {phase.per_second:.0f}/s", file=sys.stderr)
    return phase


def recorded(peer: SmscPeer) -> int:
    """Submits the peer has recorded so far (one line each, written before its submit_sm_resp)."""
    with peer.record_path.open("rb") as record:
        return sum(line.startswith(b'{"submit"') for line in record)


# --- 1. the ceiling: a bare client ------------------------------------------------------------------

_CODEC = PDUEncoder()
_RECEIPT = RegisteredDelivery(RegisteredDeliveryReceipt.SMSC_DELIVERY_RECEIPT_REQUESTED)


async def _read(reader: asyncio.StreamReader) -> object:
    header = await reader.readexactly(16)
    length = struct.unpack(">I", header[:4])[0]
    return _CODEC.decode(io.BytesIO(header + await reader.readexactly(length - 16)))


async def bare_client(peer: SmscPeer, count: int, window: int, limit_s: float) -> Phase:
    """bind_transceiver, then `window` submit_sm in flight until `count` are answered."""
    reader, writer = await asyncio.open_connection(peer.host, peer.port)
    writer.write(_CODEC.encode(operations.BindTransceiver(
        seqNum=1, system_id=peer.config.system_id, password=peer.config.password, system_type="",
        interface_version=0x34, addr_ton=None, addr_npi=None, address_range=None)))
    bound = await asyncio.wait_for(_read(reader), 10)
    if bound.id != CommandId.bind_transceiver_resp or bound.status != CommandStatus.ESME_ROK:  # type: ignore[attr-defined]
        raise SystemExit(f"ceiling: bind refused: {bound}")
    sent = answered = accepted = receipts = 0

    def submit_next() -> None:
        nonlocal sent
        writer.write(_CODEC.encode(operations.SubmitSM(
            seqNum=sent + 2, source_addr_ton=AddrTon.ALPHANUMERIC, source_addr_npi=AddrNpi.UNKNOWN,
            source_addr=b"UJUMBE", dest_addr_ton=AddrTon.INTERNATIONAL, dest_addr_npi=AddrNpi.ISDN,
            destination_addr=number(sent).lstrip("+").encode(), registered_delivery=_RECEIPT,
            short_message=TEXT.format(sent).encode())))
        sent += 1

    started = time.perf_counter()
    deadline = started + limit_s
    for _ in range(min(window, count)):
        submit_next()
    try:
        while answered < sent:
            pdu: object = await asyncio.wait_for(_read(reader), 10)
            command = pdu.id  # type: ignore[attr-defined]
            if command == CommandId.submit_sm_resp:
                answered += 1
                accepted += pdu.status == CommandStatus.ESME_ROK  # type: ignore[attr-defined]
                if sent < count and time.perf_counter() < deadline:
                    submit_next()
            elif command == CommandId.deliver_sm:
                receipts += 1
                writer.write(_CODEC.encode(operations.DeliverSMResp(seqNum=pdu.seqNum)))  # type: ignore[attr-defined]
            elif command == CommandId.enquire_link:
                writer.write(_CODEC.encode(operations.EnquireLinkResp(seqNum=pdu.seqNum)))  # type: ignore[attr-defined]
        seconds = time.perf_counter() - started
        writer.write(_CODEC.encode(operations.Unbind(seqNum=sent + 2)))
        while True:  # the receipts still coming are answered until the unbind_resp
            pdu = await asyncio.wait_for(_read(reader), 10)
            if pdu.id == CommandId.unbind_resp:  # type: ignore[attr-defined]
                break
            if pdu.id == CommandId.deliver_sm:  # type: ignore[attr-defined]
                receipts += 1
                writer.write(_CODEC.encode(operations.DeliverSMResp(seqNum=pdu.seqNum)))  # type: ignore[attr-defined]
    finally:
        writer.close()
    return Phase(f"ceiling: bare client, window {window}", accepted, seconds,
                 notes={"receipts_before_unbind": receipts})


# --- 2. the adapter alone -------------------------------------------------------------------------

class CountingListener:
    """The gateway's listener, with no database behind it: it only counts what it is handed."""

    def __init__(self) -> None:
        self.reports = 0

    async def delivery_reports(self, reports: Sequence[DeliveryReport]) -> None:
        self.reports += len(reports)

    async def inbound_sms(self, sms: InboundSms) -> None:
        pass


async def adapter(name: str, setting: str, count: int, limit_s: float, tag: str) -> Phase:
    """`count` one-part SMS through `submit_all(gateway, batch, gateway.window)`, as a bulk hands them over."""
    listener = CountingListener()
    gateway = SmppGateway(parse_binds(setting), default_sender="UJUMBE", clock=SystemClock(), listener=listener)
    try:
        if not await gateway.wait_bound(10):
            raise SystemExit(f"{name}: not bound: {gateway.status()}")
        batch = [OutboundSms(message_id=f"{tag}-{i}", account_id=None, to=number(i), sender="UJUMBE",
                             text=TEXT.format(i)) for i in range(count)]
        started = time.perf_counter()
        results: list[Answer] = []
        deadline = started + limit_s
        for chunk in range(0, count, 1000):  # in bulk-sized batches, so the time limit can cut in
            results += [r.kind for r in await submit_all(gateway, batch[chunk:chunk + 1000], gateway.window)]
            if time.perf_counter() > deadline:
                break
        seconds = time.perf_counter() - started
        accepted = results.count(Answer.ACCEPTED)
        if accepted != len(results):
            raise SystemExit(f"{name}: {len(results) - accepted} of {len(results)} not accepted")
        receipts_by = time.perf_counter() + 10
        while listener.reports < accepted and time.perf_counter() < receipts_by:
            await asyncio.sleep(0.02)
        return Phase(name, accepted, seconds, notes={"receipts_handed_on": listener.reports})
    finally:
        await gateway.close()


# --- 3. from HTTP ---------------------------------------------------------------------------------

async def http_singles(base: str, account: Account, peer: SmscPeer, count: int, concurrency: int,
                       limit_s: float, name: str) -> Phase:
    """`POST /v1/sms/` from `concurrency` clients; what the peer recorded over the same phase."""
    answered = 0
    async with LeanClient(base, concurrency) as client:
        at_start = recorded(peer)
        started = time.perf_counter()
        deadline = started + limit_s
        indexes = iter(range(count))

        async def worker() -> None:
            nonlocal answered
            for i in indexes:
                if time.perf_counter() > deadline:
                    return
                status, answer = await client.post("/v1/sms/", {"X-API-Key": account.key},
                                                   {"to": number(i), "message": TEXT.format(i)})
                if status != 200 or json.loads(answer)["data"]["status"] != "sent":
                    raise SystemExit(f"{name}: unexpected answer {status} {answer[:300]!r}")
                answered += 1

        await asyncio.gather(*(worker() for _ in range(concurrency)))
        seconds = time.perf_counter() - started
        arrived = recorded(peer) - at_start
    late_by = time.perf_counter() + 2  # anything still on its way (none expected: "sent" means answered)
    while recorded(peer) - at_start < answered and time.perf_counter() < late_by:
        await asyncio.sleep(0.05)
    return Phase(name, answered, seconds, arrived=arrived, late=recorded(peer) - at_start - arrived)


async def http_bulks(base: str, account: Account, peer: SmscPeer, rounds: int, limit_s: float, name: str) -> Phase:
    """`POST /v1/sms/bulk` of 1000 distinct numbers, one request at a time."""
    sent = 0
    latencies: list[float] = []
    async with LeanClient(base, 1) as client:
        at_start = recorded(peer)
        started = time.perf_counter()
        for i in range(rounds):
            if time.perf_counter() - started > limit_s:
                break
            t0 = time.perf_counter()
            status, answer = await client.post("/v1/sms/bulk", {"X-API-Key": account.key}, {
                "to": [number(i * 1000 + n) for n in range(1000)], "message": f"Ofa {i}: punguzo la 20% leo!"})
            latencies.append(time.perf_counter() - t0)
            data = json.loads(answer).get("data") if status == 200 else None
            if not data or data["sent"] != 1000:
                raise SystemExit(f"{name}: unexpected answer {status} {answer[:300]!r}")
            sent += data["sent"]
        seconds = time.perf_counter() - started
        arrived = recorded(peer) - at_start
    return Phase(name, sent, seconds, arrived=arrived, late=recorded(peer) - at_start - arrived,
                 notes={"request_ms": sorted(round(s * 1000) for s in latencies)})


async def http_campaign(served_url: str, base: str, data_dir: Path, account: Account, peer: SmscPeer, meter: Meter,
                        size: int, gateway: str, limit_s: float, name: str) -> Phase:
    """A campaign to `size` contacts (written with COPY, not timed) from `POST /v1/campaigns` to
    `completed`, run by a `ujumbe worker` bound to the peer through `gateway`. Its CPU: the API
    server's and the worker's (as `server`), PostgreSQL's and the peer's."""
    list_id = seed_contacts(served_url, account.id, size)
    binds_before = len(peer.binds())
    worker = start_worker(data_dir, data_dir / "worker.log", env_extra=gateway_env(gateway))
    try:
        bound_by = time.perf_counter() + 30
        while len(peer.binds()) == binds_before:  # the worker's bind is not the campaign's time
            if time.perf_counter() > bound_by or worker.poll() is not None:
                raise SystemExit(f"{name}: the worker did not bind")
            await asyncio.sleep(0.05)
        _, server_before, db_before, peer_before = meter.sample()
        worker_before, at_start = cpu_seconds(worker.pid), recorded(peer)
        seconds, data = await run_campaign(base, account.key, list_id, limit_s + 60)
        _, server_after, db_after, peer_after = meter.sample()
        worker_cpu = cpu_seconds(worker.pid) - worker_before
        arrived = recorded(peer) - at_start
    finally:
        stop(worker)
    sent = int(data["sent_count"])
    if data["status"] != "completed" or sent != size:
        raise SystemExit(f"{name}: {data['status']} with {sent} of {size} sent")
    return Phase(name, sent, seconds, arrived=arrived, late=0,
                 server_cpu_us=(server_after - server_before + worker_cpu) * 1e6 / sent,
                 db_cpu_us=(db_after - db_before) * 1e6 / sent, peer_cpu_us=(peer_after - peer_before) * 1e6 / sent,
                 notes={"create_request_s": data["created_s"]})


def gateway_env(gateway: str) -> dict[str, str]:
    """The bench's SMSC peer is real SMPP; payments stay with the simulator, on purpose."""
    return {"UJUMBE_GATEWAY": gateway, "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}


async def restart_with(data_dir: Path, running: list[subprocess.Popen[bytes]], gateway: str) -> tuple[str, CpuMeter]:
    """Stop the server and serve the same data directory (accounts kept) with another UJUMBE_GATEWAY."""
    stop(running[0])
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(data_dir, port, 1, env_extra=gateway_env(gateway))
    running[0] = server
    await wait_until_healthy(base, server, data_dir / "server.log")
    return base, CpuMeter(server.pid, data_dir)


# --- report ---------------------------------------------------------------------------------------

def report(phases: list[Phase], ceilings: list[Phase], concurrency: int) -> str:
    ceiling = max(c.per_second for c in ceilings)
    lines = [
        f"ujumbe SMPP bench: {os.cpu_count()} CPU(s), node-smpp peer on loopback, receipts on; "
        f"ceiling = bare client at window {WINDOW}: " + " / ".join(f"{c.per_second:.0f}" for c in ceilings)
        + f" msg/s (start / end; the higher, {ceiling:.0f}, is the ratios' base)",
        "",
        (f"{'phase':<44}{'msgs':>7}{'msg/s':>8}{'÷ceil':>7}{'arrived/s':>10}{'late':>5}"
         f"{'self':>7}{'server':>7}{'PG':>6}{'peer':>6}{'total':>7}   (CPU µs per message)"),
    ]
    for p in [*ceilings, *phases]:
        p.ceiling_per_s = ceiling
        arrived = p.arrived_per_second
        total = p.client_cpu_us + p.server_cpu_us + p.db_cpu_us + p.peer_cpu_us
        lines.append(
            f"{p.name:<44}{p.messages:>7}{p.per_second:>8.0f}{p.per_second / ceiling:>7.2f}"
            f"{'' if arrived is None else f'{arrived:.0f}':>10}{'' if p.late is None else p.late:>5}"
            f"{p.client_cpu_us:>7.0f}{p.server_cpu_us:>7.0f}{p.db_cpu_us:>6.0f}{p.peer_cpu_us:>6.0f}{total:>7.0f}")
    by = {p.name: p for p in phases}
    lines += ["", "ratios (same run)"]

    def ratio(label: str, a: str, b: str | float) -> None:
        if a in by and (not isinstance(b, str) or b in by):
            base = by[b].per_second if isinstance(b, str) else b
            lines.append(f"  {label:<66}{by[a].per_second / base:6.2f}")

    single, single1 = f"HTTP single sends, {concurrency} clients, 1 bind", "HTTP single sends, 1 client, 1 bind"
    if (arrived := by[single].arrived_per_second if single in by else None) is not None:
        lines.append(f"  {'HTTP single sends: arrived at the peer / accepted (target ≈ 1)':<66}"
                     f"{arrived / by[single].per_second:6.2f}")
    ratio(f"HTTP single sends/s / target {TARGET_SINGLE_PER_SECOND}/s", single, TARGET_SINGLE_PER_SECOND)
    ratio("HTTP single sends/s through SMPP / through the simulator", single,
          f"HTTP single sends, {concurrency} clients, simulator")
    ratio("  the same from 1 client", single1, "HTTP single sends, 1 client, simulator")
    for binds in (f"1 bind, window {WINDOW}", f"2 binds, window {WINDOW}"):
        ratio(f"HTTP bulk, {binds}: msg/s / target {TARGET_BULK_PER_SECOND}/s", f"HTTP bulk of 1000, {binds}",
              TARGET_BULK_PER_SECOND)
        ratio(f"HTTP bulk, {binds}: msg/s / ceiling", f"HTTP bulk of 1000, {binds}", ceiling)
    ratio("HTTP bulk, 1 bind / the same bulk through the simulator", f"HTTP bulk of 1000, 1 bind, window {WINDOW}",
          "HTTP bulk of 1000, simulator")
    for campaign in [p.name for p in phases if p.name.startswith("campaign of")]:
        ratio(f"{campaign.partition(',')[0]}: msg/s / target {TARGET_BULK_PER_SECOND}/s", campaign,
              TARGET_BULK_PER_SECOND)
        ratio(f"{campaign.partition(',')[0]}: msg/s / ceiling", campaign, ceiling)
    ratio(f"adapter, window {WINDOW} / ceiling (the adapter's own cost)", f"adapter, 1 bind, window {WINDOW}", ceiling)
    ratio("adapter, 2 binds / 1 bind", f"adapter, 2 binds, window {WINDOW} each", f"adapter, 1 bind, window {WINDOW}")
    ratio("adapter, window 1 / bare client, window 1", "adapter, 1 bind, window 1", "ceiling: bare client, window 1")
    return "\n".join(lines)


async def http_phases(root: Path, peer: SmscPeer, args: argparse.Namespace) -> list[Phase]:
    """One server, restarted on the same data directory for each UJUMBE_GATEWAY: one bind, two binds, and
    the simulator (the same sends without SMPP, for reference)."""
    one, two = f"{peer.url}?window={WINDOW}&name=one", f"{peer.url}?window={WINDOW}&name=one,{peer.url}?window={WINDOW}&name=two"
    sends, limit, clients = min(args.sends, 5000), args.limit, args.concurrency
    served = await serve(root / "server", 1, ["warmup", "single", "single1", "bulk1", "bulk2", "campaign",
                                              "sim_single", "sim_single1", "sim_bulk"], env_extra=gateway_env(one))
    server, accounts, phases = [served.server], served.accounts, []
    PROFILE["server"] = str(served.server.pid) if "dir" in PROFILE else ""
    try:
        base, meter = served.base, Meter(peer, served.meter)
        for gateway, label in ((one, "1 bind"), (two, "2 binds"), ("simulator", "simulator")):
            if gateway is not one:
                base, cpu = await restart_with(root / "server", server, gateway)
                PROFILE["server"] = str(server[0].pid) if "dir" in PROFILE else ""
                meter = Meter(peer if gateway != "simulator" else None, cpu)
            print(f"SMPP bench: HTTP through {label}: warming up", file=sys.stderr)
            await http_singles(base, accounts["warmup"], peer, 300, clients, limit, "warm-up")
            await http_bulks(base, accounts["warmup"], peer, 1, limit, "warm-up")
            prefix = "sim_" if gateway == "simulator" else ""
            if gateway is not two:
                phases.append(await metered(meter, limit, http_singles(
                    base, accounts[prefix + "single"], peer, sends, clients, limit,
                    f"HTTP single sends, {clients} clients, {label}")))
                phases.append(await metered(meter, limit, http_singles(
                    base, accounts[prefix + "single1"], peer, args.sequential, 1, limit,
                    f"HTTP single sends, 1 client, {label}")))
            phases.append(await metered(meter, limit, http_bulks(
                base, accounts[prefix + ("bulk" if prefix else "bulk1" if gateway is one else "bulk2")], peer,
                args.bulks, limit, f"HTTP bulk of 1000, {label}" + (f", window {WINDOW}" if prefix == "" else ""))))
            if gateway is one and args.campaign:
                phases.append(await http_campaign(
                    served.url, base, root / "server", accounts["campaign"], peer, meter, args.campaign, one, limit,
                    f"campaign of {args.campaign}, 1 bind, window {WINDOW}"))
    finally:
        PROFILE.pop("server", None)
        stop(server[0])
    for phase in phases:
        if "simulator" in phase.name:
            phase.arrived = phase.late = None  # nothing goes to the peer
    return phases


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=6000, help="messages per ceiling and adapter phase")
    parser.add_argument("--window1", type=int, default=500, help="messages of the adapter's window-1 phase")
    parser.add_argument("--sends", type=int, default=3000, help="single sends over HTTP per phase (at most 5000: "
                        "an enterprise account may make 6000 requests a minute)")
    parser.add_argument("--sequential", type=int, default=200, help="single sends over HTTP from 1 client")
    parser.add_argument("--concurrency", type=int, default=32, help="HTTP clients sending single sends at once")
    parser.add_argument("--bulks", type=int, default=6, help="bulk requests of 1000 per HTTP bulk phase")
    parser.add_argument("--limit", type=float, default=20, help="seconds at most per phase")
    parser.add_argument("--campaign", type=int, default=10_000, help="contacts of the campaign run through one bind"
                        " by a `ujumbe worker` (0: no campaign phase)")
    parser.add_argument("--receipts", default="text", choices=["text", "tlv", "both", "none"],
                        help="what the peer sends as receipts (node_smsc.js's `receipts`); `none` to see their cost")
    parser.add_argument("--no-adapter", action="store_true", help="skip the adapter-alone phases")
    parser.add_argument("--no-http", action="store_true", help="skip the phases over HTTP")
    parser.add_argument("--json", dest="json_path", help="also write the results to this file")
    parser.add_argument("--profile", metavar="DIR", help="py-spy records of the server, one per HTTP phase, in DIR "
                        "(collapsed stacks; py-spy on PATH or --py-spy)")
    parser.add_argument("--py-spy", default=shutil.which("py-spy") or "py-spy", help="the py-spy to use")
    args = parser.parse_args()
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
        PROFILE.update(dir=args.profile, py_spy=args.py_spy)
    if reason := missing_runtime("node-smpp"):
        raise SystemExit(f"SMPP bench: {reason}")
    n, limit = args.messages, args.limit

    with tempfile.TemporaryDirectory(prefix="ujumbe-bench-smpp-") as tmp:
        root = Path(tmp)
        (root / "peer").mkdir()
        peer = SmscPeer("node-smpp", PeerConfig(receipts=args.receipts), root / "peer")
        try:
            meter = Meter(peer)
            print("SMPP bench: the peer's ceiling", file=sys.stderr)
            await bare_client(peer, 2000, WINDOW, limit)  # warm-up
            ceilings = [await metered(meter, limit, bare_client(peer, n, WINDOW, limit))]
            phases = [await metered(meter, limit, bare_client(peer, args.window1, 1, limit))]
            if not args.no_adapter:
                for window in (1, 8, WINDOW):
                    phases.append(await metered(meter, limit, adapter(
                        f"adapter, 1 bind, window {window}", f"{peer.url}?window={window}",
                        args.window1 if window == 1 else n, limit, f"w{window}")))
                phases.append(await metered(meter, limit, adapter(
                    f"adapter, 2 binds, window {WINDOW} each",
                    f"{peer.url}?window={WINDOW}&name=one,{peer.url}?window={WINDOW}&name=two", n, limit, "two")))
            if not args.no_http:
                phases += await http_phases(root, peer, args)
            ceilings.append(await metered(meter, limit, bare_client(peer, n, WINDOW, limit)))
            ceilings[0].name += " (start)"
            ceilings[1].name += " (end)"
        finally:
            peer.stop()
    print(report(phases, ceilings, args.concurrency))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps([
            {**asdict(p), "per_second": p.per_second, "ratio_to_ceiling": p.per_second / p.ceiling_per_s,
             "arrived_per_second": p.arrived_per_second} for p in [*ceilings, *phases]], indent=2))


if __name__ == "__main__":
    asyncio.run(main())
