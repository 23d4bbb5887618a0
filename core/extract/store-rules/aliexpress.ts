import type { RawCandidate } from "../types.ts";
import { insideLike, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** AliExpress: `.product-price-current` / `price--current…` (hashed class suffixes). */
export const aliexpress: StoreRule = {
  name: "AliExpress",
  kind: "store",
  matches: (ctx) => /(?:^|\.)aliexpress\.(com|us|ru)$/.test(ctx.host),
  read: (ctx) => {
    const candidates: (RawCandidate | null)[] = [];
    for (const r of ctx.scan.priceElements) {
      if (r.isExcluded) continue;
      const isCurrent = r.tokens.some(
        (t) =>
          t === ".product-price-current" ||
          t.startsWith(".price--currentPriceText") ||
          t.startsWith(".price--current--"),
      );
      const isOriginal = r.tokens.some(
        (t) =>
          t === ".product-price-original" ||
          t.startsWith(".price--originalText") ||
          t.startsWith(".price--original--"),
      );
      if (isCurrent && !insideLike(r, ".price--original"))
        candidates.push(textCandidate(r, { confidence: 0.9, role: "price" }));
      else if (isOriginal)
        candidates.push(textCandidate(r, { confidence: 0.8, role: "list_price" }));
    }
    // Older pages: window.runParams … "formatedActivityPrice" / "formatedPrice".
    const state = ctx.scan.scripts.find((s) => s.text.includes("runParams"));
    const formatted = state
      ? (/"formatedActivityPrice"\s*:\s*"([^"]{1,40})"/.exec(state.text) ??
        /"formatedPrice"\s*:\s*"([^"]{1,40})"/.exec(state.text))
      : null;
    if (formatted?.[1]) {
      const c = textCandidate(
        {
          order: 0,
          tag: "script",
          attrs: {},
          tokens: ["#runParams"],
          ancestors: [],
          text: formatted[1],
          parts: [],
          isStruck: false,
          isExcluded: false,
          isHidden: false,
          isPerUnit: false,
          prop: null,
          propSource: null,
          scopeType: null,
          scopeId: 0,
          productScopeId: 0,
          isInProductScope: false,
        },
        { confidence: 0.85, source: "app_state" },
      );
      if (c) candidates.push({ ...c, path: "runParams..priceModule.formatedActivityPrice" });
    }
    return { candidates: uniqueByPath(candidates) };
  },
};
