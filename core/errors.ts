/**
 * One error type for expected failures. Transport turns `code` into an HTTP status in one
 * place (server/app.ts onError); anything else is an internal error whose details are logged,
 * never sent.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  limit_reached: 422,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type FieldIssue = { field: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldIssue[] | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldIssue[]; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/**
 * The one test for an expected failure (issue #36 item 3): transports turn an AppError into
 * its status and message, and let anything else become a 500.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
