"""An SMSC for the SMPP adapter's tests on `smpp34.Server`, whose Rust core owns the protocol (binds,
enquire_link, unbind, generic_nack); this script decides answers, receipts, throttling and MO, and records
what it accepted. Same command line, readiness line, record and stdin commands as tests/smsc/node_smsc.js.

smpp34.Server has no bind hook: any system_id and password is accepted, and recorded so. It decodes no text
(`short_message` is raw bytes), so the GSM 03.38 table here is this peer's own, written from 3GPP TS 23.038
§6.2.1 and not shared with the adapter, so that a mistake there is not mirrored here.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import signal
import socket
import sys
import time
from typing import Any

import smpp34

BASIC = ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
         "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà")
EXTENSION = {0x0A: "\f", 0x14: "^", 0x28: "{", 0x29: "}", 0x2F: "\\", 0x3C: "[", 0x3D: "~", 0x3E: "]",
             0x40: "|", 0x65: "€"}
TO_GSM = {c: bytes([i]) for i, c in enumerate(BASIC) if i != 0x1B} | {c: bytes([0x1B, i]) for i, c in EXTENSION.items()}

RECORDED_FIELDS = ("source_addr", "source_addr_ton", "source_addr_npi", "destination_addr", "dest_addr_ton",
                   "dest_addr_npi", "data_coding", "esm_class", "registered_delivery")


def gsm_decode(data: bytes) -> str:
    """Unpacked septets, one a byte; an escape takes the extension table (an unknown one, the basic char)."""
    text = "".join(BASIC[septet & 0x7F] for septet in data)
    return re.sub("\x1b(.)", lambda m: EXTENSION.get(BASIC.index(m[1]), m[1]), text, flags=re.DOTALL)


def split_udh(body: bytes) -> tuple[bytes, tuple[int, int, int] | None]:
    """The text after the UDH, and (reference, total, sequence) from IEI 0x00 (8-bit) or 0x08 (16-bit)."""
    udh, text, concat, i = body[1:1 + body[0]], body[1 + body[0]:], None, 0
    while i + 1 < len(udh):
        iei, size, data = udh[i], udh[i + 1], udh[i + 2:i + 2 + udh[i + 1]]
        if iei == 0x00 and size == 3:
            concat = (data[0], data[1], data[2])
        elif iei == 0x08 and size == 4:
            concat = (int.from_bytes(data[:2], "big"), data[2], data[3])
        i += 2 + size
    return text, concat


class Peer:
    def __init__(self, config: dict[str, Any], record_path: str) -> None:
        self.config = config
        self.record = os.open(record_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        # message ids stay unique across restarts, unless the test gives two peers the same prefix
        self.prefix = config.get("id_prefix") or secrets.token_hex(4)
        self.counter = self.submits = self.window_count = 0
        self.window_start = 0.0
        self.sessions: dict[str, smpp34.Esme] = {}  # bound, by session id
        self.waiting: list[dict[str, Any]] = []  # receipts and MO with no bound receiver yet
        self.tasks: set[asyncio.Task[Any]] = set()
        self.unanswered: list[smpp34.SubmitSmEvent] = []

    def write(self, line: dict[str, Any]) -> None:
        os.write(self.record, (json.dumps(line, ensure_ascii=False) + "\n").encode())

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def deliver(self, session_id: str | None, pdu: dict[str, Any], delay: float = 0.0) -> None:
        """To the submitting session if it can still receive, else another bound receiver, else on the next bind."""
        if delay:
            await asyncio.sleep(delay)
        receivers = {key: esme for key, esme in self.sessions.items() if esme.can_receive}
        esme = receivers.get(session_id or "") or next(iter(receivers.values()), None)
        if esme is None:
            self.waiting.append(pdu)
            return
        try:
            await esme.deliver_sm(**pdu)
        except Exception as error:  # the session went away under us; the test sees the missing receipt
            print(f"deliver_sm failed: {error!r}", file=sys.stderr)

    def refusal(self, event: smpp34.SubmitSmEvent) -> int:
        config = self.config
        if event.source_addr in config["reject_sources"]:
            return smpp34.ESME_RINVSRCADR
        if event.destination_addr in config["reject_destinations"]:
            return smpp34.ESME_RINVDSTADR
        if config["throttle_every"] and self.submits % config["throttle_every"] == 0:
            return smpp34.ESME_RTHROTTLED
        if config["max_tps"]:
            now = time.monotonic()
            if now - self.window_start >= 1.0:
                self.window_start, self.window_count = now, 0
            if self.window_count >= config["max_tps"]:
                return smpp34.ESME_RTHROTTLED
            self.window_count += 1
        return 0

    def receipt(self, event: smpp34.SubmitSmEvent, message_id: str, text: str) -> dict[str, Any] | None:
        config = self.config
        undeliverable = event.destination_addr in config["undeliverable"]
        asked = event.registered_delivery & 0x03  # 1: always, 2: on failure only
        if config["receipts"] == "none" or not (asked == 1 or (asked == 2 and undeliverable)):
            return None
        pdu: dict[str, Any] = {
            "source_addr_ton": event.dest_addr_ton, "source_addr_npi": event.dest_addr_npi,
            "source_addr": event.destination_addr, "destination_addr": event.source_addr,
            "dest_addr_ton": event.source_addr_ton, "dest_addr_npi": event.source_addr_npi,
            "esm_class": 0x04, "data_coding": 0, "short_message": b"",
        }
        if config["receipts"] != "tlv":
            now = time.strftime("%y%m%d%H%M", time.gmtime())
            excerpt = "".join(c if c.isascii() and c.isalnum() or c == " " else "." for c in text[:20])
            state = ("000", "UNDELIV", "001") if undeliverable else ("001", "DELIVRD", "000")
            pdu["short_message"] = (f"id:{message_id} sub:001 dlvrd:{state[0]} submit date:{now} done date:{now}"
                                    f" stat:{state[1]} err:{state[2]} text:{excerpt}").encode("ascii")
        if config["receipts"] != "text":
            pdu["tlvs"] = [smpp34.Tlv(smpp34.TLV_RECEIPTED_MESSAGE_ID, message_id.encode() + b"\0"),
                           smpp34.Tlv(smpp34.TLV_MESSAGE_STATE, bytes([5 if undeliverable else 2]))]
        return pdu

    def on_submit(self, event: smpp34.SubmitSmEvent) -> None:
        self.submits += 1
        if self.config["die_after"] and self.submits >= self.config["die_after"]:
            os.kill(os.getpid(), signal.SIGKILL)  # mid-burst: this submit and those behind it unanswered
        if status := self.refusal(event):
            event.reject(status)
            return
        body, tlvs = event.short_message, {tlv.tag: tlv.value for tlv in event.tlvs}
        used_payload = not body and smpp34.TLV_MESSAGE_PAYLOAD in tlvs
        body = tlvs[smpp34.TLV_MESSAGE_PAYLOAD] if used_payload else body
        body, concat = split_udh(body) if event.esm_class & 0x40 and body else (body, None)
        text = body.decode("utf-16-be", "replace") if event.data_coding == 8 else gsm_decode(body)
        self.counter += 1
        message_id = f"{self.prefix}{self.counter:06x}"
        system_id = getattr(self.sessions.get(event.session_id), "system_id", "")
        self.write({"submit": {"message_id": message_id, "system_id": system_id,
                               **{field: getattr(event, field) for field in RECORDED_FIELDS},
                               "text": text, "concat": concat, "used_payload": used_payload}})
        if not self.config["answer_submits"]:
            self.unanswered.append(event)  # dropped, smpp34 would NAK it with ESME_RSYSERR
            return
        receipt = self.receipt(event, message_id, text)
        if receipt and self.config["receipt_before_resp"]:
            self.spawn(self.receipt_then_answer(event, message_id, receipt))
            return
        event.accept(message_id)
        if receipt:
            self.spawn(self.deliver(event.session_id, receipt, self.config["receipt_delay_ms"] / 1000))

    async def receipt_then_answer(self, event: smpp34.SubmitSmEvent, message_id: str, receipt: dict[str, Any]) -> None:
        await self.deliver(event.session_id, receipt)  # its deliver_sm_resp is back before our resp goes out
        event.accept(message_id)

    async def serve(self, server: smpp34.Server) -> None:
        while True:
            event = await server.next()
            if isinstance(event, smpp34.Esme):
                self.write({"bind": {"system_id": event.system_id, "accepted": True}})  # no password hook
                self.sessions[event.session_id] = event
                if event.can_receive:
                    for pdu in self.waiting:
                        self.spawn(self.deliver(event.session_id, pdu))
                    self.waiting.clear()
            elif isinstance(event, smpp34.Unbound):
                self.write({"unbind": {"system_id": getattr(self.sessions.get(event.session_id), "system_id", "")}})
                self.sessions.pop(event.session_id, None)
            else:
                self.on_submit(event)

    async def commands(self) -> None:
        """`{"mo": {source_addr, destination_addr, text}}` lines until stdin closes."""
        reader = asyncio.StreamReader()
        await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while line := await reader.readline():
            mo = json.loads(line)["mo"]
            gsm = all(c in TO_GSM for c in mo["text"])
            data = b"".join(TO_GSM[c] for c in mo["text"]) if gsm else mo["text"].encode("utf-16-be")
            fits = len(data) <= (160 if gsm else 140)
            self.spawn(self.deliver(None, {
                "source_addr_ton": 1, "source_addr_npi": 1, "source_addr": mo["source_addr"],
                "destination_addr": mo["destination_addr"], "esm_class": 0, "data_coding": 0 if gsm else 8,
                "short_message": data if fits else b"",
                "tlvs": [] if fits else [smpp34.Tlv(smpp34.TLV_MESSAGE_PAYLOAD, data)],
            }))


async def main(port: int, config: dict[str, Any], record_path: str) -> None:
    if port == 0:  # smpp34.Server does not tell which port it got, so pick one first
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    server = smpp34.Server("127.0.0.1", port, system_id="ujumbe-smsc")
    await server.start()
    print(f"listening {port}", flush=True)
    peer = Peer(config, record_path)
    serving = asyncio.create_task(peer.serve(server))
    await peer.commands()
    serving.cancel()
    await server.stop()  # a clean stop: the Rust core is not left running at interpreter exit


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]))
