// The retry arithmetic and the webhook verifier's edges, without a server.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { test } from "node:test";

import { DEFAULT_RETRY, verifyWebhook, WebhookVerificationError } from "@ujumbe/client";

import { backoffMs, retryAfterMs } from "../src/retry.js";
import { retryAfterSeconds } from "../src/errors.js";

test("backoff doubles, stays under its ceiling, and is spread by jitter", () => {
  assert.deepEqual([0, 1, 2].map((n) => backoffMs(n, DEFAULT_RETRY, () => 0)), [250, 500, 1000]);
  assert.deepEqual([0, 1, 2].map((n) => backoffMs(n, DEFAULT_RETRY, () => 1)), [500, 1000, 2000]);
  assert.equal(backoffMs(20, DEFAULT_RETRY, () => 1), DEFAULT_RETRY.maxDelayMs);
});

test("a Retry-After is waited for in full, never less, and not at all past the bound", () => {
  assert.equal(retryAfterMs(2, DEFAULT_RETRY, () => 0), 2000);
  assert.equal(retryAfterMs(2, DEFAULT_RETRY, () => 1), 2200);
  assert.equal(retryAfterMs(61, DEFAULT_RETRY), undefined);
});

test("Retry-After is read as seconds or as an HTTP date", () => {
  const now = Date.parse("2026-01-15T09:30:00Z");
  assert.equal(retryAfterSeconds("7", now), 7);
  assert.equal(retryAfterSeconds("Thu, 15 Jan 2026 09:30:30 GMT", now), 30);
  assert.equal(retryAfterSeconds(null, now), undefined);
  assert.equal(retryAfterSeconds("soon", now), undefined);
});

test("a signature made the way ujumbe signs verifies; a second v1 while rotating too", () => {
  const secret = "whsec_c2VjcmV0LWJ5dGVz";
  const body = '{"id":"e1","type":"message.sent","created_at":"2026-01-15T09:30:00Z","data":{}}';
  const t = 1_768_469_400;
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  const event = verifyWebhook(body, { "X-Service-Signature": `t=${t},v1=${"0".repeat(64)},v1=${v1}` }, secret, { now: t + 299 });
  assert.equal(event.id, "e1");
  assert.throws(() => verifyWebhook(body, { "X-Service-Signature": `t=${t},v1=${v1}` }, secret, { now: t + 301 }),
    WebhookVerificationError);
  assert.throws(() => verifyWebhook(body, { "X-Service-Signature": `t=${t},v1=${v1.slice(2)}` }, secret, { now: t }),
    WebhookVerificationError);
});
