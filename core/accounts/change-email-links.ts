/**
 * The two links of a verified account's email change (better-auth's two-step flow): the first
 * goes to the current address and approves the change; opening it mails a second link to the
 * new address, which makes the change. better-auth hands both the same `callbackURL`, so the
 * page they land on could not tell "approved, now open the other mail" from "changed". The
 * first link's callback carries `step=approved`; the second one's has it removed again.
 */

const STEP = "step";
const APPROVED = "approved";

/** `url` (a better-auth verify-email link) with `step=approved` added to its callbackURL. */
export function markApprovalStep(url: string): string {
  return withCallback(url, (callback) => callback.searchParams.set(STEP, APPROVED));
}

/** `url` with the approval step removed from its callbackURL (the second link's landing). */
export function clearApprovalStep(url: string): string {
  return withCallback(url, (callback) => callback.searchParams.delete(STEP));
}

/** Whether a landing page's query says the first link (approval) was opened. */
export function isApprovalStep(params: URLSearchParams): boolean {
  return params.get(STEP) === APPROVED;
}

/**
 * Whether a verify-email token is the second link of an email change. The token is
 * better-auth's signed JWT; only its payload's `requestType` is read here (better-auth
 * verifies the signature when the link is opened).
 */
export function isChangeEmailVerification(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return (
      typeof claims === "object" &&
      claims !== null &&
      (claims as { requestType?: unknown }).requestType === "change-email-verification"
    );
  } catch {
    return false;
  }
}

function withCallback(url: string, change: (callback: URL) => void): string {
  const link = new URL(url);
  const raw = link.searchParams.get("callbackURL");
  if (!raw) return url;
  // Relative callbacks ("/user?email=changed") are resolved against a placeholder origin and
  // written back relative, as better-auth received them.
  const base = "http://callback.invalid";
  const callback = new URL(raw, base);
  change(callback);
  const written =
    callback.origin === base
      ? `${callback.pathname}${callback.search}${callback.hash}`
      : callback.href;
  link.searchParams.set("callbackURL", written);
  return link.href;
}
