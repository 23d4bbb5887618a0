import { elementPath } from "../read-microdata.ts";
import type { RawCandidate } from "../types.ts";
import { inside, platformMatches, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** Magento 2: `[data-price-type=finalPrice][data-price-amount]` in `.product-info-main` (vs `oldPrice`). */
export const magento: StoreRule = {
  name: "Magento",
  kind: "platform",
  matches: platformMatches(
    "magento",
    (r) => r.attrs["data-price-type"] !== undefined && r.attrs["data-price-amount"] !== undefined,
  ),
  read: (ctx) => {
    const candidates: RawCandidate[] = [];
    for (const r of ctx.scan.priceElements) {
      const type = r.attrs["data-price-type"];
      const amount = r.attrs["data-price-amount"];
      if (!type || amount === undefined || r.isExcluded || !/^\d+(\.\d+)?$/.test(amount)) continue;
      const isMain = inside(r, ".product-info-main", ".product-info-price", ".product-main");
      const role: RawCandidate["role"] | null =
        type === "finalPrice" ? "price" : type === "oldPrice" ? "list_price" : null;
      if (!role) continue;
      candidates.push({
        source: "store_rule",
        path: `${elementPath(r)}[data-price-type=${type}]@data-price-amount`,
        amount,
        currency: null,
        role,
        confidence: isMain ? 0.9 : 0.7,
        raw: amount,
      });
    }
    return { candidates: uniqueByPath(candidates) };
  },
};
