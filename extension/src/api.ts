import { readApiResponse } from "../../app/lib/api-error.ts";
import { loadSettings, type Settings, saveSettings } from "./settings.ts";

/** The token was refused: it was revoked (or the account is gone). */
export class Disconnected extends Error {}

/**
 * One call to the person's Dropwave /api/v1 with the extension's token. A 401 means the
 * token no longer works: it is forgotten and the popup asks to reconnect.
 */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
  settings?: Settings,
): Promise<T> {
  const s = settings ?? (await loadSettings());
  if (!s.origin || !s.token) throw new Disconnected("Not connected");
  const response = await fetch(`${s.origin}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      authorization: `Bearer ${s.token}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status === 401) {
    await saveSettings({ token: null, isRevoked: true });
    throw new Disconnected("The connection to Dropwave was revoked");
  }
  return readApiResponse<T>(response);
}
