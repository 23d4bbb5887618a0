/**
 * Debian's Chromium, headless, quiet on a closed network: the flags every launch here shares
 * (the rendering fetcher, the browser tests, the Lighthouse bench). Without the background
 * networking flags Chromium floods a closed network with refused connections.
 */
export const HEADLESS_CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
] as const;
