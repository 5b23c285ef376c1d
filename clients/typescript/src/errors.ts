/** Every error this package throws is a UjumbeError: an ApiError (the API answered with an
 * error envelope), a NetworkError (no answer), or a WebhookVerificationError. */
export class UjumbeError extends Error {
  override name = "UjumbeError";
}

interface ErrorEnvelope {
  error?: { code?: unknown; message?: unknown; field?: unknown } | null;
  request_id?: unknown;
}

/** The API refused the request: its stable `code`, the `field` at fault when one is, the HTTP
 * `status`, and the `requestId` to quote to support. */
export class ApiError extends UjumbeError {
  override name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;

  constructor(init: { status: number; code: string; message: string; field?: string | undefined;
                      requestId?: string | undefined; retryAfter?: number | undefined }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }

  /** The error an answer carries: the envelope's `error` when there is one, else (a proxy's page,
   * say) `http_<status>` with the start of the body. */
  static fromResponse(response: Response, body: unknown): ApiError {
    const envelope = (typeof body === "object" && body !== null ? body : {}) as ErrorEnvelope;
    const error = envelope.error ?? {};
    const text = typeof body === "string" ? body.slice(0, 200) : "";
    return new ApiError({
      status: response.status,
      code: typeof error.code === "string" ? error.code : `http_${response.status}`,
      message: typeof error.message === "string" ? error.message : text || response.statusText,
      field: typeof error.field === "string" ? error.field : undefined,
      requestId: typeof envelope.request_id === "string" ? envelope.request_id
        : response.headers.get("X-Request-ID") ?? undefined,
      retryAfter: retryAfterSeconds(response.headers.get("Retry-After")),
    });
  }
}

/** No answer came: the connection failed or the call timed out, on every attempt allowed. */
export class NetworkError extends UjumbeError {
  override name = "NetworkError";
  readonly timedOut: boolean;

  constructor(message: string, options: { cause: unknown; timedOut: boolean }) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut;
  }
}

/** A webhook request whose signature does not verify (or is too old): answer it 400, do not act. */
export class WebhookVerificationError extends UjumbeError {
  override name = "WebhookVerificationError";
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
