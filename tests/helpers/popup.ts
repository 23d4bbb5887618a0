import { vi } from "vitest";
import type { ExtractResult } from "../../core/extract/types.ts";
import type { Settings } from "../../extension/src/settings.ts";

/** The extension popup's tests (jsdom): a connected extension and a page read as a kettle. */
export const popupSettings: Settings = {
  origin: "https://prices.example",
  token: "dw_test",
  account: "alice@example.org",
  isRevoked: false,
  isBrowserAssisted: false,
};

export const kettleReading = {
  status: "ok",
  title: "Kettle",
  imageUrl: null,
  price: { amountMinor: 4999, currency: "EUR" },
  availability: "in_stock",
  candidates: [],
} as unknown as ExtractResult;

/** `chrome` as the popup's views use it, with the settings above; undone by vi.unstubAllGlobals. */
export function stubChrome(): void {
  vi.stubGlobal("chrome", {
    storage: {
      local: { get: async () => popupSettings, set: async () => {} },
      session: { remove: async () => {} },
    },
    runtime: { sendMessage: async () => {} },
  });
}
