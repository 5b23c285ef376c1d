'use strict';
// An SMSC for the SMPP adapter's tests, on node-smpp's protocol engine (`smpp.createServer`): this script
// only decides binds, answers, receipts, throttling and MO, and records what it accepted.
// Usage: node node_smsc.js PORT CONFIG_JSON RECORD_PATH   (PORT 0: any free port)
// Prints `listening <port>` once ready. Appends one JSON line per bind attempt and per accepted submit_sm
// to RECORD_PATH, written synchronously BEFORE the submit_sm_resp, so a SIGKILL never leaves an answered
// submit unrecorded. Reads JSON commands on stdin ({"mo": {source_addr, destination_addr, text}}) and
// exits when stdin closes (the harness went away).
// Text is node-smpp's decoding (GSM 03.38 with the escape table for data_coding 0, UTF-16BE for 8, the
// UDH split off when esm_class has UDHI): checked correct for €[]{} and surrogate pairs (the harness's tests).
const fs = require('fs');
const crypto = require('crypto');
const readline = require('readline');
const smpp = require('smpp');

const [portArg, configJson, recordPath] = process.argv.slice(2);
const cfg = JSON.parse(configJson);
const record = fs.openSync(recordPath, 'a');
const write = (line) => fs.writeSync(record, JSON.stringify(line) + '\n');
// message ids stay unique across restarts, unless the test gives two peers the same prefix
const prefix = cfg.id_prefix || crypto.randomBytes(4).toString('hex');
let counter = 0;
let submits = 0;
let windowStart = 0;
let windowCount = 0;
const RECORDED_FIELDS = ['source_addr', 'source_addr_ton', 'source_addr_npi', 'destination_addr', 'dest_addr_ton',
  'dest_addr_npi', 'data_coding', 'esm_class', 'registered_delivery'];
const receivers = new Set(); // bound sessions that can take a deliver_sm
const waiting = []; // receipts and MO with no bound receiver yet: delivered on the next bind

function deliver(session, options) {
  const target = receivers.has(session) ? session : receivers.values().next().value;
  if (target) target.deliver_sm(options);
  else waiting.push(options);
}

function refusal(pdu) {
  if (cfg.reject_sources.includes(pdu.source_addr)) return smpp.ESME_RINVSRCADR;
  if (cfg.reject_destinations.includes(pdu.destination_addr)) return smpp.ESME_RINVDSTADR;
  if (cfg.throttle_every && submits % cfg.throttle_every === 0) return smpp.ESME_RTHROTTLED;
  if (cfg.max_tps) {
    const now = Date.now();
    if (now - windowStart >= 1000) [windowStart, windowCount] = [now, 0];
    if (windowCount >= cfg.max_tps) return smpp.ESME_RTHROTTLED;
    windowCount++;
  }
  return 0;
}

function concatOf(udhs) { // (reference, total, sequence) from IEI 0x00 (8-bit ref) or 0x08 (16-bit ref)
  for (const u of udhs || []) {
    if (u[0] === 0x00 && u[1] === 3) return [u[2], u[3], u[4]];
    if (u[0] === 0x08 && u[1] === 4) return [u.readUInt16BE(2), u[4], u[5]];
  }
  return null;
}

const stamp = (d) => d.toISOString().replace(/[-T:]/g, '').slice(2, 12); // YYMMDDhhmm

function receipt(pdu, id, text) {
  const undeliverable = cfg.undeliverable.includes(pdu.destination_addr);
  const asked = pdu.registered_delivery & 0x03; // 1: always, 2: on failure only
  if (cfg.receipts === 'none' || !(asked === 1 || (asked === 2 && undeliverable))) return null;
  const options = {
    source_addr_ton: pdu.dest_addr_ton, source_addr_npi: pdu.dest_addr_npi, source_addr: pdu.destination_addr,
    dest_addr_ton: pdu.source_addr_ton, dest_addr_npi: pdu.source_addr_npi, destination_addr: pdu.source_addr,
    esm_class: 0x04, data_coding: 0, short_message: Buffer.alloc(0),
  };
  if (cfg.receipts !== 'tlv') {
    const now = stamp(new Date());
    // Only characters that read the same in ASCII and GSM 03.38, so either decoding gets the same receipt.
    const excerpt = text.slice(0, 20).replace(/[^A-Za-z0-9 ]/g, '.');
    options.short_message = Buffer.from(`id:${id} sub:001 dlvrd:${undeliverable ? '000' : '001'} submit date:${now}`
      + ` done date:${now} stat:${undeliverable ? 'UNDELIV' : 'DELIVRD'} err:${undeliverable ? '001' : '000'}`
      + ` text:${excerpt}`, 'ascii');
  }
  if (cfg.receipts !== 'text') Object.assign(options, { receipted_message_id: id, message_state: undeliverable ? 5 : 2 });
  return options;
}

