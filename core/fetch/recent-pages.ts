import type { FetchOutcome } from "./outcome.ts";
import type { Fetcher, FetchPageOptions } from "./types.ts";

export type RecentPagesOptions = {
  /** How long a shown page may be reused for saving. */
  ttlMs?: number;
  /** Upper bound on the bodies kept (UTF-16 code units × 2); oldest go first. */
  maxBytes?: number;
  now?: () => number;
};

export type RecentPages = {
  /** Always fetches, and keeps a successful page as the one `scope` was shown (the preview). */
  recording(scope: string): Pick<Fetcher, "fetchPage">;
  /** The page `scope` was shown within the time limit, else a fresh fetch (the save). */
  reusing(scope: string): Pick<Fetcher, "fetchPage">;
};

type Entry = { outcome: Extract<FetchOutcome, { kind: "ok" }>; at: number; bytes: number };

/**
 * The hub's two steps, paste (preview) → "Start tracking", fetched the page twice. Now the save
 * stores the page the person was just shown, at once, without asking the store again (and
 * waiting for its politeness spacing). Pages are kept per person (`scope`), URL, language and
 * rendering, for `ttlMs` (2 minutes by default). A preview always fetches afresh, so nobody is
 * shown a page fetched for someone else or earlier; the check worker never uses this.
 */
export function createRecentPages(
  fetcher: Pick<Fetcher, "fetchPage">,
  options: RecentPagesOptions = {},
): RecentPages {
  const ttlMs = options.ttlMs ?? 120_000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let total = 0;

  const keyOf = (scope: string, url: string, o: FetchPageOptions) =>
    JSON.stringify([scope, url, o.acceptLanguage ?? "", o.render === true]);
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  };
  const keep = (key: string, outcome: FetchOutcome) => {
    drop(key);
    if (outcome.kind !== "ok") return;
    const bytes = outcome.body.length * 2;
    if (bytes > maxBytes) return;
    // Read now (the preview) and again at the save: its bytes must stay here.
    outcome.page?.keepForRereading();
    entries.set(key, { outcome, at: now(), bytes });
    total += bytes;
    // Map keeps insertion order: the first entries are the oldest.
    for (const [oldest, entry] of entries) {
      if (total <= maxBytes && now() - entry.at <= ttlMs) break;
      drop(oldest);
    }
  };

  return {
    recording: (scope) => ({
      async fetchPage(url, pageOptions = {}) {
        const outcome = await fetcher.fetchPage(url, pageOptions);
        keep(keyOf(scope, url, pageOptions), outcome);
        return outcome;
      },
    }),
    reusing: (scope) => ({
      async fetchPage(url, pageOptions = {}) {
        const shown = entries.get(keyOf(scope, url, pageOptions));
        if (shown && now() - shown.at <= ttlMs) return shown.outcome;
        return fetcher.fetchPage(url, pageOptions);
      },
    }),
  };
}
