/**
 * Verifying the webhooks ujumbe sends, in Node (node:crypto).
 *
 * Each delivery is signed twice over the exact bytes of its body: `X-Service-Signature:
 * t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` keyed with the endpoint's secret string as shown,
 * and the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature:
 * v1,<base64 HMAC of "id.timestamp.body">` keyed with the bytes inside `whsec_…`). Either one
 * verifying is enough. The timestamp is signed, and one older or newer than the tolerance is
 * refused, so a captured request cannot be replayed later. Verify the raw body: JSON parsed and
 * serialised again is not the same bytes, and will not verify.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

import { WebhookVerificationError } from "./errors.js";

export const DEFAULT_TOLERANCE_SECONDS = 300;

export type WebhookEventType =
  | "message.sent" | "message.delivered" | "message.failed"
  | "payment.confirmed" | "payment.failed"
  | "campaign.completed" | "campaign.failed";

/** A delivery's body. The event `id` stays the same across retries: de-duplicate by it. */
export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType | (string & {});
  created_at: string;
  data: T;
}

/** Headers as Node's `req.headers` gives them, a fetch `Headers`, or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the signed timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number | undefined;
  /** Now, in Unix seconds (for tests). */
  now?: number | undefined;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(",") : value;
  }
  return undefined;
}

function rawBytes(body: string | Uint8Array): Buffer {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError("verifyWebhook needs the raw body (a Buffer or string), not parsed JSON: "
    + "parsed and serialised again, it is not the bytes that were signed");
}

function sameBytes(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function fresh(timestamp: number, options: VerifyOptions): boolean {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  return Math.abs(now - timestamp) <= (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);
}

function unixSeconds(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** `X-Service-Signature` (`t=…,v1=…`; several v1 values while a secret is rotated). */
function serviceSignatureVerifies(signature: string, body: Buffer, secret: string, options: VerifyOptions): boolean {
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const item of signature.split(",")) {
    const [name, value = ""] = item.trim().split("=", 2);
    if (name === "t") timestamp = unixSeconds(value);
    else if (name === "v1") candidates.push(value);
  }
  if (timestamp === undefined || !fresh(timestamp, options)) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
  return candidates.some((candidate) => /^[0-9a-f]{64}$/i.test(candidate)
    && sameBytes(expected, Buffer.from(candidate, "hex")));
}

/** Standard Webhooks' `webhook-signature` (space-separated `v1,<base64>` values). */
function standardSignatureVerifies(headers: WebhookHeaders, body: Buffer, secret: string, options: VerifyOptions): boolean {
  const id = header(headers, "webhook-id");
  const timestamp = unixSeconds(header(headers, "webhook-timestamp"));
  const signatures = header(headers, "webhook-signature");
  if (id === undefined || timestamp === undefined || signatures === undefined || !fresh(timestamp, options)) {
    return false;
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
  return signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    return version === "v1" && value !== undefined && sameBytes(expected, Buffer.from(value, "base64"));
  });
}

/**
 * The event a webhook request carries, once its signature verifies with the endpoint's
 * `secret` (`whsec_…`, shown once when the webhook was registered); a WebhookVerificationError
 * otherwise. `body` is the request's raw body, as received.
 */
export function verifyWebhook<T = Record<string, unknown>>(
  body: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {},
): WebhookEvent<T> {
  const raw = rawBytes(body);
  const serviceSignature = header(headers, "x-service-signature");
  const verified = (serviceSignature !== undefined && serviceSignatureVerifies(serviceSignature, raw, secret, options))
    || standardSignatureVerifies(headers, raw, secret, options);
  if (!verified) {
    throw new WebhookVerificationError(serviceSignature === undefined && header(headers, "webhook-signature") === undefined
      ? "the request carries no ujumbe signature"
      : "the signature does not match the body and secret, or its timestamp is outside the tolerance");
  }
  return JSON.parse(raw.toString("utf8")) as WebhookEvent<T>;
}
