import type { PageContext } from "../page-context.ts";
import type { ElementRecord } from "../scan/index.ts";
import type { Availability } from "../types.ts";
import { textCandidate, uniqueByPath } from "./helpers.ts";
import type { RuleOutput, StoreRule } from "./store-rule.ts";

/** Which element holds one price, and what of it to read (its text unless said otherwise). */
type PricePick = {
  is: (r: ElementRecord) => boolean;
  /** Text assembled from the element's parts, or an attribute to read instead of the text. */
  read?: (r: ElementRecord) => { text?: string; attr?: string };
};

export type PriceElementRuleSpec = {
  name: string;
  /** The store's domains. */
  host: RegExp;
  /** The store's currency: one, or the one of this page (by its domain or path). */
  currency: string | ((ctx: PageContext) => string | null);
  /** The price elements worth reading besides the excluded ones (all of them unless said). */
  keep?: (r: ElementRecord) => boolean;
  /** The price to pay (read at 0.92 unless said). */
  price: PricePick & { confidence?: number };
  /** The "was" price. */
  listPrice: PricePick;
  /** Stock from the store's own stock element. */
  availability?: (ctx: PageContext) => Availability | null;
};

const PRICE_CONFIDENCE = 0.92;
const LIST_PRICE_CONFIDENCE = 0.8;

/**
 * A store (by domain) whose product page shows the price to pay and the "was" price in
 * elements its own class names or attributes tell apart: each kept price element is read as
 * the price, else as the list price, else not at all.
 */
export function priceElementRule(spec: PriceElementRuleSpec): StoreRule {
  const { price, listPrice } = spec;
  return {
    name: spec.name,
    kind: "store",
    matches: (ctx) => spec.host.test(ctx.host),
    read: (ctx) => {
      const currency = typeof spec.currency === "string" ? spec.currency : spec.currency(ctx);
      const candidates = ctx.scan.priceElements
        .filter((r) => !r.isExcluded && (spec.keep?.(r) ?? true))
        .map((r) => {
          if (price.is(r)) {
            const confidence = price.confidence ?? PRICE_CONFIDENCE;
            return textCandidate(r, { confidence, currency, role: "price", ...price.read?.(r) });
          }
          if (listPrice.is(r)) {
            const confidence = LIST_PRICE_CONFIDENCE;
            return textCandidate(r, {
              confidence,
              currency,
              role: "list_price",
              ...listPrice.read?.(r),
            });
          }
          return null;
        });
      const output: RuleOutput = { candidates: uniqueByPath(candidates), currency };
      if (spec.availability) output.availability = spec.availability(ctx);
      return output;
    },
  };
}
