/**
 * The browser's one way to call the JSON API. Safe methods are retried once on transient
 * statuses; POST/PUT/PATCH/DELETE never are (they may have taken effect).
 */

export const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: { field: string; message: string }[];

  constructor(status: number, code: string, message: string, fields: ApiError["fields"] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export type HttpOptions = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Retry a safe method once on a transient status (default true). Queries pass false: the
   * query client owns their retries, so the two never multiply (app/lib/query-client.ts).
   */
  retry?: boolean;
  /** For tests: the fetch to use and the pause before the retry. */
  fetchImpl?: typeof fetch;
  retryDelayMs?: number;
};

export async function http<T>(url: string, options: HttpOptions = {}): Promise<T> {
  const method = (options.method ?? "GET").toUpperCase();
  const doFetch = options.fetchImpl ?? fetch;
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const attempt = () =>
    doFetch(url, { method, headers, body, signal: options.signal, credentials: "same-origin" });

  let response = await attempt();
  if (
    options.retry !== false &&
    SAFE_METHODS.has(method) &&
    RETRYABLE_STATUSES.has(response.status)
  ) {
    await pause(retryAfterMs(response) ?? options.retryDelayMs ?? 500, options.signal);
    response = await attempt();
  }
  return readResponse<T>(response);
}

/** A failure worth another try: the network failed, or the server answered a transient status. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  // fetch rejects with a TypeError when the network fails; an abort is not worth retrying.
  return error instanceof TypeError;
}

async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (response.ok) return payload as T;
  const error = (payload as { error?: { code?: string; message?: string; fields?: [] } })?.error;
  throw new ApiError(
    response.status,
    error?.code ?? `http_${response.status}`,
    error?.message ?? (response.statusText || `Request failed (${response.status})`),
    error?.fields ?? [],
  );
}

function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, 5_000);
  return undefined;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
