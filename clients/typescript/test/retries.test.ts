// Retries against a loopback proxy in front of the live app that refuses, or loses the answer
// to, the first attempts: the client tries again with the same Idempotency-Key, and the carrier
// (the gateway simulator) gets each SMS once.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, test } from "node:test";

import { ApiError, NetworkError, Ujumbe } from "@ujumbe/client";

import { accessToken, apiKey, baseUrl, freshNumber, carrierReceived } from "./support.js";

/** What the proxy does with one request: refuse it, pass it on, pass it on and drop the answer
 * (the connection is cut after the app has done the work), or never answer. */
type Move = { refuse: 429 | 503; retryAfter: string } | "in-progress" | "forward" | "forward-then-cut" | "hang";

interface Attempt { method: string; path: string; idempotencyKey: string | undefined; replayed: string | null }

let script: Move[] = [];
const attempts: Attempt[] = [];
const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

async function forward(req: IncomingMessage): Promise<Response> {
  const body = Buffer.concat(await req.toArray());
  const headers = Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)) as [string, string][];
  return fetch(`${baseUrl}${req.url}`, { method: req.method!, headers, ...(body.length ? { body } : {}) });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const move = script.shift() ?? "forward";
  const attempt: Attempt = { method: req.method!, path: req.url!, replayed: null,
                             idempotencyKey: req.headers["idempotency-key"] as string | undefined };
  attempts.push(attempt);
  if (move === "hang") return;
  if (move === "in-progress") {
    res.writeHead(409, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ success: false, data: null,
                             error: { code: "request_in_progress", message: "The first request is still running." },
                             request_id: crypto.randomUUID(), timestamp: new Date().toISOString() }));
    return;
  }
  if (typeof move === "object") {
    const code = move.refuse === 429 ? "rate_limit_exceeded" : "service_unavailable";
    res.writeHead(move.refuse, { "Content-Type": "application/json", "Retry-After": move.retryAfter });
    res.end(JSON.stringify({ success: false, data: null, error: { code, message: "Try again later." },
                             request_id: crypto.randomUUID(), timestamp: new Date().toISOString() }));
    return;
  }
  const answer = await forward(req);
  const body = Buffer.from(await answer.arrayBuffer());
  attempt.replayed = answer.headers.get("Idempotent-Replay");
  if (move === "forward-then-cut") {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" });
  res.end(body);
}

const proxy = createServer((req, res) => void handle(req, res));
let proxyUrl: string;

