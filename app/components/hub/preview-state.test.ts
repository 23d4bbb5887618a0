import { describe, expect, it } from "vitest";
import type { PreviewOutcome } from "../../../core/tracking/preview-product.ts";
import { previewState } from "./preview-state.ts";

const price = (amountMinor: number) => ({ amountMinor, currency: "USD" });
const candidate = (key: string, amountMinor: number) => ({
  key,
  role: "price",
  price: price(amountMinor),
  source: "visible_text",
  raw: "",
});
const read = (fields: Record<string, unknown>): PreviewOutcome =>
  ({
    kind: "ok",
    preview: { status: "ok", price: null, candidates: [], variants: [], ...fields },
  }) as unknown as PreviewOutcome;
const failed = (code: string): PreviewOutcome =>
  ({ kind: "failed", code, message: "m" }) as PreviewOutcome;

describe("previewState", () => {
  it.each<[string, PreviewOutcome, Partial<ReturnType<typeof previewState>>]>([
    ["a price", read({ price: price(100) }), { isAmbiguous: false, isUnreadable: false }],
    [
      "two prices to choose from",
      read({ status: "ambiguous", candidates: [candidate("a", 100), candidate("b", 90)] }),
      { isAmbiguous: true, isUnreadable: false },
    ],
    // #39 item 5: ambiguous, and nothing to choose: the card must say so.
    ["ambiguous with no candidates", read({ status: "ambiguous" }), { isUnreadable: true }],
    [
      "ambiguous with one price twice",
      read({ status: "ambiguous", candidates: [candidate("a", 100), candidate("b", 100)] }),
      { isUnreadable: true, isAmbiguous: false },
    ],
    // #39 item 4: Start tracking refuses these, so the card offers no tracking.
    ["not a web address", failed("bad_url"), { isUntrackable: true }],
    ["an unknown host", failed("dns_error"), { isUntrackable: true }],
    ["a private address", failed("blocked_address"), { isUntrackable: true }],
    ["a timeout (the worker keeps trying)", failed("timeout"), { isUntrackable: false }],
    ["a bot wall (the worker keeps trying)", failed("bot_challenge"), { isUntrackable: false }],
    ["a full queue", failed("busy"), { isBusy: true, isUntrackable: false }],
  ])("%s", (_name, outcome, expected) => {
    expect(previewState(outcome)).toMatchObject(expected);
  });
});
