/**
 * How the JSON API's error answer ({ error: { code, message, fields } }) reaches browser code:
 * one class and one reader, for the app's HTTP client (http.ts) and the extension's
 * (extension/src/api.ts).
 */
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

/** The response's JSON (undefined when empty or not JSON); an ApiError when it is not 2xx. */
export async function readApiResponse<T>(response: Response): Promise<T> {
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
