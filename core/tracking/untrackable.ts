/**
 * Preview failures that mean the address itself cannot be tracked: not a web address, a host
 * that does not exist, a private address. Start tracking refuses these (create-watch.ts), so
 * the preview must not offer it (#39 item 4). Every other failure (a timeout, a bot wall, an
 * HTTP error) still tracks: the worker keeps trying. Pure: the hub's browser code reads it.
 */
const UNTRACKABLE_CODES: ReadonlySet<string> = new Set(["bad_url", "blocked_address", "dns_error"]);

export function isUntrackableCode(code: string): boolean {
  return UNTRACKABLE_CODES.has(code);
}
