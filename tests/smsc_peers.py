"""The two SMSC peers the SMPP tests run against, each in its own process on loopback.

`node-smpp` (npm `smpp`, tests/smsc/node_smsc.js) and `smpp34` (`smpp34.Server`, tests/smsc/smpp34_smsc.py)
are protocol engines we did not write; the scripts only decide answers, receipts, throttling and MO. A peer
appends one JSON line per bind attempt and per accepted submit_sm to a record file *before* it answers, so
what it recorded survives a SIGKILL and a restart on the same port (the same file is kept): the tests read
what reached the carrier from there. Fixtures: `smsc_kind` (each kind, skipped with the reason when its
runtime is missing) and `start_smsc` (a factory; every peer stopped at teardown).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

PEER_KINDS = ("node-smpp", "smpp34")
SMSC_DIR = Path(__file__).parent / "smsc"
READY_TIMEOUT = 20.0


@dataclass(frozen=True)
class PeerConfig:
    """What the test decides about the peer. `password` is checked by the node peer only: smpp34.Server has
    no bind hook and accepts any password (so a wrong-password test runs on node-smpp alone)."""

    system_id: str = "ujumbe"
    password: str = "secret"
    # "text": short_message "id:… sub:001 dlvrd:001 submit date:… done date:… stat:DELIVRD err:000 text:…";
    # "tlv": receipted_message_id + message_state TLVs, short_message empty; "both"; "none". A receipt goes
    # out when the submit asked for one (registered_delivery 1, or 2 and the message is undeliverable).
    receipts: str = "text"
    receipt_before_resp: bool = False  # the receipt deliver_sm goes out BEFORE the submit_sm_resp with its id
    receipt_delay_ms: int = 0  # after the submit_sm_resp (not with receipt_before_resp)
    throttle_every: int = 0  # every Nth submit_sm is answered ESME_RTHROTTLED (0 never)
    # Submits beyond this many a second, over all its binds, answered ESME_RTHROTTLED (0 no cap). Counted in
    # fixed one-second windows, each opened by the first submit after the last closed: a client that spends a
    # whole second's allowance at once and then paces evenly is throttled, as by a strict carrier.
    max_tps: int = 0
    reject_sources: tuple[str, ...] = ()  # source_addr values answered ESME_RINVSRCADR (nothing recorded)
    reject_destinations: tuple[str, ...] = ()  # destination_addr values answered ESME_RINVDSTADR
    undeliverable: tuple[str, ...] = ()  # destination_addr values whose receipt says stat:UNDELIV (state 5) err:001
    answer_submits: bool = True  # False: submit_sm recorded but never answered (the client times out)
    die_after: int = 0  # the peer SIGKILLs itself on this submit_sm (neither recorded nor answered): mid-burst
    drop_after_bind: bool = False  # node peer only: answers the bind, then closes the connection
    id_prefix: str = ""  # message ids' prefix (random when empty): two peers given one issue the same ids


@dataclass(frozen=True)
class ReceivedSubmit:
    """One submit_sm the peer accepted, recorded before its resp was written."""

    message_id: str
    system_id: str
    source_addr: str
    source_addr_ton: int
    source_addr_npi: int
    destination_addr: str
    dest_addr_ton: int
    dest_addr_npi: int
    data_coding: int
    esm_class: int
    registered_delivery: int
    text: str  # this part's text as the peer decoded it (UDH stripped; GSM 03.38 with escapes, or UCS-2)
    concat: tuple[int, int, int] | None  # (reference, total, sequence) from the UDH, None if single
    used_payload: bool  # the text came in the message_payload TLV


@dataclass(frozen=True)
class ReceivedMessage:
    """The parts of one concatenated message (same source, destination, reference) joined in sequence order."""

    source_addr: str
    destination_addr: str
    text: str
    parts: int
    message_ids: tuple[str, ...]
    complete: bool


def join_parts(submits: list[ReceivedSubmit]) -> list[ReceivedMessage]:
    """Messages in order of their first part. A part whose sequence its group already holds starts a new
    message (references wrap, and a part sent twice must show, not vanish)."""
    groups: list[dict[int, ReceivedSubmit]] = []
    open_groups: dict[tuple[str, str, int, int], dict[int, ReceivedSubmit]] = {}
    for submit in submits:
        if submit.concat is None:
            groups.append({1: submit})
            continue
        reference, total, sequence = submit.concat
        key = (submit.source_addr, submit.destination_addr, reference, total)
        group = open_groups.get(key)
        if group is None or sequence in group:
            group = open_groups[key] = {}
            groups.append(group)
        group[sequence] = submit
        if len(group) == total:
            del open_groups[key]
    messages = []
    for group in groups:
        parts = [group[sequence] for sequence in sorted(group)]
        first = parts[0]
        total = first.concat[1] if first.concat else 1
        messages.append(ReceivedMessage(
            source_addr=first.source_addr, destination_addr=first.destination_addr,
            text="".join(part.text for part in parts), parts=len(parts),
            message_ids=tuple(part.message_id for part in parts), complete=sorted(group) == list(range(1, total + 1)),
        ))
    return messages


class SmscPeer:
    """One peer process; its record outlives kill() and restart()."""

    def __init__(self, kind: str, config: PeerConfig, workdir: Path) -> None:
        self.kind, self.config, self.host, self.port = kind, config, "127.0.0.1", 0
        self.record_path = workdir / "record.jsonl"
        self.log_path = workdir / "peer.log"
        self.record_path.touch()
        self._process: subprocess.Popen[bytes] | None = None
        self._submits: list[ReceivedSubmit] = []
        self._binds: list[tuple[str, bool]] = []
        self._unbinds = 0
        self._read_to = 0
        self._start()

    @property
    def url(self) -> str:
        return f"smpp://{self.config.system_id}:{self.config.password}@{self.host}:{self.port}"

    def _command(self) -> list[str]:
        config = json.dumps(asdict(self.config))
        if self.kind == "node-smpp":
            return ["node", str(SMSC_DIR / "node_smsc.js"), str(self.port), config, str(self.record_path)]
        return [sys.executable, str(SMSC_DIR / "smpp34_smsc.py"), str(self.port), config, str(self.record_path)]

    def _start(self) -> None:
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(self._command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=log, cwd=SMSC_DIR)
        assert self._process.stdout is not None
        line, deadline = b"", time.monotonic() + READY_TIMEOUT
        while not line.endswith(b"\n"):  # the readiness line, byte by byte: nothing else is ever printed
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self._process.stdout], [], [], max(remaining, 0))
            chunk = os.read(self._process.stdout.fileno(), 1) if ready else b""
            if not chunk:
                self.stop()
                raise RuntimeError(f"{self.kind} SMSC did not start: {self.log_path.read_text()[-2000:]}")
            line += chunk
        word, port = line.decode().split()
        assert word == "listening", line
        self.port = int(port)

    def _read_record(self) -> None:
        with self.record_path.open("rb") as record:
            record.seek(self._read_to)
            data = record.read()
        complete = data[:data.rfind(b"\n") + 1]  # a line being written is read next time
        self._read_to += len(complete)
        for line in complete.splitlines():
            entry = json.loads(line)
            if "bind" in entry:
                self._binds.append((entry["bind"]["system_id"], entry["bind"]["accepted"]))
            elif "unbind" in entry:
                self._unbinds += 1
            else:
                fields = entry["submit"]
                fields["concat"] = tuple(fields["concat"]) if fields["concat"] else None
                self._submits.append(ReceivedSubmit(**fields))

    def received(self) -> list[ReceivedSubmit]:
        """Every accepted submit_sm in arrival order, across restarts."""
        self._read_record()
        return list(self._submits)

    def messages(self) -> list[ReceivedMessage]:
        return join_parts(self.received())

    def binds(self) -> list[tuple[str, bool]]:
        """(system_id, accepted) per bind attempt, across restarts."""
        self._read_record()
        return list(self._binds)

    def unbinds(self) -> int:
        """Unbinds the peer was sent, across restarts (smpp34.Server reports the session's end,
        which an unbind or a closed socket both give)."""
        self._read_record()
        return self._unbinds

    def pause(self) -> None:
        """SIGSTOP: the process answers nothing, its sockets stay open (a hung SMSC, a dead link)."""
        assert self._process is not None
        self._process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self._process is not None
        self._process.send_signal(signal.SIGCONT)

    def send_mo(self, source_addr: str, destination_addr: str, text: str) -> None:
        """A mobile-originated deliver_sm to a bound receiver session (kept until one binds): GSM 03.38 (data
        coding 0) when every character has a septet, else UCS-2 (8); longer than one SMS: in message_payload."""
        assert self._process is not None and self._process.stdin is not None, "the peer is not running"
        mo = {"source_addr": source_addr, "destination_addr": destination_addr, "text": text}
        self._process.stdin.write(json.dumps({"mo": mo}).encode() + b"\n")
        self._process.stdin.flush()

    @property
    def pid(self) -> int | None:
        """The running peer's process id (the SMPP bench reads its CPU from /proc); None when stopped."""
        return self._process.pid if self._process is not None else None

    @property
    def died(self) -> bool:
        """The process ended by itself (`die_after`)."""
        return self._process is not None and self._process.poll() is not None

    def kill(self) -> None:
        """SIGKILL: no unbind, sockets reset, what it recorded stays."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._close_pipes()

    def restart(self, config: PeerConfig | None = None) -> None:
        """Start again on the same port with the same record (a new message-id prefix), with
        `config` instead when given (a peer that died by `die_after` comes back healthy)."""
        self.kill()
        self.config = config or self.config
        self._start()

    def stop(self) -> None:
        if self._process is None:
            return
        if self._process.stdin is not None:
            self._process.stdin.close()  # the peer exits when its stdin closes
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._close_pipes()

    def _close_pipes(self) -> None:
        assert self._process is not None
        for pipe in (self._process.stdin, self._process.stdout):
            if pipe is not None and not pipe.closed:
                pipe.close()
        self._process = None


def missing_runtime(kind: str) -> str | None:
    """Why this kind of peer cannot start here, or None."""
    if kind == "node-smpp":
        if shutil.which("node") is None:
            return "node-smpp peer: no `node` on PATH"
        if not (SMSC_DIR / "node_modules" / "smpp").is_dir():
            return "node-smpp peer: tests/smsc/node_modules missing (`make test` runs `npm ci --prefix tests/smsc`)"
        return None
    try:
        import smpp34  # noqa: F401
    except ImportError as error:
        return f"smpp34 peer: smpp34 not importable ({error})"
    return None


@pytest.fixture(params=PEER_KINDS)
def smsc_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    if reason := missing_runtime(kind):
        pytest.skip(reason)
    return kind


@pytest.fixture
def start_smsc(tmp_path: Path) -> Iterator[Callable[..., SmscPeer]]:
    peers: list[SmscPeer] = []

    def start(kind: str, config: PeerConfig = PeerConfig()) -> SmscPeer:
        if reason := missing_runtime(kind):
            pytest.skip(reason)
        workdir = tmp_path / f"smsc-{len(peers)}-{kind}"
        workdir.mkdir()
        peer = SmscPeer(kind, config, workdir)
        peers.append(peer)
        return peer

    yield start
    for peer in peers:
        peer.stop()
