export {
  Ujumbe, unwrap, DEFAULT_BASE_URL,
  type UjumbeOptions, type CallOptions, type IdempotentCallOptions,
  type SendRequest, type SendResult, type BulkRequest, type BulkResult, type CampaignRequest, type Campaign,
  type Balance, type CreditHistory, type CreditHistoryQuery, type MessageLog, type MessageLogPage, type MessageLogQuery,
} from "./client.js";
export { UjumbeError, ApiError, NetworkError, WebhookVerificationError } from "./errors.js";
export { DEFAULT_RETRY, type RetryPolicy } from "./retry.js";
export {
  verifyWebhook, DEFAULT_TOLERANCE_SECONDS,
  type WebhookEvent, type WebhookEventType, type WebhookHeaders, type VerifyOptions,
} from "./webhooks.js";
export type { paths, components, operations } from "./schema.js";
