/// <reference types="chrome" />

/** What the extension keeps (chrome.storage.local): where Dropwave is and its token. */
export type Settings = {
  /** The person's Dropwave, e.g. https://prices.example.org (no trailing slash). */
  origin: string | null;
  /** A personal API token of the "extension" scope, handed over by /user. */
  token: string | null;
  account: string | null;
  /** The token stopped working (revoked on /user): the popup asks to reconnect. */
  isRevoked: boolean;
  /** Refresh blocked products from this browser when their pages are visited. */
  isBrowserAssisted: boolean;
};

const DEFAULTS: Settings = {
  origin: null,
  token: null,
  account: null,
  isRevoked: false,
  isBrowserAssisted: false,
};

export async function loadSettings(): Promise<Settings> {
  const stored = await chrome.storage.local.get(Object.keys(DEFAULTS));
  return { ...DEFAULTS, ...(stored as Partial<Settings>) };
}

export async function saveSettings(patch: Partial<Settings>): Promise<void> {
  await chrome.storage.local.set(patch);
}

/** "prices.example.org/user" → "https://prices.example.org"; null for anything unusable. */
export function originOf(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin;
  } catch {
    return null;
  }
}
