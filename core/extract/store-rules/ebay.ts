import { COUNTRY_CURRENCY } from "../../money/currencies.ts";
import { countryOfHost } from "../page-context.ts";
import { has, inside, stockFrom, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

const HOST = /(?:^|\.)ebay\.(com|ca|co\.uk|de|fr|it|es|nl|be|at|ch|ie|pl|com\.au)$/;

export const ebay: StoreRule = {
  name: "eBay",
  kind: "store",
  matches: (ctx) => HOST.test(ctx.host),
  read: (ctx) => {
    const country = countryOfHost(ctx.host);
    const currency = country ? (COUNTRY_CURRENCY[country] ?? null) : "USD";
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded)
      .map((r) => {
        if (has(r, ".x-price-primary") || has(r, "#prcIsum") || has(r, "#mm-saleDscPrc")) {
          return textCandidate(r, { confidence: 0.92, currency, role: "price" });
        }
        if (inside(r, ".x-additional-info", ".x-price-transparency") && r.isStruck) {
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        }
        if (has(r, "#orgPrc"))
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        return null;
      });
    return {
      candidates: uniqueByPath(candidates),
      availability: stockFrom(
        ctx,
        ".x-quantity__availability",
        "#qtySubTxt",
        ".d-quantity__availability",
      ),
      currency,
    };
  },
};
