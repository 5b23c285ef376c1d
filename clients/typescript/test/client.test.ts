// The client against the live app: send, bulk-send, read logs and balance, create a campaign,
// and refusals as typed errors.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { ApiError, Ujumbe, unwrap } from "@ujumbe/client";

import { accessToken, apiKey, baseUrl, freshNumber, carrierReceived } from "./support.js";

const ujumbe = new Ujumbe({ baseUrl, apiKey });
const dashboard = new Ujumbe({ baseUrl, accessToken });

describe("sending", () => {
  test("an SMS is sent once and read back from the message log", async () => {
    const to = freshNumber();
    const sent = await ujumbe.sendSms({ to, message: "Habari kutoka TypeScript" });
    assert.equal(sent.status, "sent");
    assert.equal(sent.to, to);
    assert.equal(sent.credits_used, 1);

    const page = await ujumbe.messageLogs({ search: to });
    assert.deepEqual(page.messages.map((m) => [m.message_id, m.to]), [[sent.message_id, to]]);
    assert.equal(await carrierReceived(to), 1);
  });

  test("a bulk send answers an entry per number, a bad number failing alone", async () => {
    const [first, second] = [freshNumber(), freshNumber()];
    const bulk = await ujumbe.sendBulkSms({ to: [first, second, "12345"], message: "Ofa ya leo" });
    assert.deepEqual([bulk.total, bulk.sent, bulk.failed], [3, 2, 1]);
    const failed = bulk.results.find((entry) => entry.status === "failed");
    assert.deepEqual([failed?.to, failed?.error], ["12345", "invalid_phone_number"]);
    assert.deepEqual([await carrierReceived(first), await carrierReceived(second)], [1, 1]);
  });

  test("the log is read page after page", async () => {
    const to = freshNumber();
    for (const n of [1, 2, 3]) await ujumbe.sendSms({ to, message: `Ujumbe ${n}` });
    const seen: string[] = [];
    for await (const message of ujumbe.allMessageLogs({ search: to, per_page: 2 })) seen.push(message.message);
    assert.deepEqual(seen.sort(), ["Ujumbe 1", "Ujumbe 2", "Ujumbe 3"]);
  });
});

describe("credits", () => {
  test("a send is paid from the balance, and the history shows it", async () => {
    const before = await ujumbe.balance();
    const sent = await ujumbe.sendSms({ to: freshNumber(), message: "x".repeat(200) });
    const after = await ujumbe.balance();
    assert.equal(sent.credits_used, 2);
    assert.equal(after.balance, before.balance - 2);
    const history = await ujumbe.creditHistory({ per_page: 5 });
    assert.ok(history.transactions.some((entry) => entry.type === "deduct" && entry.amount === -2), JSON.stringify(history));
  });
});

describe("campaigns", () => {
  test("a campaign is created to a list and read back", async () => {
    // Contact lists are the dashboard's: the raw typed client, signed in, makes one.
    const list = unwrap(await dashboard.api.POST("/v1/contact-lists", { body: { name: `Wateja ${Date.now()}` } }));
    unwrap(await dashboard.api.POST("/v1/contact-lists/{list_id}/contacts", {
      params: { path: { list_id: list.id } }, body: { first_name: "Asha", phone: freshNumber() },
    }));

    const campaign = await ujumbe.createCampaign({ name: "Sikukuu", message: "Habari {first_name}!", contact_list_id: list.id });
    assert.equal(campaign.contact_list_id, list.id);
    assert.equal(campaign.total_contacts, 1);
    assert.equal((await ujumbe.getCampaign(campaign.id)).id, campaign.id);
  });
});

describe("errors", () => {
  test("a refused number is an ApiError with its code, status and request id", async () => {
    const error = await ujumbe.sendSms({ to: "+254712345678", message: "Jambo" }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 403);
    assert.equal(error.code, "invalid_phone_number");
    assert.match(error.requestId ?? "", /^[0-9a-f-]{36}$/);
  });

  test("an invalid field is named", async () => {
    const error = await ujumbe.sendSms({ to: freshNumber(), message: "" }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.deepEqual([error.status, error.code, error.field], [400, "validation_error", "message"]);
  });

  test("a wrong key is unauthorized", async () => {
    const error = await new Ujumbe({ baseUrl, apiKey: "uj_live_wrong" }).balance().catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.deepEqual([error.status, error.code], [401, "unauthorized"]);
  });
});
