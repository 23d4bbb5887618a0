/**
 * A one-time message carried across a redirect (e.g. "Signed in") in a short-lived cookie;
 * the root loader reads it, clears it, and the page shows it as a toast.
 */
const NAME = "dw_flash";

export type Flash = { kind: "success" | "info" | "error"; message: string };

export function flashCookie(flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${NAME}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export const clearFlashCookie = `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

export function readFlash(request: Request): Flash | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${NAME}=`));
  if (!match) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(match.slice(NAME.length + 1))) as Partial<Flash>;
    if (
      (parsed.kind === "success" || parsed.kind === "info" || parsed.kind === "error") &&
      typeof parsed.message === "string" &&
      parsed.message.length <= 300
    ) {
      return { kind: parsed.kind, message: parsed.message };
    }
  } catch {
    // A tampered or truncated cookie is ignored.
  }
  return null;
}
