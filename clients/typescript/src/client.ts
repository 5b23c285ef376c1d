/**
 * The ujumbe API client: `api` is the whole API, typed from its OpenAPI document (openapi-fetch);
 * the methods beside it are the calls most callers make, answering the envelope's `data` and
 * throwing an ApiError for an error answer.
 *
 * Every call has a timeout and retries as resilientFetch describes. Each send, bulk send and
 * campaign creation carries an `Idempotency-Key` made for that call (or the one you pass), the
 * same on every retry, so the server answers a retry from the first answer: a retry can never
 * send twice or charge twice.
 */
import createClient, { type Client } from "openapi-fetch";

import { ApiError } from "./errors.js";
import { DEFAULT_RETRY, resilientFetch, type RetryPolicy } from "./retry.js";
import type { components, operations, paths } from "./schema.js";

type Schemas = components["schemas"];
export type SendRequest = Schemas["SendRequest"];
export type SendResult = Schemas["SendResult"];
export type BulkRequest = Schemas["BulkRequest"];
export type BulkResult = Schemas["BulkResult"];
export type CampaignRequest = Schemas["CampaignRequest"];
export type Campaign = Schemas["Campaign"];
export type Balance = Schemas["Balance"];
export type CreditHistory = Schemas["CreditHistory"];
export type MessageLog = Schemas["MessageLog"];
export type MessageLogPage = Schemas["MessageLogPage"];
export type MessageLogQuery = NonNullable<operations["listMessageLogs"]["parameters"]["query"]>;
export type CreditHistoryQuery = NonNullable<operations["getCreditHistory"]["parameters"]["query"]>;

export const DEFAULT_BASE_URL = "http://127.0.0.1:8000";

export interface UjumbeOptions {
  /** Where the API is (default $UJUMBE_API_URL, else http://127.0.0.1:8000). */
  baseUrl?: string | undefined;
  /** An API key, `uj_live_…`, sent as X-API-Key (default $UJUMBE_API_KEY). */
  apiKey?: string | undefined;
  /** An access token from /v1/auth/login, for the routes only a signed-in user may call. */
  accessToken?: string | undefined;
  /** How long one attempt may wait for its answer (default 30 s). */
  timeoutMs?: number | undefined;
  /** When and how often to try again (see RetryPolicy). */
  retry?: Partial<RetryPolicy> | undefined;
  /** The fetch to send with (default the global one). */
  fetch?: typeof fetch | undefined;
}

export interface CallOptions {
  /** Abort the call, retries included. */
  signal?: AbortSignal | undefined;
}

export interface IdempotentCallOptions extends CallOptions {
  /** Your own key (up to 128 printable ASCII characters), e.g. your order id, to make the call
   * safe to repeat across restarts of your program too; a random UUID otherwise. */
  idempotencyKey?: string | undefined;
}

/** The envelope's `data` from an openapi-fetch result (undefined for an answer with no body);
 * an ApiError when the answer is an error. */
export function unwrap<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data?.data as T;
  throw ApiError.fromResponse(result.response, result.error);
}

function environment(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}

export class Ujumbe {
  /** Every operation of the API, typed: `api.GET("/v1/webhooks")`, with the same timeouts and
   * retries; answers openapi-fetch's `{ data, error, response }` (see `unwrap`). */
  readonly api: Client<paths>;

  constructor(options: UjumbeOptions = {}) {
    const apiKey = options.apiKey ?? (options.accessToken === undefined ? environment("UJUMBE_API_KEY") : undefined);
    const headers: Record<string, string> = {};
    if (apiKey) headers["X-API-Key"] = apiKey;
    if (options.accessToken) headers["Authorization"] = `Bearer ${options.accessToken}`;
    const send = resilientFetch({
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.api = createClient<paths>({
      baseUrl: options.baseUrl ?? environment("UJUMBE_API_URL") ?? DEFAULT_BASE_URL,
      headers,
      fetch: send,
    });
  }

  /** Send one SMS. `status` is `sent` once the carrier took it (or `pending` when it is queued). */
  async sendSms(body: SendRequest, options: IdempotentCallOptions = {}): Promise<SendResult> {
    return unwrap(await this.api.POST("/v1/sms", {
      body, params: { header: { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() } },
      ...signal(options),
    }));
  }

  /** Send one message to up to 1000 numbers; a bad number fails its own entry, not the batch. */
  async sendBulkSms(body: BulkRequest, options: IdempotentCallOptions = {}): Promise<BulkResult> {
    return unwrap(await this.api.POST("/v1/sms/bulk", {
      body, params: { header: { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() } },
      ...signal(options),
    }));
  }

  /** Create a campaign to a contact list: sent now, or at `scheduled_at`. */
  async createCampaign(body: CampaignRequest, options: IdempotentCallOptions = {}): Promise<Campaign> {
    return unwrap(await this.api.POST("/v1/campaigns", {
      body, headers: { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() }, ...signal(options),
    }));
  }

  async getCampaign(campaignId: string, options: CallOptions = {}): Promise<Campaign> {
    return unwrap(await this.api.GET("/v1/campaigns/{campaign_id}", {
      params: { path: { campaign_id: campaignId } }, ...signal(options),
    }));
  }

  /** One page of the message log, newest first. */
  async messageLogs(query: MessageLogQuery = {}, options: CallOptions = {}): Promise<MessageLogPage> {
    return unwrap(await this.api.GET("/v1/sms/logs", { params: { query }, ...signal(options) }));
  }

  /** Every message of the log that `query` selects, page after page. */
  async *allMessageLogs(query: Omit<MessageLogQuery, "page"> = {}, options: CallOptions = {}): AsyncGenerator<MessageLog> {
    for (let page = 1; ; page++) {
      const found = await this.messageLogs({ ...query, page }, options);
      yield* found.messages;
      if (found.messages.length === 0 || page * found.per_page >= found.total) return;
    }
  }

  async balance(options: CallOptions = {}): Promise<Balance> {
    return unwrap(await this.api.GET("/v1/credits/balance", signal(options)));
  }

  async creditHistory(query: CreditHistoryQuery = {}, options: CallOptions = {}): Promise<CreditHistory> {
    return unwrap(await this.api.GET("/v1/credits/history", { params: { query }, ...signal(options) }));
  }
}

function signal(options: CallOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}
