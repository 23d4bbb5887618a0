import type { RawCandidate } from "../types.ts";
import { has, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Target: the visible `[data-test=product-price]`, and `current_retail` in `__TGT_DATA__`. */
export const target: StoreRule = {
  name: "Target",
  kind: "store",
  matches: (ctx) => /(?:^|\.)target\.com$/.test(ctx.host),
  read: (ctx) => {
    const candidates: (RawCandidate | null)[] = ctx.scan.priceElements
      .filter((r) => !r.isExcluded && has(r, "[data-test=product-price]"))
      .map((r) => textCandidate(r, { confidence: 0.92, currency: "USD" }));
    for (const r of ctx.scan.priceElements) {
      if (!r.isExcluded && has(r, "[data-test=product-regular-price]")) {
        candidates.push(textCandidate(r, { confidence: 0.8, currency: "USD", role: "list_price" }));
      }
    }
    const state = ctx.scan.scripts.find((s) => s.text.includes("__TGT_DATA__"));
    if (state) {
      const current = /\\*"current_retail\\*"\s*:\s*(\d+(?:\.\d+)?)/.exec(state.text);
      const regular = /\\*"reg_retail\\*"\s*:\s*(\d+(?:\.\d+)?)/.exec(state.text);
      if (current?.[1]) {
        candidates.push({
          source: "app_state",
          path: "__TGT_DATA__..price.current_retail",
          amount: current[1],
          currency: "USD",
          role: "price",
          confidence: 0.9,
          raw: current[0].slice(0, 80),
        });
      }
      if (regular?.[1]) {
        candidates.push({
          source: "app_state",
          path: "__TGT_DATA__..price.reg_retail",
          amount: regular[1],
          currency: "USD",
          role: "list_price",
          confidence: 0.85,
          raw: regular[0].slice(0, 80),
        });
      }
    }
    return { candidates: uniqueByPath(candidates), currency: "USD" };
  },
};
