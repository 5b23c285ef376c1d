// A signed webhook from the live app verifies, with either signature scheme; one tampered with,
// or too old, does not. And the five-line example in the docs sends an SMS and verifies the
// webhook that follows.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { after, before, test } from "node:test";

import { Ujumbe, unwrap, verifyWebhook, WebhookVerificationError } from "@ujumbe/client";

import { baseUrl, freshNumber, hooksAccessToken, hooksApiKey, waitUntil } from "./support.js";

const ujumbe = new Ujumbe({ baseUrl, apiKey: hooksApiKey });
const dashboard = new Ujumbe({ baseUrl, accessToken: hooksAccessToken });

interface Delivery { headers: IncomingHttpHeaders; body: Buffer }

const received: Delivery[] = [];
const receiver = createServer(async (req, res) => {
  received.push({ headers: req.headers, body: Buffer.concat(await req.toArray()) });
  res.end();
});
let webhook: { id: string; secret: string };

before(async () => {
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const { port } = receiver.address() as AddressInfo;
  webhook = unwrap(await dashboard.api.POST("/v1/webhooks", {
    body: { url: `http://127.0.0.1:${port}/hooks`, events: ["message.sent"] },
  }));
});

after(async () => {
  await dashboard.api.DELETE("/v1/webhooks/{webhook_id}", { params: { path: { webhook_id: webhook.id } } });
  receiver.close();
});

function without(headers: IncomingHttpHeaders, ...names: string[]): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

test("the webhook after a send verifies, by either signature, and nothing else does", async () => {
  const sent = await ujumbe.sendSms({ to: freshNumber(), message: "Habari" });
  const delivery = await waitUntil(() => received.find(
    (d) => (JSON.parse(d.body.toString()) as { data: { message_id?: string } }).data.message_id === sent.message_id));

  const event = verifyWebhook<{ message_id: string }>(delivery.body, delivery.headers, webhook.secret);
  assert.equal(event.type, "message.sent");
  assert.equal(event.data.message_id, sent.message_id);
  // Each scheme alone, as a receiver that reads only one of them sees it; a string body too.
  verifyWebhook(delivery.body.toString(), without(delivery.headers, "webhook-signature"), webhook.secret);
  verifyWebhook(delivery.body, without(delivery.headers, "x-service-signature"), webhook.secret);

  const tampered = Buffer.from(delivery.body.toString().replace(sent.message_id, "0".repeat(36)));
  assert.throws(() => verifyWebhook(tampered, delivery.headers, webhook.secret), WebhookVerificationError);
  assert.throws(() => verifyWebhook(delivery.body, delivery.headers, "whsec_c29tZW9uZSBlbHNl"), WebhookVerificationError);
  const anHourLater = Math.floor(Date.now() / 1000) + 3600;
  assert.throws(() => verifyWebhook(delivery.body, delivery.headers, webhook.secret, { now: anHourLater }),
    WebhookVerificationError);
  assert.throws(() => verifyWebhook(delivery.body, {}, webhook.secret), /no ujumbe signature/);
  assert.throws(() => verifyWebhook(JSON.parse(delivery.body.toString()), delivery.headers, webhook.secret), TypeError);
});

test("the docs' five-line script sends an SMS and verifies the webhook that follows", async () => {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  const example = unwrap(await dashboard.api.POST("/v1/webhooks", {
    body: { url: `http://127.0.0.1:${port}/`, events: ["message.sent"] },
  }));
  try {
    const to = freshNumber();
    const script = fileURLToPath(new URL("../examples/send_and_verify.js", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      timeout: 60_000,
      env: { ...process.env, UJUMBE_API_URL: baseUrl, UJUMBE_API_KEY: hooksApiKey,
             UJUMBE_WEBHOOK_SECRET: example.secret, PORT: String(port), TO: to },
    });
    const [verified] = stdout.split("\n").filter((line) => line.startsWith("message.sent"));
    const messageId = /message_id: '([^']+)'/.exec(stdout)?.[1];
    assert.ok(messageId, stdout);
    assert.equal(verified, `message.sent ${messageId}`, stdout);
  } finally {
    await dashboard.api.DELETE("/v1/webhooks/{webhook_id}", { params: { path: { webhook_id: example.id } } });
  }
});
