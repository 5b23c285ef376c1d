/**
 * The fetch every call goes through: a timeout on each attempt, and retries that cannot send
 * twice.
 *
 * A 429 or a 503 means the server did nothing with the request, so it is tried again after the
 * `Retry-After` the server gave (never sooner), or after an exponential backoff with jitter when
 * it gave none; a 409 `request_in_progress` means the first try of the same idempotency key is
 * still running, so it is asked again the same way until the stored answer comes back. A
 * connection that fails or times out may have reached the server, so only a request that is
 * safe to repeat is tried again: a GET, PUT, DELETE or HEAD, or any request carrying an
 * `Idempotency-Key` (the server answers its retry from the first answer), or one refused before
 * it was sent (connection refused). Every attempt sends the same request, headers included.
 */
import { NetworkError, retryAfterSeconds } from "./errors.js";

export interface RetryPolicy {
  /** Attempts after the first (default 3; 0 turns retries off). */
  maxRetries: number;
  /** First backoff when the server names no wait; doubled on each retry (default 500 ms). */
  baseDelayMs: number;
  /** Ceiling of one backoff (default 8 s). */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the answer is thrown (default 60 s). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

const SAFE_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
// Node's codes for a connection that was never made: the request cannot have reached the server.
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

/** The wait before retry number `attempt` (0 for the first retry) with no `Retry-After`: half
 * the exponential step plus a random half, so many clients refused at once do not come back
 * together. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

/** The wait the server asked for, plus up to 10 % (at most 1 s) so clients asked to wait the
 * same time spread out; undefined when that is over the policy's bound. */
export function retryAfterMs(seconds: number, policy: RetryPolicy, random: () => number = Math.random): number | undefined {
  const asked = seconds * 1000;
  if (asked > policy.maxRetryAfterMs) return undefined;
  return asked + random() * Math.min(1000, asked * 0.1);
}

function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => { clearTimeout(timer); reject(signal.reason); };
    const timer = setTimeout(() => { signal.removeEventListener("abort", onAbort); resolve(); }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

async function isRequestInProgress(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  try {
    const body = await response.clone().json() as { error?: { code?: unknown } };
    return body.error?.code === "request_in_progress";
  } catch {
    return false;
  }
}

export function resilientFetch(options: { timeoutMs: number; retry: RetryPolicy; fetch?: typeof fetch }):
    (request: Request) => Promise<Response> {
  const { timeoutMs, retry } = options;
  const send = options.fetch ?? globalThis.fetch;
  return async (request: Request): Promise<Response> => {
    const repeatable = SAFE_METHODS.has(request.method) || request.headers.has("Idempotency-Key");
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        // A clone per attempt: the original's body is never read, so each attempt sends it whole.
        response = await send(request.clone(), { signal: AbortSignal.any([request.signal, timeout]) });
      } catch (error) {
        if (request.signal.aborted) throw error;  // the caller gave up: not ours to retry
        const timedOut = timeout.aborted;
        const retryable = repeatable || NOT_SENT.has(causeCode(error) ?? "");
        if (!retryable || attempt >= retry.maxRetries) {
          const what = timedOut ? `no answer within ${timeoutMs} ms` : `connection failed (${causeCode(error) ?? String(error)})`;
          throw new NetworkError(`${request.method} ${request.url}: ${what}` +
            (attempt ? ` after ${attempt + 1} attempts` : ""), { cause: error, timedOut });
        }
        await sleep(backoffMs(attempt, retry), request.signal);
        continue;
      }
      const refused = response.status === 429 || response.status === 503 || await isRequestInProgress(response);
      if (!refused || attempt >= retry.maxRetries) return response;
      const asked = retryAfterSeconds(response.headers.get("Retry-After"));
      const wait = asked === undefined ? backoffMs(attempt, retry) : retryAfterMs(asked, retry);
      if (wait === undefined) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