function onSubmit(session, pdu) {
  if (!session.systemId) return session.send(pdu.response({ command_status: smpp.ESME_RINVBNDSTS }));
  submits++;
  if (cfg.die_after && submits >= cfg.die_after) process.kill(process.pid, 'SIGKILL'); // mid-burst, unanswered
  const status = refusal(pdu);
  if (status) return session.send(pdu.response({ command_status: status }));
  const short = pdu.short_message;
  const usedPayload = !(short && short.message && short.message.length) && pdu.message_payload !== undefined;
  const body = usedPayload ? pdu.message_payload : short;
  const messageId = prefix + (++counter).toString(16).padStart(6, '0');
  write({ submit: {
    message_id: messageId, system_id: session.systemId,
    ...Object.fromEntries(RECORDED_FIELDS.map((field) => [field, pdu[field]])),
    text: body.message, concat: concatOf(body.udh), used_payload: usedPayload,
  } });
  if (!cfg.answer_submits) return;
  const dlr = receipt(pdu, messageId, body.message);
  if (dlr && cfg.receipt_before_resp) deliver(session, dlr);
  session.send(pdu.response({ message_id: messageId }));
  if (dlr && !cfg.receipt_before_resp) {
    if (cfg.receipt_delay_ms) setTimeout(() => deliver(session, dlr), cfg.receipt_delay_ms);
    else deliver(session, dlr);
  }
}

const server = smpp.createServer((session) => {
  session.on('error', () => {}); // a client that vanishes mid-PDU is normal in these tests
  session.on('close', () => receivers.delete(session));
  for (const kind of ['bind_transceiver', 'bind_receiver', 'bind_transmitter']) {
    session.on(kind, (pdu) => {
      const accepted = pdu.system_id === cfg.system_id && pdu.password === cfg.password;
      write({ bind: { system_id: pdu.system_id, accepted } });
      if (!accepted) {
        const status = pdu.system_id === cfg.system_id ? smpp.ESME_RINVPASWD : smpp.ESME_RINVSYSID;
        return session.send(pdu.response({ command_status: status }), () => session.close());
      }
      session.systemId = pdu.system_id;
      if (cfg.drop_after_bind) return session.send(pdu.response({ system_id: 'ujumbe-smsc' }), () => session.close());
      session.send(pdu.response({ system_id: 'ujumbe-smsc' }));
      if (kind !== 'bind_transmitter') {
        receivers.add(session);
        waiting.splice(0).forEach((options) => session.deliver_sm(options));
      }
    });
  }
  session.on('submit_sm', (pdu) => onSubmit(session, pdu));
  session.on('enquire_link', (pdu) => session.send(pdu.response()));
  session.on('unbind', (pdu) => {
    write({ unbind: { system_id: session.systemId } });
    receivers.delete(session);
    session.send(pdu.response(), () => session.close());
  });
  session.on('unknown', (pdu) => session.send(pdu.response())); // generic_nack ESME_RINVCMDID
});

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const { mo } = JSON.parse(line);
  const gsm = smpp.encodings.ASCII.match(mo.text); // node-smpp's "ASCII" is the GSM 03.38 alphabet
  const bytes = gsm ? smpp.gsmCoder.encode(mo.text, 0) : smpp.encodings.UCS2.encode(mo.text);
  const fits = bytes.length <= (gsm ? 160 : 140);
  deliver(null, {
    source_addr_ton: 1, source_addr_npi: 1, source_addr: mo.source_addr, destination_addr: mo.destination_addr,
    esm_class: 0, data_coding: gsm ? 0 : 8, short_message: fits ? bytes : Buffer.alloc(0),
    ...(fits ? {} : { message_payload: bytes }),
  });
}).on('close', () => process.exit(0));

server.listen(Number(portArg), '127.0.0.1', () => console.log(`listening ${server.address().port}`));