before(async () => {
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
after(() => { proxy.closeAllConnections(); proxy.close(); });
beforeEach(() => { script = []; attempts.length = 0; });

const fast = { baseDelayMs: 50, maxDelayMs: 200 };

test("a send refused with 503 and then 429 is sent after the waits asked, once, under one key", async () => {
  script = [{ refuse: 503, retryAfter: "1" }, { refuse: 429, retryAfter: "1" }];
  const to = freshNumber();
  const started = Date.now();

  const sent = await new Ujumbe({ baseUrl: proxyUrl, apiKey }).sendSms({ to, message: "Habari" });

  assert.equal(sent.status, "sent");
  assert.ok(Date.now() - started >= 2000, "Retry-After is waited for before each retry");
  assert.equal(attempts.length, 3);
  assert.equal(new Set(attempts.map((a) => a.idempotencyKey)).size, 1);
  assert.ok(attempts[0]!.idempotencyKey);
  assert.equal(await carrierReceived(to), 1);
});

test("a send whose answer is lost is retried and answered from the first send: the carrier gets it once", async () => {
  script = ["forward-then-cut"];
  const to = freshNumber();

  const sent = await new Ujumbe({ baseUrl: proxyUrl, apiKey, retry: fast }).sendSms({ to, message: "Habari" });

  assert.equal(sent.status, "sent");
  assert.deepEqual(attempts.map((a) => a.replayed), [null, "true"]);
  assert.equal(attempts[0]!.idempotencyKey, attempts[1]!.idempotencyKey);
  assert.equal(await carrierReceived(to), 1);
  const { messages } = await new Ujumbe({ baseUrl, apiKey }).messageLogs({ search: to });
  assert.deepEqual(messages.map((m) => m.message_id), [sent.message_id]);
});

test("a bulk send whose answer is lost reaches each number once", async () => {
  script = ["forward-then-cut"];
  const numbers = [freshNumber(), freshNumber()];

  const bulk = await new Ujumbe({ baseUrl: proxyUrl, apiKey, retry: fast }).sendBulkSms({ to: numbers, message: "Ofa" });

  assert.equal(bulk.sent, 2);
  assert.equal(attempts.length, 2);
  assert.deepEqual(await Promise.all(numbers.map(carrierReceived)), [1, 1]);
});

test("a campaign creation refused once keeps its key on the retry", async () => {
  const dashboard = new Ujumbe({ baseUrl, accessToken });
  const { data: list } = await dashboard.api.POST("/v1/contact-lists", { body: { name: `Orodha ${Date.now()}` } });
  script = [{ refuse: 503, retryAfter: "0" }];

  const campaign = await new Ujumbe({ baseUrl: proxyUrl, apiKey, retry: fast })
    .createCampaign({ name: "Retry", message: "Habari", contact_list_id: list!.data.id });

  assert.equal(campaign.contact_list_id, list!.data.id);
  assert.equal(attempts.length, 2);
  assert.ok(attempts[0]!.idempotencyKey && attempts[0]!.idempotencyKey === attempts[1]!.idempotencyKey);
});

test("a send whose first try is still running is asked again until its answer is there", async () => {
  script = ["in-progress", "in-progress"];
  const to = freshNumber();

  const sent = await new Ujumbe({ baseUrl: proxyUrl, apiKey, retry: fast }).sendSms({ to, message: "Habari" });

  assert.equal(sent.status, "sent");
  assert.equal(attempts.length, 3);
  assert.equal(new Set(attempts.map((a) => a.idempotencyKey)).size, 1);
  assert.equal(await carrierReceived(to), 1);
});

test("a request with no idempotency key is not repeated after its answer was lost", async () => {
  script = ["forward-then-cut"];
  const client = new Ujumbe({ baseUrl: proxyUrl, apiKey, retry: fast });

  const error = await client.api.POST("/v1/sms/quote", { body: { message: "Habari" } }).catch((e: unknown) => e);

  assert.ok(error instanceof NetworkError, String(error));
  assert.equal(error.timedOut, false);
  assert.equal(attempts.length, 1);
});

test("an attempt with no answer times out", async () => {
  script = ["hang", "hang"];
  const started = Date.now();

  const error = await new Ujumbe({ baseUrl: proxyUrl, apiKey, timeoutMs: 300, retry: { ...fast, maxRetries: 1 } })
    .balance().catch((e: unknown) => e);

  assert.ok(error instanceof NetworkError, String(error));
  assert.equal(error.timedOut, true);
  assert.equal(attempts.length, 2, "a read is safe to try again");
  assert.ok(Date.now() - started < 5000);
});

test("a Retry-After beyond the bound is not waited for: the refusal is thrown with it", async () => {
  script = [{ refuse: 429, retryAfter: "3600" }];

  const error = await new Ujumbe({ baseUrl: proxyUrl, apiKey }).sendSms({ to: freshNumber(), message: "Habari" })
    .catch((e: unknown) => e);

  assert.ok(error instanceof ApiError, String(error));
  assert.deepEqual([error.status, error.code, error.retryAfter], [429, "rate_limit_exceeded", 3600]);
  assert.equal(attempts.length, 1);
});

test("retries stop at maxRetries and the last refusal is thrown", async () => {
  script = [{ refuse: 503, retryAfter: "0" }, { refuse: 503, retryAfter: "0" }, { refuse: 503, retryAfter: "0" }];

  const error = await new Ujumbe({ baseUrl: proxyUrl, apiKey, retry: { ...fast, maxRetries: 2 } }).balance()
    .catch((e: unknown) => e);

  assert.ok(error instanceof ApiError, String(error));
  assert.deepEqual([error.status, error.code], [503, "service_unavailable"]);
  assert.equal(attempts.length, 3);
});
