/// <reference types="chrome" />
import type { Lookup } from "../../core/tracking/extension-lookup.ts";
import { normalizeProductUrl } from "../../core/url/normalize-url.ts";
import { callApi } from "./api.ts";

/** GET /api/v1/extension/lookup: the server's own type (a type only, nothing bundled). */
export type { Lookup };

export function lookup(url: string): Promise<Lookup> {
  return callApi<Lookup>(`/extension/lookup?url=${encodeURIComponent(url)}`);
}

const TRACKED_KEY = "tracked";
const TRACKED_MAX_AGE_MS = 5 * 60_000;

/** The normalised links of the person's watches, kept a few minutes (badges compare to them). */
export async function trackedUrls(isFresh = false): Promise<Set<string>> {
  const cached = (await chrome.storage.session.get(TRACKED_KEY))[TRACKED_KEY] as
    | { urls: string[]; at: number }
    | undefined;
  if (!isFresh && cached && Date.now() - cached.at < TRACKED_MAX_AGE_MS)
    return new Set(cached.urls);
  const { urls } = await callApi<{ urls: string[] }>("/extension/tracked");
  await chrome.storage.session.set({ [TRACKED_KEY]: { urls, at: Date.now() } });
  return new Set(urls);
}

/** The key a tab's address is tracked under (the server's own normalisation). */
export function urlKey(url: string): string | null {
  return normalizeProductUrl(url)?.key ?? null;
}

export async function showBadge(tabId: number, isTracked: boolean): Promise<void> {
  await chrome.action.setBadgeText({ tabId, text: isTracked ? "✓" : "" });
  if (isTracked) {
    await chrome.action.setBadgeBackgroundColor({ tabId, color: "#16a34a" });
    await chrome.action.setTitle({ tabId, title: "Dropwave: you track this product" });
  }
}
