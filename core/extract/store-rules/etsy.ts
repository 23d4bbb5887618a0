import { divisorToMinor } from "../../money/decimal-to-minor.ts";
import { asRecord, asText, walkJson } from "../json-walk.ts";
import { parseTolerantJson } from "../tolerant-json.ts";
import type { RawCandidate } from "../types.ts";
import { firstPricedPart, has, stockFrom, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/**
 * Etsy: the buy box's price region, which is what the shopper pays (VAT included where it
 * applies). JSON-LD on Etsy can carry a converted pre-tax amount; meta tags the seller's.
 * Embedded JSON holds money as `{ amount, divisor, currency_code }` (minor units), read as a
 * fallback when the buy box is not found.
 */
export const etsy: StoreRule = {
  name: "Etsy",
  kind: "store",
  matches: (ctx) => /(?:^|\.)etsy\.com$/.test(ctx.host),
  read: (ctx) => {
    const candidates = ctx.scan.priceElements
      .filter(
        (r) =>
          !r.isExcluded &&
          !r.isStruck &&
          (has(r, "[data-selector=price-only]") || has(r, "[data-buy-box-region=price]")),
      )
      .map((r) => textCandidate(r, { confidence: 0.9, role: "price", text: firstPricedPart(r) }));
    for (const r of ctx.scan.priceElements) {
      if (
        !r.isExcluded &&
        r.isStruck &&
        (has(r, ".wt-text-strikethrough") || r.ancestors.includes("[data-buy-box-region=price]"))
      ) {
        candidates.push(textCandidate(r, { confidence: 0.8, role: "list_price" }));
      }
    }
    const state = embeddedMoney(ctx.scan.scripts);
    if (state) candidates.push(state);
    return {
      candidates: uniqueByPath(candidates),
      availability: stockFrom(ctx, "[data-buy-box-region=price]"),
    };
  },
};

function embeddedMoney(
  scripts: readonly { type: string; id: string; text: string }[],
): RawCandidate | null {
  for (const script of scripts) {
    if (!script.text.includes('"divisor"')) continue;
    let found: RawCandidate | null = null;
    const data = script.type.includes("json") ? parseTolerantJson(script.text) : undefined;
    walkJson(data, (node, path) => {
      if (found) return false;
      const price = asRecord(node.price);
      const currency = asText(price?.currency_code);
      if (
        !price ||
        !currency ||
        typeof price.amount !== "number" ||
        typeof price.divisor !== "number"
      )
        return undefined;
      const minor = divisorToMinor(price.amount, price.divisor, currency);
      if (minor === null) return undefined;
      found = {
        source: "app_state",
        path: `script${script.id ? `#${script.id}` : ""}${path.slice(1)}.price`,
        amount: String(minor),
        isMinor: true,
        currency,
        role: "price",
        confidence: 0.85,
        raw: `${price.amount}/${price.divisor} ${currency}`,
      };
      return false;
    });
    if (found) return found;
  }
  return null;
}
